// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fuseargs.h"
#include "fusemount.h"
#include "runner.h"

#define POLL_MSEC 20
/* Beyond ceph-fuse's own timeouts, for it to report and exit. */
#define EXIT_MARGIN_SEC 10
/* How long a mount may stay busy after fio: its files closing. */
#define BUSY_SEC 5

void fuse_private_namespace(void)
{
	if (unshare(CLONE_NEWNS))
		return;
	/* Mounts made here must not propagate back to the parent's. */
	mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

/* Is something mounted at @path?  From mountinfo, which does not wait
 * on the FUSE daemon as a stat of the mount point would. */
static bool mounted(const char *path)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char *line = NULL, *point;
	size_t cap = 0;
	bool found = false;
	int field;

	while (f && !found && getline(&line, &cap, f) > 0) {
		point = line;
		for (field = 0; field < 4 && point; field++) {
			point = strchr(point, ' ');
			if (point)
				point++;
		}
		found = point && !strncmp(point, path, strlen(path)) &&
			point[strlen(path)] == ' ';
	}
	free(line);
	if (f)
		fclose(f);
	return found;
}

static void pause_poll(void)
{
	const struct timespec tick = { 0, POLL_MSEC * 1000000L };

	nanosleep(&tick, NULL);
}

/* The last line ceph-fuse wrote, for an error message. */
static void last_line(const char *log, char *line, size_t len)
{
	FILE *f = fopen(log, "r");
	char buf[512];

	snprintf(line, len, "no output");
	while (f && fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (*buf)
			snprintf(line, len, "%s", buf);
	}
	if (f)
		fclose(f);
}

/* Reap ceph-fuse, waiting until @deadline, then killing it. */
static bool reap(struct fuse_mount *m, double deadline)
{
	bool in_time = true;
	struct rusage ru;
	int status;
	pid_t w;

	for (w = 0; m->pid;) {
		w = wait4(m->pid, &status, WNOHANG, &ru);
		if (w == m->pid || (w < 0 && errno != EINTR))
			break;
		if (now_sec() > deadline && in_time) {
			kill(m->pid, SIGKILL);
			in_time = false;
		}
		pause_poll();
	}
	if (m->pid && w == m->pid) {
		m->usr_sec += seconds_of(&ru.ru_utime);
		m->sys_sec += seconds_of(&ru.ru_stime);
	}
	m->pid = 0;
	/* A killed ceph-fuse leaves its mount, disconnected. */
	if (mounted(m->path))
		umount2(m->path, MNT_DETACH);
	return in_time;
}

static int start_failed(struct fuse_mount *m, const char *why, char *error,
			size_t len)
{
	char line[512];

	last_line(m->log, line, sizeof(line));
	snprintf(error, len, "ceph-fuse %s %s (%s)", why, m->path, line);
	reap(m, 0);
	return -1;
}

int fuse_mount_start(struct fuse_mount *m, const struct bench_options *o,
		     const char *mountpoint, const char *log, const char *run,
		     char *error, size_t len)
{
	double deadline = now_sec() + fuse_mount_timeout(o) + EXIT_MARGIN_SEC;
	struct fuse_args args;
	char why[64];
	int status;

	memset(m, 0, sizeof(*m));
	snprintf(m->path, sizeof(m->path), "%s", mountpoint);
	snprintf(m->log, sizeof(m->log), "%s", log);
	if (fuse_args_init(&args, o, mountpoint, run)) {
		snprintf(error, len, "out of memory");
		return -1;
	}
	/* SIGTERM: ceph-fuse unmounts as it exits. */
	m->pid = spawn_child(args.argv, log, SIGTERM);
	fuse_args_free(&args);
	if (m->pid < 0) {
		m->pid = 0;
		snprintf(error, len, "cannot start ceph-fuse: %s", strerror(errno));
		return -1;
	}
	while (!mounted(mountpoint)) {
		if (waitpid(m->pid, &status, WNOHANG) == m->pid) {
			m->pid = 0;
			snprintf(why, sizeof(why), "exited (%s %d) before mounting",
				 WIFEXITED(status) ? "status" : "signal",
				 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
			return start_failed(m, why, error, len);
		}
		if (stop_signal)
			return start_failed(m, "was interrupted mounting", error, len);
		if (now_sec() > deadline) {
			snprintf(why, sizeof(why), "did not mount within %u s (--mount-timeout):",
				 fuse_mount_timeout(o));
			return start_failed(m, why, error, len);
		}
		pause_poll();
	}
	return 0;
}

int fuse_mount_stop(struct fuse_mount *m, const struct bench_options *o,
		    char *error, size_t len)
{
	unsigned int shutdown = o->mount_timeout ? o->mount_timeout : 30;
	double busy_until = now_sec() + BUSY_SEC;

	if (!m->pid)
		return 0;
	while (umount2(m->path, 0)) {
		if (errno == EBUSY && now_sec() < busy_until) {
			pause_poll();
			continue;
		}
		/* Not root: ceph-fuse unmounts itself on SIGTERM. */
		if (errno == EPERM)
			kill(m->pid, SIGTERM);
		else if (errno == EBUSY)
			umount2(m->path, MNT_DETACH);
		break;
	}
	if (!reap(m, now_sec() + shutdown + EXIT_MARGIN_SEC)) {
		/* Measured: a listing through another client then waited
		 * 62 s, the MDS's session_timeout. */
		snprintf(error, len, "ceph-fuse did not exit within %u s of unmounting %s; "
			 "killed (its MDS session, and what waits on its caps, "
			 "stay until the MDS's session_timeout)",
			 shutdown + EXIT_MARGIN_SEC, m->path);
		return -1;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_PIDFD_OPEN
#include <sys/pidfd.h>
#endif
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fioresult.h"
#include "runner.h"

/* How often to look at fio. */
#define POLL_MSEC	100

volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
}

/*
 * Caught, not ignored: exec resets a caught signal to its default, so fio
 * and ceph-fuse start as they would from a shell, while an ignored one
 * would stay ignored in them.  A SIGPIPE (the report piped into a reader
 * that went) stops the run too; the writes to that pipe then fail with
 * EPIPE, which stdio notes, and the run goes on to clean up.  A SIGHUP
 * ignored from the start (nohup) stays ignored: the run is to outlive
 * its terminal.
 */
void runner_catch_signals(void)
{
	static const int stop_signals[] = {
		SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT,
	};
	struct sigaction sa = { .sa_handler = on_stop_signal }, was;
	size_t i;

	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(stop_signals) / sizeof(stop_signals[0]); i++) {
		if (stop_signals[i] == SIGHUP && !sigaction(SIGHUP, NULL, &was) &&
		    was.sa_handler == SIG_IGN)
			continue;
		sigaction(stop_signals[i], &sa, NULL);
	}
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *text = calloc(1, 1), *grown;
	size_t cap = 1, n;

	*len = 0;
	while (f && text) {
		if (cap - *len < 4096 + 1) {
			grown = realloc(text, cap * 2 + 4096);
			if (!grown)
				break;
			text = grown;
			cap = cap * 2 + 4096;
		}
		n = fread(text + *len, 1, cap - *len - 1, f);
		if (!n)
			break;
		*len += n;
		text[*len] = '\0';
	}
	if (f)
		fclose(f);
	return text;
}

/* Follows fio's output file for the status documents it appends. */
struct status_reader {
	int fd;
	char *buf;
	size_t len;
	size_t cap;
	void (*on_status)(struct json_object *, void *);
	void *ctx;
};

static void pass_status(struct json_object *doc, void *ctx)
{
	struct status_reader *r = ctx;

	r->on_status(doc, r->ctx);
}

static void skip_line(const char *line, size_t len, void *ctx)
{
}

static void read_status(struct status_reader *r)
{
	size_t used;
	ssize_t n;
	char *grown;

	for (;;) {
		if (r->cap - r->len < 65536) {
			grown = realloc(r->buf, r->cap + 65536);
			if (!grown)
				return;
			r->buf = grown;
			r->cap += 65536;
		}
		n = read(r->fd, r->buf + r->len, r->cap - r->len);
		if (n <= 0)
			break;
		r->len += (size_t)n;
	}
	used = fio_output_split(r->buf, r->len, pass_status, skip_line, r);
	memmove(r->buf, r->buf + used, r->len - used);
	r->len -= used;
}

pid_t spawn_child(char *const *argv, const char *log, int death_signal)
{
	pid_t parent = getpid(), pid;
	int fd;

	fflush(NULL);
	pid = fork();
	if (pid) {
		/* Both sides: a stop signal sent to the group right after
		 * the fork finds it. */
		if (pid > 0)
			setpgid(pid, pid);
		return pid;
	}
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, death_signal);
	if (getppid() != parent)
		_exit(127);
	fd = log ? open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) :
		   fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
	if (fd >= 0) {
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
	}
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd >= 0)
		dup2(fd, STDIN_FILENO);
	execvp(argv[0], argv);
	fprintf(stderr, "cannot run '%s': %s\n", argv[0], strerror(errno));
	_exit(127);
}

double seconds_of(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

double now_sec(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/*
 * Sleep until fio exits, a signal arrives or POLL_MSEC pass.  With a pidfd
 * fio's exit ends the wait at once; a fixed sleep would add up to a poll
 * period to every phase's wall time.
 */
static void wait_tick(int pidfd)
{
	struct pollfd pfd = { .fd = pidfd, .events = POLLIN };
	const struct timespec tick = { 0, POLL_MSEC * 1000000L };

	if (pidfd >= 0)
		poll(&pfd, 1, POLL_MSEC);
	else
		nanosleep(&tick, NULL);
}

static int open_pidfd(pid_t pid)
{
#ifdef HAVE_PIDFD_OPEN
	return pidfd_open(pid, 0);
#else
	return -1;
#endif
}

/*
 * Wait for child @pid, stopping it (gently, then not) once the tool is
 * told to stop: the signals go to @stop_target, the child itself or its
 * process group.
 */
static int wait_child(pid_t pid, pid_t stop_target,
		      struct status_reader *reader, struct fio_run *run)
{
	int pidfd = open_pidfd(pid), wait_errno;
	time_t stop_asked = 0;
	struct rusage ru;
	int status;
	pid_t w;

	for (;;) {
		w = wait4(pid, &status, WNOHANG, &ru);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			break;
		if (stop_signal && !stop_asked) {
			kill(stop_target, SIGINT);
			stop_asked = time(NULL);
		} else if (stop_asked && !run->killed &&
			   time(NULL) - stop_asked > STOP_GRACE_SEC) {
			kill(stop_target, SIGKILL);
			run->killed = true;
		}
		if (reader->on_status)
			read_status(reader);
		wait_tick(pidfd);
	}
	wait_errno = errno;
	if (pidfd >= 0)
		close(pidfd);
	if (w != pid) {
		errno = wait_errno;
		return -1;
	}
	run->status = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
	run->usr_sec = seconds_of(&ru.ru_utime);
	run->sys_sec = seconds_of(&ru.ru_stime);
	return 0;
}

int run_fio(const struct fio_command *cmd, const char *output_path,
	    const char *stderr_path,
	    void (*on_status)(struct json_object *, void *), void *ctx,
	    struct fio_run *run, char *error, size_t error_len)
{
	struct status_reader reader = { .on_status = on_status, .ctx = ctx };
	pid_t pid;
	int ret;

	memset(run, 0, sizeof(*run));
	/* fio truncates it in place, so this descriptor follows what it writes. */
	reader.fd = open(output_path, O_RDONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (reader.fd < 0) {
		snprintf(error, error_len, "cannot create %s: %s", output_path,
			 strerror(errno));
		return -1;
	}
	/* SIGKILL: with the tool gone, nothing would read what fio finishes. */
	pid = spawn_child((char *const *)cmd->argv, stderr_path, SIGKILL);
	if (pid < 0) {
		snprintf(error, error_len, "cannot start fio: %s", strerror(errno));
		close(reader.fd);
		return -1;
	}
	/* fio, told, stops its own jobs. */
	ret = wait_child(pid, pid, &reader, run);
	if (on_status)
		read_status(&reader);
	close(reader.fd);
	free(reader.buf);
	if (ret) {
		snprintf(error, error_len, "lost track of fio: %s", strerror(errno));
		return -1;
	}
	run->output = read_file(output_path, &run->output_len);
	run->stderr_text = read_file(stderr_path, &(size_t){ 0 });
	return 0;
}

int run_command(char *const *argv, struct fio_run *run)
{
	struct status_reader none = { .fd = -1 };
	pid_t pid;

	memset(run, 0, sizeof(*run));
	pid = spawn_child(argv, NULL, SIGKILL);
	if (pid < 0)
		return -1;
	/* A shell's children stop with it. */
	return wait_child(pid, -pid, &none, run);
}

void fio_run_free(struct fio_run *run)
{
	free(run->output);
	free(run->stderr_text);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stopping fio: once the tool is told to stop, fio gets SIGINT, and a fio
 * that does not end within STOP_GRACE_SEC (a job blocked in a call to a
 * cluster that does not answer) is killed, and the run says so.  `sleep`
 * stands in for fio: run_fio runs any argument vector.  A command
 * (run_command): its status, its output on the tool's stderr, and a
 * stop reaches the shell's children too.
 */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner.h"
#include "tap.h"

/* Beyond the grace, for the kill and the reaping (a loaded machine). */
#define MARGIN_SEC 15

/* run_fio of `sleep 100`, told to stop from the start; its seconds. */
static double stopped_run(struct fio_run *run, const char *dir)
{
	const char *argv[] = { "sleep", "100", NULL };
	struct fio_command cmd = { .argv = argv };
	char output[256], errors[256], error[256] = "";
	double start = now_sec();

	snprintf(output, sizeof(output), "%s/out.json", dir);
	snprintf(errors, sizeof(errors), "%s/err", dir);
	stop_signal = SIGINT;
	ok(!run_fio(&cmd, output, errors, NULL, NULL, run, error, sizeof(error)),
	   "the stand-in ran%s%s", *error ? ": " : "", error);
	return now_sec() - start;
}

static void stop_soon(int sig)
{
	stop_signal = SIGINT;
}

/* run_command of `sh -c SCRIPT`, its stderr in @dir/err; its text. */
static char *command_run(const char *script, struct fio_run *run,
			 const char *dir)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	char path[256], *text = calloc(1, 256);
	int saved = dup(STDERR_FILENO), fd;
	FILE *f;

	snprintf(path, sizeof(path), "%s/err", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, STDERR_FILENO);
	close(fd);
	ok(!run_command(argv, run), "run_command ran '%s'", script);
	dup2(saved, STDERR_FILENO);
	close(saved);
	f = fopen(path, "r");
	if (f && text) {
		if (!fread(text, 1, 255, f))
			*text = '\0';
		fclose(f);
	}
	return text;
}

static void remove_dir(const char *dir)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/out.json", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/err", dir);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	char dir[] = "/tmp/unit-runner.XXXXXX";
	struct fio_run run;
	double took, start;
	char *text;

	if (!mkdtemp(dir))
		return 1;

	/* A shell starts a background job with SIGINT ignored (CI does). */
	signal(SIGINT, SIG_DFL);
	took = stopped_run(&run, dir);
	is_int(run.status, -SIGINT, "a fio that stops on SIGINT ends by it");
	ok(!run.killed, "... and is not killed");
	ok(took < MARGIN_SEC, "... at once (%.1f s)", took);
	fio_run_free(&run);

	/* An ignored signal stays ignored across fork and exec. */
	signal(SIGINT, SIG_IGN);
	took = stopped_run(&run, dir);
	is_int(run.status, -SIGKILL, "a fio that does not stop is killed");
	ok(run.killed, "... and the run says so");
	ok(took >= STOP_GRACE_SEC && took < STOP_GRACE_SEC + MARGIN_SEC,
	   "... after the %d s grace (%.1f s, %d s margin)", STOP_GRACE_SEC,
	   took, MARGIN_SEC);
	fio_run_free(&run);

	stop_signal = 0;
	text = command_run("echo out; echo err >&2; exit 3", &run, dir);
	is_int(run.status, 3, "a command's exit status");
	is_str(text, "out\nerr\n", "... its output, both streams, on the tool's stderr");
	free(text);

	/* The shell waits for the sleep, stopped a second in: both go. */
	signal(SIGINT, SIG_DFL);
	signal(SIGALRM, stop_soon);
	alarm(1);
	start = now_sec();
	free(command_run("sleep 100.25; true", &run, dir));
	took = now_sec() - start;
	is_int(run.status, -SIGINT, "a stopped command ends by the stop's SIGINT");
	ok(!run.killed && took < MARGIN_SEC, "... at once (%.1f s)", took);
	ok(system("pgrep -f '^sleep 100.25' >/dev/null") != 0,
	   "... and so did the shell's sleep, in its process group");

	remove_dir(dir);
	return done_testing();
}

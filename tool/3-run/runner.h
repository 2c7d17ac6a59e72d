/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running fio for one phase: in its own process group (so a terminal's
 * Ctrl-C reaches the tool, which stops fio and cleans up), killed with
 * the tool should the tool die, its status documents passed on while it
 * runs.
 */
#ifndef CEPHFS_TOOL_RUNNER_H
#define CEPHFS_TOOL_RUNNER_H

#include <json-c/json.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "jobfile.h"

/* How long fio may take to stop once the tool is told to stop. */
#define STOP_GRACE_SEC	15

struct timeval;

/* Seconds on the monotonic clock: deadlines and the run's own timings. */
double now_sec(void);

/* A child's CPU time (struct rusage) in seconds. */
double seconds_of(const struct timeval *tv);

/*
 * Start @argv (found on PATH) in a child of its own process group, stdin
 * from /dev/null, stdout and stderr to @log (NULL: the tool's stderr),
 * sent @death_signal should the tool die.  Returns its pid, or -1 with
 * errno set.
 */
pid_t spawn_child(char *const *argv, const char *log, int death_signal);

/* The signal that asked the tool to stop, or 0. */
extern volatile sig_atomic_t stop_signal;

/* SIGINT, SIGTERM, SIGHUP (unless ignored: nohup), SIGPIPE and SIGQUIT set
 * stop_signal instead of ending the tool, which then stops fio and cleans
 * up. */
void runner_catch_signals(void);

struct fio_run {
	int status;			/* exit status, or -signal */
	bool killed;			/* did not stop within STOP_GRACE_SEC of the
					 * tool's stop signal: SIGKILLed */
	double usr_sec;			/* CPU of fio and libcephfs' threads */
	double sys_sec;
	char *output;			/* fio's output file */
	size_t output_len;
	char *stderr_text;
};

/*
 * Run @cmd, whose --output is @output_path; fio's stdout and stderr go to
 * @stderr_path.  @on_status (may be NULL) gets each status document as it
 * appears.  Returns 0 with @run filled (free with fio_run_free), or -1
 * with @error filled when fio could not be started.
 */
int run_fio(const struct fio_command *cmd, const char *output_path,
	    const char *stderr_path,
	    void (*on_status)(struct json_object *, void *), void *ctx,
	    struct fio_run *run, char *error, size_t error_len);

/*
 * Run @argv to its end, its output to the tool's stderr, and stop its
 * process group as run_fio stops fio should the tool be told to stop.
 * Returns 0 with @run's status, killed and CPU times filled, or -1 with
 * errno set when it could not be started or waited for.
 */
int run_command(char *const *argv, struct fio_run *run);

void fio_run_free(struct fio_run *run);

#endif

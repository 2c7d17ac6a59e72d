// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "bench.h"
#include "clientresult.h"
#include "fsstats.h"
#include "fuseargs.h"
#include "fusemount.h"
#include "intervals.h"
#include "jobfile.h"
#include "mdscounters.h"
#include "mdsstats.h"
#include "newdir.h"
#include "plot.h"
#include "probe.h"
#include "progress.h"
#include "report.h"
#include "rundir.h"
#include "runner.h"
#include "runplan.h"
#include "sidebyside.h"

/*
 * fio runs here, or with --clients on every client host at once: a
 * target each, with its own job file and its own directory inside the
 * run directory.
 */
struct bench {
	const struct bench_options *o;
	enum via_client via;		/* the client this run goes through */
	FILE *human;			/* the report; stderr under --json - */
	char subdir[NAME_MAX + 1];
	struct run_plan plan;		/* what the run makes in subdir */
	char *mark;			/* of the directory the write phase makes */
	char tmpdir[PATH_MAX - 32];	/* room for the names inside */
	unsigned int targets;		/* 1, or the number of client hosts */
	char **jobfiles;		/* per target, in tmpdir: what fio reads */
	char **kept_jobfiles;		/* per target, --keep-job's copies */
	unsigned int **write_files;	/* per target: the files of each thread */
	unsigned int **read_files;	/* per target, what the read phase reads */
	struct phase_plan *plans;	/* per target, of the phase running */
	struct phase_result *host_results;	/* behind report's hosts[] */
	struct bench_report report;
	double started;			/* now_sec() at the first client's start */
	double started_unix;		/* the same on the realtime clock */
	struct plot *plot;		/* --plot, shared by every client's run */
	char mountpoint[PATH_MAX];	/* --via fuse: in tmpdir */
	struct fuse_mount fuse;		/* of the phase running */
	bool finished;			/* its files and tmpdir removed */
	/* The statistics' mount after the iterations, which the cleanup
	 * shares: one mount for both, not two in a row. */
	struct cephfs_mount *after_mount;
	double run_started;		/* now_sec() at the client's start */
	struct mds_stats *mds;		/* --mds-stats, --drop-caches; may be NULL */
};

/* Where fio works: the engine (NULL), or a ceph-fuse mount. */
static const char *fuse_dir(const struct bench *b)
{
	return b->via == VIA_FUSE ? b->mountpoint : NULL;
}

/* @word as a shell reads it back: quoted where it must be, a quote in it
 * closed, escaped and reopened. */
static void shell_word(FILE *out, const char *word)
{
	const char *c;

	if (!word[strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:+,-")]) {
		fputs(word, out);
		return;
	}
	fputc('\'', out);
	for (c = word; *c; c++) {
		if (*c == '\'')
			fputs("'\\''", out);
		else
			fputc(*c, out);
	}
	fputc('\'', out);
}

static void print_command(FILE *out, const struct fio_command *cmd)
{
	int i;

	for (i = 0; cmd->argv[i]; i++) {
		if (i)
			fputc(' ', out);
		shell_word(out, cmd->argv[i]);
	}
	fputc('\n', out);
}

/* The run directory as the filesystem names it: root path and name. */
static void run_dir_path(const struct bench *b, char *path, size_t len)
{
	snprintf(path, len, "%s%s%s", b->o->root_path,
		 b->o->root_path[1] ? "/" : "", b->subdir);
}

/* Where a target's files go: the run directory, or its host's own
 * directory inside it. */
static void files_dir(const struct bench_options *o, const char *subdir,
		      unsigned int target, char *dir, size_t len)
{
	if (o->clients.count)
		snprintf(dir, len, "%s/%s", subdir, o->clients.hosts[target].dir);
	else
		snprintf(dir, len, "%s", subdir);
}

/* Where a target's fio writes the logs named @name: in @log_dir, under a
 * name per client host, since fio --client names a host's logs by its
 * address alone. */
static const char *log_path(const struct bench_options *o, const char *log_dir,
			    const char *name, unsigned int target, char *path,
			    size_t len)
{
	if (o->clients.count)
		snprintf(path, len, "%s/%s-%s", log_dir, name,
			 o->clients.hosts[target].dir);
	else
		snprintf(path, len, "%s/%s", log_dir, name);
	return path;
}

/* With --plot or --clients, the rate logs. */
static const char *rate_log(const struct bench_options *o, const char *log_dir,
			    unsigned int target, char *path, size_t len)
{
	if (!o->plot && !o->clients.count)
		return NULL;
	return log_path(o, log_dir, RATE_LOG_NAME, target, path, len);
}

/* With --latency-intervals, the histogram logs. */
static const char *latency_log(const struct bench_options *o,
			       const char *log_dir, unsigned int target,
			       char *path, size_t len)
{
	if (!o->latency_intervals)
		return NULL;
	return log_path(o, log_dir, LATENCY_LOG_NAME, target, path, len);
}

static int write_jobfile(const struct bench_options *o, const char *path,
			 const char *subdir, unsigned int target,
			 const unsigned int *read_files, const char *log_dir,
			 const char *fuse, const char *mark)
{
	FILE *f = fopen(path, "w");
	char dir[PATH_MAX], log[PATH_MAX], lat[PATH_MAX];
	int ret;

	if (!f) {
		perror(path);
		return -1;
	}
	files_dir(o, subdir, target, dir, sizeof(dir));
	ret = jobfile_write(f, o, dir, target, read_files,
			    rate_log(o, log_dir, target, log, sizeof(log)),
			    latency_log(o, log_dir, target, lat, sizeof(lat)),
			    fuse, mark);
	if (fclose(f) || ret) {
		fprintf(stderr, "cephfs-tool: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

static void free_jobfiles(char **jobfiles, unsigned int targets)
{
	unsigned int t;

	for (t = 0; jobfiles && t < targets; t++)
		free(jobfiles[t]);
	free(jobfiles);
}

/* The job file paths of every target; NULL when out of memory. */
static char **jobfile_paths(const struct bench_options *o, const char *path,
			    unsigned int targets)
{
	char **jobfiles = calloc(targets, sizeof(*jobfiles));
	unsigned int t;

	for (t = 0; jobfiles && t < targets; t++) {
		jobfiles[t] = jobfile_target_path(o, path, t);
		if (!jobfiles[t]) {
			free_jobfiles(jobfiles, targets);
			return NULL;
		}
	}
	return jobfiles;
}

static unsigned int targets_of(const struct bench_options *o)
{
	return o->clients.count ? o->clients.count : 1;
}

/* --dry-run under --via fuse: the mount point is made at the run. */
#define DRY_RUN_MOUNTPOINT "$TMPDIR/cephfs-tool.XXXXXX/mnt"

static void print_fuse_command(const struct bench_options *o, const char *run)
{
	struct fuse_args args;
	struct fio_command cmd = { 0 };

	if (fuse_args_init(&args, o, DRY_RUN_MOUNTPOINT, run))
		return;
	printf("; --- ceph-fuse, before each phase (unmounted after it) ---\n");
	cmd.argv = (const char **)args.argv;
	print_command(stdout, &cmd);
	fuse_args_free(&args);
}

static int dry_run_client(const struct bench_options *o, enum via_client via)
{
	unsigned int t, targets = targets_of(o);
	char subdir[NAME_MAX + 1], dir[PATH_MAX], log[PATH_MAX], lat[PATH_MAX];
	const char *fuse = via == VIA_FUSE ? DRY_RUN_MOUNTPOINT : NULL;
	char path[PATH_MAX], token[RUN_TOKEN_LEN + 1] = "";
	struct fio_command cmd;
	struct run_plan plan;
	enum phase phase;
	char **jobfiles;
	char *mark = NULL;
	int code = 0;

	jobfile_client_path(via, o->keep_job ? o->keep_job : "bench.fio", path,
			    sizeof(path));
	jobfiles = jobfile_paths(o, path, targets);
	if (!run_plan_of(&plan, o)) {
		mark = run_plan_mark(&plan, false);
		snprintf(token, sizeof(token), "%s", plan.token);
		run_plan_free(&plan);
	}
	if (!jobfiles || !mark) {
		fprintf(stderr, "cephfs-tool: out of memory\n");
		free_jobfiles(jobfiles, targets);
		free(mark);
		return EXIT_RUN_FAILED;
	}
	if (o->via.count > 1)
		printf("; === through %s ===\n", via_name(via));
	if (fuse)
		print_fuse_command(o, token);
	rundir_pick_name(o, subdir, sizeof(subdir));
	for (t = 0; t < targets && !code; t++) {
		if (o->keep_job &&
		    write_jobfile(o, jobfiles[t], subdir, t, NULL, ".", fuse, mark))
			code = EXIT_RUN_FAILED;
		printf("; --- fio job file %s ---\n", jobfiles[t]);
		files_dir(o, subdir, t, dir, sizeof(dir));
		jobfile_write(stdout, o, dir, t, NULL,
			      rate_log(o, ".", t, log, sizeof(log)),
			      latency_log(o, ".", t, lat, sizeof(lat)), fuse, mark);
	}
	printf("; --- fio commands, one per phase and iteration ---\n");
	for (phase = PHASE_WRITE; phase <= PHASE_READ && !code; phase++) {
		if (fio_command_init(&cmd, o, phase, (const char *const *)jobfiles,
				     phase == PHASE_WRITE ? "write.json" : "read.json"))
			code = EXIT_RUN_FAILED;
		else
			print_command(stdout, &cmd);
		fio_command_free(&cmd);
	}
	free_jobfiles(jobfiles, targets);
	free(mark);
	return code;
}

int bench_dry_run(const struct bench_options *o)
{
	unsigned int c;
	int code = 0;

	for (c = 0; c < o->via.count && !code; c++)
		code = dry_run_client(o, o->via.clients[c]);
	return code;
}

static void tmp_path(const struct bench *b, const char *name, char *path,
		     size_t len)
{
	snprintf(path, len, "%s/%s", b->tmpdir, name);
}

/* What the status callback needs to draw the progress line. */
struct live_status {
	FILE *out;
	bool tty;
	bool line_open;			/* a redrawn line awaits its newline */
	struct progress progress;
	struct phase_plan plan;
};

static void show_progress(struct live_status *live,
			  const struct phase_totals *totals, bool finished)
{
	char line[256];

	if (!progress_update(&live->progress, totals, finished, line, sizeof(line)))
		return;
	/* On a terminal one line redrawn; elsewhere one line a step. */
	if (live->tty)
		fprintf(live->out, "\r%s\033[K", line);
	else
		fprintf(live->out, "%s\n", line);
	live->line_open = live->tty;
	fflush(live->out);
}

static void on_status(struct json_object *doc, void *ctx)
{
	struct live_status *live = ctx;
	struct phase_totals totals;

	/* A document without bins leaves the line its p99 at 0. */
	if (live->progress.latency)
		phase_latency_bins(doc, &live->plan, live->progress.bins);
	if (phase_totals_of(doc, &live->plan, &totals))
		show_progress(live, &totals, false);
}

static unsigned int sum(const unsigned int *files, unsigned int threads)
{
	unsigned int t, total = 0;

	for (t = 0; t < threads; t++)
		total += files[t];
	return total;
}

/* fio's results, per client host too; CPU only where fio ran here. */
static void reduce_run(const struct bench *b, const struct fio_run *run,
		       const struct phase_plan *plans, struct phase_result *r,
		       struct phase_result *hosts, unsigned int **completed)
{
	char prefix[sizeof(RATE_LOG_NAME) + sizeof(b->o->clients.hosts->dir) + 2];
	struct io_span *spans, span = { 0 };
	struct fio_output out;
	unsigned int t;

	if (!b->o->clients.count) {
		reduce_phase(run->output, run->output_len, run->stderr_text,
			     run->status, &plans[0], r, completed ? completed[0] : NULL);
		r->usr_sec = run->usr_sec;
		r->sys_sec = run->sys_sec;
		/* --plot: where the timed phase lay, for its band and steps. */
		if (b->o->plot && !r->failed &&
		    io_span_collect(&span, b->tmpdir, RATE_LOG_NAME "_",
				    phase_plan_jobs(&plans[0]))) {
			r->start_ms = span.first_issue_ms;
			r->end_ms = r->start_ms + r->seconds * 1000.0;
		}
		return;
	}
	spans = calloc(b->targets, sizeof(*spans));
	for (t = 0; spans && t < b->targets; t++) {
		snprintf(prefix, sizeof(prefix), RATE_LOG_NAME "-%s_",
			 b->o->clients.hosts[t].dir);
		if (!io_span_collect(&spans[t], b->tmpdir, prefix,
				     phase_plan_jobs(&plans[t])))
			spans[t] = (struct io_span){ 0 };
	}
	fio_output_parse(&out, run->output, run->output_len, run->stderr_text);
	if (spans)
		reduce_client_phase(&out, run->status, &b->o->clients, plans,
				    spans, hosts, r, completed);
	else
		*r = (struct phase_result){ .ran = true, .failed = true,
					    .error = "out of memory" };
	fio_output_free(&out);
	free(spans);
}

/* A phase's reported rate in the unit of its rate log: KiB/s, or files/s
 * for size 0; NAN when it has none. */
static double logged_unit_rate(const struct bench_options *o,
			       const struct phase_result *r)
{
	if (r->failed || r->seconds <= 0)
		return NAN;
	return o->size ? r->mbps * 1024.0 : r->files_per_sec;
}

/* Seconds on the realtime clock, the one fio stamps its logs with. */
static double realtime_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * One line of --plot: the timed phase @r (all hosts', or @host's) from
 * its start to its end on the hosts' realtime clock, its rate in steps
 * from the logs starting with @prefix.  A phase not placed in time (it
 * failed) spans fio's run from @fio_start_sec, without steps.
 */
static bool plot_series_of(struct bench *b, enum phase phase,
			   const struct phase_result *r, const char *host,
			   const char *prefix, double fio_start_sec)
{
	bool placed = !r->failed && r->end_ms > r->start_ms;
	struct plot_series *s;

	s = plot_add_series(b->plot, b->via, phase, b->report.started,
			    placed ? r->start_ms / 1000.0 - b->started_unix : fio_start_sec,
			    placed ? r->end_ms / 1000.0 - b->started_unix :
				     now_sec() - b->started,
			    logged_unit_rate(b->o, r));
	if (!s)
		return false;
	s->host = host;
	if (r->intervals.count)
		s->intervals = &r->intervals;
	return !placed || rate_steps_collect_io(&s->rates, b->tmpdir, prefix,
						r->start_ms);
}

/*
 * --plot: what the phase just run moved, summed over jobs and hosts, and
 * with --clients each host's too, on one time axis.
 */
static void plot_phase(struct bench *b, enum phase phase, double start_sec,
		       const struct phase_result *r,
		       const struct phase_result *hosts)
{
	char prefix[sizeof(RATE_LOG_NAME) + sizeof(b->o->clients.hosts->dir) + 2];
	const struct client_host *h;
	unsigned int t;
	bool ok;

	ok = plot_series_of(b, phase, r, NULL, RATE_LOG_NAME, start_sec);
	for (t = 0; ok && hosts && !r->failed && t < b->o->clients.count; t++) {
		h = &b->o->clients.hosts[t];
		snprintf(prefix, sizeof(prefix), RATE_LOG_NAME "-%s_", h->dir);
		ok = plot_series_of(b, phase, &hosts[t], h->label, prefix,
				    start_sec);
	}
	rate_logs_remove(b->tmpdir);
	if (!ok)
		fprintf(stderr, "cephfs-tool: --plot: cannot read fio's rate logs in %s\n",
			b->tmpdir);
}

/*
 * --latency-intervals: the phase's intervals from its histogram logs, all
 * hosts' and each host's, then the logs removed.  The logs' clock is the
 * hosts' realtime one where the rate logs place the phase (--plot,
 * --clients: log_unix_epoch), else each job's time since it started.
 */
static void collect_intervals(struct bench *b, struct phase_result *r,
			      struct phase_result *hosts)
{
	char prefix[sizeof(LATENCY_LOG_NAME) + sizeof(b->o->clients.hosts->dir) + 2];
	const struct bench_options *o = b->o;
	bool ok = true, realtime = o->plot || o->clients.count;
	unsigned int t, jobs = 0;

	for (t = 0; t < b->targets; t++)
		jobs += phase_plan_jobs(&b->plans[t]);
	if (!r->failed && (!realtime || r->end_ms > r->start_ms))
		ok = interval_series_collect(&r->intervals, b->tmpdir,
					     o->clients.count ? LATENCY_LOG_NAME :
					     LATENCY_LOG_NAME "_", jobs,
					     o->clients.count,
					     realtime ? r->start_ms : 0,
					     o->interval_ms);
	for (t = 0; ok && hosts && !r->failed && t < o->clients.count; t++) {
		if (hosts[t].failed)
			continue;
		snprintf(prefix, sizeof(prefix), LATENCY_LOG_NAME "-%s_",
			 o->clients.hosts[t].dir);
		ok = interval_series_collect(&hosts[t].intervals, b->tmpdir,
					     prefix, phase_plan_jobs(&b->plans[t]),
					     true, hosts[t].start_ms,
					     o->interval_ms);
	}
	latency_logs_remove(b->tmpdir);
	if (!ok)
		fprintf(stderr, "cephfs-tool: --latency-intervals: cannot read a histogram log of each job in %s\n",
			b->tmpdir);
}

/* Which file a path names: the engine renames each dump into place, so a
 * file other than the one there before the phase is the phase's dump. */
struct file_identity {
	bool exists;
	dev_t dev;
	ino_t ino;
};

static struct file_identity identity_of(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return (struct file_identity){ .exists = false };
	return (struct file_identity){ true, st.st_dev, st.st_ino };
}

/* --perf-dump: the counters of the phase's mount, from its dump. */
static void read_counters(const char *path, const struct file_identity *before,
			  struct client_counters *c)
{
	struct file_identity now = identity_of(path);
	struct json_object *dump;

	if (!now.exists || (before->exists && now.dev == before->dev &&
			    now.ino == before->ino)) {
		snprintf(c->missing, sizeof(c->missing),
			 "the phase's mount wrote no dump to %s", path);
		return;
	}
	dump = json_object_from_file(path);
	if (!dump) {
		snprintf(c->missing, sizeof(c->missing),
			 "%s is not a JSON document", path);
		return;
	}
	client_counters_of(dump, c);
	c->dumped = true;
	json_object_put(dump);
}

/*
 * How many of the @planned files a failed phase left, counted on the
 * cluster: fio killed by the watchdog or the tool's stop reports none of
 * what it did.  A cluster that cannot be counted leaves it unknown.
 */
static void count_left(const struct bench *b, unsigned int planned,
		       char *count, size_t len)
{
	char error[256], path[PATH_MAX];
	uint64_t files;

	run_dir_path(b, path, sizeof(path));
	if (rundir_count_files(b->o, &b->plan, b->subdir, &files, error,
			       sizeof(error)))
		snprintf(count, len, "how many of %u files exist in %s is unknown: %s",
			 planned, path, error);
	else
		snprintf(count, len, "%" PRIu64 " of %u files exist in %s", files,
			 planned, path);
}

/*
 * Without --duration a write phase is to write every file: one that wrote
 * fewer (a quota, a full pool) fails, saying how many it wrote, beside
 * fio's own error when there is one; after a failure, how many exist.
 */
static void require_every_file(const struct bench *b, struct phase_result *r,
			       unsigned int *const *written)
{
	unsigned int t, done = 0, planned = 0;
	char count[PATH_MAX + 512];
	size_t used;

	for (t = 0; t < b->targets; t++) {
		done += sum(written[t], b->o->threads);
		planned += sum(b->write_files[t], b->o->threads);
	}
	if (done >= planned)
		return;
	if (r->failed)
		count_left(b, planned, count, sizeof(count));
	else
		snprintf(count, sizeof(count), "wrote %u of %u files", done, planned);
	used = r->failed ? strlen(r->error) : 0;
	snprintf(r->error + used, sizeof(r->error) - used, "%s%s",
		 used ? "; " : "", count);
	r->failed = true;
}

/*
 * The write phase's client makes the run directory and marks it, as the
 * engine's cephfs_new_dir_mark does (fio's filecreate makes none).  One
 * that exists is another client's: the run fails and leaves it.
 */
static int make_rundir_on_mount(const struct bench *b, char *error,
				size_t len)
{
	char dir[PATH_MAX + NAME_MAX + 2];

	snprintf(dir, sizeof(dir), "%s/%s", b->mountpoint, b->subdir);
	if (mkdir(dir, 0755)) {
		snprintf(error, len, "cannot make %s on the mount: %s%s", b->subdir,
			 strerror(errno), errno == EEXIST ?
			 " (another client took its name, by whom is unknown)" : "");
		return -1;
	}
	if (setxattr(dir, CEPHFS_NEW_DIR_MARK_XATTR, b->mark, strlen(b->mark),
		     XATTR_CREATE)) {
		snprintf(error, len, "cannot mark %s on the mount (%s): %s",
			 b->subdir, CEPHFS_NEW_DIR_MARK_XATTR, strerror(errno));
		rmdir(dir);
		return -1;
	}
	return 0;
}

/* --via fuse: a fresh ceph-fuse mount for the phase; false (the phase
 * failed, saying why) when it did not come up. */
static bool mount_for_phase(struct bench *b, enum phase phase,
			    struct phase_result *r)
{
	char log[PATH_MAX], error[sizeof(r->error) - 16];
	double start = now_sec();

	if (b->via != VIA_FUSE)
		return true;
	tmp_path(b, "ceph-fuse.log", log, sizeof(log));
	if (!fuse_mount_start(&b->fuse, b->o, b->mountpoint, log,
			      b->plan.token, error, sizeof(error)) &&
	    (phase != PHASE_WRITE ||
	     !make_rundir_on_mount(b, error, sizeof(error)))) {
		r->mount_sec += now_sec() - start;
		return true;
	}
	r->ran = r->failed = true;
	snprintf(r->error, sizeof(r->error), "--via fuse: %s", error);
	return false;
}

/* The phase's client CPU is fio's and ceph-fuse's. */
static void unmount_after_phase(struct bench *b, struct phase_result *r)
{
	char error[sizeof(r->error) - 16];
	double start = now_sec();

	if (!b->fuse.pid)
		return;
	if (fuse_mount_stop(&b->fuse, b->o, error, sizeof(error))) {
		/* A failed phase keeps its first error; this one still matters. */
		if (r->failed)
			fprintf(stderr, "cephfs-tool: --via fuse: %s\n", error);
		else
			snprintf(r->error, sizeof(r->error), "--via fuse: %s", error);
		r->failed = true;
	}
	r->usr_sec += b->fuse.usr_sec;
	r->sys_sec += b->fuse.sys_sec;
	r->mount_sec += now_sec() - start;
}

/*
 * --drop-caches before a read phase, then --mds-stats' counters and caps
 * sampler; NULL when neither applies (or out of memory).
 */
static struct mds_phase_stats *mds_before_phase(struct bench *b,
						 enum phase phase)
{
	bool drop = b->o->drop_caches && phase == PHASE_READ;
	struct mds_phase_stats *s;

	if (!b->mds || (!b->o->mds_stats && !drop))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	if (drop) {
		mds_cache_drop(b->mds, s);
		report_mds_drop(b->human, s);
		fflush(b->human);
	}
	if (b->o->mds_stats)
		mds_phase_begin(b->mds, b->plan.token);
	return s;
}

/*
 * Run one phase on every target.  @files: per target, the files of each
 * thread; @completed (may be NULL): per target, what each thread did.
 */
static void run_phase(struct bench *b, enum phase phase,
		      unsigned int *const *files, struct phase_result *r,
		      struct phase_result *hosts, unsigned int **completed)
{
	const struct bench_options *o = b->o;
	struct live_status live = {
		.out = b->human,
		.tty = isatty(fileno(b->human)),
		.plan = { phase, o->threads, files[0], job_file_bytes(o),
			  jobs_per_file(o), phase_cycles(o, phase) },
	};
	char output[PATH_MAX], errors[PATH_MAX];
	struct phase_plan *plans = b->plans;
	double start_sec = now_sec() - b->started;
	bool counters = o->perf_dump && !client_counters_unavailable(o);
	struct file_identity dump_before = { .exists = false };
	struct fio_command cmd;
	struct fio_run run = { 0 };
	struct mds_phase_stats *mds;
	double fio_start, fio_sec;
	unsigned int t;
	int len;

	for (t = 0; t < b->targets; t++)
		plans[t] = (struct phase_plan){ phase, o->threads, files[t],
					       job_file_bytes(o), jobs_per_file(o),
					       phase_cycles(o, phase) };
	report_phase_start(b->human, phase);
	fflush(b->human);
	mds = mds_before_phase(b, phase);
	tmp_path(b, phase == PHASE_WRITE ? "write.json" : "read.json", output,
		 sizeof(output));
	tmp_path(b, "fio.stderr", errors, sizeof(errors));
	progress_init(&live.progress, o, phase,
		      sum(files[0], o->threads) / jobs_per_file(o));
	if (counters)
		dump_before = identity_of(o->perf_dump);
	if (fio_command_init(&cmd, o, phase, (const char *const *)b->jobfiles,
			     output)) {
		r->ran = r->failed = true;
		snprintf(r->error, sizeof(r->error), "out of memory");
	} else if (!mount_for_phase(b, phase, r)) {
		/* r says why */
	} else if (fio_start = now_sec(),
		   run_fio(&cmd, output, errors, o->progress ? on_status : NULL,
			   &live, &run, r->error, sizeof(r->error))) {
		r->ran = r->failed = true;
	} else {
		fio_sec = now_sec() - fio_start;
		/* reduce_run fills the result afresh. */
		reduce_run(b, &run, plans, r, hosts, completed);
		r->fio_sec = fio_sec;
		fio_run_free(&run);
		if (counters)
			read_counters(o->perf_dump, &dump_before, &r->counters);
	}
	fio_command_free(&cmd);
	unmount_after_phase(b, r);
	if (o->latency_intervals)
		collect_intervals(b, r, hosts);
	if (mds && o->mds_stats)
		mds_phase_end(b->mds, mds);
	r->mds = mds;
	if (o->plot)
		plot_phase(b, phase, start_sec, r, hosts);
	else if (o->clients.count)
		rate_logs_remove(b->tmpdir);
	/* fio stopped by SIGINT reports what it did as a success. */
	if (stop_signal) {
		r->failed = true;
		len = snprintf(r->error, sizeof(r->error), "interrupted (%s)",
			       strsignal(stop_signal));
		if (run.killed)
			snprintf(r->error + len, sizeof(r->error) - len,
				 "; fio did not stop within %d s and was killed",
				 STOP_GRACE_SEC);
		interval_series_free(&r->intervals);
		for (t = 0; hosts && t < o->clients.count; t++) {
			interval_series_free(&hosts[t].intervals);
			if (!hosts[t].ran)
				continue;
			hosts[t] = *r;
			/* The cluster's figures are the aggregate's alone. */
			hosts[t].mds = NULL;
		}
	}
	if (completed && !o->duration)
		require_every_file(b, r, completed);
	if (o->progress && !r->failed) {
		live.progress.phase_p99_ns = r->latency.p99_ns;
		show_progress(&live, &r->totals, true);
	}
	if (live.line_open)
		fputc('\n', b->human);
	report_phase(b->human, o, phase, r);
	if (hosts)
		report_hosts(b->human, o, hosts);
	if (o->mds_stats && b->mds)
		report_mds_phase(b->human, r->mds);
	fflush(b->human);
}

/* Files left for the read phase, over every target. */
static unsigned int files_to_read(const struct bench *b)
{
	unsigned int t, total = 0;

	for (t = 0; t < b->targets; t++)
		total += sum(b->read_files[t], b->o->threads);
	return total;
}

/*
 * fio reads only the job files in the tool's own directory; --keep-job's
 * are copies for the user, which another run given the same path may
 * replace at any time.
 */
static int write_jobfiles(const struct bench *b, unsigned int *const *read_files)
{
	const unsigned int *reads;
	unsigned int t;

	for (t = 0; t < b->targets; t++) {
		reads = read_files ? read_files[t] : NULL;
		if (write_jobfile(b->o, b->jobfiles[t], b->subdir, t, reads,
				  b->tmpdir, fuse_dir(b), b->mark) ||
		    (b->kept_jobfiles &&
		     write_jobfile(b->o, b->kept_jobfiles[t], b->subdir, t,
				   reads, b->tmpdir, fuse_dir(b), b->mark)))
			return -1;
	}
	return 0;
}

/*
 * The client that creates the files makes the directory they go in
 * (cephfs_new_dir): in one another client made, every create costs an
 * MDS lookup first.  Where fio runs here that directory is the run
 * directory, so the tool only finds a free name and leaves it to each
 * write phase to make; with --clients each host makes its own directory
 * inside the run directory, which the tool holds.
 */
static bool write_phase_makes_rundir(const struct bench_options *o)
{
	return !o->clients.count;
}

/* One iteration; false when it failed or was interrupted. */
static bool run_iteration(struct bench *b, unsigned int i)
{
	const struct bench_options *o = b->o;
	struct iteration_result *it = &b->report.iterations[i];
	char error[512];
	unsigned int t;
	double start;

	b->report.started = i + 1;
	report_iteration_start(b->human, i + 1, o->iterations);
	run_phase(b, PHASE_WRITE, b->write_files, &it->write,
		  it->hosts[PHASE_WRITE], b->read_files);
	/* A signal during the phase's report comes after its check. */
	if (it->write.failed || stop_signal)
		return false;
	/* A time-capped write phase leaves files unwritten: read the rest. */
	if (o->duration && write_jobfiles(b, b->read_files))
		return false;
	for (t = 0; !o->duration && t < b->targets; t++)
		memcpy(b->read_files[t], b->write_files[t],
		       o->threads * sizeof(*b->write_files[t]));
	if (!files_to_read(b)) {
		it->read.ran = it->read.failed = true;
		snprintf(it->read.error, sizeof(it->read.error),
			 "no file was completed in the write phase");
		report_phase_start(b->human, PHASE_READ);
		report_phase(b->human, o, PHASE_READ, &it->read);
		return false;
	}
	run_phase(b, PHASE_READ, b->read_files, &it->read, it->hosts[PHASE_READ],
		  NULL);
	if (it->read.failed)
		return false;
	if (i + 1 == o->iterations)
		return true;
	start = now_sec();
	if (rundir_clear(o, &b->plan, b->subdir, write_phase_makes_rundir(o),
			 error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool: %s\n", error);
		return false;
	}
	b->report.budget.between_sec += now_sec() - start;
	return true;
}

/* After a failed write of @path: one line with the reason (a failure
 * that set no errno is reported as an I/O error). */
static int cannot_write(const char *path, int error)
{
	fprintf(stderr, "cephfs-tool: cannot write %s: %s\n", path,
		strerror(error ? error : EIO));
	return -1;
}

static int write_json(const struct bench_options *o,
		      const struct bench_report *const *reports, unsigned int n)
{
	char *text = n > 1 ? report_json_clients(reports, n) : report_json(reports[0]);
	bool to_stdout = !strcmp(o->json_path, "-");
	FILE *f;
	int error = 0;

	if (!text) {
		error = ENOMEM;
		goto out;
	}
	/* Written in place: a FIFO or device named stays what it is. */
	errno = 0;
	f = to_stdout ? stdout : fopen(o->json_path, "w");
	if (!f || fputs(text, f) < 0 || fflush(f))
		error = errno ? errno : EIO;
	if (f && !to_stdout && fclose(f) && !error)
		error = errno;
out:
	free(text);
	return error ? cannot_write(o->json_path, error) : 0;
}

static int write_plot(const struct bench_options *o, struct plot *plot,
		      const char *subdir)
{
	char hosts[64] = "", via[64] = "";
	unsigned int c;
	int error = 0;
	FILE *f;

	if (o->clients.count)
		snprintf(hosts, sizeof(hosts), " on each of %u client hosts",
			 o->clients.count);
	for (c = 0; o->via.count > 1 && c < o->via.count; c++)
		snprintf(via + strlen(via), sizeof(via) - strlen(via), "%s%s",
			 c ? ", " : " through ", via_name(o->via.clients[c]));
	snprintf(plot->title, sizeof(plot->title),
		 "cephfs-tool bench %.100s: %u files of %" PRIu64 " bytes, %u threads%s%s",
		 subdir, o->files, o->size, o->threads, hosts, via);
	plot->file_size = o->size;
	plot->by_client = o->via.count > 1;
	plot->intervals = o->latency_intervals;
	errno = 0;
	f = fopen(o->plot, "w");
	if (!f || plot_write_svg(f, plot) || fflush(f))
		error = errno ? errno : EIO;
	if (f && fclose(f) && !error)
		error = errno;
	return error ? cannot_write(o->plot, error) : 0;
}

/* The directory is the tool's own (mkdtemp): everything in it goes. */
static void remove_tmpdir(const struct bench *b)
{
	DIR *dir = opendir(b->tmpdir);
	char path[sizeof(b->tmpdir) + NAME_MAX + 2];
	struct dirent *de;

	while (dir && (de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		tmp_path(b, de->d_name, path, sizeof(path));
		unlink(path);
	}
	if (dir)
		closedir(dir);
	/* Not recursive: a mount left there (the tool was killed) stays
	 * whole, and rmdir fails on it. */
	if (*b->mountpoint)
		rmdir(b->mountpoint);
	if (rmdir(b->tmpdir))
		fprintf(stderr, "cephfs-tool: cannot remove %s: %s\n", b->tmpdir,
			strerror(errno));
}

/* The command that removes what a killed run left in @dir, with the
 * options that mount as the run did: the same cluster, filesystem, user
 * and root (a key may be confined to it). */
static void print_cleanup_command(FILE *out, const struct bench_options *o,
				  const char *dir)
{
	char uid[16], gid[16];
	const struct { const char *option, *value; } given[] = {
		{ "--conf", o->conf },
		{ "--id", strcmp(o->id, "admin") ? o->id : NULL },
		{ "--keyring", o->keyring },
		{ "--fs", o->fs },
		{ "--uid", o->uid < 0 ? NULL : uid },
		{ "--gid", o->gid < 0 ? NULL : gid },
		{ "--root-path", strcmp(o->root_path, "/") ? o->root_path : NULL },
	};
	size_t i;

	snprintf(uid, sizeof(uid), "%d", o->uid);
	snprintf(gid, sizeof(gid), "%d", o->gid);

	fputs("cephfs-tool", out);
	for (i = 0; i < sizeof(given) / sizeof(given[0]); i++) {
		if (!given[i].value)
			continue;
		fprintf(out, " %s ", given[i].option);
		shell_word(out, given[i].value);
	}
	fputs(" cleanup ", out);
	shell_word(out, dir);
}

/*
 * Before the run writes its files: where they go, and how to remove them
 * should the tool be killed with no chance to (SIGKILL, the OOM killer).
 * On stderr, which the report's reader (a pipe, a file) leaves on the
 * terminal.  rm --one-file-system leaves a ceph-fuse mount that outlived
 * the tool in its mount point alone.
 */
static void say_where_files_go(const struct bench *b)
{
	char dir[PATH_MAX], *removal = NULL, *words;
	size_t len;
	FILE *f;

	run_dir_path(b, dir, sizeof(dir));
	f = open_memstream(&removal, &len);
	if (f) {
		print_cleanup_command(f, b->o, dir);
		fputs("; rm -r --one-file-system ", f);
		shell_word(f, b->tmpdir);
	}
	if (!f || fclose(f)) {
		free(removal);
		removal = NULL;
	}
	fprintf(stderr, "cephfs-tool: this run works in %s and %s; if it is killed, remove them with: %s\n",
		dir, b->tmpdir, removal ? removal : "(out of memory)");
	/* The watchdog of a mount of the tool's own (the cleanup's on a
	 * cluster that stopped answering) ends the tool, skipping its cleanup. */
	if (removal && asprintf(&words, "cephfs-tool: %s and %s are left; remove them with: %s\n",
				dir, b->tmpdir, removal) >= 0) {
		cephfs_watchdog_last_words(words);
		free(words);
	}
	free(removal);
}

static int cleanup(const struct bench *b)
{
	char error[512], dir[PATH_MAX];
	int ret;

	run_dir_path(b, dir, sizeof(dir));
	if (b->o->no_cleanup) {
		fprintf(b->human, "Leaving the files in %s (--no-cleanup)\n", dir);
		return 0;
	}
	fprintf(b->human, "Cleaning up...\n");
	fflush(b->human);
	ret = rundir_clear(b->o, &b->plan, b->subdir, true, error, sizeof(error));
	if (!ret)
		return 0;
	/* Not this run's directory: nothing of it is the run's to remove. */
	if (ret == -EPERM) {
		fprintf(stderr, "cephfs-tool: cleanup: %s\n", error);
		return -1;
	}
	fprintf(stderr, "cephfs-tool: cleanup: %s; %s is left, remove it with: ",
		error, dir);
	print_cleanup_command(stderr, b->o, dir);
	fputc('\n', stderr);
	return -1;
}

/* Every client host's fio server must answer before anything starts. */
static int probe_clients(const struct bench_options *o)
{
	char error[512];
	unsigned int i;
	int ret = 0;

	for (i = 0; i < o->clients.count; i++) {
		if (probe_fio_server(&o->clients.hosts[i], error, sizeof(error))) {
			fprintf(stderr, "cephfs-tool: %s\n", error);
			ret = -1;
		}
	}
	return ret;
}

static int allocate(struct bench *b)
{
	const struct bench_options *o = b->o;
	unsigned int t, i, hosts = o->clients.count;

	b->targets = targets_of(o);
	b->write_files = calloc(b->targets, sizeof(*b->write_files));
	b->read_files = calloc(b->targets, sizeof(*b->read_files));
	b->plans = calloc(b->targets, sizeof(*b->plans));
	b->report.iterations = calloc(o->iterations, sizeof(*b->report.iterations));
	b->host_results = calloc(2 * (size_t)o->iterations * hosts + 1,
				 sizeof(*b->host_results));
	if (!b->write_files || !b->read_files || !b->plans ||
	    !b->report.iterations || !b->host_results)
		return -1;
	for (t = 0; t < b->targets; t++) {
		b->write_files[t] = calloc(o->threads, sizeof(*b->write_files[t]));
		b->read_files[t] = calloc(o->threads, sizeof(*b->read_files[t]));
		if (!b->write_files[t] || !b->read_files[t])
			return -1;
		for (i = 0; i < o->threads; i++)
			b->write_files[t][i] = files_of_thread(o, t, i);
	}
	for (i = 0; hosts && i < o->iterations; i++) {
		b->report.iterations[i].hosts[PHASE_WRITE] = &b->host_results[2 * i * hosts];
		b->report.iterations[i].hosts[PHASE_READ] = &b->host_results[(2 * i + 1) * hosts];
	}
	return 0;
}

static int prepare(struct bench *b)
{
	const struct bench_options *o = b->o;
	const char *tmp = getenv("TMPDIR");
	char error[512], path[PATH_MAX];

	if (allocate(b) || run_plan_of(&b->plan, o) ||
	    !(b->mark = run_plan_mark(&b->plan, false))) {
		fprintf(stderr, "cephfs-tool: out of memory\n");
		return -1;
	}
	snprintf(b->tmpdir, sizeof(b->tmpdir), "%s/cephfs-tool.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(b->tmpdir)) {
		perror("cephfs-tool: mkdtemp");
		*b->tmpdir = '\0';
		return -1;
	}
	if (b->via == VIA_FUSE) {
		tmp_path(b, "mnt", b->mountpoint, sizeof(b->mountpoint));
		if (mkdir(b->mountpoint, 0700)) {
			perror("cephfs-tool: mkdir");
			*b->mountpoint = '\0';
			return -1;
		}
	}
	tmp_path(b, "bench.fio", path, sizeof(path));
	b->jobfiles = jobfile_paths(o, path, b->targets);
	if (o->keep_job) {
		jobfile_client_path(b->via, o->keep_job, path, sizeof(path));
		b->kept_jobfiles = jobfile_paths(o, path, b->targets);
	}
	if (!b->jobfiles || (o->keep_job && !b->kept_jobfiles)) {
		fprintf(stderr, "cephfs-tool: out of memory\n");
		return -1;
	}
	if (probe_clients(o))
		return -1;
	if (rundir_create(o, &b->plan, b->subdir, sizeof(b->subdir),
			  !write_phase_makes_rundir(o), &b->report.fs_before,
			  error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool: %s\n", error);
		*b->subdir = '\0';
		return -1;
	}
	return write_jobfiles(b, NULL);
}

static void release(struct bench *b)
{
	size_t i, results = 2 * (size_t)b->o->iterations * b->o->clients.count;
	unsigned int t;

	for (i = 0; b->report.iterations && i < b->o->iterations; i++) {
		interval_series_free(&b->report.iterations[i].write.intervals);
		interval_series_free(&b->report.iterations[i].read.intervals);
	}
	for (i = 0; b->host_results && i < results; i++)
		interval_series_free(&b->host_results[i].intervals);

	for (t = 0; t < b->targets; t++) {
		if (b->write_files)
			free(b->write_files[t]);
		if (b->read_files)
			free(b->read_files[t]);
	}
	free(b->read_files);
	free(b->write_files);
	free(b->plans);
	free_jobfiles(b->jobfiles, b->targets);
	free_jobfiles(b->kept_jobfiles, b->targets);
	free(b->host_results);
	for (t = 0; b->report.iterations && t < b->o->iterations; t++) {
		mds_phase_stats_free(b->report.iterations[t].write.mds);
		mds_phase_stats_free(b->report.iterations[t].read.mds);
	}
	free(b->report.iterations);
	run_plan_free(&b->plan);
	free(b->mark);
}

/*
 * Taken before the cleanup, so they still count the run's files.  Not
 * after a failed run: a failed phase may have lost the cluster, and a
 * mount would wait out --mount-timeout for figures of a run that gave
 * none.
 */
static void fs_stats_after_iterations(struct bench *b, bool ok)
{
	struct fs_stats *s = &b->report.fs_after;
	double start = now_sec();

	if (ok)
		fs_stats_take_mounted(b->o, "after", s, &b->after_mount);
	else
		snprintf(s->error, sizeof(s->error), "not taken, the run failed");
	b->report.budget.fs_stats_sec = now_sec() - start;
	report_fs_stats(b->human, "after", s);
}

/* One client's run up to its final report; the caller finishes it. */
static bool run_client(struct bench *b)
{
	const struct bench_options *o = b->o;
	bool ok = false;
	unsigned int i;

	b->report.o = o;
	b->report.subdir = b->subdir;
	b->report.via = b->via;
	b->run_started = now_sec();
	if (o->via.count > 1 || b->via != VIA_LIBCEPHFS) {
		report_client_start(b->human, b->via, o);
		fflush(b->human);
	}
	ok = !prepare(b);
	b->report.budget.prepare_sec = now_sec() - b->run_started;
	if (ok && !stop_signal) {
		say_where_files_go(b);
		report_configuration(b->human, o, b->subdir);
		report_fs_stats(b->human, "before", &b->report.fs_before);
		for (i = 0, ok = true; ok && i < o->iterations && !stop_signal; i++)
			ok = run_iteration(b, i);
	}
	if (b->report.started && !stop_signal) {
		fs_stats_after_iterations(b, ok);
		report_final(b->human, &b->report);
	}
	return ok;
}

/* Remove what the client's run made, and with --verbose say where its
 * time went; false when the cleanup failed. */
static bool finish_client(struct bench *b)
{
	double start = now_sec();
	bool ok;

	if (b->finished)
		return true;
	b->finished = true;
	ok = !*b->subdir || !cleanup(b);
	if (b->after_mount)
		cephfs_mount_put(b->after_mount);
	b->after_mount = NULL;
	if (*b->tmpdir)
		remove_tmpdir(b);
	cephfs_watchdog_last_words(NULL);
	b->report.budget.cleanup_sec = now_sec() - start;
	b->report.budget.total_sec = now_sec() - b->run_started;
	if (b->o->verbose && b->report.started && !stop_signal)
		report_time_budget(b->human, &b->report);
	return ok;
}

/* The JSON and the plot of every client's run, once all are done and
 * cleaned up (the JSON has the cleanup's time too). */
static bool write_reports(const struct bench_options *o, struct bench *runs,
			  unsigned int n, struct plot *plot)
{
	const struct bench_report *reports[VIA_CLIENTS];
	unsigned int c;
	bool ok = true;

	for (c = 0; c < n; c++)
		reports[c] = &runs[c].report;
	if (o->json_path && write_json(o, reports, n))
		ok = false;
	if (o->plot && write_plot(o, plot, runs[0].subdir))
		ok = false;
	return ok;
}

static void side_by_side_of(struct bench *runs, unsigned int n)
{
	const struct bench_report *reports[VIA_CLIENTS];
	unsigned int c;

	for (c = 0; c < n; c++)
		reports[c] = &runs[c].report;
	report_side_by_side(runs[0].human, reports, n);
}

/*
 * --mds-stats and --drop-caches ask the MDS through a connection of their
 * own, opened before the run.  A key that may not: --drop-caches is
 * refused (exit 2), --mds-stats says so and the run goes on.  A cluster
 * that cannot be asked fails a run that is to drop its caches (exit 1).
 */
static int open_mds(const struct bench_options *o, struct mds_stats **mds)
{
	const char *option = o->drop_caches ? "--drop-caches" : "--mds-stats";
	char error[512];
	bool denied;
	int ret;

	*mds = NULL;
	if (!o->mds_stats && !o->drop_caches)
		return 0;
	ret = mds_stats_open(o, mds, error, sizeof(error));
	if (!ret)
		return 0;
	denied = ret == -EACCES || ret == -EPERM;
	if (denied)
		fprintf(stderr, "cephfs-tool: %s: the key client.%s may not run MDS commands, which needs mds 'allow *' in its caps (%s)",
			option, o->id, error);
	else
		fprintf(stderr, "cephfs-tool: %s: %s", option, error);
	if (o->drop_caches) {
		fprintf(stderr, "\n");
		return denied ? EXIT_USAGE : EXIT_RUN_FAILED;
	}
	fprintf(stderr, "; the run goes on without the MDS's figures\n");
	return 0;
}

/*
 * Each client of --via in turn, on the same cluster, each with a run
 * directory of its own, its files removed before the next starts.
 */
int bench_run(const struct bench_options *o)
{
	struct bench runs[VIA_CLIENTS] = { 0 };
	struct mds_stats *mds;
	struct plot plot = { 0 };
	double started, started_unix;
	unsigned int c, n = 0;
	bool ok = true, reported;
	int code;

	/* Before libcephfs starts a thread: unshare refuses a threaded process. */
	if (via_has(&o->via, VIA_FUSE))
		fuse_private_namespace();
	code = open_mds(o, &mds);
	if (code)
		return code;
	runner_catch_signals();
	started = now_sec();
	started_unix = realtime_sec();
	for (n = 0; ok && n < o->via.count && !stop_signal; n++) {
		if (n && !finish_client(&runs[n - 1])) {
			ok = false;
			break;
		}
		runs[n] = (struct bench){
			.o = o,
			.via = o->via.clients[n],
			.human = o->json_path && !strcmp(o->json_path, "-") ? stderr : stdout,
			.started = started,
			.started_unix = started_unix,
			.plot = &plot,
			.mds = mds,
		};
		ok = run_client(&runs[n]);
	}
	reported = n && runs[0].report.started && !stop_signal;
	if (reported && n > 1)
		side_by_side_of(runs, n);
	if (n && !finish_client(&runs[n - 1]))
		ok = false;
	if (reported && !write_reports(o, runs, n, &plot))
		ok = false;
	code = stop_signal ? 128 + stop_signal : ok ? 0 : EXIT_RUN_FAILED;
	for (c = 0; c < n; c++)
		release(&runs[c]);
	plot_free(&plot);
	mds_stats_close(mds);
	return code;
}

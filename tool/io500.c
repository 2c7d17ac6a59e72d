// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "enginepath.h"
#include "find.h"
#include "io500.h"
#include "io500_dir.h"
#include "io500_options.h"
#include "io500_report.h"
#include "io500_run.h"
#include "io500_score.h"
#include "mount_watchdog.h"
#include "preflight.h"
#include "probe.h"
#include "rundir.h"
#include "runner.h"

struct io500 {
	struct io500_options o;
	FILE *human;			/* the report; stderr under --json - */
	bool datadir_made;		/* --dir was made by this run */
	char rundir[PATH_MAX];
	char tmpdir[PATH_MAX - 64];
	struct io500_run run;
	struct io500_phase_result results[IO500_PHASES];
	struct io500_score score;
	struct timespec started;	/* find's -newer */
	char find_error[512];
};

/* IO500's find: names *01*, 3901 bytes, newer than the run's start. */
static void run_find(struct io500 *x, struct io500_phase_result *r)
{
	struct find_criteria c = {
		.name_glob = IO500_FIND_NAME,
		.size = IO500_MDTEST_HARD_BYTES,
		.newer = x->started,
	};
	struct find_counts counts = { 0 };
	struct cephfs_mount *m;
	double start;

	memset(r, 0, sizeof(*r));
	r->ran = true;
	if (rundir_mount(&x->o.bench, &m, x->find_error, sizeof(x->find_error))) {
		r->error = x->find_error;
		return;
	}
	start = now_sec();
	if (find_walk(m, x->rundir, &c, x->run.ranks, &counts,
		      x->find_error, sizeof(x->find_error)))
		r->error = x->find_error;
	r->seconds = now_sec() - start;
	r->amount = counts.checked;
	r->matched = counts.matched;
	cephfs_mount_put(m);
}

/* The name of host @t in the report and in --keep-job's file names. */
static const char *host_dir(const struct io500 *x, unsigned int t)
{
	return x->o.bench.clients.count ? x->o.bench.clients.hosts[t].dir : NULL;
}

/*
 * --keep-job PATH: the job files of phase @p's first fio run, as it runs
 * them, in PATH.<phase> (with --clients PATH.<phase>.<host>).
 */
static int keep_jobfiles(const struct io500 *x, enum io500_phase p)
{
	unsigned int t;
	char *path;
	FILE *f;
	int ret = 0;

	for (t = 0; t < x->run.hosts && !ret; t++) {
		if (asprintf(&path, "%s.%s%s%s", x->o.bench.keep_job,
			     io500_phase_infos[p].name, host_dir(x, t) ? "." : "",
			     host_dir(x, t) ? host_dir(x, t) : "") < 0)
			return -1;
		f = fopen(path, "w");
		ret = !f || io500_run_print(&x->run, p, t, f) ? -1 : 0;
		if ((f && fclose(f)) || ret) {
			fprintf(stderr, "cephfs-tool io500: --keep-job: cannot write %s\n",
				path);
			ret = -1;
		}
		free(path);
	}
	return ret;
}

/* Does fio run phase @p in this run?  find walks through libcephfs;
 * the unscored extra runs with --rnd4k. */
static bool runs_fio(const struct io500 *x, enum io500_phase p)
{
	enum io500_workload w;
	enum io500_access a;

	return io500_phase_step(p, &w, &a) &&
	       (p != IO500_IOR_RND4K_EASY_READ || x->o.rnd4k);
}

/* The run's state for x->rundir and @tmpdir; 0, or -1 said on stderr. */
static int run_init(struct io500 *x, const char *tmpdir)
{
	int ret = io500_run_init(&x->run, &x->o, x->rundir, tmpdir);

	if (!ret)
		return 0;
	fprintf(stderr, "cephfs-tool io500: %s%s\n",
		ret == -ENOMEM ? "" : "--bind-to-core: sched_getaffinity: ",
		strerror(-ret));
	return -1;
}

/*
 * --dry-run: each phase's first fio run as if every write did all its
 * n, in the run directory <dir>/io500-XXXX; nothing is made or run.
 */
static int dry_run(struct io500 *x)
{
	const char *dir = x->o.dir;
	enum io500_phase p;
	unsigned int t;
	int code = 0;

	snprintf(x->rundir, sizeof(x->rundir), "%s%s" IO500_RUNDIR_PREFIX "XXXX",
		 dir, dir[strlen(dir) - 1] == '/' ? "" : "/");
	if (run_init(x, "."))
		return EXIT_RUN_FAILED;
	io500_run_assume_written(&x->run);
	for (p = 0; p < IO500_PHASES && !code; p++) {
		if (p == IO500_FIND)
			printf("; --- find: a walk of the run directory through libcephfs, no fio ---\n");
		if (!runs_fio(x, p))
			continue;
		for (t = 0; t < x->run.hosts && !code; t++) {
			printf("; --- %s%s%s: its first fio run ---\n",
			       io500_phase_infos[p].name,
			       host_dir(x, t) ? " on " : "",
			       host_dir(x, t) ? x->o.bench.clients.hosts[t].label : "");
			if (io500_run_print(&x->run, p, t, stdout))
				code = EXIT_RUN_FAILED;
		}
		if (!code && x->o.bench.keep_job && keep_jobfiles(x, p))
			code = EXIT_RUN_FAILED;
	}
	io500_run_free(&x->run);
	return code;
}

/*
 * IO500's drop-caches: the command before phase @p, through the shell as
 * IO500's system() runs it.  Its failure is a warning, as IO500's is.
 */
static void drop_caches(const struct io500 *x, enum io500_phase p)
{
	char *argv[] = { "/bin/sh", "-c", (char *)x->o.drop_caches_cmd, NULL };
	const char *name = io500_phase_infos[p].name;
	char status[EXIT_STATUS_TEXT_MAX];
	struct fio_run r;

	if (run_command(argv, &r)) {
		fprintf(stderr, "cephfs-tool io500: warning: before %s: cannot run --drop-caches-cmd: %s\n",
			name, strerror(errno));
	} else if (r.status > 0 || (r.status < 0 && !stop_signal)) {
		exit_status_text(status, sizeof(status), r.status);
		fprintf(stderr, "cephfs-tool io500: warning: before %s: --drop-caches-cmd '%s' %s\n",
			name, x->o.drop_caches_cmd, status);
	}
}

/* Every phase in IO500's order, until one fails or a signal stops them. */
static bool run_phases(struct io500 *x)
{
	struct io500_phase_result *r;
	enum io500_phase p;

	for (p = 0; p < IO500_PHASES && !stop_signal; p++) {
		if (p == IO500_IOR_RND4K_EASY_READ && !x->o.rnd4k)
			break;
		r = &x->results[p];
		if (x->o.bench.keep_job && p != IO500_FIND && keep_jobfiles(x, p))
			return false;
		if (x->o.drop_caches) {
			drop_caches(x, p);
			if (stop_signal)
				return false;
		}
		if (p == IO500_FIND)
			run_find(x, r);
		else
			io500_run_phase(&x->run, p, r);
		if (stop_signal)
			return false;
		io500_score_add(&x->score, p, r);
		io500_print_phase(x->human, p, r, &x->score);
		io500_print_hosts(x->human, p, r);
		fflush(x->human);
		if (r->error) {
			fprintf(stderr, "cephfs-tool io500: %s: %s\n",
				io500_phase_infos[p].name, r->error);
			return false;
		}
	}
	return !stop_signal;
}

static int make_tmpdir(struct io500 *x)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(x->tmpdir, sizeof(x->tmpdir), "%s/cephfs-tool.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(x->tmpdir))
		return 0;
	perror("cephfs-tool io500: mkdtemp");
	*x->tmpdir = '\0';
	return -1;
}

/* The tool's own directory: the job files and fio's outputs in it. */
static void remove_tmpdir(struct io500 *x)
{
	static const char *const names[] = { "io500.json", "fio.stderr" };
	char path[sizeof(x->tmpdir) + sizeof(x->o.bench.clients.hosts->dir) + 16];
	unsigned int i;
	size_t n;

	for (n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
		snprintf(path, sizeof(path), "%s/%s", x->tmpdir, names[n]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/io500.fio", x->tmpdir);
	unlink(path);
	for (i = 0; i < x->o.bench.clients.count; i++) {
		snprintf(path, sizeof(path), "%s/io500.fio.%s", x->tmpdir,
			 x->o.bench.clients.hosts[i].dir);
		unlink(path);
	}
	if (rmdir(x->tmpdir))
		fprintf(stderr, "cephfs-tool io500: cannot remove %s: %s\n",
			x->tmpdir, strerror(errno));
}

/*
 * The tool mounts for each of its own steps (the run directory, find, the
 * cleanup) and holds no mount between them: the phases' fio mounts are
 * the run's clients, and a mount idle through them stays no session.
 */
static int prepare(struct io500 *x)
{
	char error[1024], *words;
	struct cephfs_mount *m;
	unsigned int i;
	int ret;

	if (make_tmpdir(x))
		return -1;
	for (i = 0; i < x->o.bench.clients.count; i++) {
		if (probe_fio_server(&x->o.bench.clients.hosts[i], error,
				     sizeof(error))) {
			fprintf(stderr, "cephfs-tool io500: %s\n", error);
			return -1;
		}
	}
	if (rundir_mount(&x->o.bench, &m, error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool io500: %s\n", error);
		return -1;
	}
	ret = io500_dir_create(m, &x->o.bench, x->o.dir, &x->datadir_made,
			       x->rundir, sizeof(x->rundir), error,
			       sizeof(error));
	cephfs_mount_put(m);
	if (ret) {
		fprintf(stderr, "cephfs-tool io500: %s\n", error);
		return -1;
	}
	if (run_init(x, x->tmpdir))
		return -1;
	fprintf(stderr, "cephfs-tool io500: this run works in %s and %s\n",
		x->rundir, x->tmpdir);
	/* The stall watchdog ends the tool, skipping the cleanup: it says
	 * what is left. */
	if (asprintf(&words, "cephfs-tool io500: %s and %s are left\n",
		     x->rundir, x->tmpdir) >= 0) {
		cephfs_watchdog_last_words(words);
		free(words);
	}
	return 0;
}

static bool remove_rundir(struct io500 *x, char *error, size_t len)
{
	struct cephfs_mount *m;
	int ret;

	if (rundir_mount(&x->o.bench, &m, error, len))
		return false;
	ret = io500_dir_remove(m, x->rundir, x->run.ranks, x->o.dir,
			       x->datadir_made, error, len);
	cephfs_mount_put(m);
	return !ret;
}

/* Remove exactly what the run made; false when something is left. */
static bool cleanup(struct io500 *x)
{
	char error[PATH_MAX + 128];
	bool ok = true;

	if (*x->rundir && !remove_rundir(x, error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool io500: cleanup: %s; %s is left\n",
			error, x->rundir);
		ok = false;
	}
	if (*x->tmpdir)
		remove_tmpdir(x);
	cephfs_watchdog_last_words(NULL);
	return ok;
}

static bool write_json(struct io500 *x)
{
	const char *path = x->o.bench.json_path;
	char *text = io500_report_json(&x->o, x->results, &x->score);
	bool to_stdout = !strcmp(path, "-");
	FILE *f;
	int error = 0;

	errno = 0;
	f = !text ? NULL : to_stdout ? stdout : fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fflush(f))
		error = errno ? errno : ENOMEM;
	if (f && !to_stdout && fclose(f) && !error)
		error = errno;
	free(text);
	if (error)
		fprintf(stderr, "cephfs-tool io500: cannot write %s: %s\n", path,
			strerror(error));
	return !error;
}

static int run(struct io500 *x)
{
	bool ok;

	runner_catch_signals();
	x->human = x->o.bench.json_path && !strcmp(x->o.bench.json_path, "-") ?
		   stderr : stdout;
	io500_score_init(&x->score, x->o.stonewall_time);
	ok = !prepare(x);
	clock_gettime(CLOCK_REALTIME, &x->started);
	if (ok && !stop_signal)
		ok = run_phases(x);
	if (!stop_signal) {
		io500_score_finish(&x->score);
		io500_print_score(x->human, &x->score);
	}
	if (!cleanup(x))
		ok = false;
	if (!stop_signal && x->o.bench.json_path && !write_json(x))
		ok = false;
	io500_run_free(&x->run);
	return stop_signal ? 128 + stop_signal : ok ? 0 : EXIT_RUN_FAILED;
}

/* The run, or --dry-run. */
static int start(struct io500 *x, char *error, size_t len)
{
	if (x->o.bench.dry_run)
		return dry_run(x);
	if (!preflight_ok(&x->o.bench, error, len))
		return EXIT_USAGE;
	return run(x);
}

int io500_main(int argc, char **argv, char *error, size_t len)
{
	struct io500 *x = calloc(1, sizeof(*x));
	int code = EXIT_USAGE;

	if (!x) {
		snprintf(error, len, "out of memory");
		return EXIT_RUN_FAILED;
	}
	io500_options_init(&x->o, FIO_DEFAULT, enginepath_default());
	switch (io500_options_parse(&x->o, argc, argv, stderr, error, len)) {
	case PARSE_HELP:
		io500_options_usage(stdout);
		code = 0;
		break;
	case PARSE_VERSION:
	case PARSE_ERROR:
		break;
	case PARSE_OK:
		code = start(x, error, len);
		break;
	}
	if (code != EXIT_USAGE)
		*error = '\0';
	io500_options_free(&x->o);
	free(x);
	return code;
}

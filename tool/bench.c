#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "jobfile.h"
#include "progress.h"
#include "report.h"
#include "rundir.h"
#include "runner.h"

/* Files in the tool's private temporary directory. */
static const char *const tmp_names[] = {
	"bench.fio", "write.json", "read.json", "fio.stderr",
};

struct bench {
	const struct bench_options *o;
	FILE *human;			/* the report; stderr under --json - */
	char subdir[NAME_MAX + 1];
	char tmpdir[PATH_MAX - 32];	/* room for the names inside */
	char jobfile[PATH_MAX];
	unsigned int *planned;		/* files per thread */
	unsigned int *read_files;	/* what the read phase reads of them */
	struct bench_report report;
};

static void shell_word(FILE *out, const char *word)
{
	if (word[strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:+,-")])
		fprintf(out, "'%s'", word);
	else
		fputs(word, out);
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

static int write_jobfile(const struct bench_options *o, const char *path,
			 const char *subdir, const unsigned int *read_files)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f) {
		perror(path);
		return -1;
	}
	ret = jobfile_write(f, o, subdir, read_files);
	if (fclose(f) || ret) {
		fprintf(stderr, "cephfs-tool: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

int bench_dry_run(const struct bench_options *o)
{
	const char *path = o->keep_job ? o->keep_job : "bench.fio";
	struct fio_command cmd;
	char subdir[NAME_MAX + 1];
	enum phase phase;

	rundir_pick_name(o, subdir, sizeof(subdir));
	if (o->keep_job && write_jobfile(o, o->keep_job, subdir, NULL))
		return EXIT_RUN_FAILED;
	printf("; --- fio job file %s ---\n", path);
	jobfile_write(stdout, o, subdir, NULL);
	printf("; --- fio commands, one per phase and iteration ---\n");
	for (phase = PHASE_WRITE; phase <= PHASE_READ; phase++) {
		fio_command_init(&cmd, o, phase, path,
				 phase == PHASE_WRITE ? "write.json" : "read.json");
		print_command(stdout, &cmd);
	}
	return 0;
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

static void run_phase(struct bench *b, enum phase phase,
		      const unsigned int *files, struct phase_result *r,
		      unsigned int *completed)
{
	const struct bench_options *o = b->o;
	struct live_status live = {
		.out = b->human,
		.tty = isatty(fileno(b->human)),
		.plan = { phase, o->threads, files, o->size },
	};
	char output[PATH_MAX], errors[PATH_MAX];
	struct fio_command cmd;
	struct fio_run run;

	report_phase_start(b->human, phase);
	fflush(b->human);
	tmp_path(b, phase == PHASE_WRITE ? "write.json" : "read.json", output,
		 sizeof(output));
	tmp_path(b, "fio.stderr", errors, sizeof(errors));
	fio_command_init(&cmd, o, phase, b->jobfile, output);
	progress_init(&live.progress, o, phase, sum(files, o->threads));
	if (run_fio(&cmd, output, errors, o->progress ? on_status : NULL, &live,
		    &run, r->error, sizeof(r->error))) {
		r->ran = r->failed = true;
	} else {
		reduce_phase(run.output, run.output_len, run.stderr_text,
			     run.status, &live.plan, r, completed);
		r->usr_sec = run.usr_sec;
		r->sys_sec = run.sys_sec;
		fio_run_free(&run);
	}
	/* fio stopped by SIGINT reports what it did as a success. */
	if (stop_signal) {
		r->failed = true;
		snprintf(r->error, sizeof(r->error), "interrupted (%s)",
			 strsignal(stop_signal));
	}
	if (o->progress && !r->failed)
		show_progress(&live, &r->totals, true);
	if (live.line_open)
		fputc('\n', b->human);
	report_phase(b->human, o, phase, r);
	fflush(b->human);
}

/* One iteration; false when it failed or was interrupted. */
static bool run_iteration(struct bench *b, unsigned int i)
{
	const struct bench_options *o = b->o;
	struct iteration_result *it = &b->report.iterations[i];
	char error[512];

	b->report.started = i + 1;
	report_iteration_start(b->human, i + 1, o->iterations);
	run_phase(b, PHASE_WRITE, b->planned, &it->write, b->read_files);
	if (it->write.failed)
		return false;
	/* A time-capped write phase leaves files unwritten: read the rest. */
	if (o->duration &&
	    write_jobfile(o, b->jobfile, b->subdir, b->read_files))
		return false;
	if (!o->duration)
		memcpy(b->read_files, b->planned, o->threads * sizeof(*b->planned));
	if (!sum(b->read_files, o->threads)) {
		it->read.ran = it->read.failed = true;
		snprintf(it->read.error, sizeof(it->read.error),
			 "no file was completed in the write phase");
		report_phase_start(b->human, PHASE_READ);
		report_phase(b->human, o, PHASE_READ, &it->read);
		return false;
	}
	run_phase(b, PHASE_READ, b->read_files, &it->read, NULL);
	if (it->read.failed)
		return false;
	if (i + 1 < o->iterations &&
	    rundir_clear(o, b->subdir, false, error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool: %s\n", error);
		return false;
	}
	return true;
}

static int write_json(const struct bench *b)
{
	char *text = report_json(&b->report);
	bool to_stdout = !strcmp(b->o->json_path, "-");
	FILE *f = to_stdout ? stdout : fopen(b->o->json_path, "w");
	int ret = 0;

	if (!text || !f || fputs(text, f) < 0)
		ret = -1;
	if (f && !to_stdout && fclose(f))
		ret = -1;
	if (ret)
		fprintf(stderr, "cephfs-tool: cannot write %s\n", b->o->json_path);
	free(text);
	return ret;
}

static void remove_tmpdir(const struct bench *b)
{
	char path[PATH_MAX];
	size_t i;

	for (i = 0; i < sizeof(tmp_names) / sizeof(tmp_names[0]); i++) {
		tmp_path(b, tmp_names[i], path, sizeof(path));
		unlink(path);
	}
	rmdir(b->tmpdir);
}

static int cleanup(const struct bench *b)
{
	char error[512];

	if (b->o->no_cleanup) {
		fprintf(b->human, "Leaving the files in %s%s%s (--no-cleanup)\n",
			b->o->root_path, b->o->root_path[1] ? "/" : "", b->subdir);
		return 0;
	}
	fprintf(b->human, "Cleaning up...\n");
	fflush(b->human);
	if (rundir_clear(b->o, b->subdir, true, error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool: cleanup: %s\n", error);
		return -1;
	}
	return 0;
}

static int prepare(struct bench *b)
{
	const struct bench_options *o = b->o;
	const char *tmp = getenv("TMPDIR");
	char error[512];
	unsigned int t;

	b->planned = calloc(o->threads, sizeof(*b->planned));
	b->read_files = calloc(o->threads, sizeof(*b->read_files));
	b->report.iterations = calloc(o->iterations, sizeof(*b->report.iterations));
	if (!b->planned || !b->read_files || !b->report.iterations) {
		fprintf(stderr, "cephfs-tool: out of memory\n");
		return -1;
	}
	for (t = 0; t < o->threads; t++)
		b->planned[t] = files_of_thread(o, t);
	snprintf(b->tmpdir, sizeof(b->tmpdir), "%s/cephfs-tool.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(b->tmpdir)) {
		perror("cephfs-tool: mkdtemp");
		return -1;
	}
	if (o->keep_job)
		snprintf(b->jobfile, sizeof(b->jobfile), "%s", o->keep_job);
	else
		tmp_path(b, "bench.fio", b->jobfile, sizeof(b->jobfile));
	if (rundir_create(o, b->subdir, sizeof(b->subdir), error, sizeof(error))) {
		fprintf(stderr, "cephfs-tool: %s\n", error);
		*b->subdir = '\0';
		return -1;
	}
	return write_jobfile(o, b->jobfile, b->subdir, NULL);
}

int bench_run(const struct bench_options *o)
{
	struct bench b = { .o = o };
	bool ok = false;
	unsigned int i;
	int code;

	b.human = o->json_path && !strcmp(o->json_path, "-") ? stderr : stdout;
	b.report.o = o;
	b.report.subdir = b.subdir;
	runner_catch_signals();
	if (!prepare(&b) && !stop_signal) {
		report_configuration(b.human, o, b.subdir);
		for (i = 0, ok = true; ok && i < o->iterations && !stop_signal; i++)
			ok = run_iteration(&b, i);
	}
	if (b.report.started && !stop_signal) {
		report_final(b.human, &b.report);
		if (o->json_path && write_json(&b))
			ok = false;
	}
	if (*b.subdir && cleanup(&b))
		ok = false;
	if (*b.tmpdir)
		remove_tmpdir(&b);
	code = stop_signal ? 128 + stop_signal : ok ? 0 : EXIT_RUN_FAILED;
	free(b.planned);
	free(b.read_files);
	free(b.report.iterations);
	return code;
}

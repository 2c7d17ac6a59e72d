// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio's json+ output (saved from real runs on the sandbox cluster, in
 * t/data) reduced to the phase figures, the report text and the JSON.
 */
#include "config.h"

#include <limits.h>
#include <math.h>

#include "fioresult.h"
#include "options.h"
#include "report.h"
#include "tap.h"

/* What produced t/data/data-*.json: 7 files of 256K over 3 threads. */
static const unsigned int data_files[] = { 3, 2, 2 };
/*
 * t/data/md-*.json: 9 files of size 0 over 2 threads, from the job file
 * the tool writes (4 KiB blocks), on the sandbox (. DIR/env first):
 *   cephfs-tool --fs cephfs bench --threads 2 --files 9 --size 0 \
 *           --dry-run --keep-job md.fio
 *   fio --section=write --output-format=json+ --output=md-write.json md.fio
 *   fio --section=read --output-format=json+ --output=md-read.json md.fio
 * then remove the run directory it names.  md-status-write.json
 * (t/unit-progress) the same with --files 3000 and --status-interval=1.
 */
static const unsigned int md_files[] = { 5, 4 };

static void reduce_data(const char *json, const char *err, int status,
			enum phase phase, const struct bench_options *o,
			const unsigned int *files, struct phase_result *r,
			unsigned int *completed)
{
	struct phase_plan plan = { phase, o->threads, files, o->size, 1, false };
	char *output, *stderr_text = err ? read_data(err, NULL) : NULL;
	size_t len;

	output = read_data(json, &len);
	reduce_phase(output, len, stderr_text, status, &plan, r, completed);
	free(output);
	free(stderr_text);
}

static void data_options(struct bench_options *o, unsigned int iterations)
{
	options_init(o, "fio", "/engine.so");
	o->fs = "cephfs";
	o->threads = 3;
	o->files = 7;
	o->size = 256 << 10;
	o->block_size = 64 << 10;
	o->iterations = iterations;
}

static int near(double got, double want)
{
	return fabs(got - want) <= fabs(want) * 1e-6;
}

static void test_phase_figures(void)
{
	struct bench_options o;
	struct phase_result r;
	unsigned int completed[3];

	data_options(&o, 1);
	reduce_data("data-write.json", NULL, 0, PHASE_WRITE, &o, data_files, &r,
		    completed);
	ok(!r.failed, "write phase reduced");
	ok(r.totals.bytes == 1835008 && r.totals.ios == 28 && r.files == 7,
	   "bytes, blocks and files summed over the 3 jobs");
	ok(completed[0] == 3 && completed[1] == 2 && completed[2] == 2,
	   "files completed per thread: 3 2 2");
	ok(near(r.seconds, 0.047), "phase time: the longest job's, 47 ms");
	ok(near(r.mbps, 1835008 / 1048576.0 / 0.047), "MB/s = bytes / 2^20 / s");
	ok(near(r.files_per_sec, 7 / 0.047), "files/s = files / s");
	ok(near(r.iops, 28 / 0.047), "IOPS = blocks / s");
	ok(r.latency.samples == 28 && r.latency.max_ns == 15309324,
	   "latency samples and max over the jobs");
	ok(fabs(r.latency.mean_ns - 1431580) < 10, "latency mean weighted by samples");

	o.size = 0;
	o.threads = 2;	/* md_files has one entry per thread */
	reduce_data("md-write.json", NULL, 0, PHASE_WRITE, &o, md_files, &r,
		    completed);
	ok(!r.failed && r.files == 9 && completed[0] == 5 && completed[1] == 4,
	   "size 0: a file per create operation");
	ok(near(r.files_per_sec, 9 / 0.007), "size 0: files/s from the operations");
}

/* One job's own percentiles, as fio computed them, from its bins alone. */
static void test_percentiles_match_fio(void)
{
	static const char *const keys[] = { "50.000000", "99.000000", "99.900000" };
	struct json_object *doc, *jobs, *one, *job, *pct;
	const struct phase_plan plan = { PHASE_READ, 1, (unsigned int[]){ 3 }, 256 << 10, 1, false };
	struct phase_result r;
	const char *text;
	uint64_t want[3], mine[3];
	char *output;
	size_t j, k;

	output = read_data("data-read.json", NULL);
	doc = json_tokener_parse(output);
	json_object_object_get_ex(doc, "jobs", &jobs);
	for (j = 0; j < json_object_array_length(jobs); j++) {
		job = json_object_array_get_idx(jobs, j);
		pct = json_object_object_get(json_object_object_get(
			json_object_object_get(job, "read"), "clat_ns"), "percentile");
		one = json_object_new_object();
		json_object_object_add(one, "jobs", json_object_new_array());
		json_object_array_add(json_object_object_get(one, "jobs"),
				      json_object_get(job));
		text = json_object_to_json_string(one);
		reduce_phase(text, strlen(text), NULL, 0, &plan, &r, NULL);
		mine[0] = r.latency.p50_ns;
		mine[1] = r.latency.p99_ns;
		mine[2] = r.latency.p999_ns;
		for (k = 0; k < 3; k++) {
			want[k] = (uint64_t)json_object_get_int64(
				json_object_object_get(pct, keys[k]));
			if (want[k] > r.latency.max_ns)
				want[k] = r.latency.max_ns;
		}
		ok(!memcmp(mine, want, sizeof(mine)),
		   "job %zu: p50/p99/p99.9 as fio computed them (capped at max)", j);
		json_object_put(one);
	}
	json_object_put(doc);
	free(output);
}

static void test_failures(void)
{
	struct bench_options o;
	struct phase_result r;
	unsigned int completed[3];

	data_options(&o, 1);
	reduce_data("verify-fail-read.json", "verify-fail-read.stderr", 1,
		    PHASE_READ, &o, data_files, &r, completed);
	ok(r.failed, "verify mismatch: the read phase failed");
	ok(strstr(r.error, "verify failed at file bench_run_8379/benchmark_1_1 offset 65536") != NULL,
	   "the error names the file and offset: %s", r.error);

	o.fs = "nope";
	reduce_data("nofs-write.json", "nofs-write.stderr", 1, PHASE_WRITE, &o,
		    data_files, &r, completed);
	is_str(r.error,
	       "cephfs: cannot mount filesystem 'nope' (root /) as client.admin: ceph_mount: No such file or directory: filesystem 'nope' does not exist",
	       "unknown filesystem: the engine's explanation");

	reduce_phase("", 0, "", 0, &(struct phase_plan){ PHASE_WRITE, 3, data_files, 1, 1, false },
		     &r, NULL);
	is_str(r.error, "fio wrote no results", "no output at all");
	reduce_phase("", 0, "", -9, &(struct phase_plan){ PHASE_WRITE, 3, data_files, 1, 1, false },
		     &r, NULL);
	is_str(r.error, "fio was killed by signal 9", "fio killed");
	o.size = 256 << 10;
	reduce_data("data-read.json", NULL, 0, PHASE_WRITE, &o, data_files, &r,
		    completed);
	is_str(r.error, "fio did no I/O", "a phase without I/O fails, no 0/0 rates");
}

/*
 * A document whose "jobs" is missing or no array (fuzzing found the first:
 * json-c asserts on it) has no results, as a status line or at the end.
 */
static void test_jobs_not_an_array(void)
{
	static const char *const docs[] = {
		"{ \"fio version\" : \"fio-3.33\" }",
		"{ \"jobs\" : 5 }",
		"{ \"jobs\" : { \"write\" : { \"total_ios\" : 1 } } }",
	};
	const struct phase_plan plan = { PHASE_WRITE, 3, data_files, 256 << 10, 1, false };
	struct phase_totals totals;
	struct json_object *doc;
	struct phase_result r;
	size_t i;

	for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		doc = json_tokener_parse(docs[i]);
		ok(!phase_totals_of(doc, &plan, &totals), "no status totals: %s",
		   docs[i]);
		json_object_put(doc);
		reduce_phase(docs[i], strlen(docs[i]), NULL, 0, &plan, &r, NULL);
		is_str(r.error, "fio wrote no results", "  ... and no phase result");
	}
}

/*
 * A job's latency without json+ bins (missing, or of another type: json-c
 * asserts on those, found by fuzzing) still counts its samples and max.
 */
static void test_latency_without_bins(void)
{
	static const char *const docs[] = {
		"{ \"jobs\" : [ { \"write\" : { \"io_bytes\" : 262144, \"total_ios\" : 4, \"runtime\" : 10, \"clat_ns\" : { \"N\" : 4, \"mean\" : 1000, \"max\" : 2000 } } } ] }",
		"{ \"jobs\" : [ { \"write\" : { \"io_bytes\" : 262144, \"total_ios\" : 4, \"runtime\" : 10, \"clat_ns\" : { \"N\" : 4, \"mean\" : 1000, \"max\" : 2000, \"bins\" : [ 1000, 2000 ] } } } ] }",
	};
	const struct phase_plan plan = { PHASE_WRITE, 1, (unsigned int[]){ 1 }, 256 << 10, 1, false };
	struct phase_result r;
	size_t i;

	for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		reduce_phase(docs[i], strlen(docs[i]), NULL, 0, &plan, &r, NULL);
		ok(!r.failed && r.latency.samples == 4 && r.latency.max_ns == 2000,
		   "latency without bins, case %zu: samples and max", i + 1);
	}
}

/*
 * A file count beyond 32 bits (2^62 bytes of 256 KiB files; fuzzing found
 * its conversion undefined) is not the run planned: the phase fails,
 * naming both figures, and the thread's completed files stay within its
 * plan, since the read phase reads that many.
 */
static void test_files_beyond_32_bits(void)
{
	static const char doc[] =
		"{ \"jobs\" : [ { \"write\" : { \"io_bytes\" : 4611686018427387904, \"total_ios\" : 4, \"runtime\" : 10 } } ] }";
	const struct phase_plan plan = { PHASE_WRITE, 1, (unsigned int[]){ 1 }, 256 << 10, 1, false };
	struct phase_result r;
	unsigned int completed[1];

	reduce_phase(doc, strlen(doc), NULL, 0, &plan, &r, completed);
	ok(r.failed && !r.mbps && !r.files, "2^44 files of a 1-file plan: the phase fails, no rate");
	is_str(r.error, "not the run planned: fio reported 17592186044416 files done by thread 0, which has 1",
	       "... naming both figures");
	is_int(completed[0], 1, "... and the thread's completed files are capped at its plan");
}

/* What fio reports must be the run the job file planned, or no result. */
static void test_results_against_plan(void)
{
	static const char three_jobs[] =
		"{ \"jobs\" : [ { \"write\" : { \"io_bytes\" : 0, \"total_ios\" : 2, \"runtime\" : 10 } },"
		" { \"write\" : { \"io_bytes\" : 0, \"total_ios\" : 2, \"runtime\" : 10 } },"
		" { \"write\" : { \"io_bytes\" : 0, \"total_ios\" : 2, \"runtime\" : 10 } } ] }";
	static const char too_many_ops[] =
		"{ \"jobs\" : [ { \"write\" : { \"io_bytes\" : 0, \"total_ios\" : 15000, \"runtime\" : 10 } },"
		" { \"write\" : { \"io_bytes\" : 0, \"total_ios\" : 3, \"runtime\" : 10 } } ] }";
	const struct phase_plan two = { PHASE_WRITE, 2, (unsigned int[]){ 4, 3 }, 0, 1, false };
	const struct phase_plan skips = { PHASE_WRITE, 3, (unsigned int[]){ 1, 0, 1 }, 0, 1, false };
	struct phase_result r;

	reduce_phase(three_jobs, strlen(three_jobs), NULL, 0, &two, &r, NULL);
	ok(r.failed, "three jobs for two threads: the phase fails");
	is_str(r.error, "not the run planned: fio reported 3 jobs, the job file has 2",
	       "... naming both counts");
	reduce_phase(three_jobs, strlen(three_jobs), NULL, 0, &skips, &r, NULL);
	is_str(r.error, "not the run planned: fio reported 3 jobs, the job file has 2",
	       "a thread without files has no job");
	reduce_phase(too_many_ops, strlen(too_many_ops), NULL, 0, &two, &r, NULL);
	is_str(r.error, "not the run planned: fio reported 15000 files done by thread 0, which has 4",
	       "15,000 creates reported for a thread of 4 files: the phase fails");
	reduce_phase(three_jobs, 2 * strlen(three_jobs) / 3, NULL, 0, &two, &r, NULL);
	ok(r.failed, "a cut document is no result either");
}

/* --duration cycles through the files: each one moved more than once,
 * all bytes count, each file once. */
static void test_cycling(void)
{
	static const char cycled[] =
		"{ \"jobs\" : [ { \"write\" : { \"io_bytes\" : 10485760, \"total_ios\" : 40, \"runtime\" : 2000 } },"
		" { \"write\" : { \"io_bytes\" : 524288, \"total_ios\" : 2, \"runtime\" : 2000 } } ] }";
	struct phase_plan plan = { PHASE_WRITE, 2, (unsigned int[]){ 4, 3 }, 262144, 1, true };
	unsigned int completed[2];
	struct phase_result r;

	reduce_phase(cycled, strlen(cycled), NULL, 0, &plan, &r, completed);
	ok(!r.failed && r.totals.bytes == 11010048 && r.files == 4 + 2 &&
	   completed[0] == 4 && completed[1] == 2,
	   "thread 0 cycled 10 times through its 4 files: its bytes all count, its files once (%u)",
	   r.files);
	ok(r.mbps == 10.5 / 2 && r.files_per_sec == 3, "MiB/s from all bytes, files/s from each file once");
	plan.cycles = false;
	reduce_phase(cycled, strlen(cycled), NULL, 0, &plan, &r, NULL);
	ok(r.failed, "... which a phase that does not cycle refuses as not the run planned");
}

/* The report as the tool prints it, phase by phase. */
static char *render(const struct bench_report *report)
{
	const struct iteration_result *it;
	char *text = NULL;
	size_t len, i;
	FILE *f = open_memstream(&text, &len);

	report_configuration(f, report->o, report->subdir);
	report_fs_stats(f, "before", &report->fs_before);
	for (i = 0; i < report->started; i++) {
		it = &report->iterations[i];
		report_iteration_start(f, (unsigned int)i + 1, report->o->iterations);
		report_phase_start(f, PHASE_WRITE);
		report_phase(f, report->o, PHASE_WRITE, &it->write);
		if (!it->read.ran)
			break;
		report_phase_start(f, PHASE_READ);
		report_phase(f, report->o, PHASE_READ, &it->read);
	}
	report_fs_stats(f, "after", &report->fs_after);
	report_final(f, report);
	fprintf(f, "Cleaning up...\n");
	fclose(f);
	return text;
}

static void check_report(const struct bench_report *report, const char *name)
{
	char file[64], *want, *got = render(report);

	snprintf(file, sizeof(file), "%s.txt", name);
	want = read_data(file, NULL);
	is_str(got, want, file);
	free(want);
	free(got);
	snprintf(file, sizeof(file), "%s.json", name);
	want = read_data(file, NULL);
	got = report_json(report);
	is_str(got, want, file);
	free(want);
	free(got);
}

/* An iteration from saved write and read outputs, with made-up CPU times. */
static void reduce_iteration(const char *write_json, const char *read_json,
			     const struct bench_options *o,
			     const unsigned int *files, double cpu,
			     struct iteration_result *it)
{
	reduce_data(write_json, NULL, 0, PHASE_WRITE, o, files, &it->write, NULL);
	reduce_data(read_json, NULL, 0, PHASE_READ, o, files, &it->read, NULL);
	it->write.usr_sec = cpu;
	it->write.sys_sec = cpu / 2;
	it->read.usr_sec = cpu / 4;
	it->read.sys_sec = cpu / 8;
}

/* Made-up statistics of a 10 GiB filesystem (4 MiB blocks) before and
 * after 7 files of 256K, and none after a failed phase. */
static const struct fs_stats fs_before = { 4 << 20, 2560, 2500, 3, "" };
static const struct fs_stats fs_after = { 4 << 20, 2560, 2499, 10, "" };
static const struct fs_stats fs_not_taken = {
	.error = "not taken, the run failed",
};

static void test_reports(void)
{
	struct iteration_result its[2];
	struct bench_options o;
	struct bench_report report = {
		&o, "bench_run_8379", 2, its, fs_before, fs_after,
	};

	data_options(&o, 2);
	o.async_io = true;
	o.queue_depth = 4;
	/* Ceph 16's and 18's path, whatever this build's. */
	o.async_native = false;
	reduce_iteration("data-write.json", "data-read.json", &o, data_files,
			 0.25, &its[0]);
	reduce_iteration("data2-write.json", "data2-read.json", &o, data_files,
			 0.5, &its[1]);
	check_report(&report, "report-data");

	reduce_data("verify-fail-read.json", "verify-fail-read.stderr", 1,
		    PHASE_READ, &o, data_files, &its[1].read, NULL);
	o.async_io = false;
	o.no_verify = false;
	o.client_oc = 1;
	o.client_oc_size = 64 << 20;
	o.msgr_workers = 3;
	report.fs_after = fs_not_taken;
	check_report(&report, "report-failed");

	options_init(&o, "fio", "/engine.so");
	o.threads = 2;
	o.files = 9;
	o.size = 0;
	o.root_path = "/bench";
	o.uid = 1000;
	o.gid = 1000;
	report.started = 1;
	report.subdir = "bench_run_00ff";
	report.fs_after = fs_after;
	reduce_iteration("md-write.json", "md-read.json", &o, md_files, 1,
			 &its[0]);
	check_report(&report, "report-size0");
}

/* Where libcephfs has the nonblocking call, the report names it. */
static void test_async_path(void)
{
	struct bench_options o;
	struct iteration_result it = { 0 };
	struct bench_report report = {
		.o = &o, .subdir = "bench_run_8379", .iterations = &it,
	};
	struct json_object *root, *c, *path;
	char *text = NULL, *json;
	size_t len;
	FILE *f;

	options_init(&o, "fio", "/engine.so");
	o.async_io = true;
	o.async_native = true;
	f = open_memstream(&text, &len);
	report_configuration(f, &o, report.subdir);
	fclose(f);
	ok(strstr(text, "\n  Async I/O: enabled (native: ceph_ll_nonblocking_readv_writev)\n"
			"  Queue Depth: 16\n") != NULL, "native path: named, with the queue depth");
	free(text);
	json = report_json(&report);
	root = json_tokener_parse(json);
	ok(json_object_object_get_ex(root, "configuration", &c) &&
	   json_object_object_get_ex(c, "async_path", &path) &&
	   !strcmp(json_object_get_string(path), "native"),
	   "... and \"async_path\": \"native\" in JSON");
	json_object_put(root);
	free(json);
	/* RFC 8259: JSON is UTF-8, whatever bytes a name has */
	o.prefix = "\xff%";
	o.dir_prefix = "\xfe";
	report.subdir = "\xfe" "1a2b";
	json = report_json(&report);
	root = json_tokener_parse(json);
	c = json_object_object_get(root, "configuration");
	is_str(json_object_get_string(json_object_object_get(c, "prefix")), "%FF%25",
	       "a prefix that is not UTF-8: %XX in JSON, '%' too");
	ok(!strcmp(json_object_get_string(json_object_object_get(c, "dir_prefix")), "%FE") &&
	   !strcmp(json_object_get_string(json_object_object_get(c, "subdirectory")), "%FE1a2b"),
	   "  ... the directory prefix and the run directory too");
	ok(!strstr(json, "\xff") && !strstr(json, "\xfe"), "  ... and no raw byte of them");
	json_object_put(root);
	free(json);
}

/* A phase's client counters from a saved perf dump, as bench reads it. */
static void attach_counters(const char *dump_file, struct phase_result *r)
{
	char *text = read_data(dump_file, NULL);
	struct json_object *dump = json_tokener_parse(text);

	client_counters_of(dump, &r->counters);
	r->counters.dumped = true;
	json_object_put(dump);
	free(text);
}

/*
 * --perf-dump: the client counters block of the text and JSON reports,
 * from cephfs-tool's write and read phase run on each version (fio's
 * output and the dumps saved together in t/data, see unit-perfcounters).
 */
static void test_counter_reports(void)
{
	static const unsigned int files[] = { 4, 4 };
	static const struct {
		const char *version;
		const char *subdir;
	} runs[] = { { "ceph16", "bench_run_52ae" }, { "ceph20", "bench_run_3db5" } };
	struct iteration_result it;
	struct bench_options o;
	struct bench_report report = { &o, NULL, 1, &it, fs_before, fs_after };
	char name[64], *text;
	size_t i;

	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		options_init(&o, "fio", "/engine.so");
		o.fs = "cephfs";
		o.threads = 2;
		o.files = 8;
		o.size = 1 << 20;
		o.block_size = 256 << 10;
		o.fsync_every = 512 << 10;
		o.perf_dump = "/tmp/perf.json";
		report.subdir = runs[i].subdir;
		snprintf(name, sizeof(name), "counters-%s-write.json", runs[i].version);
		reduce_data(name, NULL, 0, PHASE_WRITE, &o, files, &it.write, NULL);
		snprintf(name, sizeof(name), "counters-%s-read.json", runs[i].version);
		reduce_data(name, NULL, 0, PHASE_READ, &o, files, &it.read, NULL);
		it.write.usr_sec = it.write.sys_sec = 0.125;
		it.read.usr_sec = it.read.sys_sec = 0.0625;
		snprintf(name, sizeof(name), "perf-%s-write.json", runs[i].version);
		attach_counters(name, &it.write);
		snprintf(name, sizeof(name), "perf-%s-read.json", runs[i].version);
		attach_counters(name, &it.read);
		snprintf(name, sizeof(name), "report-counters-%s", runs[i].version);
		check_report(&report, name);
	}

	it.read.counters.dumped = false;
	snprintf(it.read.counters.missing, sizeof(it.read.counters.missing),
		 "the phase's mount wrote no dump to /tmp/perf.json");
	text = render(&report);
	ok(strstr(text, "\n  Iteration 1 Read:  none: the phase's mount wrote no dump to /tmp/perf.json\n") != NULL,
	   "a phase without its dump says so in the block");
	free(text);
	text = report_json(&report);
	ok(strstr(text, "client_counters") && !strstr(strstr(text, "\"read\""), "client_counters"),
	   "  ... and has no client_counters in the JSON");
	free(text);

	o.per_thread_mount = true;
	text = render(&report);
	ok(strstr(text, "\nClient Counters: none (with --per-thread-mount each thread's mount writes the dump over the last one's)\n\nCleaning up...") != NULL,
	   "--per-thread-mount: no block, a line saying why");
	free(text);
	o.per_thread_mount = false;
	o.perf_dump = NULL;
	text = render(&report);
	ok(!strstr(text, "Client Counters"), "without --perf-dump no block at all");
	free(text);
}

int main(void)
{
	test_phase_figures();
	test_percentiles_match_fio();
	test_failures();
	test_jobs_not_an_array();
	test_latency_without_bins();
	test_files_beyond_32_bits();
	test_results_against_plan();
	test_cycling();
	test_reports();
	test_async_path();
	test_counter_reports();
	return done_testing();
}

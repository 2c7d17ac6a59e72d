// SPDX-License-Identifier: GPL-2.0-only
/*
 * --via: the client list, the ceph-fuse command built from the options,
 * the fuse job file, the refusals, and the side by side figures of two
 * clients' reports.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fuseargs.h"
#include "jobfile.h"
#include "options.h"
#include "sidebyside.h"
#include "tap.h"
#include "via.h"

static void test_list(void)
{
	struct via_list l;
	char error[256] = "";

	ok(via_parse(&l, "fuse,libcephfs", error, sizeof(error)) && l.count == 2 &&
	   l.clients[0] == VIA_FUSE && l.clients[1] == VIA_LIBCEPHFS,
	   "a list in the order given %s", error);
	is_int(via_reference(&l), 1, "the ratios are to libcephfs, wherever listed");
	ok(via_parse(&l, "fuse", error, sizeof(error)) && via_reference(&l) == 0,
	   "without libcephfs, to the first");
	ok(!via_parse(&l, "libcephfs,", error, sizeof(error)), "an empty entry is refused");
	is_str(error, "--via: invalid value 'libcephfs,' ('' is not libcephfs, fuse or kernel)",
	       "... naming the entry");
	ok(!via_parse(&l, "libcephfsx", error, sizeof(error)), "a longer name is no client");
}

/* Options as options_parse leaves them for @args after "bench". */
static int parse(struct bench_options *o, const char *args, char *error,
		 size_t len)
{
	char line[512], *argv[32];
	int argc;

	snprintf(line, sizeof(line), "bench %s", args);
	argc = split_command_line(line, argv, 32);
	options_init(o, "fio", "/x/fio-cephfs.so");
	return options_parse(o, argc, argv, error, len);
}

static void test_fuse_args(void)
{
	struct bench_options o;
	struct fuse_args a;
	char error[256] = "", joined[1024] = "";
	int i;

	parse(&o, "--via fuse -c /etc/ceph/x.conf --fs a=b --root-path /r --client-oc 0 --msgr-workers 3 --op-timeout 0",
	      error, sizeof(error));
	is_int(fuse_args_init(&a, &o, "/tmp/t/mnt", NULL), 0, "the ceph-fuse command");
	for (i = 0; i < a.count; i++)
		snprintf(joined + strlen(joined), sizeof(joined) - strlen(joined),
			 "%s%s", i ? "|" : "", a.argv[i]);
	is_str(joined, "ceph-fuse|-f|--conf=/etc/ceph/x.conf|--id=admin|--client_fs=a=b|"
	       "--client_mountpoint=/r|--client_oc=0|--ms_async_op_threads=3|"
	       "--client_mount_timeout=30|--client_shutdown_timeout=30|/tmp/t/mnt",
	       "each setting one argument, as given; no op timeout for 0");
	ok(a.argv[a.count] == NULL, "... NULL-terminated");
	fuse_args_free(&a);
	options_free(&o);
}

/* --mds-stats: ceph-fuse's session carries the run's token, as the
 * engine's mounts do. */
static void test_fuse_run_tag(void)
{
	struct bench_options o;
	struct fuse_args a;
	char error[256] = "";

	parse(&o, "--via fuse --mds-stats", error, sizeof(error));
	is_int(fuse_args_init(&a, &o, "/tmp/t/mnt", "0123456789abcdef"), 0,
	       "--mds-stats: the ceph-fuse command");
	is_str(a.argv[a.count - 2], "--client_metadata=cephfs_tool_run=0123456789abcdef",
	       "... the run's token in its client metadata, before the mount point");
	fuse_args_free(&a);
	options_free(&o);
}

static void test_refusals(void)
{
	static const char *const cases[][2] = {
		{ "--via fuse --clients h1", "--clients: cannot be combined with --via fuse (the tool mounts ceph-fuse here)" },
		{ "--via libcephfs,fuse --per-thread-mount", "--per-thread-mount: cannot be combined with --via fuse (one ceph-fuse mount serves every thread)" },
		{ "--via fuse --perf-dump /tmp/p", "--perf-dump: cannot be combined with --via fuse (the dump is the engine's mount's)" },
		{ "--via fuse --gid 5", "--gid: cannot be combined with --via fuse (fio creates the files before its jobs could become that group)" },
		{ "--via fuse --size 5000 --block-size 4096", "--size: invalid value '5000' (with --via fuse, must be whole blocks of 4096 bytes)" },
	};
	struct bench_options o;
	char error[512];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		*error = '\0';
		is_int(parse(&o, cases[i][0], error, sizeof(error)), PARSE_ERROR, cases[i][0]);
		is_str(error, cases[i][1], "... says why");
		options_free(&o);
	}
	is_int(parse(&o, "--via libcephfs --lazy-io", error, sizeof(error)), PARSE_OK,
	       "the engine's options stay with libcephfs alone");
	options_free(&o);
}

static void test_jobfile(void)
{
	struct bench_options o;
	char error[256], *text = NULL;
	size_t len = 0;
	FILE *f;

	parse(&o, "--via fuse --threads 2 --files 3 --size 1M --block-size 256K",
	      error, sizeof(error));
	f = open_memstream(&text, &len);
	jobfile_write(f, &o, "bench_run_abcd", 0, NULL, NULL, NULL, "/tmp/t/mnt", NULL);
	fclose(f);
	ok(strstr(text, "\nioengine=psync\nthread\n") != NULL, "fio's psync, threads");
	ok(!strstr(text, "cephfs_"), "no engine option");
	ok(strstr(text, "\nfilename_format=/tmp/t/mnt/bench_run_abcd/benchmark_1_$filenum\n") != NULL,
	   "the files under the mount point");
	ok(strstr(text, "\nfsync_on_close=1\n") != NULL, "the flush timed, as the engine's");
	free(text);
	options_free(&o);

	parse(&o, "--via fuse --size 0", error, sizeof(error));
	text = NULL;
	f = open_memstream(&text, &len);
	jobfile_write(f, &o, "bench_run_abcd", 0, NULL, NULL, NULL, "/tmp/t/mnt", NULL);
	fclose(f);
	ok(strstr(text, "\nioengine=filecreate\n") && strstr(text, "\nfilesize=4096\n"),
	   "size 0: filecreate, one fake block per file");
	free(text);
	options_free(&o);
}

/* Two clients' one-iteration reports: libcephfs twice ceph-fuse's rate. */
static void test_side_by_side(void)
{
	struct bench_options o;
	struct iteration_result it[2] = { 0 };
	struct bench_report r[2] = { 0 };
	const struct bench_report *reports[2] = { &r[0], &r[1] };
	struct side_metric rows[SIDE_METRICS];
	char error[256];
	unsigned int n, c;

	parse(&o, "--via libcephfs,fuse --size 4M", error, sizeof(error));
	for (c = 0; c < 2; c++) {
		it[c].write = (struct phase_result){ .ran = true, .seconds = 1,
			.mbps = 400.0 / (c + 1), .files_per_sec = 100.0 / (c + 1),
			.latency = { .samples = 1, .mean_ns = 2e6 * (c + 1), .p99_ns = 4000000 } };
		it[c].read = it[c].write;
		r[c] = (struct bench_report){ .o = &o, .started = 1,
			.iterations = &it[c], .via = o.via.clients[c] };
	}
	n = side_by_side(reports, 2, rows);
	is_int(n, SIDE_METRICS, "every rate and both phases' latencies");
	is_str(rows[0].name, "Write Throughput", "the final report's titles");
	ok(rows[0].value[0] == 400 && rows[0].ratio[0] == 1 && rows[0].ratio[1] == 0.5,
	   "each client's mean, its ratio to libcephfs");
	is_str(rows[SUMMARY_KINDS].name, "Write Latency Mean", "then the latencies");
	ok(rows[SUMMARY_KINDS].ratio[1] == 2 && rows[SUMMARY_KINDS + 1].ratio[1] == 1,
	   "... in ms, with their ratios");
	it[0].write.failed = true;
	n = side_by_side(reports, 2, rows);
	ok(isnan(rows[0].value[0]) && isnan(rows[0].ratio[1]),
	   "no reference figure: no ratio, not a wrong one");
	options_free(&o);
}

int main(void)
{
	test_list();
	test_fuse_args();
	test_fuse_run_tag();
	test_refusals();
	test_jobfile();
	test_side_by_side();
	return done_testing();
}

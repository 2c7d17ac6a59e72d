// SPDX-License-Identifier: GPL-2.0-only
/* The command line: the original's options and defaults, every refusal. */
#include "config.h"

#include "options.h"
#include "runplan.h"
#include "tap.h"

#define MAX_ARGS 32

static enum parse_result parse(const char *line, struct bench_options *o,
			       char *error, size_t len)
{
	char *argv[MAX_ARGS];
	int argc = split_command_line(line, argv, MAX_ARGS);

	options_init(o, "fio", "/engine.so");
	*error = '\0';
	return options_parse(o, argc, argv, error, len);
}

#define LOCKSTAT(name) "--" name ": not available: upstream has it only when Ceph is built with CEPH_LOCKSTAT, which packaged libcephfs is not, and libcephfs's public API cannot measure lock contention"

static const struct {
	const char *line;
	const char *error;
} refused[] = {
	{ "bench --threads 0", "--threads: invalid value '0' (must be 1 to 1024)" },
	{ "bench --threads=-3", "--threads: invalid value '-3' (must be 1 to 1024)" },
	{ "bench --threads 2x", "--threads: invalid value '2x' (must be 1 to 1024)" },
	{ "bench --iterations 0", "--iterations: invalid value '0' (must be 1 to 1000000)" },
	{ "bench --files 0", "--files: invalid value '0' (must be 1 to 10000000)" },
	{ "bench --files 10000001", "--files: invalid value '10000001' (must be 1 to 10000000)" },
	{ "bench --size abc", "--size: invalid value 'abc' (must be bytes or a size like 4K, 4MB, 1GiB)" },
	{ "bench --block-size 4X", "--block-size: invalid value '4X' (must be bytes or a size like 4K, 4MB, 1GiB)" },
	{ "bench --block-size 0", "--block-size: invalid value '0' (must be 1 or more)" },
	{ "bench --fsync-every -1", "--fsync-every: invalid value '-1' (must be bytes or a size like 4K, 4MB, 1GiB)" },
	{ "bench --size 4194305 --block-size 4M", "--size: invalid value '4194305' (its last block, 1 bytes after whole --block-size blocks, is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	/* verify's header must fit every block: the file's only one, each
	 * --block-size one, the last short one. */
	{ "bench --size 1", "--size: invalid value '1' (a file no larger than --block-size is one block, which is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 44", "--size: invalid value '44' (a file no larger than --block-size is one block, which is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 511 --block-size 4K", "--size: invalid value '511' (a file no larger than --block-size is one block, which is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 100 --block-size 100", "--size: invalid value '100' (a file no larger than --block-size is one block, which is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 4K --block-size 1", "--block-size: invalid value '1' (each block is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 1M --block-size 511", "--block-size: invalid value '511' (each block is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 1000 --block-size 512", "--size: invalid value '1000' (its last block, 488 bytes after whole --block-size blocks, is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --shared-file --threads 2 --size 512 --block-size 256", "--block-size: invalid value '256' (each block is too short for verify's headers: at least 512 bytes, or --no-verify)" },
	{ "bench --size 20000000TB", "--size: invalid value '20000000TB' (must be bytes or a size like 4K, 4MB, 1GiB)" },
	{ "bench --prefix a/b", "--prefix: invalid value 'a/b' (must not contain '/')" },
	{ "bench --dir-prefix ../x", "--dir-prefix: invalid value '../x' (must not contain '/')" },
	{ "bench --root-path data", "--root-path: invalid value 'data' (must be an absolute path in CephFS)" },
	{ "bench --root-path /..", "--root-path: invalid value '/..' (a '..' component: give the directory without it)" },
	{ "bench --root-path /a/../b", "--root-path: invalid value '/a/../b' (a '..' component: give the directory without it)" },
	{ "bench --root-path //a/..//", "--root-path: invalid value '//a/..//' (a '..' component: give the directory without it)" },
	{ "bench --duration soon", "--duration: invalid value 'soon' (must be 0 to 31536000)" },
	{ "bench --progress-interval 0", "--progress-interval: invalid value '0' (must be 1 to 100)" },
	{ "bench --progress-interval 101", "--progress-interval: invalid value '101' (must be 1 to 100)" },
	{ "bench --async-io --queue-depth 0", "--queue-depth: invalid value '0' (must be 1 to 1024)" },
	{ "bench --async-io --queue-depth 1025", "--queue-depth: invalid value '1025' (must be 1 to 1024)" },
	{ "bench --queue-depth 32", "--queue-depth: invalid value '32' (only with --async-io)" },
	{ "bench --async-io --per-thread-mount", "--async-io: cannot be combined with --per-thread-mount" },
	{ "bench --async-write-fsync", "--async-write-fsync: only with --async-io" },
	{ "bench --no", "option '--no' is ambiguous; possibilities: --no-cleanup --no-verify --no-final-flush" },
	{ "bench --no=1", "option '--no' is ambiguous; possibilities: --no-cleanup --no-verify --no-final-flush" },
	{ "--f x bench", "option '--f' is ambiguous; possibilities: --filesystem --fs --files --fsync-every --fio" },
	{ "bench --clients a,b --files 1", "--files: invalid value '1' (the total over --clients: at least one file for each of the 2 hosts)" },
	{ "bench --shared-file --size 0", "--size: invalid value '0' (--shared-file writes data)" },
	{ "bench --shared-file --clients a,b", "--shared-file: cannot be combined with --clients" },
	{ "bench --shared-file --threads 3 --size 256K --block-size 64K",
	  "--size: invalid value '262144' (with --shared-file, must split into --threads 3 parts of whole blocks of 65536 bytes)" },
	{ "bench --shared-file --threads 2 --size 4K",
	  "--size: invalid value '4096' (with --shared-file, must split into --threads 2 parts of whole blocks of 4096 bytes)" },
	{ "--uid -2 bench", "--uid: invalid value '-2' (must be -1 or an id)" },
	{ "--gid root bench", "--gid: invalid value 'root' (must be -1 or an id)" },
	{ "--client-oc 2 bench", "--client-oc: invalid value '2' (must be 0 to 1)" },
	{ "--client-oc-size lots bench", "--client-oc-size: invalid value 'lots' (must be bytes or a size like 4K, 4MB, 1GiB)" },
	{ "--msgr-workers 25 bench", "--msgr-workers: invalid value '25' (must be 0 to 24)" },
	{ "--msgr-workers -1 bench", "--msgr-workers: invalid value '-1' (must be 0 to 24)" },
	{ "bench --async-io --queue-depth -1", "--queue-depth: invalid value '-1' (must be 1 to 1024)" },
	{ "bench --progress-interval=-5", "--progress-interval: invalid value '-5' (must be 1 to 100)" },
	{ "bench --per-thread-mount --async-io", "--async-io: cannot be combined with --per-thread-mount" },
	{ "bench --lockstat-dump /tmp/lockstat", LOCKSTAT("lockstat-dump") },
	{ "bench --lockstat-dump=/tmp/lockstat", LOCKSTAT("lockstat-dump") },
	{ "--lockstat-threshold 1000 bench", LOCKSTAT("lockstat-threshold") },
	{ "bench --lockstat-threshold", LOCKSTAT("lockstat-threshold") },
	{ "bench --plot rates.png", "--plot: invalid value 'rates.png' (the plot is SVG: the name must end in .svg)" },
	{ "bench --plot svg", "--plot: invalid value 'svg' (the plot is SVG: the name must end in .svg)" },
	{ "bench --plot rates.svg.txt", "--plot: invalid value 'rates.svg.txt' (the plot is SVG: the name must end in .svg)" },
	{ "--mount-timeout -1 bench", "--mount-timeout: invalid value '-1' (must be 0 to 86400)" },
	{ "--id= bench", "--id: invalid value '' (must not be empty)" },
	{ "bench --frobnicate", "unknown option '--frobnicate'" },
	{ "-x bench", "unknown option '-x'" },
	{ "bench --threads", "--threads: missing value" },
	{ "", "missing command (bench, cleanup or compare); see --help" },
	{ "--threads 2", "missing command (bench, cleanup or compare); see --help" },
	{ "run", "unknown command 'run' (bench, cleanup or compare)" },
	{ "bench extra", "unexpected argument 'extra'" },
	{ "cleanup", "cleanup: missing RUNDIR (the run directory to remove)" },
	{ "--fs a cleanup", "cleanup: missing RUNDIR (the run directory to remove)" },
	{ "cleanup /r/bench_run_1 /r/bench_run_2", "unexpected argument '/r/bench_run_2'" },
};

static void test_refusals(void)
{
	struct bench_options o;
	char error[512];
	size_t i;

	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		if (!ok(parse(refused[i].line, &o, error, sizeof(error)) == PARSE_ERROR,
			"refused: %s", refused[i].line))
			continue;
		is_str(error, refused[i].error, "  ... naming the option and value");
	}
}

static void test_defaults(void)
{
	struct bench_options o;
	char error[512];

	is_int(parse("bench", &o, error, sizeof(error)), PARSE_OK, "bare bench");
	ok(o.threads == 1 && o.iterations == 1 && o.files == 100,
	   "defaults: 1 thread, 1 iteration, 100 files");
	ok(o.size == 4000000 && o.block_size == 4000000 && o.fsync_every == 0,
	   "defaults: 4MB (4,000,000 bytes) files in 4MB blocks, no fsync");
	ok(!strcmp(o.prefix, "benchmark_") && !strcmp(o.dir_prefix, "bench_run_") &&
	   !strcmp(o.root_path, "/"), "defaults: names and root");
	ok(!strcmp(o.id, "admin") && o.uid == -1 && o.gid == -1 &&
	   o.client_oc == -1 && o.msgr_workers == 0 && o.mount_timeout == 30,
	   "defaults: mount settings");
	ok(o.progress_interval == 10 && o.queue_depth == 16 && !o.async_io &&
	   !o.no_verify && !o.no_final_flush, "defaults: progress, queue, verify, flush");
	ok(!strcmp(o.fio, "fio") && !strcmp(o.engine, "/engine.so"),
	   "defaults: fio and engine from the build");
}

static void test_values(void)
{
	struct bench_options o;
	char error[512];

	is_int(parse("-c /etc/c.conf -i scratch -k /k --filesystem scratch bench "
		     "--root-path=/pdonnell --files 256 --size=134217728 --block-size 4MiB "
		     "--threads=8 --iterations 3", &o, error, sizeof(error)),
	       PARSE_OK, "the documented example");
	ok(!strcmp(o.conf, "/etc/c.conf") && !strcmp(o.id, "scratch") &&
	   !strcmp(o.keyring, "/k") && !strcmp(o.fs, "scratch"),
	   "general options before the command");
	ok(o.threads == 8 && o.iterations == 3 && o.files == 256 &&
	   o.size == 134217728 && !strcmp(o.root_path, "/pdonnell"),
	   "bench options, --opt=value and --opt value");

	is_int(parse("bench --fs=a --uid 1000 --gid=0 --client-oc 0 "
		     "--client-oc-size 64M --msgr-workers 3 --size 0 --async-io "
		     "--queue-depth=32 --json - --no-verify --no-final-flush "
		     "--fio /opt/fio --engine /e.so --dry-run --keep-job /tmp/j",
		     &o, error, sizeof(error)),
	       PARSE_OK, "general options after the command, and the additions");
	ok(!strcmp(o.fs, "a") && o.uid == 1000 && o.gid == 0 && o.client_oc == 0 &&
	   o.client_oc_size == 64 << 20 && o.msgr_workers == 3,
	   "mount settings");
	ok(o.size == 0 && o.async_io && o.queue_depth == 32 &&
	   !strcmp(o.json_path, "-") && o.no_verify && o.no_final_flush &&
	   !strcmp(o.fio, "/opt/fio") && !strcmp(o.engine, "/e.so") &&
	   o.dry_run && !strcmp(o.keep_job, "/tmp/j"), "bench settings");

	is_int(parse("bench --size 4K", &o, error, sizeof(error)), PARSE_OK,
	       "a file smaller than the block size is one short write");
	is_int(parse("bench --help", &o, error, sizeof(error)), PARSE_HELP, "--help");
	is_int(parse("-h", &o, error, sizeof(error)), PARSE_HELP, "-h without a command");
	is_int(parse("--version", &o, error, sizeof(error)), PARSE_VERSION,
	       "--version without a command");
	is_int(parse("bench --threads 0 --version", &o, error, sizeof(error)),
	       PARSE_ERROR, "--version does not hide a bad value");
}

/* libcephfs gets the root without empty and '.' components, its names'
 * bytes as given. */
static void test_root_paths(void)
{
	static const struct {
		const char *line, *root;
	} roots[] = {
		{ "bench --root-path //", "/" },
		{ "bench --root-path ///", "/" },
		{ "bench --root-path /./", "/" },
		{ "bench --root-path /a/./b/", "/a/b" },
		{ "bench --root-path /a//b", "/a/b" },
		{ "bench --root-path=/a/b/", "/a/b" },
		{ "bench --root-path /a#b/c%41/...", "/a#b/c%41/..." },
	};
	struct bench_options o;
	char error[512];
	size_t i;

	for (i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		if (!ok(parse(roots[i].line, &o, error, sizeof(error)) == PARSE_OK,
			"taken: %s%s", roots[i].line, error))
			continue;
		is_str(o.root_path, roots[i].root, "  ... as the directory it names");
	}
}

/* The ends of upstream's ranges are taken; 0 workers keeps the default. */
static void test_range_ends(void)
{
	static const char *const taken[] = {
		"bench --async-io --queue-depth 1",
		"bench --async-io --queue-depth 1024",
		"--msgr-workers 0 bench", "--msgr-workers 1 bench",
		"--msgr-workers 24 bench",
		"bench --progress-interval 1", "bench --progress-interval 100",
		"bench --plot rates.SVG", "bench --plot /tmp/a.svg",
		"bench --size 4MB --block-size 1MB",
		"bench --size 8MiB --block-size 4M",
		"bench --size 512", "bench --size 4K --block-size 512",
		"bench --size 1024 --block-size 512",
		"bench --size 1 --no-verify", "bench --size 4K --block-size 1 --no-verify",
		"bench --size 1000 --block-size 512 --no-verify",
		/* Exact names win over longer ones; unique prefixes and
		 * values that look like options are taken. */
		"--fs a bench --files 3", "bench --no-c", "bench --no-verify --no-f",
		"bench --prefix --no", "-c --no bench", "bench --filesys=a",
	};
	struct bench_options o;
	char error[512];
	size_t i;

	for (i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		ok(parse(taken[i], &o, error, sizeof(error)) == PARSE_OK,
		   "taken: %s%s", taken[i], error);
}

static void test_split(void)
{
	struct bench_options o;
	char error[512];

	parse("bench --threads 3 --files 10", &o, error, sizeof(error));
	ok(files_of_thread(&o, 0, 0) == 4 && files_of_thread(&o, 0, 1) == 3 &&
	   files_of_thread(&o, 0, 2) == 3, "10 files over 3 threads: 4 3 3");
	parse("bench --threads 4 --files 2", &o, error, sizeof(error));
	ok(files_of_thread(&o, 0, 0) == 1 && files_of_thread(&o, 0, 1) == 1 &&
	   files_of_thread(&o, 0, 2) == 0 && files_of_thread(&o, 0, 3) == 0,
	   "2 files over 4 threads: 1 1 0 0");
	parse("bench --threads 2 --files 7 --clients a,b", &o, error, sizeof(error));
	ok(files_of_thread(&o, 0, 0) == 2 && files_of_thread(&o, 0, 1) == 2 &&
	   files_of_thread(&o, 1, 0) == 2 && files_of_thread(&o, 1, 1) == 1,
	   "--files is the total over --clients: 7 over 2 hosts of 2 threads: 2 2 | 2 1");
}

/* --shared-file: one file, each thread an equal part of it. */
static void test_shared_file(void)
{
	struct bench_options o;
	char error[512];

	is_int(parse("bench --shared-file --threads 4 --size 1M --block-size 64K "
		     "--async-io --async-write-fsync --lazy-io", &o, error,
		     sizeof(error)), PARSE_OK, "--shared-file, --async-write-fsync, --lazy-io");
	ok(o.shared_file && o.async_write_fsync && o.lazy_io && o.files == 1,
	   "... set, with one file");
	ok(files_of_thread(&o, 0, 0) == 1 && files_of_thread(&o, 0, 3) == 1,
	   "... which every thread works on");
	ok(job_file_bytes(&o) == 256 << 10 && jobs_per_file(&o) == 4,
	   "... a quarter of it each, four jobs to the file");
	is_int(parse("bench --shared-file --files 1 --threads 2 --size 8K --block-size 4K",
		     &o, error, sizeof(error)), PARSE_OK,
	       "--shared-file with --files 1 and without --async-io");
	is_int(parse("bench --shared-file --files 4 --threads 2 --size 8K --block-size 4K",
		     &o, error, sizeof(error)), PARSE_OK,
	       "--shared-file with --files 4: run, as upstream does");
	ok(o.files == 1 && o.files_ignored, "... with one file, --files ignored");
	parse("bench --files 8", &o, error, sizeof(error));
	ok(job_file_bytes(&o) == o.size && jobs_per_file(&o) == 1,
	   "without it, each job's file is a whole file");
}

static void test_cleanup(void)
{
	struct bench_options o;
	char error[512];

	is_int(parse("--fs a cleanup --root-path /r bench_run_1 -c /x.conf", &o, error,
		     sizeof(error)), PARSE_OK, "cleanup RUNDIR, general options around it");
	ok(o.cleanup_dir && !strcmp(o.cleanup_dir, "bench_run_1") &&
	   !strcmp(o.fs, "a") && !strcmp(o.root_path, "/r") && !strcmp(o.conf, "/x.conf"),
	   "... the run directory and the options");
	parse("bench", &o, error, sizeof(error));
	ok(!o.cleanup_dir, "bench has no run directory to clean up");
}

int main(void)
{
	test_refusals();
	test_defaults();
	test_values();
	test_range_ends();
	test_root_paths();
	test_split();
	test_shared_file();
	test_cleanup();
	return done_testing();
}

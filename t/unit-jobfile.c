// SPDX-License-Identifier: GPL-2.0-only
/* Job files for option combinations, against t/data/jobfile-*.fio. */
#include "config.h"

#include "jobfile.h"
#include "options.h"
#include "tap.h"

#define MAX_ARGS 48

static const struct {
	const char *name;
	const char *line;
} cases[] = {
	{ "default", "bench" },
	{ "uneven-threads", "bench --threads 3 --files 10 --size 256K --block-size 64K" },
	{ "size0", "bench --threads 2 --files 5 --size 0" },
	{ "small-file", "bench --files 3 --size 4K" },
	{ "fsync-every", "bench --files 2 --size 1M --block-size 64K --fsync-every 200K" },
	{ "per-thread-mount", "bench --threads 2 --files 4 --per-thread-mount" },
	{ "async", "bench --threads 2 --files 4 --async-io --queue-depth 32" },
	/* Cycling through the files until the time is up: every phase but
	 * size 0's creates. */
	{ "duration", "bench --files 4 --duration 5" },
	{ "duration-no-verify", "bench --files 2 --duration 5 --no-verify" },
	{ "duration-size0", "bench --files 2 --size 0 --duration 5" },
	{ "mount-settings", "-c /etc/ceph/x.conf -i bench -k /etc/ceph/k --fs scratch "
	  "--uid 1000 --gid 1001 --client-oc 1 --client-oc-size 64M --msgr-workers 4 "
	  "--mount-timeout 10 bench --files 2 --root-path /pdonnell" },
	{ "no-verify-no-flush", "bench --files 2 --no-verify --no-final-flush" },
	{ "names-perf-dump", "bench --files 2 --prefix f_ --dir-prefix run_ "
	  "--perf-dump /tmp/perf.json" },
	{ "more-threads-than-files", "bench --threads 4 --files 2 --size 64K" },
	{ "short-last-block", "bench --files 2 --size 3M --block-size 2M" },
	{ "shared-file", "bench --threads 2 --size 256K --block-size 64K --shared-file" },
	{ "async-write-fsync-lazy", "bench --threads 2 --files 4 --async-io "
	  "--async-write-fsync --lazy-io" },
	/* fio's parser would cut at # and ;, expand ${HOME} and $filenum. */
	{ "escaped", "--conf /c#1 --id a;b --keyring /k$x --fs f%s bench --files 2 "
	  "--prefix p#;$filenum --dir-prefix r${HOME}_ --root-path /lim#x "
	  "--perf-dump out/pd#x" },
};

static enum parse_result try_line(const char *line, struct bench_options *o,
				  char *error, size_t len)
{
	char *argv[MAX_ARGS];
	int argc = split_command_line(line, argv, MAX_ARGS);

	options_init(o, "/usr/bin/fio", "/usr/lib/fio-cephfs/fio-cephfs.so");
	return options_parse(o, argc, argv, error, len);
}

static void parse_line(const char *line, struct bench_options *o)
{
	char error[256];

	if (try_line(line, o, error, sizeof(error)) != PARSE_OK) {
		printf("Bail out! %s: %s\n", line, error);
		exit(1);
	}
}

static char *render(const struct bench_options *o, const unsigned int *read_files)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	jobfile_write(f, o, "bench_run_abcd", 0, read_files, NULL, NULL, NULL);
	fclose(f);
	return text;
}

static void check(const char *name, const char *got)
{
	char file[128], *want;

	snprintf(file, sizeof(file), "jobfile-%s.fio", name);
	want = read_data(file, NULL);
	is_str(got, want, file);
	free(want);
}

static void test_cases(void)
{
	struct bench_options o;
	char *got;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		parse_line(cases[i].line, &o);
		got = render(&o, NULL);
		check(cases[i].name, got);
		free(got);
	}
}

/* After a time-capped write phase, read only the files it completed. */
static void test_read_completed(void)
{
	const unsigned int completed[] = { 2, 0, 1 };
	struct bench_options o;
	char *got;

	parse_line("bench --threads 3 --files 9 --size 64K --duration 2", &o);
	got = render(&o, completed);
	check("read-completed", got);
	free(got);
}

/* The job file of run directory bench_run_abcd for the options of
 * @line, with @rate_log and @mark (malloc'd). */
static char *job_text(const char *line, const char *rate_log, const char *mark)
{
	struct bench_options o;
	char *text = NULL;
	size_t len;
	FILE *f;

	parse_line(line, &o);
	f = open_memstream(&text, &len);
	jobfile_write(f, &o, "bench_run_abcd", 0, NULL, rate_log, NULL, mark);
	fclose(f);
	return text;
}

/* --plot: every job logs each I/O, where the tool reads it. */
static void test_rate_log(void)
{
	char *text = job_text("bench --files 2 --plot p.svg", "/tmp/x/rate", NULL);

	ok(strstr(text, "\nlog_unix_epoch=1\nwrite_bw_log=/tmp/x/rate\n") &&
	   !strstr(text, "log_avg_msec"),
	   "--plot: a bandwidth log of each I/O per job, on the realtime clock");
	free(text);
	text = job_text("bench --files 2 --size 0 --plot p.svg", "/tmp/x/rate", NULL);
	ok(strstr(text, "\nlog_unix_epoch=1\nwrite_lat_log=/tmp/x/rate\n") &&
	   !strstr(text, "write_bw_log"),
	   "--plot with size 0: the latency log the engines add each file's operation to");
	free(text);
}

/* The run's mark on the directory the write phase makes, escaped as
 * every string; the read phase makes nothing. */
static void test_mark(void)
{
	char *text = job_text("bench --files 2", NULL, "run/1 token=ab");

	ok(strstr(text, "\nrw=write\ncephfs_new_dir=1\ncephfs_new_dir_mark=run/1%20token%3Dab\n") != NULL,
	   "the write phase marks the run directory it makes");
	ok(!strstr(strstr(text, "[read]"), "cephfs_new_dir_mark"), "... the read phase makes none");
	free(text);
}

static void test_commands(void)
{
	const char *jobfile[] = { "/tmp/x/bench.fio" };
	struct bench_options o;
	struct fio_command cmd;

	parse_line("bench", &o);
	fio_command_init(&cmd, &o, PHASE_WRITE, jobfile, "/tmp/x/write.json");
	ok(!strcmp(cmd.argv[0], "/usr/bin/fio") &&
	   !strcmp(cmd.argv[1], "--section=write") &&
	   !strcmp(cmd.argv[2], "--output-format=json+") &&
	   !strcmp(cmd.argv[3], "--output=/tmp/x/write.json") &&
	   !strcmp(cmd.argv[4], "--eta=never") &&
	   !strcmp(cmd.argv[5], "/tmp/x/bench.fio") && !cmd.argv[6],
	   "write phase: fio --section=write, json+ to the output file");
	fio_command_free(&cmd);
	parse_line("bench --progress", &o);
	fio_command_init(&cmd, &o, PHASE_READ, (const char *[]){ "j.fio" },
			 "read.json");
	ok(!strcmp(cmd.argv[1], "--section=read") &&
	   !strcmp(cmd.argv[5], "--status-interval=1") &&
	   !strcmp(cmd.argv[6], "j.fio") && !cmd.argv[7],
	   "read phase with --progress: a status document a second");
	fio_command_free(&cmd);
}

/* One fio --client for every host, each with its own job file. */
static void test_client_command(void)
{
	const char *jobfiles[] = { "j.fio.a_8765", "j.fio.__1_8801" };
	struct bench_options o;
	struct fio_command cmd;
	char line[512] = "";
	int i;

	parse_line("bench --clients a,[::1]:8801", &o);
	fio_command_init(&cmd, &o, PHASE_READ, jobfiles, "read.json");
	for (i = 0; cmd.argv[i]; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), "%s%s",
			 i ? " " : "", cmd.argv[i]);
	/* No --eta=never: fio times a silent server out on its ETA requests. */
	is_str(line, "/usr/bin/fio --output-format=json+ --output=read.json "
	       "--client=ip:a,8765 j.fio.a_8765 --section=read "
	       "--client=ip6:::1,8801 j.fio.__1_8801 --section=read",
	       "clients: local options first, then each host, its job file and section");
	fio_command_free(&cmd);
	options_free(&o);
}

/*
 * Each number the job file carries from an option: the largest value that
 * fits where fio (or the engine) stores it, or the tool's own limit when
 * that is lower, is written byte for byte; the next is refused before the
 * run, naming the option and the value.
 */
static const struct {
	const char *fits;
	const char *line;	/* in the job file; NULL: no such case */
	const char *refused;
	const char *error;	/* how the refusal starts */
} number_limits[] = {
	/* fio's unsigned int: (2^32 - 1) blocks of 4096 bytes */
	{ "bench --size 1M --block-size 4K --fsync-every 17592186040320", "fsync=4294967295",
	  "bench --size 1M --block-size 4K --fsync-every 17592186040321",
	  "--fsync-every: invalid value '17592186040321' (fio's job file would have fsync=4294967296; at most 4294967295 fits)" },
	/* the issue's: 2^32 + 1 blocks, which fio would store as 1 */
	{ NULL, NULL,
	  "bench --size 1M --block-size 4K --fsync-every 17592186048512",
	  "--fsync-every: invalid value '17592186048512' (fio's job file would have fsync=4294967297;" },
	/* fio reads numbers with strtoll */
	{ "bench --no-verify --block-size 4K --size 9223372036854775807", "filesize=9223372036854775807",
	  "bench --no-verify --block-size 4K --size 9223372036854775808",
	  "--size: invalid value '9223372036854775808' (fio's job file would have filesize=9223372036854775808;" },
	{ "bench --no-verify --size 9223372036854775807 --block-size 9223372036854775807", "bs=9223372036854775807",
	  "bench --no-verify --size 18446744073709551615 --block-size 9223372036854775808",
	  "--block-size: invalid value '9223372036854775808'" },
	{ "bench --client-oc-size 9223372036854775807", "cephfs_client_oc_size=9223372036854775807",
	  "bench --client-oc-size 9223372036854775808",
	  "--client-oc-size: invalid value '9223372036854775808' (fio's job file would have cephfs_client_oc_size=" },
	{ "bench --client-readahead-max-bytes 2M", "cephfs_client_readahead_max_bytes=2097152",
	  "bench --client-readahead-max-bytes 9223372036854775808",
	  "--client-readahead-max-bytes: invalid value '9223372036854775808' (fio's job file would have cephfs_client_readahead_max_bytes=" },
	/* the engine's ranges, or the tool's lower ones */
	{ "bench --uid 2147483647", "cephfs_uid=2147483647",
	  "bench --uid 2147483648", "--uid: invalid value '2147483648'" },
	{ "bench --gid 2147483647", "cephfs_gid=2147483647",
	  "bench --gid 2147483648", "--gid: invalid value '2147483648'" },
	{ "bench --client-oc 1", "cephfs_client_oc=1",
	  "bench --client-oc 2", "--client-oc: invalid value '2'" },
	{ "bench --msgr-workers 24", "cephfs_msgr_workers=24",
	  "bench --msgr-workers 25", "--msgr-workers: invalid value '25'" },
	{ "bench --mount-timeout 86400", "cephfs_mount_timeout=86400",
	  "bench --mount-timeout 86401", "--mount-timeout: invalid value '86401'" },
	{ "bench --op-timeout 86400", "cephfs_op_timeout=86400",
	  "bench --op-timeout 86401", "--op-timeout: invalid value '86401'" },
	{ "bench --size 0 --files 10000000", "cephfs_entries=10000000",
	  "bench --size 0 --files 10000001", "--files: invalid value '10000001'" },
	{ "bench --async-io --queue-depth 1024", "iodepth=1024",
	  "bench --async-io --queue-depth 1025", "--queue-depth: invalid value '1025'" },
	{ "bench --duration 31536000", "runtime=31536000",
	  "bench --duration 31536001", "--duration: invalid value '31536001'" },
};

static void test_number_limits(void)
{
	char error[512], line[128], *text;
	struct bench_options o;
	size_t i;

	for (i = 0; i < sizeof(number_limits) / sizeof(number_limits[0]); i++) {
		if (number_limits[i].line) {
			snprintf(line, sizeof(line), "\n%s\n", number_limits[i].line);
			text = try_line(number_limits[i].fits, &o, error, sizeof(error)) == PARSE_OK ?
			       render(&o, NULL) : strdup(error);
			ok(strstr(text, line) != NULL, "%s: job file has %s",
			   number_limits[i].fits, number_limits[i].line);
			free(text);
		}
		ok(try_line(number_limits[i].refused, &o, error, sizeof(error)) == PARSE_ERROR &&
		   !strncmp(error, number_limits[i].error, strlen(number_limits[i].error)),
		   "%s: refused naming the option", number_limits[i].refused);
	}
}

/* --keep-job's names: PATH, PATH.fuse through ceph-fuse, .<host dir> per
 * client host. */
/* fio's commit 96a7e64c (3.37) lets a verified read run its time. */
static void test_verified_read_passes(void)
{
	static const struct {
		const char *version;
		bool once;
	} rows[] = {
		{ "3.33", true }, { "3.36", true }, { "3.37", false },
		{ "3.41", false }, { "3.42", false }, { "4.0", false },
		{ "2.99", true }, { "", false }, { "x", false },
	};
	char name[64];
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		snprintf(name, sizeof(name), "fio '%s' verifies a read once: %s",
			 rows[i].version, rows[i].once ? "yes" : "no");
		is_int(fio_verifies_reads_once(rows[i].version), rows[i].once,
		       name);
	}
}

static void test_kept_names(void)
{
	struct bench_options o;
	char path[64], *name;

	jobfile_client_path(VIA_LIBCEPHFS, "k.fio", path, sizeof(path));
	is_str(path, "k.fio", "libcephfs: the path as given");
	jobfile_client_path(VIA_FUSE, "k.fio", path, sizeof(path));
	is_str(path, "k.fio.fuse", "ceph-fuse: .fuse added");
	parse_line("bench", &o);
	name = jobfile_target_path(&o, "k.fio", 0);
	is_str(name, "k.fio", "no --clients: one job file, the path");
	free(name);
	options_free(&o);
	parse_line("bench --clients a,[::1]:8801", &o);
	name = jobfile_target_path(&o, "k.fio", 1);
	is_str(name, "k.fio.__1_8801", "--clients: the host's directory added");
	free(name);
	options_free(&o);
}

int main(void)
{
	test_cases();
	test_read_completed();
	test_rate_log();
	test_mark();
	test_commands();
	test_client_command();
	test_number_limits();
	test_kept_names();
	test_verified_read_passes();
	return done_testing();
}

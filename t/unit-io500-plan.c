// SPDX-License-Identifier: GPL-2.0-only
/*
 * IO500's phases as fio job files: each process's section acts on the
 * files IO500 gives it (its own, or for reads another's), at the offsets
 * and counts the stonewall and the wear-out leave, and the mdtest ones on
 * a directory of the engine's entries, one fio file per process.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "io500_plan.h"
#include "options.h"
#include "tap.h"

static char *plan_text(const struct bench_options *o,
		       const struct io500_step *s)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	if (io500_plan_write(f, o, "io500-x", s)) {
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	return text;
}

/* @lines, one after another, in the section of rank @rank. */
static int has_in_section(const char *text, unsigned int rank,
			  const char *lines)
{
	char head[32];
	const char *section, *next;
	size_t n = strlen(lines);

	snprintf(head, sizeof(head), "\n[" IO500_SECTION_PREFIX "%u]\n", rank);
	section = text ? strstr(text, head) : NULL;
	if (!section)
		return 0;
	section += strlen(head);
	next = strstr(section, "\n[");
	if (!next)
		next = section + strlen(section);
	return (size_t)(next - section) >= n && memmem(section, next - section,
						       lines, n) != NULL;
}

static void options(struct bench_options *o)
{
	char line[] = "bench --fs cephfs", *argv[8], error[256];
	int argc = split_command_line(line, argv, 8);

	options_init(o, "fio", "/x/fio-cephfs.so");
	options_parse(o, argc, argv, error, sizeof(error));
}

static void test_ior_easy(const struct bench_options *o)
{
	struct io500_job jobs[] = { { 0, 0, 0, 1000 }, { 1, 1, 0, 1000 } };
	struct io500_step s = { IO500_IOR_EASY, IO500_WRITE, 2 << 20, 2, 5,
				jobs, 2 };
	char *text = plan_text(o, &s);

	ok(text && strstr(text, "ioengine=external:/x/fio-cephfs.so\n") &&
	   strstr(text, "cephfs_fs=cephfs\n"), "ior-easy: the engine, mounting as the options say");
	ok(text && strstr(text, "\nruntime=5\n") && !strstr(text, "time_based"),
	   "the stonewall stops the write, which is not time_based");
	ok(has_in_section(text, 1, "filename=io500-x/ior-easy/ior_file_easy.1\nrw=write\nbs=2097152\noffset=0\nsize=2097152000\nio_size=2097152000\nfsync_on_close=1\n"),
	   "a file per process, 2 MiB transfers, fsync at close (IOR -e)");
	free(text);

	/* The wear-out: process 0 stopped at 40 transfers, 1 at 100. */
	jobs[0] = (struct io500_job){ 0, 0, 40, 60 };
	jobs[1].count = 0;
	s.runtime = 0;
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "offset=83886080\nsize=209715200\nio_size=125829120\n") &&
	   !has_in_section(text, 1, "rw="), "wear-out: the rest of the one behind, none for the one ahead");
	ok(text && !strstr(text, "runtime="), "... with no stonewall");
	free(text);

	/* The read: process 0 reads process 1's file. */
	s.access = IO500_READ;
	jobs[0] = (struct io500_job){ 0, 1, 0, 100 };
	jobs[1] = (struct io500_job){ 1, 0, 0, 100 };
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "filename=io500-x/ior-easy/ior_file_easy.1\nrw=read\n") &&
	   has_in_section(text, 0, "allow_file_create=0\n"),
	   "reads: a process reads the next one's file (IOR -C -Q 1)");
	free(text);
}

static void test_rnd4k(const struct bench_options *o)
{
	struct io500_job jobs[] = { { 0, 1, 0, 10000000 } };
	struct io500_step s = { IO500_IOR_EASY, IO500_READ_RANDOM, 2 << 20, 2, 3,
				jobs, 1, 8 << 20 };
	char *text = plan_text(o, &s);

	ok(has_in_section(text, 0, "filename=io500-x/ior-easy/ior_file_easy.1\nrw=randread\nbs=4096\nsize=8388608\nio_size=40960000000\nallow_file_create=0\n") &&
	   strstr(text, "\nruntime=3\n"),
	   "ior-rnd4K-easy-read: 4 KiB at random in the next process's file, IOR's -s 10000000, under the stonewall");
	free(text);
}

static void test_ior_hard(const struct bench_options *o)
{
	struct io500_job jobs[] = { { 0, 0, 0, 10 }, { 1, 1, 0, 10 },
				    { 2, 2, 0, 10 } };
	struct io500_step s = { IO500_IOR_HARD, IO500_WRITE, 0, 3, 3, jobs, 3 };
	char *text = plan_text(o, &s);

	/* Rank r's transfer k at (3k + r) * 47008; the last of rank 2 at
	 * (27 + 2) * 47008, ending at 30 * 47008. */
	ok(has_in_section(text, 2, "filename=io500-x/ior-hard/file\nrw=write:94016\nbs=47008\noffset=94016\nsize=1410240\nio_size=470080\n"),
	   "ior-hard: one file, 47008-byte transfers interleaved by process");
	free(text);
	jobs[0] = (struct io500_job){ 0, 0, 4, 6 };
	s.njobs = 1;
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "offset=564096\nsize=1316224\nio_size=282048\n"),
	   "wear-out: from the process's 5th transfer (12 * 47008) to its 10th");
	free(text);
	/* One process: no transfers of others to skip. */
	s.processes = 1;
	jobs[0] = (struct io500_job){ 0, 0, 0, 10 };
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "rw=write\nbs=47008\noffset=0\nsize=470080\n"),
	   "one process: no hole after each transfer");
	free(text);
}

static void test_mdtest(const struct bench_options *o)
{
	struct io500_job jobs[] = { { 0, 0, 0, 1000 }, { 1, 1, 0, 1000 } };
	struct io500_step s = { IO500_MDTEST_EASY, IO500_WRITE, 0, 2, 3, jobs, 2 };
	char *text = plan_text(o, &s);

	ok(has_in_section(text, 1, "filename=io500-x/mdtest-easy/1\nrw=write\nbs=4096\ncephfs_op=create\ncephfs_entries=1000\ncephfs_entry_format=file.mdtest.1.$entry\noffset=0\nsize=4096000\ncephfs_new_dir=1\n"),
	   "mdtest-easy: a directory of entries per process, made by its first create");
	ok(text && !strstr(text, "nrfiles") && !strstr(text, "cephfs_create_bytes"),
	   "... one fio file a process, the files empty");
	free(text);
	jobs[0] = (struct io500_job){ 0, 0, 300, 700 };
	s.njobs = 1;
	s.runtime = 0;
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "cephfs_entries=1000\ncephfs_entry_format=file.mdtest.0.$entry\noffset=1228800\nsize=2867200\n") &&
	   !strstr(text, "cephfs_new_dir"), "wear-out: entries 300 to 999, in the directory made");
	free(text);
	s.access = IO500_STAT;
	jobs[0] = (struct io500_job){ 0, 1, 0, 1000 };
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "filename=io500-x/mdtest-easy/1\nrw=read\nbs=4096\ncephfs_op=stat\ncephfs_entries=1000\ncephfs_entry_format=file.mdtest.1.$entry\n"),
	   "stat: of the next process's entries (mdtest -N 1)");
	free(text);

	s.workload = IO500_MDTEST_HARD;
	s.access = IO500_WRITE;
	jobs[0] = (struct io500_job){ 0, 0, 0, 50 };
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "filename=io500-x/mdtest-hard\nrw=write\nbs=3901\ncephfs_op=create\ncephfs_entries=50\ncephfs_entry_format=file.mdtest.0.$entry\noffset=0\nsize=195050\ncephfs_create_bytes=3901\n") &&
	   !strstr(text, "cephfs_new_dir"),
	   "mdtest-hard: 3901-byte files in the one shared directory, made before");
	free(text);
	s.access = IO500_READ;
	jobs[0] = (struct io500_job){ 0, 1, 0, 50 };
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "rw=read\nbs=3901\ncephfs_op=readfile\n"),
	   "mdtest-hard-read: each file's 3901 bytes (mdtest -E -e 3901)");
	free(text);
	s.access = IO500_DELETE;
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "rw=write\nbs=3901\ncephfs_op=unlink\n"),
	   "delete: an unlink per entry");
	free(text);
}

/* --bind-to-core: rank k on the k-th allowed CPU, round robin. */
static void test_bound(const struct bench_options *o)
{
	struct io500_job jobs[] = { { 0, 1, 0, 10 }, { 1, 2, 0, 10 },
				    { 2, 0, 0, 10 } };
	struct io500_step s = { IO500_MDTEST_EASY, IO500_STAT, 0, 3, 0, jobs, 3 };
	const unsigned int cpus[] = { 3, 5 };
	char *text = plan_text(o, &s);

	ok(text && !strstr(text, "cpus_allowed"), "unbound: no cpus_allowed");
	free(text);
	s.cpus = cpus;
	s.ncpus = 2;
	text = plan_text(o, &s);
	ok(has_in_section(text, 0, "filename=io500-x/mdtest-easy/1\ncpus_allowed=3\n") &&
	   has_in_section(text, 1, "cpus_allowed=5\n") &&
	   has_in_section(text, 2, "cpus_allowed=3\n"),
	   "bound: rank k on CPU k of the allowed ones, from the first again past the last");
	ok(text && !strstr(text, "cpus_allowed_policy"),
	   "... each job given its one CPU, whatever fio's job numbers");
	free(text);
}

int main(void)
{
	struct bench_options o;

	options(&o);
	test_ior_easy(&o);
	test_ior_hard(&o);
	test_rnd4k(&o);
	test_mdtest(&o);
	test_bound(&o);
	options_free(&o);
	return done_testing();
}

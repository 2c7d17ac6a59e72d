// SPDX-License-Identifier: GPL-2.0-only
/*
 * The run plan: which names a run makes in each directory, and the mark it
 * leaves on them, read back to exactly the plan it came from; anything
 * else read as a mark is refused.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "options.h"
#include "runplan.h"
#include "tap.h"

static int parse(struct bench_options *o, const char *args)
{
	char line[512], *argv[32], error[512];
	int argc;

	snprintf(line, sizeof(line), "bench %s", args);
	argc = split_command_line(line, argv, 32);
	options_init(o, "fio", "/x/fio-cephfs.so");
	return options_parse(o, argc, argv, error, sizeof(error));
}

static void test_names(void)
{
	static const char *const of_plan[] = {
		"p_0_0", "p_0_2", "p_1_0", "p_1_1",
	};
	static const char *const not_of_plan[] = {
		"p_0_3", "p_1_2", "p_2_0", "p_0_", "p__0", "p_00_1", "p_0_01",
		"p_0_1x", "p_0_1/", "q_0_0", "p_0", "p_", "", "p_-0_0", "p_+0_0",
		"p_0_99999999999999999999999",
	};
	struct bench_options o;
	struct run_plan p;
	size_t i;

	parse(&o, "--files 5 --threads 2 --prefix p_");
	is_int(run_plan_of(&p, &o), 0, "a plan of 5 files over 2 threads");
	is_int(strlen(p.token), RUN_TOKEN_LEN, "... with a token of 16 hex digits");
	for (i = 0; i < sizeof(of_plan) / sizeof(of_plan[0]); i++)
		ok(run_plan_has(&p, 0, of_plan[i]), "%s is the run's (thread 0 one more)",
		   of_plan[i]);
	for (i = 0; i < sizeof(not_of_plan) / sizeof(not_of_plan[0]); i++)
		ok(!run_plan_has(&p, 0, not_of_plan[i]), "'%s' is not", not_of_plan[i]);
	run_plan_free(&p);
	options_free(&o);

	parse(&o, "--shared-file --threads 3 --size 12K --block-size 4K");
	run_plan_of(&p, &o);
	ok(run_plan_has(&p, 0, "benchmark_0_0") && !run_plan_has(&p, 0, "benchmark_1_0") &&
	   !run_plan_has(&p, 0, "benchmark_0_1"), "--shared-file: thread 0's one file alone");
	run_plan_free(&p);
	options_free(&o);

	parse(&o, "--files 100000 --threads 7 --prefix p1");
	run_plan_of(&p, &o);
	ok(run_plan_has(&p, 0, "p10_14285") && !run_plan_has(&p, 0, "p10_14286") &&
	   run_plan_has(&p, 0, "p16_14284") && !run_plan_has(&p, 0, "p16_14285") &&
	   !run_plan_has(&p, 0, "p17_0"),
	   "100,000 over 7: 14,286 each for threads 0-4, 14,285 for 5-6; a digit ending the prefix");
	run_plan_free(&p);
	options_free(&o);

	/* --files is the total over the hosts: 5 over 2 hosts x 2 threads. */
	parse(&o, "--clients a,b --files 5 --threads 2 --prefix p_");
	run_plan_of(&p, &o);
	ok(run_plan_has(&p, 0, "p_0_1") && !run_plan_has(&p, 0, "p_0_2") &&
	   run_plan_has(&p, 0, "p_1_0") && !run_plan_has(&p, 0, "p_1_1") &&
	   run_plan_has(&p, 1, "p_0_0") && !run_plan_has(&p, 1, "p_0_1") &&
	   run_plan_has(&p, 1, "p_1_0") && !run_plan_has(&p, 1, "p_1_1"),
	   "--clients: each host's share of the total, host 0's first thread one more");
	run_plan_free(&p);
	options_free(&o);
}

static void test_round_trip(void)
{
	struct bench_options o;
	struct run_plan p, back;
	char *mark, *host_mark, *again;
	const unsigned char *c;
	bool printable = true;

	parse(&o, "--files 7 --threads 3 --clients h1,h2:8000");
	/* A prefix of any bytes but '/' (options_parse takes no 0xff here). */
	o.prefix = "\xff a;b#";
	run_plan_of(&p, &o);
	mark = run_plan_mark(&p, true);
	host_mark = run_plan_mark(&p, false);
	for (c = (const unsigned char *)mark; *c; c++)
		printable &= *c >= 0x20 && *c < 0x7f;
	ok(printable, "the mark is printable ASCII: %s", mark);
	is_int(run_plan_parse(&back, mark, strlen(mark)), 0, "... and read back");
	is_str(back.token, p.token, "... the token");
	is_str(back.prefix, "\xff a;b#", "... the prefix, byte for byte");
	ok(back.files == 7 && back.threads == 3 && !back.shared_file &&
	   run_plan_has(&back, 0, "\xff a;b#0_1") && !run_plan_has(&back, 0, "\xff a;b#0_2") &&
	   !run_plan_has(&back, 1, "\xff a;b#0_1") && run_plan_has(&back, 1, "\xff a;b#2_0"),
	   "... files, threads, no shared file: the same names, 7 over 2 hosts x 3 threads");
	ok(back.nr_hosts == 2 && !strcmp(back.hosts[0], o.clients.hosts[0].dir) &&
	   !strcmp(back.hosts[1], o.clients.hosts[1].dir), "... the host directories");
	again = run_plan_mark(&back, true);
	is_str(again, mark, "... written again, the same mark");
	free(again);
	again = run_plan_mark(&back, false);
	is_str(again, host_mark, "... and the same host directory mark");
	ok(!strstr(host_mark, "hosts=6"), "a host directory's mark names no hosts: %s",
	   host_mark);
	free(again);
	free(mark);
	free(host_mark);
	run_plan_free(&back);
	run_plan_free(&p);
	options_free(&o);
}

#define T "token=0123456789abcdef"

static void test_refused(void)
{
	static const char *const marks[] = {
		"",
		"garbage",
		"cephfs-tool-run/2 " T " threads=1 files=1 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 token=0123 threads=1 files=1 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 token=0123456789abcdefa threads=1 files=1 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 " T " threads=0 files=1 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 " T " threads=1025 files=1 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=0 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=10000001 shared=0 prefix= hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=2 prefix= hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=6 hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=612f hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=6100 hosts=",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=2e2e",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=2e",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=61,",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=,61",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=61 x",
		"cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=6A",
	};
	static const char nul[] = "cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix=61 hosts=\0";
	static const char no_prefix[] = "cephfs-tool-run/1 " T " threads=1 files=1 shared=0 prefix= hosts=";
	struct run_plan p;
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		is_int(run_plan_parse(&p, marks[i], strlen(marks[i])), -EINVAL, marks[i]);
	is_int(run_plan_parse(&p, nul, sizeof(nul) - 1), -EINVAL, "a mark with a NUL in it");
	ok(!run_plan_parse(&p, no_prefix, strlen(no_prefix)), "an empty prefix is a plan");
	run_plan_free(&p);
}

int main(void)
{
	test_names();
	test_round_trip();
	test_refused();
	return done_testing();
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * IO500's figures, scores and INVALID rules (tool/4-reduce/io500_score.c)
 * on fixed inputs, each expected value worked out by hand from IO500/io500
 * 02091cf's code.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io500_options.h"
#include "io500_score.h"
#include "tap.h"

#define GIB (1ULL << 30)

/* A run every rule takes: each write phase ran the whole stonewall. */
static const struct io500_phase_result valid_run[IO500_PHASES] = {
	[IO500_IOR_EASY_WRITE] = { .ran = true, .seconds = 300, .amount = 600 * GIB, .stonewall_hit = true },
	[IO500_MDTEST_EASY_WRITE] = { .ran = true, .seconds = 300, .amount = 3000000, .stonewall_hit = true },
	[IO500_IOR_HARD_WRITE] = { .ran = true, .seconds = 300, .amount = 150 * GIB, .stonewall_hit = true },
	[IO500_MDTEST_HARD_WRITE] = { .ran = true, .seconds = 300, .amount = 300000, .stonewall_hit = true },
	[IO500_FIND] = { .ran = true, .seconds = 40, .amount = 4000000, .matched = 33000 },
	[IO500_IOR_EASY_READ] = { .ran = true, .seconds = 100, .amount = 400 * GIB },
	[IO500_MDTEST_EASY_STAT] = { .ran = true, .seconds = 10, .amount = 1000000 },
	[IO500_IOR_HARD_READ] = { .ran = true, .seconds = 200, .amount = 100 * GIB },
	[IO500_MDTEST_HARD_STAT] = { .ran = true, .seconds = 10, .amount = 100000 },
	[IO500_MDTEST_EASY_DELETE] = { .ran = true, .seconds = 100, .amount = 1000000 },
	[IO500_MDTEST_HARD_READ] = { .ran = true, .seconds = 100, .amount = 100000 },
	[IO500_MDTEST_HARD_DELETE] = { .ran = true, .seconds = 10, .amount = 100000 },
};

static void score_run(struct io500_score *s, unsigned int stonewall,
		      const struct io500_phase_result *r, unsigned int phases)
{
	unsigned int p;

	io500_score_init(s, stonewall);
	for (p = 0; p < phases; p++)
		io500_score_add(s, (enum io500_phase)p, &r[p]);
	io500_score_finish(s);
}

/* IO500 prints the scores with "%f": compare them as it shows them. */
static void is_printed(double got, const char *want, const char *name)
{
	char text[64];

	snprintf(text, sizeof(text), "%f", got);
	is_str(text, want, name);
}

static bool has_reason(const struct io500_score *s, const char *reason)
{
	unsigned int i;

	for (i = 0; i < s->nr_reasons; i++)
		if (!strcmp(s->reasons[i], reason))
			return true;
	return false;
}

static void reasons_are(const struct io500_score *s, const char *const *want,
			const char *name)
{
	unsigned int n = 0;

	while (want[n])
		n++;
	ok(!s->valid, "%s: INVALID", name);
	is_int(s->nr_reasons, n, "... with as many reasons as expected");
	for (n = 0; want[n]; n++)
		if (!ok(has_reason(s, want[n]), "... %s", want[n]))
			printf("# first reason: %s\n", s->nr_reasons ? s->reasons[0] : "");
}

static void phase_order(void)
{
	static const char *const io500_order[] = {
		"ior-easy-write", "mdtest-easy-write", "ior-hard-write",
		"mdtest-hard-write", "find", "ior-easy-read", "mdtest-easy-stat",
		"ior-hard-read", "mdtest-hard-stat", "mdtest-easy-delete",
		"mdtest-hard-read", "mdtest-hard-delete", "ior-rnd4K-easy-read",
	};
	unsigned int p;
	bool same = true;

	for (p = 0; p < IO500_PHASES; p++)
		same &= !strcmp(io500_phase_infos[p].name, io500_order[p]);
	ok(same, "the phases in IO500's order (src/phase-definitions.h), under its names");
	is_int(io500_phase_named("MDTEST-hard-read"), IO500_MDTEST_HARD_READ,
	       "a phase by its name, any case (as IO500's ini sections)");
	is_int(io500_phase_named("find-easy"), IO500_PHASES, "... none for another");
	is_int(io500_phase_infos[IO500_IOR_RND4K_EASY_READ].group, IO500_NO_SCORE,
	       "ior-rnd4K-easy-read is unscored (its group IO500_NO_SCORE)");
}

static void figures(void)
{
	struct io500_score s;

	score_run(&s, 300, valid_run, IO500_PHASES - 1);
	/*
	 * phase_ior.c: aggFileSizeForBW / time / GIBIBYTE:
	 * 600 GiB / 300 s = 2 GiB/s.  phase_mdtest.c: mdtest's rate (items
	 * / time) / 1000: 3,000,000 / 300 s / 1000 = 10 kIOPS.
	 * phase_find.c: pfind's total_files / runtime / 1000: 4,000,000 /
	 * 40 s / 1000 = 100 kIOPS.
	 */
	is_printed(s.figure[IO500_IOR_EASY_WRITE], "2.000000", "ior-easy-write: bytes / s / 2^30");
	is_printed(s.figure[IO500_MDTEST_EASY_WRITE], "10.000000", "mdtest-easy-write: items / s / 1000");
	is_printed(s.figure[IO500_FIND], "100.000000", "find: entries checked / s / 1000, not the matches");
	/*
	 * calc_score: BW = (2 * 0.5 * 4 * 0.5)^(1/4) = 2^(1/4) = 1.189207;
	 * MD = (10 * 1 * 100 * 100 * 10 * 10 * 1 * 10)^(1/8)
	 *    = (10^8)^(1/8) = 10;
	 * TOTAL = sqrt(BW * MD) = sqrt(11.892071) = 3.448488.
	 */
	is_printed(s.bw, "1.189207", "BW: geometric mean of the four ior phases");
	is_printed(s.md, "10.000000", "MD: geometric mean of the seven mdtest phases and find");
	is_printed(s.total, "3.448488", "TOTAL: sqrt(BW x MD)");
	ok(s.valid && !s.nr_reasons, "a run by the rules is valid, no reason given");
	if (s.nr_reasons)
		printf("# %s\n", s.reasons[0]);
}

static void zero_phase(void)
{
	struct io500_phase_result r[IO500_PHASES];
	struct io500_score s;

	/*
	 * calc_score leaves a phase whose score is 0 out of the product and
	 * of the root: without mdtest-hard-read (1 kIOPS) the other seven
	 * multiply to 10^8 still, and MD = (10^8)^(1/7) = 13.894955, above
	 * the 10 with it; TOTAL = sqrt(1.189207 x 13.894955) = 4.064970.
	 * main.c marks the phase INVALID: "Resulting score shouldn't be 0.0".
	 */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_MDTEST_HARD_READ].amount = 0;
	score_run(&s, 300, r, IO500_PHASES - 1);
	is_printed(s.md, "13.894955", "a phase at 0 is left out of MD's geometric mean");
	is_printed(s.total, "4.064970", "... and TOTAL follows");
	ok(!s.phase_valid[IO500_MDTEST_HARD_READ], "... the phase is INVALID");
	reasons_are(&s, (const char *const[]){
		"mdtest-hard-read: the resulting score is 0", NULL },
		"a phase at 0");

	/* No ior phase above 0: numbers == 0, BW = 0, TOTAL = sqrt(0) = 0. */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_IOR_EASY_WRITE].ran = r[IO500_IOR_HARD_WRITE].ran = false;
	r[IO500_IOR_EASY_READ].ran = r[IO500_IOR_HARD_READ].ran = false;
	score_run(&s, 300, r, IO500_PHASES - 1);
	is_printed(s.bw, "0.000000", "a group without a phase above 0 scores 0");
	is_printed(s.md, "10.000000", "... the other group as before");
	is_printed(s.total, "0.000000", "... TOTAL 0");
	reasons_are(&s, (const char *const[]){
		"ior-easy-write: did not run", "ior-hard-write: did not run",
		"ior-easy-read: did not run", "ior-hard-read: did not run", NULL },
		"four phases not run");
}

static void invalid_runs(void)
{
	struct io500_phase_result r[IO500_PHASES];
	struct io500_score s;

	/* phase_dbg.c: "stonewall-time %us != %us". */
	score_run(&s, 299, valid_run, IO500_PHASES - 1);
	reasons_are(&s, (const char *const[]){ "stonewall-time 299s != 300s", NULL },
		    "a stonewall other than IO500's 300 s");

	/*
	 * phase_ior.c: "Write phase needed %fs instead of stonewall %ds";
	 * main.c: a write phase below the stonewall.  The phase did all its
	 * n in 200 s: the stonewall never stopped it.
	 */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_IOR_EASY_WRITE].seconds = 200;
	r[IO500_IOR_EASY_WRITE].stonewall_hit = false;
	score_run(&s, 300, r, IO500_PHASES - 1);
	reasons_are(&s, (const char *const[]){
		"ior-easy-write: the write phase needed 200.000s instead of the stonewall's 300s",
		NULL }, "a write phase shorter than the stonewall");
	ok(!s.phase_valid[IO500_IOR_EASY_WRITE] && s.phase_valid[IO500_IOR_HARD_WRITE],
	   "... that phase alone is INVALID");
	is_printed(s.figure[IO500_IOR_EASY_WRITE], "3.000000",
		   "... its figure still counted: 600 GiB / 200 s");

	/* A short stonewall: the phase passed it, but not IO500's minimum
	 * (main.c: "Runtime is smaller than expected minimum runtime"). */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_MDTEST_HARD_WRITE].seconds = 12.5;
	score_run(&s, 10, r, IO500_PHASES - 1);
	reasons_are(&s, (const char *const[]){
		"stonewall-time 10s != 300s",
		"mdtest-hard-write: runtime 12.500s is smaller than the expected minimum of 300s",
		NULL }, "stonewall 10 s, a write phase of 12.5 s");

	/* phase_ior.c, an error: "Errors (%d) occured during phase". */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_MDTEST_EASY_STAT].error = "ceph_ll_lookup: No such file or directory";
	score_run(&s, 300, r, IO500_PHASES - 1);
	reasons_are(&s, (const char *const[]){
		"mdtest-easy-stat: errors occurred during the phase: ceph_ll_lookup: No such file or directory",
		NULL }, "an error in a phase");

	/* phase_find.c: "Find didn't find anything". */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_FIND].matched = 0;
	score_run(&s, 300, r, IO500_PHASES - 1);
	reasons_are(&s, (const char *const[]){ "find: found nothing", NULL },
		    "find matching nothing");
	is_printed(s.figure[IO500_FIND], "100.000000", "... its rate still what it checked");

	/* A run stopped after find: the phases never added. */
	score_run(&s, 300, valid_run, IO500_FIND + 1);
	ok(!s.valid && s.nr_reasons == IO500_MDTEST_HARD_DELETE - IO500_FIND,
	   "a run stopped after find: INVALID, each scored phase after it a reason");
	ok(has_reason(&s, "mdtest-hard-delete: did not run"), "... mdtest-hard-delete: did not run");

	/*
	 * ior-rnd4K-easy-read: IO500 runs it outside the extended mode's
	 * optional phases (no IO500_PHASE_FLAG_OPTIONAL), so a failed one
	 * makes the run INVALID; not run, it is no reason.
	 */
	memcpy(r, valid_run, sizeof(r));
	r[IO500_IOR_RND4K_EASY_READ] = (struct io500_phase_result){
		.ran = true, .seconds = 300, .amount = 3 * GIB,
		.error = "short read" };
	score_run(&s, 300, r, IO500_PHASES);
	reasons_are(&s, (const char *const[]){
		"ior-rnd4K-easy-read: errors occurred during the phase: short read", NULL },
		"a failed ior-rnd4K-easy-read");
	is_printed(s.figure[IO500_IOR_RND4K_EASY_READ], "0.010000", "... its figure 3 GiB / 300 s");
	is_printed(s.total, "3.448488", "... and no score of its own");
}

int main(void)
{
	phase_order();
	figures();
	zero_phase();
	invalid_runs();
	return done_testing();
}

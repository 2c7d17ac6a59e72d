// SPDX-License-Identifier: GPL-2.0-only
/*
 * IO500's arithmetic and rules, from IO500/io500 (02091cf): each phase's
 * figure (phase_ior.c, phase_mdtest.c, phase_find.c), the scores
 * (main.c's calc_score) and the checks that mark a phase or the run
 * INVALID (main.c, phase_ior.c, phase_dbg.c, phase_find.c).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "io500_options.h"
#include "io500_score.h"

const struct io500_phase_info io500_phase_infos[IO500_PHASES] = {
	[IO500_IOR_EASY_WRITE] = { "ior-easy-write", IO500_SCORE_BW, true, true },
	[IO500_MDTEST_EASY_WRITE] = { "mdtest-easy-write", IO500_SCORE_MD, true, false },
	[IO500_IOR_HARD_WRITE] = { "ior-hard-write", IO500_SCORE_BW, true, true },
	[IO500_MDTEST_HARD_WRITE] = { "mdtest-hard-write", IO500_SCORE_MD, true, false },
	[IO500_FIND] = { "find", IO500_SCORE_MD, false, false },
	[IO500_IOR_EASY_READ] = { "ior-easy-read", IO500_SCORE_BW, false, true },
	[IO500_MDTEST_EASY_STAT] = { "mdtest-easy-stat", IO500_SCORE_MD, false, false },
	[IO500_IOR_HARD_READ] = { "ior-hard-read", IO500_SCORE_BW, false, true },
	[IO500_MDTEST_HARD_STAT] = { "mdtest-hard-stat", IO500_SCORE_MD, false, false },
	[IO500_MDTEST_EASY_DELETE] = { "mdtest-easy-delete", IO500_SCORE_MD, false, false },
	[IO500_MDTEST_HARD_READ] = { "mdtest-hard-read", IO500_SCORE_MD, false, false },
	[IO500_MDTEST_HARD_DELETE] = { "mdtest-hard-delete", IO500_SCORE_MD, false, false },
	/* Unscored, and run only when asked (IO500 runs it always). */
	[IO500_IOR_RND4K_EASY_READ] = { "ior-rnd4K-easy-read", IO500_NO_SCORE, false, true },
};

/* IO500's GIBIBYTE (ior.h) and its "k" of kIOPS. */
#define GIB ((double)(1ULL << 30))
#define KILO 1000.0

enum io500_phase io500_phase_named(const char *name)
{
	unsigned int p;

	for (p = 0; p < IO500_PHASES; p++)
		if (!strcasecmp(io500_phase_infos[p].name, name))
			break;
	return (enum io500_phase)p;
}

/*
 * ior: aggFileSizeForBW / time / GIBIBYTE; mdtest: its rate (items over
 * the phase's time) / 1000; find: pfind's total_files / runtime / 1000.
 */
double io500_phase_figure(enum io500_phase p,
			  const struct io500_phase_result *r)
{
	if (!r->ran || !(r->seconds > 0))
		return 0;
	return (double)r->amount / r->seconds /
	       (io500_phase_infos[p].bytes ? GIB : KILO);
}

static __attribute__((format(printf, 2, 3)))
void add_reason(struct io500_score *s, const char *fmt, ...)
{
	va_list ap;

	if (s->nr_reasons == IO500_REASONS_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(s->reasons[s->nr_reasons++], IO500_REASON_LEN, fmt, ap);
	va_end(ap);
	s->valid = false;
}

void io500_score_init(struct io500_score *s, unsigned int stonewall_time)
{
	memset(s, 0, sizeof(*s));
	s->stonewall_time = stonewall_time;
	s->valid = true;
	/* phase_dbg.c's validate; IO500 then fails every write phase
	 * shorter than the rule's minimum, here the run says why at once. */
	if (stonewall_time != IO500_STONEWALL_RULE)
		add_reason(s, "stonewall-time %us != %us", stonewall_time,
			   IO500_STONEWALL_RULE);
}

/* The checks of a phase that ran, in the order IO500 makes them. */
static void check_phase(struct io500_score *s, enum io500_phase p,
			const struct io500_phase_result *r)
{
	const struct io500_phase_info *info = &io500_phase_infos[p];

	if (r->error)
		add_reason(s, "%s: errors occurred during the phase: %s",
			   info->name, r->error);
	if (p == IO500_FIND && !r->matched)
		add_reason(s, "%s: found nothing", info->name);
	if (info->write && r->seconds < s->stonewall_time)
		add_reason(s, "%s: the write phase needed %.3fs instead of the stonewall's %us",
			   info->name, r->seconds, s->stonewall_time);
	else if (s->figure[p] == 0)
		add_reason(s, "%s: the resulting score is 0", info->name);
	if (info->write && r->seconds >= s->stonewall_time &&
	    r->seconds < IO500_STONEWALL_RULE)
		add_reason(s, "%s: runtime %.3fs is smaller than the expected minimum of %us",
			   info->name, r->seconds, IO500_STONEWALL_RULE);
}

double io500_score_add(struct io500_score *s, enum io500_phase p,
		       const struct io500_phase_result *r)
{
	unsigned int before = s->nr_reasons;

	s->added[p] = true;
	s->figure[p] = io500_phase_figure(p, r);
	if (r->ran)
		check_phase(s, p, r);
	else
		add_reason(s, "%s: did not run", io500_phase_infos[p].name);
	s->phase_valid[p] = s->nr_reasons == before;
	return s->figure[p];
}

/*
 * calc_score: a group's geometric mean over its phases whose figure is
 * above 0 (a phase at 0 is left out, not multiplied in), 0 when none
 * is; TOTAL the square root of the product of the groups' means.
 */
static double group_mean(const struct io500_score *s, enum io500_group g)
{
	double product = 1;
	unsigned int p, numbers = 0;

	for (p = 0; p < IO500_PHASES; p++) {
		if (io500_phase_infos[p].group != g || !(s->figure[p] > 0))
			continue;
		product *= s->figure[p];
		numbers++;
	}
	return numbers ? pow(product, 1.0 / numbers) : 0;
}

void io500_score_finish(struct io500_score *s)
{
	unsigned int p;

	for (p = 0; p < IO500_PHASES; p++)
		if (!s->added[p] && io500_phase_infos[p].group != IO500_NO_SCORE)
			add_reason(s, "%s: did not run", io500_phase_infos[p].name);
	s->md = group_mean(s, IO500_SCORE_MD);
	s->bw = group_mean(s, IO500_SCORE_BW);
	s->total = sqrt(s->md * s->bw);
}

// SPDX-License-Identifier: GPL-2.0-only
/* Summary statistics: the population standard deviation of the runs. */
#include "config.h"

#include <math.h>

#include "stats.h"
#include "tap.h"

/* Printed as the report prints them: six significant digits. */
static int is_g(double got, const char *want, const char *name)
{
	char text[64];

	snprintf(text, sizeof(text), "%g", got);
	return is_str(text, want, name);
}

/*
 * The documented figures were computed from unrounded runs: agree to
 * within the rounding of the six printed digits.
 */
static int is_near(double got, double want, const char *name)
{
	if (ok(fabs(got - want) <= fabs(want) * 5e-4, "%s", name))
		return 1;
	printf("# got %g, expected %g\n", got, want);
	return 0;
}

int main(void)
{
	/* The documented example's runs (the third of each derived from the
	 * printed mean, min and max). */
	const double writes[] = { 2761.97, 2698.51, 2720.70 };
	const double creates[] = { 21.5779, 21.0821, 21.2553 };
	const double opens[] = { 20.9716, 20.9544, 21.0561 };
	const double one[] = { 42.5 };
	const double same[] = { 0.1, 0.1, 0.1 };
	struct summary s;

	s = summarize(writes, 3);
	is_int((long long)s.runs, 3, "three runs");
	is_g(s.mean, "2727.06", "documented mean");
	is_near(s.stddev, 26.2954, "documented std dev: population, not sample (32.2)");
	is_g(s.min, "2698.51", "documented min");
	is_g(s.max, "2761.97", "documented max");

	s = summarize(creates, 3);
	is_g(s.mean, "21.3051", "documented file creates mean");
	is_near(s.stddev, 0.205433, "documented file creates std dev");
	s = summarize(opens, 3);
	is_g(s.mean, "20.994", "documented file reads mean");
	is_near(s.stddev, 0.0444456, "documented file reads std dev");

	s = summarize(one, 1);
	is_g(s.stddev, "0", "one run: std dev 0, not nan");
	is_g(s.mean, "42.5", "one run: mean is the run");

	s = summarize(same, 3);
	ok(s.stddev == 0, "identical runs: std dev exactly 0 (got %g)", s.stddev);
	ok(s.mean == 0.1, "identical runs: mean exactly the run");

	s = summarize(NULL, 0);
	ok(s.runs == 0 && s.mean == 0 && !isnan(s.stddev), "no runs: zeros, no nan");
	return done_testing();
}

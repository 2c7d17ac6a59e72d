// SPDX-License-Identifier: GPL-2.0-only
/*
 * Welch's t-test and cephfs-tool compare's pure parts, without a cluster.
 * Reports are t/data/compare-*.json, real `cephfs-tool bench --json` runs
 * on a sandbox cluster (3 iterations, 8 files, --threads 2 but
 * compare-threads1.json's 1; compare-mds-*.json 2 iterations of 8 files
 * of size 0 with --mds-stats), and t/data/report-failed.json (a failed
 * read phase).
 */
#include "config.h"

#include <math.h>

#include "compare.h"
#include "tap.h"
#include "welch.h"

static int is_close(double got, double want, double tolerance,
		    const char *name)
{
	if (ok(fabs(got - want) <= tolerance, "%s", name))
		return 1;
	printf("# got %.10g, expected %.10g (within %g)\n", got, want, tolerance);
	return 0;
}

static void test_incomplete_beta(void)
{
	/* Closed forms: I_x(1,1) = x, I_x(a,1) = x^a, I_1/2(a,a) = 1/2. */
	is_close(incomplete_beta(1, 1, 0.3), 0.3, 1e-12, "I_0.3(1,1) = 0.3");
	is_close(incomplete_beta(3, 1, 0.5), 0.125, 1e-12, "I_0.5(3,1) = 0.5^3");
	is_close(incomplete_beta(7.5, 7.5, 0.5), 0.5, 1e-12, "I_0.5(a,a) = 1/2");
	is_close(incomplete_beta(2, 3, 0.9), 1 - incomplete_beta(3, 2, 0.1),
		 1e-12, "I_x(a,b) = 1 - I_1-x(b,a)");
	ok(isnan(incomplete_beta(0, 1, 0.5)), "I_x(0, b) is NaN");
	ok(isnan(incomplete_beta(1, 1, 1.5)), "I_1.5 is NaN");
}

static void test_student_t(void)
{
	/* df 1 is Cauchy: P(|T| >= 1) = 1 - (2/pi) atan(1) = 1/2. */
	is_close(student_t_two_sided(1, 1), 0.5, 1e-12, "df 1, t 1: 0.5");
	/* df 2: P(|T| >= t) = 1 - t / sqrt(2 + t^2), at t 2 1 - 2/sqrt(6). */
	is_close(student_t_two_sided(2, 2), 1 - 2 / sqrt(6), 1e-12,
		 "df 2, t 2: 1 - 2/sqrt(6)");
	is_close(student_t_two_sided(-2, 2), 1 - 2 / sqrt(6), 1e-12,
		 "the sign of t does not matter");
	/*
	 * Two-sided critical values of Student's t table (e.g. NIST/SEMATECH
	 * e-Handbook 1.3.6.7.2), rounded to 3 decimals there, hence the
	 * tolerance; mpmath.betainc gives 0.0500008, 0.0499746, 0.0500118,
	 * 0.0500287 and 0.0100046 at these t.
	 */
	is_close(student_t_two_sided(12.706, 1), 0.05, 1e-5, "df 1, t 12.706: 0.05");
	is_close(student_t_two_sided(2.571, 5), 0.05, 5e-5, "df 5, t 2.571: 0.05");
	is_close(student_t_two_sided(2.228, 10), 0.05, 5e-5, "df 10, t 2.228: 0.05");
	is_close(student_t_two_sided(2.042, 30), 0.05, 5e-5, "df 30, t 2.042: 0.05");
	is_close(student_t_two_sided(3.169, 10), 0.01, 1e-5, "df 10, t 3.169: 0.01");
	/* Many degrees of freedom: the normal's 1.959964 for 0.05. */
	is_close(student_t_two_sided(1.959964, 1e7), 0.05, 1e-6,
		 "df 1e7, t 1.959964: the normal's 0.05");
	is_close(student_t_two_sided(0, 4), 1, 1e-12, "t 0: p 1");
	is_close(student_t_two_sided(INFINITY, 4), 0, 0, "t infinite: p 0");
}

static void test_welch(void)
{
	/*
	 * R's sleep data, t.test(extra ~ group, data = sleep) (Welch by
	 * default): t = -1.8608, df = 17.776, p-value = 0.07939.
	 */
	const double group1[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
	const double group2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	const double same[] = { 3, 3, 3 }, other[] = { 4, 4 }, spread[] = { 1, 2 };
	struct welch_result w;

	ok(welch_test(group1, 10, group2, 10, &w), "sleep data: tested");
	is_close(w.t, -1.8608, 5e-5, "sleep data: R's t -1.8608");
	is_close(w.df, 17.776, 5e-4, "sleep data: R's df 17.776");
	is_close(w.p, 0.07939, 5e-6, "sleep data: R's p 0.07939");
	ok(!welch_test(group1, 1, group2, 10, &w), "1 value: cannot tell");
	ok(!welch_test(same, 3, other, 2, &w), "no variance in either: cannot tell");
	ok(welch_test(same, 3, spread, 2, &w), "variance in one: tested");
}

static struct compare_run load(const char *name)
{
	char path[512], error[512] = "";
	struct compare_run run;

	snprintf(path, sizeof(path), "%s/t/data/%s", TOP_SRCDIR, name);
	if (!compare_run_init(&run, name, json_object_from_file(path), error,
			      sizeof(error)))
		printf("# %s\n", error);
	return run;
}

static struct compare_run parse(const char *name, const char *text)
{
	char error[512] = "";
	struct compare_run run;

	if (!compare_run_init(&run, name, json_tokener_parse(text), error,
			      sizeof(error)))
		printf("# %s\n", error);
	return run;
}

static void free_all(struct compare_run *runs, size_t n,
		     struct compare_metric *metrics, size_t n_metrics)
{
	size_t i;

	for (i = 0; i < n_metrics; i++)
		compare_metric_free(&metrics[i]);
	for (i = 0; i < n; i++)
		compare_run_free(&runs[i]);
}

static void test_same_configuration(void)
{
	struct compare_run runs[2] = { load("compare-a.json"),
				       load("compare-b.json") };
	struct compare_metric m[COMPARE_METRICS];
	char error[512] = "";
	size_t n;

	ok(compare_configurations(&runs[0], &runs[1], NULL, error, sizeof(error)),
	   "same options, other subdirectory: comparable");
	n = compare_metrics(runs, 2, m);
	is_int(n, 4, "four metrics");
	is_str(m[0].name, "Write Throughput", "first: Write Throughput");
	is_str(m[0].unit, "MiB/s", "in MiB/s");
	is_str(m[3].name, "File Reads (Opens)", "last: File Reads (Opens)");
	is_str(m[3].unit, "files/s", "in files/s");
	/* The summaries' means. */
	is_close(m[0].means[0], 114.959, 0, "a's write mean");
	is_close(m[0].means[1], 68.3862, 0, "b's write mean");
	is_close(m[0].ratios[1], 68.3862 / 114.959, 1e-12, "ratio to a's");
	is_int(m[0].verdicts[0], VERDICT_BASELINE, "a is the baseline");
	ok(isnan(m[0].p_values[0]), "no p for the baseline");
	/* Expected p: Python's statistics and mpmath.betainc on the files'
	 * iterations (t -1.4468, df 3.0482; t -0.71932, df 3.8869). */
	is_close(m[0].p_values[1], 0.2423778, 1e-6, "write throughput: p 0.2424");
	is_close(m[1].p_values[1], 0.5128142, 1e-6, "read throughput: p 0.5128");
	is_close(m[2].p_values[1], 0.2423777, 1e-6, "creates: p 0.2424");
	is_close(m[3].p_values[1], 0.5128136, 1e-6, "opens: p 0.5128");
	is_int(m[0].verdicts[1], VERDICT_NOT_SIGNIFICANT, "p >= 0.05: not significant");
	free_all(runs, 2, m, n);
}

/* --mds-stats: the MDS's figures of each phase, their means over the
 * iterations (compare-mds-*.json: 2 iterations of 8 files of size 0). */
static void test_mds(void)
{
	struct compare_run runs[2] = { load("compare-mds-a.json"),
				       load("compare-mds-b.json") };
	struct compare_run plain[2] = { load("compare-mds-a.json"),
					load("compare-size0-b.json") };
	struct compare_metric m[COMPARE_METRICS];
	size_t n = compare_metrics(runs, 2, m);

	is_int(n, 6, "--mds-stats, size 0: the two file rates and four MDS metrics");
	is_str(m[2].name, "MDS Requests (Write)", "... first MDS Requests (Write)");
	is_str(m[2].unit, "requests", "... in requests");
	is_close(m[2].means[0], 11, 0, "... a's: 11 requests in each iteration");
	is_int(m[2].verdicts[1], VERDICT_NO_VARIANCE, "... and b's: no variance");
	is_str(m[3].name, "MDS Request Latency (Write)", "... then its latency");
	is_str(m[3].unit, "ms", "... in ms");
	is_close(m[3].means[0], (0.57436 + 0.206527) / 2, 1e-9,
		 "... a's: the mean of its iterations' means");
	is_str(m[5].name, "MDS Request Latency (Read)", "... last MDS Request Latency (Read)");
	free_all(runs, 2, m, n);
	n = compare_metrics(plain, 2, m);
	is_int(n, 2, "a run without --mds-stats: no MDS metric");
	free_all(plain, 2, m, n);
}

static void test_size0(void)
{
	struct compare_run runs[2] = { load("compare-size0-a.json"),
				       load("compare-size0-b.json") };
	struct compare_metric m[COMPARE_METRICS];
	size_t n = compare_metrics(runs, 2, m);

	is_int(n, 2, "size 0: the two file rates only");
	is_str(m[0].name, "File Creates", "size 0: File Creates");
	is_str(m[1].name, "File Reads (Opens)", "size 0: File Reads (Opens)");
	/* mpmath.betainc, as above (t -0.74208, df 2.4612). */
	is_close(m[0].p_values[1], 0.5224234, 1e-6, "size 0 creates: p 0.5224");
	free_all(runs, 2, m, n);
}

static void test_failed_phase(void)
{
	struct compare_run runs[2] = { load("report-failed.json"),
				       load("report-failed.json") };
	struct compare_metric m[COMPARE_METRICS];
	size_t n = compare_metrics(runs, 2, m);

	is_int(n, 4, "failed read phase: four metrics");
	/* Both iterations wrote: identical samples, t 0, p 1. */
	is_close(m[0].p_values[1], 1, 1e-12, "itself: p 1");
	is_int(m[0].verdicts[1], VERDICT_NOT_SIGNIFICANT, "itself: not significant");
	is_int(m[1].verdicts[1], VERDICT_TOO_FEW,
	       "one read left after the failed one: cannot tell");
	is_str(compare_verdict_text(m[1].verdicts[1]),
	       "cannot tell (fewer than 2 iterations in a run)", "said so");
	free_all(runs, 2, m, n);
}

static void test_no_variance(void)
{
	static const char flat[] =
		"{\"configuration\": {}, \"summary\": {\"File Creates\": {\"mean\": 10,"
		" \"unit\": \"files/s\"}}, \"iterations\": ["
		"{\"write\": {\"files_per_sec\": 10}}, {\"write\": {\"files_per_sec\": 10}}]}";
	struct compare_run runs[2] = { parse("a", flat), parse("b", flat) };
	struct compare_metric m[COMPARE_METRICS];
	size_t n = compare_metrics(runs, 2, m);

	is_int(n, 1, "one metric in the summary: one compared");
	is_int(m[0].verdicts[1], VERDICT_NO_VARIANCE, "all equal: cannot tell");
	ok(isnan(m[0].p_values[1]), "and no p");
	is_close(m[0].means[1], 10, 0, "a mean printed as an integer is read");
	free_all(runs, 2, m, n);
}

static void test_differing_configuration(void)
{
	struct compare_run runs[2] = { load("compare-a.json"),
				       load("compare-threads1.json") };
	char error[512] = "";

	ok(!compare_configurations(&runs[0], &runs[1], NULL, error, sizeof(error)),
	   "--threads 1 and 2: refused");
	is_str(error, "compare-threads1.json: configuration differs from "
	       "compare-a.json in threads (1 vs 2)", "naming threads and both values");
	ok(compare_configurations(&runs[0], &runs[1], "block_size,threads", error,
				  sizeof(error)), "allowed: comparable");
	ok(!compare_configurations(&runs[0], &runs[1], "thread,threadsx", error,
				   sizeof(error)), "a prefix of the name is not it");
	ok(compare_field_known(runs, 2, "block_size"), "block_size is a field");
	ok(!compare_field_known(runs, 2, "bogus"), "bogus is not");
	compare_run_free(&runs[0]);
	compare_run_free(&runs[1]);
}

static void test_every_difference_named(void)
{
	struct compare_run runs[2] = {
		parse("a.json", "{\"configuration\": {\"threads\": 2, \"block_size\": 4096,"
		      " \"subdirectory\": \"x\", \"verify\": \"crc32c\"}, \"iterations\": [], \"summary\": {}}"),
		parse("b.json", "{\"configuration\": {\"threads\": 4, \"block_size\": 65536,"
		      " \"subdirectory\": \"y\", \"verify\": \"crc32c\", \"queue_depth\": 8},"
		      " \"iterations\": [], \"summary\": {}}"),
	};
	char error[512] = "";

	compare_configurations(&runs[0], &runs[1], NULL, error, sizeof(error));
	is_str(error, "b.json: configuration differs from a.json in threads (4 vs 2), "
	       "block_size (65536 vs 4096), queue_depth (8 vs absent)",
	       "every differing field, the subdirectory not");
	compare_run_free(&runs[0]);
	compare_run_free(&runs[1]);
}

static void test_not_a_report(void)
{
	char error[512] = "";
	struct compare_run run;

	ok(!compare_run_init(&run, "x.json", json_tokener_parse("{\"jobs\": []}"),
			     error, sizeof(error)), "fio's output: refused");
	is_str(error, "x.json: not a cephfs-tool bench --json report (no 'configuration')",
	       "naming the file and what is missing");
	compare_run_free(&run);
	ok(!compare_run_init(&run, "y.json", json_tokener_parse("[1]"), error,
			     sizeof(error)), "an array: refused");
	compare_run_free(&run);
}

static void test_parse(void)
{
	char *argv[] = { "compare", "--allow", "threads", "a.json", "--json", "-",
			 "b.json", NULL };
	char *one[] = { "compare", "a.json", NULL };
	char *twice[] = { "compare", "--json", "x", "--json", "y", "a", "b", NULL };
	struct compare_options o;
	char error[256] = "";

	ok(compare_parse(&o, 7, argv, error, sizeof(error)), "options between files");
	is_str(o.allow, "threads", "--allow");
	is_str(o.json_path, "-", "--json -");
	is_int(o.n_files, 2, "two files");
	is_str(o.files[1], "b.json", "in order");
	ok(!compare_parse(&o, 2, one, error, sizeof(error)), "one file: refused");
	is_str(error, "needs at least 2 reports to compare (got 1); see --help",
	       "saying how many");
	ok(!compare_parse(&o, 7, twice, error, sizeof(error)), "--json twice: refused");
}

int main(void)
{
	test_incomplete_beta();
	test_student_t();
	test_welch();
	test_same_configuration();
	test_size0();
	test_mds();
	test_failed_phase();
	test_no_variance();
	test_differing_configuration();
	test_every_difference_named();
	test_not_a_report();
	test_parse();
	return done_testing();
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cephfs-tool compare: bench --json reports side by side, each run's
 * means against the first run's, with Welch's t-test over the
 * iterations.  Everything but compare_main works on parsed data.
 */
#ifndef CEPHFS_TOOL_COMPARE_H
#define CEPHFS_TOOL_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <json-c/json.h>

#define COMPARE_ALPHA 0.05

struct compare_run {
	const char *name;		/* the file name, as given */
	struct json_object *root;	/* owned: the whole report */
	struct json_object *configuration;
	struct json_object *iterations;
	struct json_object *summary;
};

enum compare_verdict {
	VERDICT_BASELINE,		/* the first run, compared with nothing */
	VERDICT_SIGNIFICANT,
	VERDICT_NOT_SIGNIFICANT,
	VERDICT_TOO_FEW,		/* a run has fewer than 2 iterations */
	VERDICT_NO_VARIANCE,		/* both runs' values all equal */
};

struct compare_metric {
	const char *name;
	const char *unit;
	size_t runs;
	double *means;			/* NaN: no successful iteration */
	double *ratios;			/* to the first run's mean */
	double *p_values;		/* NaN unless the test could tell */
	enum compare_verdict *verdicts;
};

/* Takes the root (even on failure); false with the reason in error. */
bool compare_run_init(struct compare_run *run, const char *name,
		      struct json_object *root, char *error, size_t error_len);
void compare_run_free(struct compare_run *run);

/*
 * Whether run's configuration equals base's but for the per-run fields
 * and the allowed ones (comma-separated, or NULL); else the error names
 * every differing field with both values.
 */
bool compare_configurations(const struct compare_run *base,
			    const struct compare_run *run, const char *allowed,
			    char *error, size_t error_len);

/* Whether some run's configuration has field (for --allow's check). */
bool compare_field_known(const struct compare_run *runs, size_t n,
			 const char *field);

/*
 * The metrics every run's summary has, in the report's order; returns
 * how many were filled (at most COMPARE_METRICS).
 */
#define COMPARE_METRICS 8
size_t compare_metrics(const struct compare_run *runs, size_t n,
		       struct compare_metric *metrics);
void compare_metric_free(struct compare_metric *metric);

const char *compare_verdict_text(enum compare_verdict verdict);
void compare_print_text(FILE *out, const struct compare_run *runs,
			size_t n_runs, const struct compare_metric *metrics,
			size_t n_metrics);
struct json_object *compare_to_json(const struct compare_run *runs,
				    size_t n_runs,
				    const struct compare_metric *metrics,
				    size_t n_metrics);

/* The command line of `compare`, argv[0] being "compare". */
struct compare_options {
	const char *allow;		/* --allow FIELD[,FIELD...] */
	const char *json_path;		/* --json PATH, "-" for stdout */
	bool help;
	char **files;
	size_t n_files;
};

/* compare --help, made from its options table. */
void compare_usage(FILE *out);

/* False with the reason in error (no "compare:" prefix). */
bool compare_parse(struct compare_options *o, int argc, char **argv,
		   char *error, size_t error_len);

/* The exit code; on failure the reason in error. */
int compare_main(int argc, char **argv, char *error, size_t error_len);

#endif

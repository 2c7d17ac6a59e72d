// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs-tool compare: loads bench --json reports, refuses runs whose
 * configurations differ, and prints each metric's mean per run (the
 * summary's, and with --mds-stats the MDS's), its ratio to the first
 * run's and Welch's t-test against the first run.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "report.h"
#include "welch.h"

/*
 * Where each metric's per-iteration values are in "iterations": the
 * summary's metrics in the phase, the MDS's (--mds-stats) in its "mds",
 * which the summary has not: their mean is over the iterations here.
 */
static const struct metric_source {
	const char *name;
	const char *phase;
	const char *field;
	const char *group;		/* NULL: the summary's metric */
	const char *unit;		/* of a metric not in the summary */
} metric_sources[COMPARE_METRICS] = {
	{ "Write Throughput", "write", "throughput_mbps", NULL, NULL },
	{ "Read Throughput", "read", "throughput_mbps", NULL, NULL },
	{ "File Creates", "write", "files_per_sec", NULL, NULL },
	{ "File Reads (Opens)", "read", "files_per_sec", NULL, NULL },
	{ "MDS Requests (Write)", "write", "requests", "mds", "requests" },
	{ "MDS Request Latency (Write)", "write", "avg_ms", "mds", "ms" },
	{ "MDS Requests (Read)", "read", "requests", "mds", "requests" },
	{ "MDS Request Latency (Read)", "read", "avg_ms", "mds", "ms" },
};

/* Configuration fields that differ from run to run by design. */
static const char *const per_run_fields[] = { "subdirectory" };

static struct json_object *member(struct json_object *obj, const char *key,
				  enum json_type type)
{
	struct json_object *value;

	if (!json_object_object_get_ex(obj, key, &value) ||
	    !json_object_is_type(value, type))
		return NULL;
	return value;
}

/* A figure printed without a fraction ("100") parses as an integer. */
static bool number_member(struct json_object *obj, const char *key,
			  double *value)
{
	struct json_object *number = member(obj, key, json_type_double);

	if (!number)
		number = member(obj, key, json_type_int);
	if (number)
		*value = json_object_get_double(number);
	return number;
}

bool compare_run_init(struct compare_run *run, const char *name,
		      struct json_object *root, char *error, size_t error_len)
{
	static const char *const keys[] = { "configuration", "iterations",
					    "summary" };
	static const enum json_type types[] = { json_type_object,
						json_type_array,
						json_type_object };
	struct json_object **parts[] = { &run->configuration, &run->iterations,
					 &run->summary };
	size_t i;

	*run = (struct compare_run){ .name = name, .root = root };
	for (i = 0; i < sizeof(keys) / sizeof(*keys); i++) {
		*parts[i] = json_object_is_type(root, json_type_object) ?
			    member(root, keys[i], types[i]) : NULL;
		if (!*parts[i]) {
			snprintf(error, error_len,
				 "%s: not a cephfs-tool bench --json report (no '%s')",
				 name, keys[i]);
			return false;
		}
	}
	return true;
}

void compare_run_free(struct compare_run *run)
{
	json_object_put(run->root);
	run->root = NULL;
}

static bool is_per_run(const char *field)
{
	size_t i;

	for (i = 0; i < sizeof(per_run_fields) / sizeof(*per_run_fields); i++)
		if (!strcmp(field, per_run_fields[i]))
			return true;
	return false;
}

/* Whether field is one of the comma-separated allowed list. */
static bool is_allowed(const char *allowed, const char *field)
{
	size_t len = strlen(field);
	const char *at;

	for (at = allowed; at; at = strchr(at, ',')) {
		if (*at == ',')
			at++;
		if (!strncmp(at, field, len) && (at[len] == ',' || !at[len]))
			return true;
	}
	return false;
}

static const char *value_text(struct json_object *config, const char *field)
{
	struct json_object *value;

	if (!json_object_object_get_ex(config, field, &value))
		return "absent";
	return json_object_to_json_string_ext(value, JSON_C_TO_STRING_PLAIN);
}

/* Appends "field (run's vs base's)" to error, after ", " but the first. */
static void name_difference(char *error, size_t error_len, size_t *used,
			    const char *field, struct json_object *base,
			    struct json_object *run)
{
	int n;

	if (*used >= error_len)
		return;
	n = snprintf(error + *used, error_len - *used, "%s%s (%s vs %s)",
		     *used ? ", " : "", field, value_text(run, field),
		     value_text(base, field));
	*used += n > 0 ? (size_t)n : 0;
}

static bool differs(struct json_object *a, struct json_object *b,
		    const char *field, const char *allowed)
{
	struct json_object *va = NULL, *vb = NULL;

	if (is_per_run(field) || is_allowed(allowed, field))
		return false;
	json_object_object_get_ex(a, field, &va);
	json_object_object_get_ex(b, field, &vb);
	return !json_object_equal(va, vb);
}

/* The differing fields of base's configuration, then those only run has. */
static size_t list_differences(const struct compare_run *base,
			       const struct compare_run *run,
			       const char *allowed, char *list, size_t list_len)
{
	size_t used = 0;

	list[0] = '\0';
	json_object_object_foreach(base->configuration, key, unused) {
		(void)unused;
		if (differs(base->configuration, run->configuration, key, allowed))
			name_difference(list, list_len, &used, key,
					base->configuration, run->configuration);
	}
	json_object_object_foreach(run->configuration, key2, unused2) {
		(void)unused2;
		if (!json_object_object_get_ex(base->configuration, key2, NULL) &&
		    differs(base->configuration, run->configuration, key2, allowed))
			name_difference(list, list_len, &used, key2,
					base->configuration, run->configuration);
	}
	return used;
}

bool compare_configurations(const struct compare_run *base,
			    const struct compare_run *run, const char *allowed,
			    char *error, size_t error_len)
{
	char list[400];

	if (!list_differences(base, run, allowed, list, sizeof(list)))
		return true;
	snprintf(error, error_len, "%s: configuration differs from %s in %s",
		 run->name, base->name, list);
	return false;
}

bool compare_field_known(const struct compare_run *runs, size_t n,
			 const char *field)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (json_object_object_get_ex(runs[i].configuration, field, NULL))
			return true;
	return false;
}

/*
 * The metric's value in each successful iteration: a failed phase has
 * "failed" and no figures, a size-0 run no throughput.
 */
static size_t iteration_values(const struct compare_run *run,
			       const struct metric_source *source,
			       double *values)
{
	size_t i, n = 0, count = json_object_array_length(run->iterations);
	struct json_object *phase;

	for (i = 0; i < count; i++) {
		phase = member(json_object_array_get_idx(run->iterations, i),
			       source->phase, json_type_object);
		if (!phase || json_object_object_get_ex(phase, "failed", NULL))
			continue;
		if (source->group)
			phase = member(phase, source->group, json_type_object);
		if (phase && number_member(phase, source->field, &values[n]))
			n++;
	}
	return n;
}

static enum compare_verdict test_against(const struct compare_run *base,
					 const struct compare_run *run,
					 const struct metric_source *source,
					 double *p)
{
	size_t nb = json_object_array_length(base->iterations);
	size_t nr = json_object_array_length(run->iterations);
	double *vb = calloc(nb + 1, sizeof(*vb)), *vr = calloc(nr + 1, sizeof(*vr));
	enum compare_verdict verdict = VERDICT_TOO_FEW;
	struct welch_result w;

	*p = NAN;
	if (!vb || !vr)
		abort();
	nb = iteration_values(base, source, vb);
	nr = iteration_values(run, source, vr);
	if (nb >= 2 && nr >= 2) {
		verdict = VERDICT_NO_VARIANCE;
		if (welch_test(vr, nr, vb, nb, &w)) {
			*p = w.p;
			verdict = w.p < COMPARE_ALPHA ? VERDICT_SIGNIFICANT :
							VERDICT_NOT_SIGNIFICANT;
		}
	}
	free(vb);
	free(vr);
	return verdict;
}

/* The summary's entry of the metric, as the bench report computed it. */
static struct json_object *summary_of(const struct compare_run *run,
				      const char *name)
{
	return member(run->summary, name, json_type_object);
}

static double summary_mean(const struct compare_run *run, const char *name)
{
	double mean;

	return number_member(summary_of(run, name), "mean", &mean) ? mean : NAN;
}

/* The mean of a metric not in the summary, over the iterations. */
static double iterations_mean(const struct compare_run *run,
			      const struct metric_source *source)
{
	size_t i, n, count = json_object_array_length(run->iterations);
	double *values = calloc(count + 1, sizeof(*values)), sum = 0;

	if (!values)
		abort();
	n = iteration_values(run, source, values);
	for (i = 0; i < n; i++)
		sum += values[i];
	free(values);
	return n ? sum / n : NAN;
}

static double run_mean(const struct compare_run *run,
		       const struct metric_source *source)
{
	return source->group ? iterations_mean(run, source) :
			       summary_mean(run, source->name);
}

static bool every_run_has(const struct compare_run *runs, size_t n,
			  const struct metric_source *source)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (source->group ? isnan(iterations_mean(&runs[i], source)) :
				    !summary_of(&runs[i], source->name))
			return false;
	return true;
}

static void fill_metric(struct compare_metric *m,
			const struct compare_run *runs,
			size_t n, const struct metric_source *source)
{
	struct json_object *unit = member(summary_of(&runs[0], source->name),
					  "unit", json_type_string);
	size_t i;

	m->name = source->name;
	m->unit = source->unit ? source->unit :
		  unit ? json_object_get_string(unit) : "";
	m->runs = n;
	m->means = calloc(n, sizeof(*m->means));
	m->ratios = calloc(n, sizeof(*m->ratios));
	m->p_values = calloc(n, sizeof(*m->p_values));
	m->verdicts = calloc(n, sizeof(*m->verdicts));
	if (!m->means || !m->ratios || !m->p_values || !m->verdicts)
		abort();
	for (i = 0; i < n; i++) {
		m->means[i] = run_mean(&runs[i], source);
		m->ratios[i] = m->means[i] / m->means[0];
		m->p_values[i] = NAN;
		m->verdicts[i] = i ? test_against(&runs[0], &runs[i], source,
						  &m->p_values[i]) :
				     VERDICT_BASELINE;
	}
}

size_t compare_metrics(const struct compare_run *runs, size_t n,
		       struct compare_metric *metrics)
{
	size_t i, filled = 0;

	for (i = 0; i < COMPARE_METRICS; i++)
		if (every_run_has(runs, n, &metric_sources[i]))
			fill_metric(&metrics[filled++], runs, n, &metric_sources[i]);
	return filled;
}

void compare_metric_free(struct compare_metric *metric)
{
	free(metric->means);
	free(metric->ratios);
	free(metric->p_values);
	free(metric->verdicts);
}

const char *compare_verdict_text(enum compare_verdict verdict)
{
	switch (verdict) {
	case VERDICT_SIGNIFICANT:
		return "significant";
	case VERDICT_NOT_SIGNIFICANT:
		return "not significant";
	case VERDICT_TOO_FEW:
		return "cannot tell (fewer than 2 iterations in a run)";
	case VERDICT_NO_VARIANCE:
		return "cannot tell (no variance in either run)";
	case VERDICT_BASELINE:
		break;
	}
	return "baseline";
}

static void print_run_line(FILE *out, const struct compare_run *run,
			   int name_width, const struct compare_metric *m,
			   size_t i)
{
	fprintf(out, "  %-*s  mean %-10.6g", name_width, run->name, m->means[i]);
	if (m->verdicts[i] == VERDICT_BASELINE) {
		fputs("(baseline)\n", out);
		return;
	}
	fprintf(out, " ratio %-8.4g", m->ratios[i]);
	if (!isnan(m->p_values[i]))
		fprintf(out, " p = %-8.4g", m->p_values[i]);
	fprintf(out, " %s\n", compare_verdict_text(m->verdicts[i]));
}

void compare_print_text(FILE *out, const struct compare_run *runs,
			size_t n_runs, const struct compare_metric *metrics,
			size_t n_metrics)
{
	int name_width = 0;
	size_t i, j;

	for (j = 0; j < n_runs; j++)
		if ((int)strlen(runs[j].name) > name_width)
			name_width = (int)strlen(runs[j].name);
	fprintf(out, "Welch's t-test (two-sided, unequal variances) over the "
		"iterations, alpha = %g; each run against the first (%s).\n",
		COMPARE_ALPHA, runs[0].name);
	for (i = 0; i < n_metrics; i++) {
		fprintf(out, "\n%s (%s):\n", metrics[i].name, metrics[i].unit);
		for (j = 0; j < metrics[i].runs; j++)
			print_run_line(out, &runs[j], name_width, &metrics[i], j);
	}
}

static struct json_object *metric_json(const struct compare_metric *m)
{
	struct json_object *obj = json_object_new_object();
	struct json_object *means = json_object_new_array();
	struct json_object *ratios = json_object_new_array();
	struct json_object *p_values = json_object_new_array();
	struct json_object *significant = json_object_new_array();
	enum compare_verdict v;
	size_t i;

	for (i = 0; i < m->runs; i++) {
		v = m->verdicts[i];
		json_object_array_add(means, report_json_number(m->means[i]));
		json_object_array_add(ratios, report_json_number(m->ratios[i]));
		json_object_array_add(p_values, report_json_number(m->p_values[i]));
		json_object_array_add(significant,
			v == VERDICT_SIGNIFICANT || v == VERDICT_NOT_SIGNIFICANT ?
			json_object_new_boolean(v == VERDICT_SIGNIFICANT) : NULL);
	}
	json_object_object_add(obj, "name", json_object_new_string(m->name));
	json_object_object_add(obj, "unit", json_object_new_string(m->unit));
	json_object_object_add(obj, "means", means);
	json_object_object_add(obj, "ratios", ratios);
	json_object_object_add(obj, "p_values", p_values);
	json_object_object_add(obj, "significant", significant);
	return obj;
}

struct json_object *compare_to_json(const struct compare_run *runs,
				    size_t n_runs,
				    const struct compare_metric *metrics,
				    size_t n_metrics)
{
	struct json_object *root = json_object_new_object();
	struct json_object *names = json_object_new_array();
	struct json_object *list = json_object_new_array();
	size_t i;

	for (i = 0; i < n_runs; i++)
		json_object_array_add(names, report_json_text(runs[i].name));
	for (i = 0; i < n_metrics; i++)
		json_object_array_add(list, metric_json(&metrics[i]));
	json_object_object_add(root, "test", json_object_new_string("welch-t"));
	json_object_object_add(root, "alpha", report_json_number(COMPARE_ALPHA));
	json_object_object_add(root, "runs", names);
	json_object_object_add(root, "metrics", list);
	return root;
}

static const char compare_summary[] =
"Usage: cephfs-tool compare [options] A.json B.json [...]\n"
"\n"
"Compares reports of cephfs-tool bench --json: each metric's mean per run,\n"
"its ratio to the first run's, and Welch's t-test (two-sided, alpha 0.05)\n"
"of each run's iterations against the first run's.\n"
"\n"
"Options:\n";

/* compare's options, each with its --help text; a short option is the
 * getopt value's letter. */
static const struct compare_option {
	struct option getopt;
	bool short_too;
	const char *arg;		/* the value's name in --help */
	const char *help;
} compare_options_table[] = {
	{ { "help", no_argument, NULL, 'h' }, true, NULL,
	  "Produce help message" },
	{ { "allow", required_argument, NULL, 'a' }, false, "FIELD[,FIELD...]",
	  "Configuration fields that may differ" },
	{ { "json", required_argument, NULL, 'j' }, false, "PATH",
	  "Write the comparison as JSON to PATH (- for stdout)" },
};

#define NR_COMPARE_OPTIONS \
	(sizeof(compare_options_table) / sizeof(compare_options_table[0]))

void compare_usage(FILE *out)
{
	const struct compare_option *c;
	char label[64];
	size_t i, used;

	fputs(compare_summary, out);
	for (i = 0; i < NR_COMPARE_OPTIONS; i++) {
		c = &compare_options_table[i];
		used = 0;
		if (c->short_too)
			used = (size_t)snprintf(label, sizeof(label), "-%c, ",
						c->getopt.val);
		snprintf(label + used, sizeof(label) - used, "--%s%s%s",
			 c->getopt.name, c->arg ? " " : "", c->arg ? c->arg : "");
		fprintf(out, "  %-26s %s\n", label, c->help);
	}
}

bool compare_parse(struct compare_options *o, int argc, char **argv,
		   char *error, size_t error_len)
{
	struct option longopts[NR_COMPARE_OPTIONS + 1] = { { 0 } };
	const char **slot;
	size_t i;
	int c;

	for (i = 0; i < NR_COMPARE_OPTIONS; i++)
		longopts[i] = compare_options_table[i].getopt;

	*o = (struct compare_options){ 0 };
	optind = 0;		/* full reset: the tests parse many times */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (c == 'h') {
			o->help = true;
			continue;
		}
		if (c == '?' || c == ':') {
			snprintf(error, error_len, c == '?' ? "unknown option '%s'" :
				 "%s: missing value", argv[optind - 1]);
			return false;
		}
		slot = c == 'a' ? &o->allow : &o->json_path;
		if (*slot) {
			snprintf(error, error_len, "--%s: given twice",
				 c == 'a' ? "allow" : "json");
			return false;
		}
		*slot = optarg;
	}
	o->files = argv + optind;
	o->n_files = (size_t)(argc - optind);
	if (!o->help && o->n_files < 2) {
		snprintf(error, error_len,
			 "needs at least 2 reports to compare (got %zu); see --help",
			 o->n_files);
		return false;
	}
	return true;
}

static bool load_run(struct compare_run *run, const char *path, char *error,
		     size_t error_len)
{
	struct json_object *root;
	FILE *f = fopen(path, "r");

	*run = (struct compare_run){ .name = path };
	if (!f) {
		snprintf(error, error_len, "%s: %s", path, strerror(errno));
		return false;
	}
	fclose(f);
	root = json_object_from_file(path);
	if (!root) {
		snprintf(error, error_len, "%s: not JSON", path);
		return false;
	}
	return compare_run_init(run, path, root, error, error_len);
}

static bool allowed_fields_known(const struct compare_run *runs, size_t n,
				 const char *allowed, char *error,
				 size_t error_len)
{
	char *list = strdup(allowed), *field, *rest = list;
	bool known = true;

	if (!list)
		abort();
	while (known && (field = strsep(&rest, ","))) {
		known = compare_field_known(runs, n, field);
		if (!known)
			snprintf(error, error_len,
				 "--allow: unknown configuration field '%s'",
				 field);
	}
	free(list);
	return known;
}

static bool runs_comparable(const struct compare_run *runs, size_t n,
			    const char *allowed, char *error, size_t error_len)
{
	size_t i;

	if (allowed && !allowed_fields_known(runs, n, allowed, error, error_len))
		return false;
	for (i = 1; i < n; i++)
		if (!compare_configurations(&runs[0], &runs[i], allowed, error,
					    error_len))
			return false;
	return true;
}

static bool write_json(const char *path, const char *text)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
	bool written;

	if (!f)
		return false;
	written = fprintf(f, "%s\n", text) >= 0;
	if (f != stdout)
		written = !fclose(f) && written;
	return written;
}

static int write_outputs(const struct compare_options *o,
			 const struct compare_run *runs,
			 const struct compare_metric *metrics, size_t n_metrics,
			 char *error, size_t error_len)
{
	struct json_object *doc;
	bool written;

	/* With the JSON on stdout, the text would make it unparsable. */
	if (!o->json_path || strcmp(o->json_path, "-"))
		compare_print_text(stdout, runs, o->n_files, metrics, n_metrics);
	if (!o->json_path)
		return 0;
	doc = compare_to_json(runs, o->n_files, metrics, n_metrics);
	written = write_json(o->json_path, json_object_to_json_string_ext(doc,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(doc);
	if (!written) {
		snprintf(error, error_len, "--json %s: %s", o->json_path,
			 strerror(errno));
		return 2;
	}
	return 0;
}

static int compare_loaded(const struct compare_options *o,
			  const struct compare_run *runs, char *error,
			  size_t error_len)
{
	struct compare_metric metrics[COMPARE_METRICS];
	size_t i, n_metrics;
	int code;

	if (!runs_comparable(runs, o->n_files, o->allow, error, error_len))
		return 2;
	n_metrics = compare_metrics(runs, o->n_files, metrics);
	code = write_outputs(o, runs, metrics, n_metrics, error, error_len);
	for (i = 0; i < n_metrics; i++)
		compare_metric_free(&metrics[i]);
	return code;
}

int compare_main(int argc, char **argv, char *error, size_t error_len)
{
	struct compare_options o;
	struct compare_run *runs;
	size_t i, loaded = 0;
	int code = 2;

	if (!compare_parse(&o, argc, argv, error, error_len))
		return 2;
	if (o.help) {
		compare_usage(stdout);
		return 0;
	}
	runs = calloc(o.n_files, sizeof(*runs));
	if (!runs)
		abort();
	while (loaded < o.n_files &&
	       load_run(&runs[loaded], o.files[loaded], error, error_len))
		loaded++;
	if (loaded == o.n_files)
		code = compare_loaded(&o, runs, error, error_len);
	else
		compare_run_free(&runs[loaded]);
	for (i = 0; i < loaded; i++)
		compare_run_free(&runs[i]);
	free(runs);
	return code;
}

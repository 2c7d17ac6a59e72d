// SPDX-License-Identifier: GPL-2.0-only
/*
 * `cephfs-tool io500`'s options: IO500/io500's parameters (02091cf: each
 * src/phase_*.c's ini_option_t table holds the keys and defaults read
 * here) from its ini file and the command line, and bench's rows for
 * how to mount and where fio runs.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clip.h"
#include "io500_options.h"
#include "pathutil.h"
#include "size.h"

enum io500_kind {
	K_FLAG,			/* bool; in the ini, IO500's TRUE or FALSE */
	K_TEXT,			/* a string: a local file's name, a command */
	K_PATH,			/* an absolute path in CephFS */
	K_COUNT,		/* unsigned int within [min, max] */
	K_SIZE,			/* uint64_t within [min, max], K/M/G/T suffixes */
};

struct io500_row {
	const char *name;
	enum io500_kind kind;
	size_t offset;		/* of the field in struct io500_options */
	uint64_t min, max;
	/* IO500's ini section and key of the same meaning; NULL: none. */
	const char *section, *key;
	const char *arg, *help;
};

#define FIELD(f) offsetof(struct io500_options, f)

static const struct io500_row rows[] = {
	{ "help", K_FLAG, FIELD(help), 0, 0, NULL, NULL,
	  NULL, "Produce help message" },
	{ "ini", K_TEXT, FIELD(ini), 0, 0, NULL, NULL,
	  "FILE", "Read IO500's parameters from an IO500 ini file;\n"
		  "the options given override its values" },
	{ "stonewall-time", K_COUNT, FIELD(stonewall_time), 0, IO500_SECONDS_MAX,
	  "debug", "stonewall-time",
	  "SECS", "Seconds a write phase runs before its wear-out\n"
		  "(default: 300, IO500's rule; 0: none, each write\n"
		  "phase does all its n)" },
	{ "processes", K_COUNT, FIELD(processes), 1, IO500_PROCESSES_MAX,
	  NULL, NULL,
	  "N", "Processes per host, IO500's ranks (default: 1)" },
	{ "dir", K_PATH, FIELD(dir), 0, 0, "global", "datadir",
	  "PATH", "Directory in CephFS the phases work in\n"
		  "(default: /)" },
	{ "ior-easy-transfer-size", K_SIZE, FIELD(ior_easy_transfer_size),
	  CEPHFS_VERIFY_BLOCK_MIN, IO500_BYTES_MAX, "ior-easy", "transferSize",
	  "SIZE", "ior-easy's transfers (default: 2MiB)" },
	{ "ior-easy-block-size", K_SIZE, FIELD(ior_easy_block_size),
	  CEPHFS_VERIFY_BLOCK_MIN, IO500_BYTES_MAX, "ior-easy", "blockSize",
	  "SIZE", "ior-easy's bytes per process, whole transfers\n"
		  "(default: 9920000MiB)" },
	{ "ior-hard-segment-count", K_COUNT, FIELD(ior_hard_segment_count),
	  1, IO500_COUNT_MAX, "ior-hard", "segmentCount",
	  "N", "ior-hard's 47008-byte transfers per process\n"
	       "(default: 10000000)" },
	{ "mdtest-easy-n", K_COUNT, FIELD(mdtest_easy_n), 1, IO500_COUNT_MAX,
	  "mdtest-easy", "n",
	  "N", "mdtest-easy's empty files per process\n"
	       "(default: 1000000)" },
	{ "mdtest-hard-n", K_COUNT, FIELD(mdtest_hard_n), 1, IO500_COUNT_MAX,
	  "mdtest-hard", "n",
	  "N", "mdtest-hard's 3901-byte files per process\n"
	       "(default: 1000000)" },
	{ "rnd4k", K_FLAG, FIELD(rnd4k), 0, 0, "ior-rnd4K-easy-read", "run",
	  NULL, "Also run IO500's unscored ior-rnd4K-easy-read" },
	{ "drop-caches", K_FLAG, FIELD(drop_caches), 0, 0,
	  "global", "drop-caches",
	  NULL, "Run --drop-caches-cmd before each phase, once, on\n"
		"this host (IO500 runs it in every rank); unlike\n"
		"bench's --drop-caches, no MDS command" },
	{ "drop-caches-cmd", K_TEXT, FIELD(drop_caches_cmd), 0, 0,
	  "global", "drop-caches-cmd",
	  "CMD", "The command --drop-caches runs through /bin/sh;\n"
		 "a failure is a warning, as in IO500.  Default,\n"
		 "IO500's:\n" IO500_DROP_CACHES_CMD },
	{ "bind-to-core", K_FLAG, FIELD(bind_to_core), 0, 0, NULL, NULL,
	  NULL, "Bind process k, and its mount's threads, to the\n"
		"k-th CPU this tool may run on (round robin), as\n"
		"Open MPI's mpirun binds 2 ranks or fewer; not with\n"
		"--clients" },
};

#define NR_ROWS (sizeof(rows) / sizeof(rows[0]))

/* bench's rows io500 takes besides the general options (how to mount). */
static const char *const shared_rows[] = {
	"fio", "engine", "clients", "clients-file", "json", "dry-run",
	"keep-job", NULL,
};

void io500_options_init(struct io500_options *o, const char *fio,
			const char *engine)
{
	memset(o, 0, sizeof(*o));
	options_init(&o->bench, fio, engine);
	/* Each of IO500's ranks is a client of its own. */
	o->bench.per_thread_mount = true;
	/* phase_dbg.c, phase_ior_easy.c, phase_ior_hard.c,
	 * phase_mdtest_easy.c, phase_mdtest_hard.c */
	o->stonewall_time = IO500_STONEWALL_RULE;
	o->processes = 1;
	o->dir = "/";
	o->ior_easy_transfer_size = 2ULL << 20;		/* "2m" */
	o->ior_easy_block_size = 9920000ULL << 20;	/* "9920000m" */
	o->ior_hard_segment_count = 10000000;
	o->mdtest_easy_n = 1000000;
	o->mdtest_hard_n = 1000000;
	o->drop_caches_cmd = IO500_DROP_CACHES_CMD;	/* main.c */
}

/* Digits only, the whole string, within [min, max]. */
static bool parse_count(const char *text, uint64_t min, uint64_t max,
			uint64_t *value)
{
	char *end;

	if (!isdigit((unsigned char)*text))
		return false;
	errno = 0;
	*value = strtoull(text, &end, 10);
	return !errno && !*end && *value >= min && *value <= max;
}

static bool refuse(char *error, size_t len, const char *label,
		   const char *value, const char *why)
{
	snprintf(error, len, "%s: invalid value '%s' (%s)", label, value, why);
	return false;
}

/* IO500's bool values (ini-parse.c): TRUE, FALSE, 1, 0, any case. */
static bool parse_bool(const char *text, bool *value)
{
	if (!strcasecmp(text, "true") || !strcmp(text, "1"))
		*value = true;
	else if (!strcasecmp(text, "false") || !strcmp(text, "0"))
		*value = false;
	else
		return false;
	return true;
}

/*
 * Set @r's field from @value; errors start with @label, the option
 * (`--name`) or the ini's key (`FILE: [section] key`).  @ini: the value
 * is the ini's, a flag's is TRUE or FALSE and a size reads as IOR's
 * "2m" does (parse_size: a bare k, m, g, t is a power of 1024).
 */
static bool set_row(struct io500_options *o, const struct io500_row *r,
		    const char *value, bool ini, const char *label,
		    char *error, size_t len)
{
	void *field = (char *)o + r->offset;
	char why[96];
	uint64_t n;

	switch (r->kind) {
	case K_FLAG:
		if (!ini) {
			*(bool *)field = true;
			return true;
		}
		return parse_bool(value, (bool *)field) ||
		       refuse(error, len, label, value, "must be TRUE or FALSE");
	case K_TEXT:
		if (!*value)
			return refuse(error, len, label, value, "must not be empty");
		*(const char **)field = value;
		return true;
	case K_PATH:
		if (value[0] != '/')
			return refuse(error, len, label, value,
				      "must be an absolute path in CephFS");
		/* libcephfs mounted "//" as a root whose first mkdir crashed. */
		if (!path_normalise((char *)value))
			return refuse(error, len, label, value,
				      "a '..' component: give the directory without it");
		*(const char **)field = value;
		return true;
	case K_COUNT:
		snprintf(why, sizeof(why), "must be %llu to %llu",
			 (unsigned long long)r->min, (unsigned long long)r->max);
		if (!parse_count(value, r->min, r->max, &n))
			return refuse(error, len, label, value, why);
		*(unsigned int *)field = (unsigned int)n;
		return true;
	case K_SIZE:
		snprintf(why, sizeof(why), "must be a size from %llu to %llu bytes, like 47008, 2MiB, 2m",
			 (unsigned long long)r->min, (unsigned long long)r->max);
		if (!parse_size(value, &n) || n < r->min || n > r->max)
			return refuse(error, len, label, value, why);
		*(uint64_t *)field = n;
		return true;
	}
	return false;
}

/* --- the ini file ----------------------------------------------------- */

/* IO500's types of its keys (ini_var_type_e), checked as it checks them. */
enum ini_type { T_STRING, T_INT, T_UINT, T_BOOL, T_FLOAT };

enum ini_action {
	A_OPTION,		/* the row @what names */
	A_ONLY,			/* only the value @what (IO500's default) */
	A_IGNORED,		/* read, no effect here: @what says why */
};

struct ini_key {
	const char *section, *key;
	enum ini_type type;
	enum ini_action action;
	const char *what;
};

static const char api_why[] = "every phase goes through the engine's libcephfs";
static const char output_why[] = "the results go to standard output and --json";
static const char extended_why[] = "a phase of IO500's extended mode, which this tool does not run";
static const char find_why[] = "find is the tool's walk through libcephfs, --processes threads per host";
static const char nothing_why[] = "nothing here to set";
static const char run_only[] = "TRUE";

/* A phase's keys: the API and whether it runs (every scored one does). */
#define PHASE_KEYS(s)							\
	{ s, "API", T_STRING, A_IGNORED, api_why },			\
	{ s, "run", T_BOOL, A_ONLY, run_only }
#define FIND_KEYS(s, run_action, run_what)				\
	{ s, "external-script", T_STRING, A_IGNORED, find_why },	\
	{ s, "external-mpi-args", T_STRING, A_IGNORED, find_why },	\
	{ s, "external-extra-args", T_STRING, A_IGNORED, find_why },	\
	{ s, "nproc", T_UINT, A_IGNORED, find_why },			\
	{ s, "run", T_BOOL, run_action, run_what },			\
	{ s, "pfind-queue-length", T_INT, A_IGNORED, find_why },	\
	{ s, "pfind-steal-next", T_BOOL, A_IGNORED, find_why },		\
	{ s, "pfind-parallelize-single-dir-access-using-hashing",	\
	  T_BOOL, A_IGNORED, find_why }

static const struct ini_key ini_keys[] = {
	{ "global", "datadir", T_STRING, A_OPTION, "dir" },
	{ "global", "timestamp-datadir", T_BOOL, A_IGNORED, nothing_why },
	{ "global", "resultdir", T_STRING, A_IGNORED, output_why },
	{ "global", "timestamp-resultdir", T_BOOL, A_IGNORED, output_why },
	{ "global", "api", T_STRING, A_IGNORED, api_why },
	{ "global", "drop-caches", T_BOOL, A_OPTION, "drop-caches" },
	{ "global", "drop-caches-cmd", T_STRING, A_OPTION, "drop-caches-cmd" },
	{ "global", "io-buffers-on-gpu", T_BOOL, A_ONLY, "FALSE" },
	{ "global", "verbosity", T_UINT, A_IGNORED, output_why },
	{ "global", "scc", T_BOOL, A_ONLY, "FALSE" },
	{ "global", "dataPacketType", T_STRING, A_IGNORED,
	  "fio writes its own verify data" },
	{ "debug", "stonewall-time", T_INT, A_OPTION, "stonewall-time" },
	/* IO500 marks a run with it INVALID; not implemented here. */
	{ "debug", "pause-dir", T_STRING, A_ONLY, NULL },
	PHASE_KEYS("ior-easy"),
	{ "ior-easy", "transferSize", T_STRING, A_OPTION, "ior-easy-transfer-size" },
	{ "ior-easy", "blockSize", T_STRING, A_OPTION, "ior-easy-block-size" },
	{ "ior-easy", "filePerProc", T_BOOL, A_ONLY, "TRUE" },
	{ "ior-easy", "uniqueDir", T_BOOL, A_ONLY, "FALSE" },
	{ "ior-easy", "verbosity", T_INT, A_IGNORED, output_why },
	PHASE_KEYS("ior-easy-write"),
	PHASE_KEYS("mdtest-easy"),
	{ "mdtest-easy", "n", T_UINT, A_OPTION, "mdtest-easy-n" },
	PHASE_KEYS("mdtest-easy-write"),
	PHASE_KEYS("ior-hard"),
	{ "ior-hard", "segmentCount", T_INT, A_OPTION, "ior-hard-segment-count" },
	{ "ior-hard", "collective", T_BOOL, A_ONLY, "FALSE" },
	{ "ior-hard", "verbosity", T_INT, A_IGNORED, output_why },
	PHASE_KEYS("ior-hard-write"),
	{ "ior-hard-write", "collective", T_BOOL, A_ONLY, "FALSE" },
	PHASE_KEYS("mdtest-hard"),
	{ "mdtest-hard", "n", T_UINT, A_OPTION, "mdtest-hard-n" },
	/* IO500 marks a run with it INVALID; not implemented here. */
	{ "mdtest-hard", "files-per-dir", T_UINT, A_ONLY, NULL },
	PHASE_KEYS("mdtest-hard-write"),
	FIND_KEYS("find", A_ONLY, run_only),
	PHASE_KEYS("ior-easy-read"),
	PHASE_KEYS("mdtest-easy-stat"),
	PHASE_KEYS("ior-hard-read"),
	{ "ior-hard-read", "collective", T_BOOL, A_ONLY, "FALSE" },
	PHASE_KEYS("mdtest-hard-stat"),
	PHASE_KEYS("mdtest-easy-delete"),
	PHASE_KEYS("mdtest-hard-read"),
	PHASE_KEYS("mdtest-hard-delete"),
	{ "ior-rnd4K-easy-read", "API", T_STRING, A_IGNORED, api_why },
	{ "ior-rnd4K-easy-read", "run", T_BOOL, A_OPTION, "rnd4k" },
	FIND_KEYS("find-easy", A_IGNORED, extended_why),
	FIND_KEYS("find-hard", A_IGNORED, extended_why),
	{ "mdworkbench", "API", T_STRING, A_IGNORED, extended_why },
	{ "mdworkbench", "waitingTime", T_FLOAT, A_IGNORED, extended_why },
	{ "mdworkbench", "precreatePerSet", T_UINT, A_IGNORED, extended_why },
	{ "mdworkbench", "filesPerProc", T_UINT, A_IGNORED, extended_why },
	{ "mdworkbench", "run", T_BOOL, A_IGNORED, extended_why },
	{ "mdworkbench", "verbosity", T_INT, A_IGNORED, extended_why },
	{ "mdworkbench-create", "run", T_BOOL, A_IGNORED, extended_why },
	{ "mdworkbench-bench", "run", T_BOOL, A_IGNORED, extended_why },
	{ "mdworkbench-delete", "run", T_BOOL, A_IGNORED, extended_why },
	/* A section of its own in IO500, without keys. */
	{ "timestamp", NULL, T_STRING, A_IGNORED, nothing_why },
};

#define NR_INI_KEYS (sizeof(ini_keys) / sizeof(ini_keys[0]))

static const struct io500_row *row_named(const char *name)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}

/* The section's name as IO500 spells it, or NULL when it has none such. */
static const char *section_named(const char *name)
{
	size_t i;

	for (i = 0; i < NR_INI_KEYS; i++)
		if (!strcasecmp(ini_keys[i].section, name))
			return ini_keys[i].section;
	return NULL;
}

static const struct ini_key *key_named(const char *section, const char *key)
{
	size_t i;

	for (i = 0; i < NR_INI_KEYS; i++)
		if (ini_keys[i].key && !strcmp(ini_keys[i].section, section) &&
		    !strcasecmp(ini_keys[i].key, key))
			return &ini_keys[i];
	return NULL;
}

/* ini-parse.c's regular expressions for INT, UINT and FLOAT values. */
static bool of_type(enum ini_type type, const char *value)
{
	const char *p = value;

	switch (type) {
	case T_STRING:
		return true;
	case T_BOOL: {
		bool b;

		return parse_bool(value, &b);
	}
	case T_FLOAT:
		return strspn(value, "0123456789e.+-") == strlen(value);
	case T_INT:
		if (*p == '-')
			p++;
		/* fall through */
	case T_UINT:
		return *p && strspn(p, "0123456789") == strlen(p);
	}
	return false;
}

static const char *const type_names[] = {
	[T_STRING] = "a string", [T_INT] = "an integer",
	[T_UINT] = "an integer >= 0", [T_BOOL] = "TRUE or FALSE",
	[T_FLOAT] = "a number",
};

static bool use_key(struct io500_options *o, const char *name,
		    const struct ini_key *k, const char *value,
		    FILE *warnings, char *error, size_t len)
{
	char label[512];
	bool b, want;

	snprintf(label, sizeof(label), "%s: [%s] %s", name, k->section, k->key);
	if (!of_type(k->type, value))
		return refuse(error, len, label, value, type_names[k->type]);
	switch (k->action) {
	case A_OPTION:
		return set_row(o, row_named(k->what), value, true, label,
			       error, len);
	case A_ONLY:
		if (k->what && k->type == T_BOOL && parse_bool(value, &b) &&
		    parse_bool(k->what, &want) && b == want)
			return true;
		snprintf(error, len, k->what ?
			 "%s: invalid value '%s' (only %s here: the other is not implemented)" :
			 "%s: invalid value '%s' (not implemented: leave it empty)",
			 label, value, k->what);
		return false;
	case A_IGNORED:
		if (warnings)
			fprintf(warnings, "%s: ignored (%s)\n", label, k->what);
		return true;
	}
	return false;
}

/* @line without the blanks at both ends, in place. */
static char *trim(char *line)
{
	char *end;

	while (isspace((unsigned char)*line))
		line++;
	end = line + strlen(line);
	while (end > line && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return line;
}

/*
 * A comment: '#' or ';' to the line's end, after a blank or at the
 * line's start (IO500's "([[:space:]][#;].*)?$").  Cut off in place.
 */
static void cut_comment(char *line)
{
	char *p;

	for (p = line; *p; p++)
		if ((*p == '#' || *p == ';') &&
		    (p == line || isspace((unsigned char)p[-1]))) {
			*p = '\0';
			return;
		}
}

static bool name_chars(const char *name, const char *extra)
{
	const char *p;

	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr(extra, *p))
			return false;
	return p != name;
}

/* One line of the ini; @section is the one it is in (NULL: none yet). */
static bool ini_line(struct io500_options *o, const char *name,
		     unsigned int number, char *line, const char **section,
		     FILE *warnings, char *error, size_t len)
{
	const struct ini_key *k;
	char *eq, *key, *value, *close;

	cut_comment(line);
	line = trim(line);
	if (!*line)
		return true;
	/* IO500 takes no '#' or ';' in a value, nor a comment without a
	 * blank before it. */
	if (strpbrk(line, "#;"))
		goto unexpected;
	if (*line == '[') {
		close = strchr(line, ']');
		if (close && !close[1]) {
			*close = '\0';
			line = trim(line + 1);
			if (!name_chars(line, "_-"))
				goto unexpected;
			*section = section_named(line);
			if (*section)
				return true;
			snprintf(error, len, "%s: line %u: unknown section [%s]",
				 name, number, line);
			return false;
		}
		goto unexpected;
	}
	eq = strchr(line, '=');
	if (!eq)
		goto unexpected;
	*eq = '\0';
	key = trim(line);
	value = trim(eq + 1);
	if (!name_chars(key, "_.-"))
		goto unexpected;
	if (!*section) {
		snprintf(error, len, "%s: line %u: key %s outside a section",
			 name, number, key);
		return false;
	}
	k = key_named(*section, key);
	if (!k) {
		snprintf(error, len, "%s: [%s] %s: unknown key (line %u)",
			 name, *section, key, number);
		return false;
	}
	/* IO500 leaves an option without a value at its default. */
	return !*value || use_key(o, name, k, value, warnings, error, len);

unexpected:
	snprintf(error, len, "%s: line %u: neither [section], key = value nor a comment",
		 name, number);
	return false;
}

bool io500_ini_read(struct io500_options *o, const char *name,
		    const char *text, FILE *warnings, char *error,
		    size_t error_len)
{
	const char *section = NULL;
	unsigned int number = 0;
	char *line, *next;

	free(o->ini_text);
	o->ini_text = strdup(text);
	if (!o->ini_text) {
		snprintf(error, error_len, "%s: out of memory", name);
		return false;
	}
	for (line = o->ini_text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!ini_line(o, name, ++number, line, &section, warnings,
			      error, error_len))
			return false;
	}
	return true;
}

/* The whole of @path, NUL-terminated; a NUL inside refuses it. */
static char *read_text(const char *path, char *error, size_t len)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t size = 0;
	ssize_t n;

	if (!f) {
		snprintf(error, len, "--ini: %s: %s", path, strerror(errno));
		return NULL;
	}
	n = getdelim(&text, &size, '\0', f);
	if (n < 0 && !ferror(f)) {
		/* An empty file. */
		free(text);
		text = strdup("");
	} else if (n < 0 || ferror(f) || getc(f) != EOF ||
		   strlen(text) != (size_t)n) {
		snprintf(error, len, "--ini: %s: %s", path, ferror(f) ?
			 strerror(errno) : "not a text file (a NUL byte)");
		free(text);
		text = NULL;
	}
	fclose(f);
	return text;
}

/* --- the command line ------------------------------------------------- */

/*
 * The option @arg names ("--name" or "--name=value"): its row, or its
 * bench row (*shared true).  False with @error for an unknown one.
 */
static bool option_of(const char *arg, char *name, size_t name_len,
		      const struct io500_row **row, int *shared,
		      char *error, size_t len)
{
	const char *given = arg + 2;
	size_t n;

	if (arg[1] != '-')
		/* -c PATH: bench's short names (-h is --help here too). */
		given = arg[2] ? NULL : options_long_name(arg[1]);
	n = given ? strcspn(given, "=") : name_len;
	if (n >= name_len) {
		snprintf(error, len, "unknown option '%s'", arg);
		return false;
	}
	memcpy(name, given, n);
	name[n] = '\0';
	*row = row_named(name);
	*shared = *row ? -1 : options_shared_row(name, shared_rows);
	if (*row || *shared >= 0)
		return true;
	snprintf(error, len, "unknown option '%s'", arg);
	return false;
}

/* Whether the option takes a value: a row's that is no flag, a bench
 * row's that options_shared_row says does. */
static bool takes_value(const struct io500_row *row, int shared)
{
	return row ? row->kind != K_FLAG : shared == 1;
}

/* Options given, so a second one is refused: rows, then bench's rows
 * by name (--fs and --filesystem set one field, the last one given). */
struct given {
	bool rows[NR_ROWS];
	char shared[64][64];
	unsigned int nr_shared;
};

static bool first_time(struct given *g, const struct io500_row *row,
		       const char *name)
{
	unsigned int i;

	if (row) {
		if (g->rows[row - rows])
			return false;
		g->rows[row - rows] = true;
		return true;
	}
	for (i = 0; i < g->nr_shared; i++)
		if (!strcmp(g->shared[i], name))
			return false;
	if (g->nr_shared < sizeof(g->shared) / sizeof(g->shared[0]))
		snprintf(g->shared[g->nr_shared++], sizeof(g->shared[0]),
			 "%s", name);
	return true;
}

/*
 * One pass over @argv: with @ini_only, take --ini alone; else every
 * other option.  The command's name, io500, may stand among them once.
 */
static bool parse_pass(struct io500_options *o, int argc, char **argv,
		       bool ini_only, char *error, size_t len)
{
	struct given given;
	const struct io500_row *row;
	char name[64], label[80];
	const char *value;
	bool command = false;
	int i, shared;

	memset(&given, 0, sizeof(given));
	for (i = 1; i < argc; i++) {
		if (argv[i][0] != '-' || !argv[i][1] || !strcmp(argv[i], "--")) {
			if (!strcmp(argv[i], "io500") && !command) {
				command = true;
				continue;
			}
			snprintf(error, len, "unexpected argument '%s'", argv[i]);
			return false;
		}
		if (!option_of(argv[i], name, sizeof(name), &row, &shared,
			       error, len))
			return false;
		value = argv[i][1] == '-' ? strchr(argv[i], '=') : NULL;
		if (value && !takes_value(row, shared)) {
			snprintf(error, len, "--%s: takes no value", name);
			return false;
		}
		if (value) {
			value++;
		} else if (takes_value(row, shared)) {
			if (i + 1 == argc) {
				snprintf(error, len, "--%s: missing value", name);
				return false;
			}
			value = argv[++i];
		}
		if (ini_only != (row && row->offset == FIELD(ini)))
			continue;
		if (!first_time(&given, row, name)) {
			snprintf(error, len, "--%s: given twice", name);
			return false;
		}
		snprintf(label, sizeof(label), "--%s", name);
		if (row ? !set_row(o, row, value, false, label, error, len) :
		    !options_set_shared(&o->bench, name, value, shared_rows,
					error, len))
			return false;
	}
	if (!command) {
		snprintf(error, len, "missing command io500");
		return false;
	}
	return true;
}

/* Combinations, and numbers whose product fio stores. */
static bool check_combinations(const struct io500_options *o, char *error,
			       size_t len)
{
	uint64_t hosts = o->bench.clients.count ? o->bench.clients.count : 1;

	if (o->bind_to_core && o->bench.clients.count) {
		snprintf(error, len, "--bind-to-core: not with --clients (the tool knows only this host's CPUs)");
		return false;
	}
	if (o->ior_easy_block_size % o->ior_easy_transfer_size) {
		snprintf(error, len, "--ior-easy-block-size: invalid value '%llu' (must be a multiple of --ior-easy-transfer-size, %llu)",
			 (unsigned long long)o->ior_easy_block_size,
			 (unsigned long long)o->ior_easy_transfer_size);
		return false;
	}
	/* ior-hard's shared file: every process's segments. */
	if ((uint64_t)o->ior_hard_segment_count * IO500_IOR_HARD_TRANSFER >
	    IO500_BYTES_MAX / o->processes / hosts) {
		snprintf(error, len, "--ior-hard-segment-count: invalid value '%u' (ior-hard's file of %u x %d bytes for each of %llu processes would pass fio's %lld bytes)",
			 o->ior_hard_segment_count, o->ior_hard_segment_count,
			 IO500_IOR_HARD_TRANSFER,
			 (unsigned long long)(o->processes * hosts),
			 (long long)IO500_BYTES_MAX);
		return false;
	}
	return true;
}

static bool parse_clients(struct io500_options *o, char *error, size_t len)
{
	char why[512];

	if (o->bench.clients_list &&
	    !clients_add_list(&o->bench.clients, o->bench.clients_list, why,
			      sizeof(why))) {
		snprintf(error, len, "--clients: %s", why);
		return false;
	}
	if (o->bench.clients_file &&
	    !clients_add_file(&o->bench.clients, o->bench.clients_file, why,
			      sizeof(why))) {
		snprintf(error, len, "--clients-file: %s", why);
		return false;
	}
	return true;
}

enum parse_result io500_options_parse(struct io500_options *o, int argc,
				      char **argv, FILE *warnings,
				      char *error, size_t error_len)
{
	char *text;
	bool ok;

	if (!parse_pass(o, argc, argv, true, error, error_len))
		return PARSE_ERROR;
	if (o->ini) {
		text = read_text(o->ini, error, error_len);
		if (!text)
			return PARSE_ERROR;
		ok = io500_ini_read(o, o->ini, text, warnings, error, error_len);
		free(text);
		if (!ok)
			return PARSE_ERROR;
	}
	if (!parse_pass(o, argc, argv, false, error, error_len))
		return PARSE_ERROR;
	if (o->help)
		return PARSE_HELP;
	if (!parse_clients(o, error, error_len) ||
	    !check_combinations(o, error, error_len))
		return PARSE_ERROR;
	return PARSE_OK;
}

void io500_options_free(struct io500_options *o)
{
	options_free(&o->bench);
	free(o->ini_text);
	o->ini_text = NULL;
}

/* The column the option texts start in, as bench's --help. */
#define HELP_COLUMN 29

void io500_options_usage(FILE *out)
{
	const char *line, *end;
	char label[64];
	size_t i;

	fputs("Usage: cephfs-tool [options] io500 [options]\n"
	      "\n"
	      "IO500's phases through fio and its cephfs engine, IO500's scores.\n"
	      "\n"
	      "IO500 options (and IO500's ini key of the same meaning):\n", out);
	for (i = 0; i < NR_ROWS; i++) {
		snprintf(label, sizeof(label), "--%s%s%s", rows[i].name,
			 rows[i].arg ? " " : "", rows[i].arg ? rows[i].arg : "");
		if (strlen(label) <= HELP_COLUMN - 3)
			fprintf(out, "  %-*s ", HELP_COLUMN - 3, label);
		else
			fprintf(out, "  %s\n%*s", label, HELP_COLUMN, "");
		for (line = rows[i].help; (end = strchr(line, '\n')); line = end + 1)
			fprintf(out, "%.*s\n%*s", (int)(end - line), line,
				HELP_COLUMN, "");
		fprintf(out, "%s\n", line);
		if (rows[i].section)
			fprintf(out, "%*sini: [%s] %s\n", HELP_COLUMN, "",
				rows[i].section, rows[i].key);
	}
	fputs("\nMount, engine and hosts (as bench's):\n", out);
	options_usage_shared(out, shared_rows);
}

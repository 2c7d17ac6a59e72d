/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Just enough TAP for the C unit tests: results as they come, the plan at
 * the end, a diff-friendly diagnostic for strings.
 */
#ifndef CEPHFS_TAP_H
#define CEPHFS_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failed;

static void tap_diag_text(const char *label, const char *text)
{
	const char *eol;

	printf("# %s:\n", label);
	for (; text; text = *eol ? eol + 1 : NULL) {
		eol = strchrnul(text, '\n');
		if (!*eol && eol == text)
			break;
		printf("#   |%.*s|\n", (int)(eol - text), text);
	}
}

static __attribute__((format(printf, 2, 3))) int ok(int pass, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return pass;
}

static inline int is_int(long long got, long long want, const char *name)
{
	if (ok(got == want, "%s", name))
		return 1;
	printf("# got %lld, expected %lld\n", got, want);
	return 0;
}

static inline int is_str(const char *got, const char *want, const char *name)
{
	const char *g = got ? got : "(null)", *w = want ? want : "(null)";
	size_t at = 0;

	if (ok(got && want && !strcmp(got, want), "%s", name))
		return 1;
	while (g[at] && g[at] == w[at])
		at++;
	printf("# first difference at byte %zu\n", at);
	tap_diag_text("got", g);
	tap_diag_text("expected", w);
	return 0;
}

/*
 * argv for "cephfs-tool @line", split on spaces, in a static buffer:
 * valid until the next call.
 */
static inline int split_command_line(const char *line, char **argv, int max)
{
	static char words[4096];
	int argc = 0;
	char *w;

	snprintf(words, sizeof(words), "cephfs-tool %s", line);
	for (w = strtok(words, " "); w && argc < max - 1; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	return argc;
}

/* The plan goes last: the number of tests follows from the tables. */
static inline int done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

/* @text as the file @name in @dir; bails out if it cannot. */
static inline void write_file(const char *dir, const char *name,
			      const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		printf("Bail out! cannot write %s\n", path);
		exit(1);
	}
}

/* A file of the test data in t/data, NUL-terminated; exits if missing. */
static inline char *read_data(const char *name, size_t *len)
{
	const char *top = getenv("top_srcdir");
	char path[4096];
	FILE *f;
	char *text;
	long size;

	snprintf(path, sizeof(path), "%s/t/data/%s", top && *top ? top : TOP_SRCDIR,
		 name);
	f = fopen(path, "r");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		printf("Bail out! cannot read %s\n", path);
		exit(1);
	}
	text = malloc((size_t)size + 1);
	if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
		printf("Bail out! cannot read %s\n", path);
		exit(1);
	}
	text[size] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)size;
	return text;
}

#endif

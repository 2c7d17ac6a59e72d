// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the settings path from the command line to the
 * engine.  The input's first byte picks a string option, the rest (to a
 * NUL, which no argument can hold) is its value.  options_parse either
 * refuses it, or jobfile_write puts it into a job file in which every line
 * is made only of bytes fio's parser leaves alone, and the engine's
 * decoding (unescape_in_place) gives back the very bytes given.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "jobfile.h"
#include "options.h"

static const struct {
	const char *option;
	const char *key;	/* its line in the job file */
} settings[] = {
	{ "--conf", "cephfs_conf=" },
	{ "--id", "cephfs_id=" },
	{ "--keyring", "cephfs_keyring=" },
	{ "--fs", "cephfs_fs=" },
	{ "--root-path", "cephfs_root=" },
	{ "--perf-dump", "cephfs_perf_dump=" },
	{ "--prefix", "filename_format=bench_run_abcd/" },
};

#define NR_SETTINGS (sizeof(settings) / sizeof(settings[0]))

/* A line fio reads as written: no comment, no blank at either end, no
 * $ but the tool's own $filenum, shorter than fio's 8191 bytes. */
static void check_line(const char *line, size_t len)
{
	const char *dollar = memchr(line, '$', len);

	if (len >= 8191 || !len)
		abort();
	if (line[0] == ' ' || line[0] == '\t' || line[len - 1] == ' ' ||
	    line[len - 1] == '\t')
		abort();
	if (line[0] != ';' && (memchr(line, '#', len) || memchr(line, ';', len)))
		abort();
	if (line[0] != ';' && dollar &&
	    (size_t)(line + len - dollar) != strlen("$filenum"))
		abort();
}

/* The value on @key's first line, decoded as the engine decodes it. */
static char *decoded_value(const char *jobfile, const char *key, bool prefix)
{
	const char *at = strstr(jobfile, key), *end;
	char *value;

	if (!at)
		abort();
	at += strlen(key);
	end = strchr(at, '\n');
	if (prefix)		/* the thread number, '_' and $filenum follow */
		end -= strlen("0_$filenum");
	value = strndup(at, (size_t)(end - at));
	if (!value || !unescape_in_place(value))
		abort();
	return value;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bench_options o;
	char *argv[5], *given, *text = NULL, *value, error[512], *line, *eol;
	size_t text_len;
	FILE *out;
	int choice;

	if (!size)
		return 0;
	choice = data[0] % NR_SETTINGS;
	given = strndup((const char *)data + 1, size - 1);
	if (!given)
		return 0;
	argv[0] = "cephfs-tool";
	argv[1] = (char *)settings[choice].option;
	argv[2] = given;
	argv[3] = "bench";
	argv[4] = NULL;
	options_init(&o, "/usr/bin/fio", "/usr/lib/fio-cephfs/fio-cephfs.so");
	if (options_parse(&o, 4, argv, error, sizeof(error)) != PARSE_OK)
		goto out;
	out = open_memstream(&text, &text_len);
	if (!out || jobfile_write(out, &o, "bench_run_abcd", 0, NULL, NULL, NULL, NULL))
		abort();
	fclose(out);
	for (line = text; *line; line = eol + 1) {
		eol = strchr(line, '\n');
		if (!eol)
			abort();
		if (eol > line)
			check_line(line, (size_t)(eol - line));
	}
	value = decoded_value(text, settings[choice].key, choice == NR_SETTINGS - 1);
	if (strcmp(value, given))
		abort();
	free(value);
	free(text);
out:
	options_free(&o);
	free(given);
	return 0;
}

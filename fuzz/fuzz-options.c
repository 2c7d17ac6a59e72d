// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the command line, as options_parse and parse_size read
 * it.  The input is the arguments after "cephfs-tool", each ended by a
 * newline or a NUL (an unended last one counts too), so a seed is a
 * command line written one argument a line.
 */
#include "config.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clip.h"
#include "jobfile.h"
#include "options.h"
#include "pathutil.h"
#include "size.h"

/* More than any real command line; more words only repeat options. */
#define MAX_ARGS 128

/*
 * The root libcephfs mounts: absolute, without empty, "." or ".."
 * components ("//" once crashed ceph_mkdir), so normalising it again
 * changes nothing.
 */
static bool root_normal(const char *root)
{
	size_t len = strlen(root);
	char *again = strdup(root);
	bool normal;

	if (!again)
		abort();
	normal = root[0] == '/' && path_normalise(again) &&
		 !strcmp(again, root) && !strstr(root, "//") &&
		 !strstr(root, "/./") && !strstr(root, "/../") &&
		 (len == 1 || root[len - 1] != '/');
	free(again);
	return normal;
}

/* With verify on, every block written holds fio's verify header. */
static bool verify_blocks_fit(const struct bench_options *o)
{
	uint64_t bs = o->size < o->block_size ? o->size : o->block_size;

	return !o->size || o->no_verify ||
	       (bs >= CEPHFS_VERIFY_BLOCK_MIN &&
		(!(o->size % bs) || o->size % bs >= CEPHFS_VERIFY_BLOCK_MIN));
}

/* What the rest of the tool relies on once a command line is accepted. */
static void check_accepted(const struct bench_options *o)
{
	/* cleanup takes bench's options and ignores those of the run. */
	if (!root_normal(o->root_path) ||
	    (!o->cleanup_dir && !verify_blocks_fit(o)))
		abort();
	if (o->threads < 1 || o->threads > 1024 || o->iterations < 1 ||
	    o->files < 1 || o->block_size == 0 ||
	    (o->async_io && o->per_thread_mount) ||
	    o->progress_interval < 1 || o->progress_interval > 100 ||
	    o->queue_depth < 1 || o->queue_depth > 1024 ||
	    o->msgr_workers > 24 || o->uid < -1 || o->gid < -1 ||
	    o->client_oc < -1 || o->client_oc > 1 ||
	    o->root_path[0] != '/' || strchr(o->prefix, '/') ||
	    strchr(o->dir_prefix, '/'))
		abort();
}

/*
 * An accepted size starts with a digit; a prefix makes whole thousands
 * when B follows it alone (KB, MB, ...), else whole KiBs (K, KiB, ...).
 */
static void check_size(const char *text)
{
	const char *tail = text + strspn(text, "0123456789");
	uint64_t bytes;

	if (!parse_size(text, &bytes))
		return;
	if (text[0] < '0' || text[0] > '9')
		abort();
	if (*tail == '\0') {
		if (bytes != strtoull(text, NULL, 10))
			abort();
	} else if (strchr("KkMmGgTt", *tail)) {
		if (bytes % (strcasecmp(tail + 1, "B") ? 1024 : 1000))
			abort();
	}
}

/*
 * The largest number fio (3.33 to 3.42) stores as given for @key: its
 * FIO_OPT_INT options are an unsigned int, iodepth's minval is compared
 * as an int, and parse.c reads every number with strtoll.
 */
static unsigned long long fio_max(const char *key, size_t len)
{
	static const char *const ints[] = { "fsync", "nrfiles", "openfiles",
		"log_avg_msec", "iopsavgtime", "bwavgtime" };
	size_t i;

	if (len == 7 && !strncmp(key, "iodepth", len))
		return INT_MAX;
	for (i = 0; i < sizeof(ints) / sizeof(*ints); i++)
		if (strlen(ints[i]) == len && !strncmp(key, ints[i], len))
			return UINT_MAX;
	return LLONG_MAX;
}

/* The job file's string options, whose values may be digits. */
static bool is_string_key(const char *key, size_t len)
{
	static const char *const strings[] = { "cephfs_conf", "cephfs_id",
		"cephfs_keyring", "cephfs_fs", "cephfs_root", "cephfs_perf_dump",
		"filename_format", "write_bw_log", "write_iops_log", "write_lat_log" };
	size_t i;

	for (i = 0; i < sizeof(strings) / sizeof(*strings); i++)
		if (strlen(strings[i]) == len && !strncmp(key, strings[i], len))
			return true;
	return false;
}

/* An accepted command line makes a job file whose every number is within
 * the range fio stores it in. */
static void check_job_numbers(const struct bench_options *o)
{
	char *text = NULL, *line, *eq, *end;
	unsigned long long value;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return;
	if (jobfile_write(f, o, "bench_run_abcd", 0, NULL, "/tmp/rate", NULL, NULL))
		abort();
	fclose(f);
	for (line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		eq = strchr(line, '=');
		if (!eq || eq > strchr(line, '\n') || eq[1] < '0' || eq[1] > '9' ||
		    is_string_key(line, (size_t)(eq - line)))
			continue;
		value = strtoull(eq + 1, &end, 10);
		if (*end == '\n' && value > fio_max(line, (size_t)(eq - line)))
			abort();
	}
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *words = malloc(size + 1), *argv[MAX_ARGS + 1], error[512];
	struct bench_options o;
	enum parse_result result;
	size_t start = 0, i;
	int argc = 0;

	if (!words)
		return 0;
	memcpy(words, data, size);
	words[size] = '\0';
	argv[argc++] = "cephfs-tool";
	for (i = 0; i <= size && argc < MAX_ARGS; i++) {
		if (i < size && words[i] != '\n' && words[i] != '\0')
			continue;
		if (i < size || i > start) {
			words[i] = '\0';
			argv[argc++] = words + start;
		}
		start = i + 1;
	}
	argv[argc] = NULL;

	for (i = 1; i < (size_t)argc; i++)
		check_size(argv[i]);

	options_init(&o, "fio", "/engine.so");
	error[0] = '\0';
	result = options_parse(&o, argc, argv, error, sizeof(error));
	if (result == PARSE_OK) {
		check_accepted(&o);
		if (!o.cleanup_dir)
			check_job_numbers(&o);
	}
	/* A refusal is one line naming what is wrong, never silence. */
	if (result == PARSE_ERROR && !error[0])
		abort();
	options_free(&o);
	free(words);
	return 0;
}

/*
 * libFuzzer target: the command line, as options_parse and parse_size read
 * it.  The input is the arguments after "cephfs-tool", each ended by a
 * newline or a NUL (an unended last one counts too), so a seed is a
 * command line written one argument a line.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clip.h"
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
	if (!root_normal(o->root_path) || !verify_blocks_fit(o))
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
	if (result == PARSE_OK)
		check_accepted(&o);
	/* A refusal is one line naming what is wrong, never silence. */
	if (result == PARSE_ERROR && !error[0])
		abort();
	free(words);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command line of Ceph's cephfs-tool (`cephfs-tool [general-options]
 * bench [bench-options]`) plus this tool's own additions, parsed into one
 * struct.
 */
#ifndef CEPHFS_TOOL_OPTIONS_H
#define CEPHFS_TOOL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clients.h"
#include "pipeline.h"
#include "via.h"

enum parse_result {
	PARSE_OK,
	PARSE_HELP,		/* --help: print usage, exit 0 */
	PARSE_VERSION,		/* --version: print the versions, exit 0 */
	PARSE_ERROR,		/* message in the buffer, exit 2 */
};

/* Defaults of the original tool; fio and engine paths come from the build. */
void options_init(struct bench_options *o, const char *fio,
		  const char *engine);

/*
 * Fill @o from argv (options before or after the command, `--opt=value`
 * or `--opt value`) and check every value and combination.  On
 * PARSE_ERROR, @error holds one line naming the option and the value.
 */
enum parse_result options_parse(struct bench_options *o, int argc,
				char **argv, char *error, size_t error_len);

/* Free what options_parse allocated. */
void options_free(struct bench_options *o);

struct cephfs_mount_config;

/* What @o mounts, as the engine's mount code takes it; the strings stay
 * @o's. */
void options_mount_config(const struct bench_options *o,
			  struct cephfs_mount_config *cfg);

/*
 * What the tool adds to the prefixes: a run directory is --dir-prefix and
 * 4 hex digits; a file --prefix, the thread (at most 1023), '_' and the
 * file number (at most 10 digits).
 */
#define RUNDIR_SUFFIX_LEN 4

/*
 * fio keeps some 0.5 KiB per file of a job (500,000 empty files: 267 MB
 * peak RSS on fio 3.33): ten million files is about 5 GiB of memory,
 * and beyond what any client host here could hold.
 */
#define FILES_MAX 10000000
#define FILE_NUMBERS_MAX 15

/* The --help text, made from the options table. */
void options_usage(FILE *out);

/*
 * Another command (io500) taking bench's rows as they are: the general
 * options that take a value (conf, id, keyring, filesystem/fs, uid, gid,
 * the engine settings) and the rows named in @also (NULL-terminated,
 * names without "--").  options_shared_row: -1 when @name is none of
 * them, 0 for a flag, 1 when it takes a value.  options_set_shared sets
 * @o's field from @value (ignored for a flag) as bench would, or fills
 * @error naming the option.  options_usage_shared prints their --help
 * lines in the table's order.
 */
int options_shared_row(const char *name, const char *const *also);
/* The long name of bench's -@short_name (-c: "conf"), or NULL. */
const char *options_long_name(int short_name);
bool options_set_shared(struct bench_options *o, const char *name,
			const char *value, const char *const *also,
			char *error, size_t error_len);
void options_usage_shared(FILE *out, const char *const *also);

#endif

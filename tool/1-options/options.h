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
#include "via.h"

struct bench_options {
	/* General options: how to mount. NULL means libcephfs' default. */
	const char *conf;
	const char *id;
	const char *keyring;
	const char *fs;
	int uid;			/* -1: the process's */
	int gid;
	int client_oc;			/* -1: the configured value */
	uint64_t client_oc_size;	/* 0: the configured value */
	unsigned int msgr_workers;	/* 0: the configured value */
	unsigned int mount_timeout;	/* seconds; 0: the configured value */
	unsigned int op_timeout;	/* seconds; 0: wait forever */

	/* The benchmark. */
	unsigned int threads;
	unsigned int iterations;
	unsigned int files;
	uint64_t size;			/* 0: creates and opens only */
	uint64_t block_size;
	uint64_t fsync_every;		/* bytes; 0: never */
	const char *prefix;
	const char *dir_prefix;
	const char *root_path;
	bool per_thread_mount;
	bool no_cleanup;
	const char *json_path;		/* "-": stdout */
	unsigned int duration;		/* seconds per phase; 0: all files */
	const char *perf_dump;
	bool progress;
	unsigned int progress_interval;	/* percent */
	bool async_io;
	unsigned int queue_depth;
	bool async_write_fsync;		/* each async write carries an fsync */
	bool shared_file;		/* every thread writes its part of one file */
	bool files_ignored;		/* --files N given with --shared-file */
	bool async_native;		/* the engine's path, from the build */

	/* Beyond the original tool. */
	bool no_verify;
	bool no_final_flush;
	bool dry_run;
	const char *fio;
	const char *engine;
	const char *keep_job;
	const char *clients_list;	/* --clients */
	const char *clients_file;	/* --clients-file */
	struct client_list clients;	/* both, parsed; none: fio runs here */
	const char *plot;		/* SVG of the rates over time */
	bool lazy_io;			/* files opened with ceph_ll_lazyio */
	const char *via_text;		/* --via */
	struct via_list via;		/* parsed; libcephfs alone by default */
	bool verbose;			/* print the time budget too */
	const char *cleanup_dir;	/* the command is cleanup RUNDIR */

	bool help;
	bool version;
};

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

#endif

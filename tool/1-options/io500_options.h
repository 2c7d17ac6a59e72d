/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `cephfs-tool io500 [options]`: IO500's parameters (IO500/io500's ini
 * keys, its defaults), from the command line and an IO500-style ini file,
 * plus bench's rows for how to mount and where fio runs.
 */
#ifndef CEPHFS_TOOL_IO500_OPTIONS_H
#define CEPHFS_TOOL_IO500_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "pipeline.h"

/*
 * IO500's fixed parameters (src/phase_*.c), which no ini key changes:
 * ior-hard's transfers (its -t and -b), mdtest-hard's bytes per file (its
 * -w and -e), which find's -size selects too, and find's -name.  The
 * stonewall IO500's rules ask for (main.c's minwrite outside the student
 * cluster competition).
 */
#define IO500_IOR_HARD_TRANSFER 47008
#define IO500_MDTEST_HARD_BYTES 3901
#define IO500_FIND_NAME "*01*"
#define IO500_STONEWALL_RULE 300
/* [global] drop-caches-cmd's default (main.c). */
#define IO500_DROP_CACHES_CMD "sudo -n bash -c \"echo 3 > /proc/sys/vm/drop_caches\""

/* ior-rnd4K-easy-read (src/phase_ior_rnd4k_easy_read.c): 4 KiB random
 * reads of ior-easy's files, -s 10000000 segments, under the stonewall. */
#define IO500_RND4K_TRANSFER 4096
#define IO500_RND4K_SEGMENTS 10000000

struct io500_options {
	/*
	 * bench's rows this command shares, as bench fills them: conf, id,
	 * keyring, fs, uid, gid, the engine settings (client-oc ...), fio,
	 * engine, clients and clients-file (parsed into bench.clients),
	 * json (bench.json_path, "-" for stdout), dry-run, keep-job.
	 * The other bench fields keep options_init's defaults.
	 */
	struct bench_options bench;

	const char *ini;		/* --ini FILE, NULL: none */
	/* [debug] stonewall-time: seconds a write phase runs before its
	 * wear-out; 0: no stonewall, every write phase does all its n. */
	unsigned int stonewall_time;
	unsigned int processes;		/* IO500's ranks, per host */
	const char *dir;		/* [global] datadir: absolute, in CephFS */
	/* [ior-easy]: a file per process (filePerProc = TRUE, the only
	 * layout taken), written in transfers of transferSize up to
	 * blockSize bytes (a whole number of transfers). */
	uint64_t ior_easy_transfer_size;
	uint64_t ior_easy_block_size;
	/* [ior-hard] segmentCount: IO500_IOR_HARD_TRANSFER-byte transfers
	 * per process, interleaved by process in one shared file. */
	unsigned int ior_hard_segment_count;
	/* [mdtest-easy] n and [mdtest-hard] n: files per process; each goes
	 * to the engine's cephfs_entries, an fio int option. */
	unsigned int mdtest_easy_n;
	unsigned int mdtest_hard_n;
	bool rnd4k;			/* [ior-rnd4K-easy-read] run */
	/* [global] drop-caches: run drop_caches_cmd, a /bin/sh command,
	 * before each phase. */
	bool drop_caches;
	const char *drop_caches_cmd;
	/* Each process on one CPU of this host's, as mpirun binds ranks. */
	bool bind_to_core;
	bool help;
	char *ini_text;			/* --ini's text, which dir may point into */
};

/*
 * The limits, each the narrowest receiver's: fio keeps runtime and
 * bs in 64 bits, cephfs_entries (int) in 32; IO500 reads
 * stonewall-time and segmentCount as an int; the processes are fio
 * jobs, as many as bench's --threads.
 */
#define IO500_SECONDS_MAX INT32_MAX
#define IO500_PROCESSES_MAX 1024
#define IO500_COUNT_MAX INT32_MAX
#define IO500_BYTES_MAX INT64_MAX

/* IO500's defaults; fio and engine paths as options_init takes them. */
void io500_options_init(struct io500_options *o, const char *fio,
			const char *engine);

/*
 * Fill @o from @argv (argv[0] is the command, "io500"; `--opt=value` or
 * `--opt value`): --ini FILE's values first, then every other option
 * given, which overrides the ini's.  Checks every value and combination.
 * PARSE_HELP for --help; on PARSE_ERROR, @error holds one line naming
 * the option (`--name: ...`) or the ini's section and key
 * (`FILE: [section] key: ...`).  Lines for ini keys read but without
 * effect here go to @warnings (may be NULL).
 */
enum parse_result io500_options_parse(struct io500_options *o, int argc,
				      char **argv, FILE *warnings,
				      char *error, size_t error_len);

/*
 * Read IO500-style ini text @text (named @name in messages) into @o:
 * [section] lines, key = value, '#' and ';' comments, an empty value
 * leaves the default, section and key names as IO500 matches them
 * (case-insensitive).  A section or key IO500 has not is refused.
 * Returns true, or false with @error filled.  io500_options_parse calls
 * it for --ini; exposed for the tests.
 */
bool io500_ini_read(struct io500_options *o, const char *name,
		    const char *text, FILE *warnings, char *error,
		    size_t error_len);

/* Free what io500_options_parse allocated. */
void io500_options_free(struct io500_options *o);

/* `cephfs-tool io500 --help`, made from the table's rows. */
void io500_options_usage(FILE *out);

#endif

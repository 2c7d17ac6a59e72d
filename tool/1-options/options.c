// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clip.h"
#include "escape.h"
#include "jobfile.h"
#include "mount_config.h"
#include "options.h"
#include "pathutil.h"
#include "size.h"

enum value_kind {
	V_FLAG,			/* bool, no value */
	V_STRING,
	V_NAME,			/* string that becomes part of a file name */
	V_PATH_ABS,		/* string that must start with '/' */
	V_UINT,			/* unsigned int within [min, max] */
	V_SWITCH,		/* int, 0 or 1; -1 until given */
	V_ID,			/* int: -1 or an id */
	V_SIZE,			/* uint64_t, K/M/G/T suffixes */
	V_UNAVAILABLE,		/* upstream's, refused saying why; no field */
};

struct option_spec {
	const char *name;
	int short_name;		/* 0: long only */
	enum value_kind kind;
	size_t offset;		/* of the field in struct bench_options */
	unsigned long min;	/* V_UINT */
	unsigned long max;	/* V_UINT; V_NAME: the longest, in bytes */
	bool in_job;		/* the value goes into fio's job file */
	/* --help: the heading of the group this option opens, the value's
	 * name, and the text (lines after the first continue under it).
	 * Without text, an alias shown with the option before it, or
	 * not shown at all. */
	const char *section;
	const char *arg;
	const char *help;
	/* A row of engine/settings.h: --help adds what keeps Ceph's value
	 * (@keep, if the tool takes it) and the default (@def, if other). */
	bool setting;
	long long keep, def;
};

#define FIELD(f) offsetof(struct bench_options, f)

/* How each kind of engine/settings.h is read. */
#define SETTING_VALUE_SWITCH V_SWITCH
#define SETTING_VALUE_COUNT V_UINT
#define SETTING_VALUE_SECONDS V_UINT
#define SETTING_VALUE_SIZE V_SIZE

static const struct option_spec specs[] = {
	{ "help", 'h', V_FLAG, FIELD(help), 0, 0, false,
	  .section = "General options",
	  .help = "Produce help message" },
	{ "version", 0, V_FLAG, FIELD(version), 0, 0, false,
	  .help = "Print the versions of this tool, libcephfs and fio" },
	{ "conf", 'c', V_STRING, FIELD(conf), 0, 0, true,
	  .arg = "PATH",
	  .help = "Ceph config file path" },
	{ "id", 'i', V_STRING, FIELD(id), 0, 0, true,
	  .arg = "ID",
	  .help = "Client ID (default: admin)" },
	{ "keyring", 'k', V_STRING, FIELD(keyring), 0, 0, true,
	  .arg = "PATH",
	  .help = "Path to keyring file" },
	{ "filesystem", 0, V_STRING, FIELD(fs), 0, 0, true,
	  .arg = "NAME",
	  .help = "CephFS filesystem name to mount" },
	{ "fs", 0, V_STRING, FIELD(fs), 0, 0, true, .help = NULL },
	{ "uid", 0, V_ID, FIELD(uid), 0, 0, false,
	  .arg = "N",
	  .help = "User ID to mount as (default: -1)" },
	{ "gid", 0, V_ID, FIELD(gid), 0, 0, false,
	  .arg = "N",
	  .help = "Group ID to mount as (default: -1)" },
#define SETTING_SPEC(field, tool_name, kind, key, key2, min, max, tool_max, \
		     keep_value, def_value, help_text)			\
	{ tool_name, 0, SETTING_VALUE_##kind, FIELD(field), 0, tool_max, false, \
	  .arg = CEPHFS_SETTING_ARG_##kind, .help = help_text,			\
	  .setting = true, .keep = keep_value, .def = def_value },
	CEPHFS_SETTINGS(SETTING_SPEC)
#undef SETTING_SPEC
	{ "threads", 0, V_UINT, FIELD(threads), 1, 1024, false,
	  .section = "Bench options", .arg = "N",
	  .help = "Number of threads (default: 1)" },
	{ "iterations", 0, V_UINT, FIELD(iterations), 1, 1000000, false,
	  .arg = "N",
	  .help = "Number of iterations (default: 1)" },
	{ "files", 0, V_UINT, FIELD(files), 1, FILES_MAX, false,
	  .arg = "N",
	  .help = "Total number of files (default: 100); with --clients\n"
		  "the total over all hosts" },
	{ "size", 0, V_SIZE, FIELD(size), 0, 0, false,
	  .arg = "SIZE",
	  .help = "File size (e.g. 4MB, 0 for creates only) (default: 4MB)" },
	{ "block-size", 0, V_SIZE, FIELD(block_size), 0, 0, false,
	  .arg = "SIZE",
	  .help = "I/O block size (e.g. 1MB) (default: 4MB)" },
	{ "fsync-every", 0, V_SIZE, FIELD(fsync_every), 0, 0, false,
	  .arg = "SIZE",
	  .help = "Call fsync every N bytes (default: 0)" },
	{ "prefix", 0, V_NAME, FIELD(prefix), 0, NAME_MAX - FILE_NUMBERS_MAX, true,
	  .arg = "STR",
	  .help = "Filename prefix (default: benchmark_)" },
	{ "dir-prefix", 0, V_NAME, FIELD(dir_prefix), 0, NAME_MAX - RUNDIR_SUFFIX_LEN, true,
	  .arg = "STR",
	  .help = "Directory prefix (default: bench_run_)" },
	{ "root-path", 0, V_PATH_ABS, FIELD(root_path), 0, 0, true,
	  .arg = "PATH",
	  .help = "Root path in CephFS (default: /)" },
	{ "per-thread-mount", 0, V_FLAG, FIELD(per_thread_mount), 0, 0, false,
	  .help = "Use separate mount per thread" },
	{ "no-cleanup", 0, V_FLAG, FIELD(no_cleanup), 0, 0, false,
	  .help = "Disable cleanup of files" },
	{ "json", 0, V_STRING, FIELD(json_path), 0, 0, false,
	  .arg = "PATH",
	  .help = "Write results as JSON to PATH; - for stdout" },
	{ "duration", 0, V_UINT, FIELD(duration), 0, 31536000, false,
	  .arg = "SECS",
	  .help = "Run each write and read phase for SECS, cycling\n"
		  "through the files (0: each file once)" },
	{ "perf-dump", 0, V_STRING, FIELD(perf_dump), 0, 0, true,
	  .arg = "PATH",
	  .help = "Dump libcephfs perf counters to PATH after the benchmark" },
	{ "progress", 0, V_FLAG, FIELD(progress), 0, 0, false,
	  .help = "Show live progress, bandwidth, file rate and ETA" },
	{ "progress-interval", 0, V_UINT, FIELD(progress_interval), 1, 100, false,
	  .arg = "PCT",
	  .help = "Percent between progress updates (default: 10; 1 to 100)" },
	{ "async-io", 0, V_FLAG, FIELD(async_io), 0, 0, false,
	  .help = "Asynchronous I/O (fio iodepth) for read and write phases" },
	{ "queue-depth", 0, V_UINT, FIELD(queue_depth), 1, 1024, false,
	  .arg = "N",
	  .help = "Outstanding async I/Os per thread (default: 16; 1 to 1024)" },
	{ "async-write-fsync", 0, V_FLAG, FIELD(async_write_fsync), 0, 0, false,
	  .help = "Each async write carries an fsync (needs --async-io)" },
	{ "shared-file", 0, V_FLAG, FIELD(shared_file), 0, 0, false,
	  .help = "All threads write one file of --size, each its own part\n"
		  "(--files is ignored)" },
	{ "no-verify", 0, V_FLAG, FIELD(no_verify), 0, 0, false,
	  .section = "Beyond the original tool",
	  .help = "Do not write and check crc32c verify headers" },
	{ "no-final-flush", 0, V_FLAG, FIELD(no_final_flush), 0, 0, false,
	  .help = "End the write clock before the data is flushed (as the original)" },
	{ "fio", 0, V_STRING, FIELD(fio), 0, 0, false,
	  .arg = "PATH",
	  .help = "fio binary to run" },
	{ "engine", 0, V_STRING, FIELD(engine), 0, 0, false,
	  .arg = "PATH",
	  .help = "fio-cephfs.so engine to load (env CEPHFS_TOOL_ENGINE)" },
	{ "dry-run", 0, V_FLAG, FIELD(dry_run), 0, 0, false,
	  .help = "Print the fio job file and commands; run nothing" },
	{ "keep-job", 0, V_STRING, FIELD(keep_job), 0, 0, false,
	  .arg = "PATH",
	  .help = "Write the fio job file to PATH and keep it" },
	{ "clients", 0, V_STRING, FIELD(clients_list), 0, 0, false,
	  .arg = "HOST[:PORT],...",
	  .help = "Run on these fio servers at once (fio --client)" },
	{ "clients-file", 0, V_STRING, FIELD(clients_file), 0, 0, false,
	  .arg = "PATH",
	  .help = "The same, one HOST[:PORT] a line" },
	{ "plot", 0, V_STRING, FIELD(plot), 0, 0, false,
	  .arg = "PATH.svg",
	  .help = "Draw MiB/s and files/s over time per phase (SVG)" },
	{ "lazy-io", 0, V_FLAG, FIELD(lazy_io), 0, 0, false,
	  .help = "Open the files with lazy I/O (ceph_ll_lazyio)" },
	{ "via", 0, V_STRING, FIELD(via_text), 0, 0, false,
	  .arg = "LIST",
	  .help = "Run through each client of libcephfs,fuse,kernel in\n"
		  "turn and compare them (default: libcephfs)" },
	{ "verbose", 'v', V_FLAG, FIELD(verbose), 0, 0, false,
	  .help = "Also print where the run's time went (time budget)" },
	/* Upstream's in CEPH_LOCKSTAT builds only; not in --help. */
	{ "lockstat-dump", 0, V_UNAVAILABLE, 0, 0, 0, false, .help = NULL },
	{ "lockstat-threshold", 0, V_UNAVAILABLE, 0, 0, 0, false, .help = NULL },
};

#define NR_SPECS (sizeof(specs) / sizeof(specs[0]))

static const char usage_commands[] =
"Usage: cephfs-tool [general-options] <command> [command-options]\n"
"\n"
"Commands:\n"
"  bench                      Run I/O benchmark (through fio and its cephfs engine)\n"
"  cleanup RUNDIR             Remove what a killed run left in its run directory\n"
"                             RUNDIR (mounting as the general options and\n"
"                             --root-path say; the other bench options are unused)\n"
"  compare A.json B.json...   Compare runs' JSON reports (see compare --help)\n";

static const char usage_notes[] =
"Sizes: KB, MB, GB, TB are powers of 1000; KiB, MiB, GiB, TiB and a bare\n"
"K, M, G, T powers of 1024 (4MB is 4000000 bytes, 4MiB and 4M 4194304).\n"
"CEPH_ARGS passes through to libcephfs.\n";

/* The column the option texts start in; a label is at most 26 wide. */
#define HELP_COLUMN 29

/* "-c, --conf PATH", "--filesystem, --fs NAME": the option, the aliases
 * that follow it in the table, and the value's name. */
static void help_label(const struct option_spec *s, char *label, size_t len)
{
	const struct option_spec *alias;
	size_t used = 0;

	if (s->short_name)
		used += (size_t)snprintf(label, len, "-%c, ", s->short_name);
	used += (size_t)snprintf(label + used, len - used, "--%s", s->name);
	for (alias = s + 1; alias < specs + NR_SPECS && !alias->help &&
	     alias->offset == s->offset && alias->kind == s->kind; alias++)
		used += (size_t)snprintf(label + used, len - used, ", --%s",
					 alias->name);
	if (s->arg)
		snprintf(label + used, len - used, " %s", s->arg);
}

/* The width --help's lines are broken to, at spaces. */
#define HELP_WIDTH 80

/* A setting's help from HELP_COLUMN, broken at spaces before HELP_WIDTH:
 * its row holds it as one line, shared with fio's --enghelp. */
static void help_line(FILE *out, const char *text)
{
	size_t room = HELP_WIDTH - HELP_COLUMN, len = strlen(text), n;

	for (;;) {
		n = len;
		if (n > room) {
			for (n = room; n > 0 && text[n] != ' '; n--)
				;
			if (!n)
				n = strcspn(text, " ");
		}
		fprintf(out, "%.*s\n", (int)n, text);
		while (n < len && text[n] == ' ')
			n++;
		text += n;
		len -= n;
		if (!len)
			return;
		fprintf(out, "%*s", HELP_COLUMN, "");
	}
}

/* A setting's help, what keeps Ceph's value and the default. */
static void setting_help(const struct option_spec *s, char *text, size_t len)
{
	size_t n = (size_t)snprintf(text, len, "%s", s->help);

	/* The tool takes no negative value: -1 is only its default. */
	if (s->keep >= 0 && n < len)
		n += (size_t)snprintf(text + n, len - n,
				      "; %lld keeps the configured value", s->keep);
	if (s->def != s->keep && n < len)
		snprintf(text + n, len - n, " (default: %lld)", s->def);
}

/* One row's --help lines, under its label. */
static void usage_row(FILE *out, const struct option_spec *s)
{
	const char *line, *end;
	char label[64], text[512];

	help_label(s, label, sizeof(label));
	/* A label too long for its column has its help below it. */
	if (strlen(label) <= HELP_COLUMN - 3)
		fprintf(out, "  %-*s ", HELP_COLUMN - 3, label);
	else
		fprintf(out, "  %s\n%*s", label, HELP_COLUMN, "");
	if (s->setting) {
		setting_help(s, text, sizeof(text));
		help_line(out, text);
		return;
	}
	for (line = s->help; (end = strchr(line, '\n')); line = end + 1)
		fprintf(out, "%.*s\n%*s", (int)(end - line), line,
			HELP_COLUMN, "");
	fprintf(out, "%s\n", line);
}

void options_usage(FILE *out)
{
	const struct option_spec *s;

	fputs(usage_commands, out);
	for (s = specs; s < specs + NR_SPECS; s++) {
		if (!s->help)
			continue;
		if (s->section)
			fprintf(out, "\n%s:\n", s->section);
		usage_row(out, s);
	}
	fputc('\n', out);
	fputs(usage_notes, out);
}

void options_init(struct bench_options *o, const char *fio,
		  const char *engine)
{
	memset(o, 0, sizeof(*o));
	o->id = "admin";
	o->uid = -1;
	o->gid = -1;
#define SETTING_DEFAULT(field, tool_name, kind, key, key2, min, max, tool_max, \
			keep, def, ...)					\
	o->field = def;
	CEPHFS_SETTINGS(SETTING_DEFAULT)
#undef SETTING_DEFAULT
	o->threads = 1;
	o->iterations = 1;
	o->files = 100;
	/* Upstream's 4MB, a power of 1000 as it reads sizes now. */
	o->size = 4000000;
	o->block_size = 4000000;
	o->prefix = "benchmark_";
	o->dir_prefix = "bench_run_";
	o->root_path = "/";
	o->progress_interval = 10;
	o->queue_depth = 16;
	/* The engine of this build takes the native path where it can. */
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	o->async_native = true;
#endif
	o->fio = fio;
	o->engine = engine;
	o->via = (struct via_list){ { VIA_LIBCEPHFS }, 1 };
}

/* Strict decimal: digits only (a leading '-' for -1), the whole string. */
static bool parse_long(const char *text, long *value)
{
	char *end;

	if (!*text || (*text != '-' && (*text < '0' || *text > '9')))
		return false;
	errno = 0;
	*value = strtol(text, &end, 10);
	return !errno && !*end;
}

static bool invalid(char *error, size_t len, const char *name,
		    const char *value, const char *why)
{
	snprintf(error, len, "--%s: invalid value '%s' (%s)", name, value, why);
	return false;
}

static bool set_uint(const struct option_spec *s, unsigned int *field,
		     const char *value, char *error, size_t len)
{
	char why[64];
	long n;

	if (s->max >= INT_MAX)
		snprintf(why, sizeof(why), "must be %lu or more", s->min);
	else
		snprintf(why, sizeof(why), "must be %lu to %lu", s->min, s->max);
	if (!parse_long(value, &n) || n < (long)s->min || n > (long)s->max)
		return invalid(error, len, s->name, value, why);
	*field = (unsigned int)n;
	return true;
}

static bool set_value(const struct option_spec *s, struct bench_options *o,
		      const char *value, char *error, size_t len)
{
	void *field = (char *)o + s->offset;
	unsigned int u;
	long n;

	/* Escaped, so fio's parser leaves it as given, on one of fio's lines. */
	if (s->in_job && escape_value(NULL, 0, value) > JOBFILE_VALUE_MAX) {
		snprintf(error, len, "--%s: too long for fio's job file (%zu bytes %%XX-escaped; at most %d)",
			 s->name, escape_value(NULL, 0, value), JOBFILE_VALUE_MAX);
		return false;
	}
	switch (s->kind) {
	case V_FLAG:
		*(bool *)field = true;
		return true;
	case V_NAME:
		if (strchr(value, '/'))
			return invalid(error, len, s->name, value,
				       "must not contain '/'");
		if (strlen(value) > s->max) {
			snprintf(error, len, "--%s: too long (%zu bytes; at most %lu, for names of at most %d bytes with the numbers the tool adds)",
				 s->name, strlen(value), s->max, NAME_MAX);
			return false;
		}
		*(const char **)field = value;
		return true;
	case V_PATH_ABS:
		if (value[0] != '/')
			return invalid(error, len, s->name, value,
				       "must be an absolute path in CephFS");
		*(const char **)field = value;
		return true;
	case V_STRING:
		if (!*value)
			return invalid(error, len, s->name, value,
				       "must not be empty");
		*(const char **)field = value;
		return true;
	case V_UINT:
		return set_uint(s, (unsigned int *)field, value, error, len);
	case V_SWITCH:
		if (!set_uint(s, &u, value, error, len))
			return false;
		*(int *)field = (int)u;
		return true;
	case V_ID:
		if (!parse_long(value, &n) || n < -1 || n > INT_MAX)
			return invalid(error, len, s->name, value,
				       "must be -1 or an id");
		*(int *)field = (int)n;
		return true;
	case V_SIZE:
		if (!parse_size(value, (uint64_t *)field))
			return invalid(error, len, s->name, value,
				       "must be bytes or a size like 4K, 4MB, 1GiB");
		return true;
	case V_UNAVAILABLE:
		snprintf(error, len, "--%s: not available: upstream has it only when Ceph is built with CEPH_LOCKSTAT, which packaged libcephfs is not, and libcephfs's public API cannot measure lock contention",
			 s->name);
		return false;
	}
	return false;
}

/*
 * --shared-file: one file of --size, split into equal parts of whole
 * blocks, one per thread, so that the file is the size asked and each
 * part verifies on its own.  --files is ignored, as upstream ignores it.
 */
static bool check_shared_file(const struct bench_options *o, char *error,
			      size_t len)
{
	uint64_t bs = o->size < o->block_size ? o->size : o->block_size;

	if (!o->size) {
		snprintf(error, len, "--size: invalid value '0' (--shared-file writes data)");
		return false;
	}
	/* Each host works in a directory of its own. */
	if (o->clients.count) {
		snprintf(error, len, "--shared-file: cannot be combined with --clients");
		return false;
	}
	if (o->size / bs % o->threads) {
		snprintf(error, len, "--size: invalid value '%llu' (with --shared-file, must split into --threads %u parts of whole blocks of %llu bytes)",
			 (unsigned long long)o->size, o->threads,
			 (unsigned long long)bs);
		return false;
	}
	return true;
}

static bool ends_with_svg(const char *name)
{
	size_t len = strlen(name);

	return len >= 4 && !strcasecmp(name + len - 4, ".svg");
}

/*
 * What only the engine does: ceph-fuse is one mount driven by fio's own
 * engines, which know nothing of libcephfs.  @option is refused under
 * --via fuse.
 */
static bool fuse_refuses(char *error, size_t len, bool given,
			 const char *option, const char *why)
{
	if (!given)
		return false;
	snprintf(error, len, "--%s: cannot be combined with --via fuse (%s)",
		 option, why);
	return true;
}

static bool check_fuse(const struct bench_options *o, char *error, size_t len)
{
	uint64_t bs = o->size < o->block_size ? o->size : o->block_size;

	if (fuse_refuses(error, len, o->clients.count, "clients",
			 "the tool mounts ceph-fuse here") ||
	    fuse_refuses(error, len, o->per_thread_mount, "per-thread-mount",
			 "one ceph-fuse mount serves every thread") ||
	    fuse_refuses(error, len, o->lazy_io, "lazy-io",
			 "ceph_ll_lazyio is the engine's") ||
	    fuse_refuses(error, len, o->async_write_fsync, "async-write-fsync",
			 "the engine's; fio's libaio has no fsync per write") ||
	    fuse_refuses(error, len, o->perf_dump != NULL, "perf-dump",
			 "the dump is the engine's mount's") ||
	    fuse_refuses(error, len, o->uid != -1, "uid",
			 "fio creates the files before its jobs could become that user") ||
	    fuse_refuses(error, len, o->gid != -1, "gid",
			 "fio creates the files before its jobs could become that group"))
		return false;
	/* The engine shortens a last block (cephfs_clip_to_size); fio's
	 * sync engine would write it whole, past the file's size. */
	if (o->size && o->size % bs) {
		snprintf(error, len, "--size: invalid value '%llu' (with --via fuse, must be whole blocks of %llu bytes)",
			 (unsigned long long)o->size, (unsigned long long)bs);
		return false;
	}
	return true;
}

/*
 * fio writes a verify header and crc32c's digest at the start of every
 * block it writes: a whole --block-size one, the only block of a file
 * smaller than that, and the short last block the engine writes
 * (cephfs_clip_to_size) as the original does.  fio 3.33 writes the header
 * before it checks the block's size: --size 1 corrupted fio's heap
 * (signal 6) and left the run directory.
 */
static bool check_verify_blocks(const struct bench_options *o, char *error,
				size_t len)
{
	uint64_t bs = o->size < o->block_size ? o->size : o->block_size;
	char value[32];

	if (bs < CEPHFS_VERIFY_BLOCK_MIN) {
		snprintf(value, sizeof(value), "%llu", (unsigned long long)bs);
		snprintf(error, len,
			 "--%s: invalid value '%s' (%s is too short for verify's headers: at least %d bytes, or --no-verify)",
			 o->size <= o->block_size ? "size" : "block-size", value,
			 o->size <= o->block_size ?
			 "a file no larger than --block-size is one block, which" :
			 "each block", CEPHFS_VERIFY_BLOCK_MIN);
		return false;
	}
	if (o->size % bs && o->size % bs < CEPHFS_VERIFY_BLOCK_MIN) {
		snprintf(value, sizeof(value), "%llu",
			 (unsigned long long)o->size);
		snprintf(error, len,
			 "--size: invalid value '%s' (its last block, %llu bytes after whole --block-size blocks, is too short for verify's headers: at least %d bytes, or --no-verify)",
			 value, (unsigned long long)(o->size % bs),
			 CEPHFS_VERIFY_BLOCK_MIN);
		return false;
	}
	return true;
}

/* Combinations, checked once every option is known. */
static bool check_combinations(const struct bench_options *o,
			       bool queue_depth_given, char *error, size_t len)
{
	char value[32];

	if (queue_depth_given && !o->async_io) {
		snprintf(value, sizeof(value), "%u", o->queue_depth);
		return invalid(error, len, "queue-depth", value,
			       "only with --async-io");
	}
	/* fio's servers send no status documents to the client. */
	if (o->progress && o->clients.count) {
		snprintf(error, len, "--progress: cannot be combined with --clients");
		return false;
	}
	if (o->async_io && o->per_thread_mount) {
		snprintf(error, len, "--async-io: cannot be combined with --per-thread-mount");
		return false;
	}
	if (o->async_write_fsync && !o->async_io) {
		snprintf(error, len, "--async-write-fsync: only with --async-io");
		return false;
	}
	if (o->plot && !ends_with_svg(o->plot))
		return invalid(error, len, "plot", o->plot,
			       "the plot is SVG: the name must end in .svg");
	if (o->block_size == 0)
		return invalid(error, len, "block-size", "0", "must be 1 or more");
	if (o->size && !o->no_verify && !check_verify_blocks(o, error, len))
		return false;
	if (via_has(&o->via, VIA_FUSE) && !check_fuse(o, error, len))
		return false;
	if (o->clients.count && o->files < o->clients.count && !o->shared_file) {
		snprintf(value, sizeof(value), "%u", o->files);
		snprintf(error, len, "--files: invalid value '%s' (the total over --clients: at least one file for each of the %u hosts)",
			 value, o->clients.count);
		return false;
	}
	return !o->shared_file || check_shared_file(o, error, len);
}

/* The host lists, once both options are known; errors name the option. */
static bool parse_clients(struct bench_options *o, char *error, size_t len)
{
	char why[512];

	if (o->clients_list &&
	    !clients_add_list(&o->clients, o->clients_list, why, sizeof(why))) {
		snprintf(error, len, "--clients: %s", why);
		return false;
	}
	if (o->clients_file &&
	    !clients_add_file(&o->clients, o->clients_file, why, sizeof(why))) {
		snprintf(error, len, "--clients-file: %s", why);
		return false;
	}
	return true;
}

/* Aliases (--fs, --filesystem) count as one option: the first spec of
 * their field. */
static size_t canonical_spec(const struct option_spec *s)
{
	size_t i = 0;

	while (specs[i].offset != s->offset)
		i++;
	return i;
}

static bool field_given(const bool *given, size_t offset)
{
	size_t i = 0;

	while (specs[i].offset != offset)
		i++;
	return given[i];
}

/* An unavailable option is refused with its reason whether or not a value
 * follows. */
static int argument_of(enum value_kind kind)
{
	if (kind == V_FLAG)
		return no_argument;
	return kind == V_UNAVAILABLE ? optional_argument : required_argument;
}

static const struct option_spec *spec_of(int index, int short_name)
{
	size_t i;

	if (index >= 0)
		return &specs[index];
	for (i = 0; i < NR_SPECS; i++)
		if (specs[i].short_name == short_name)
			return &specs[i];
	return NULL;
}

/*
 * The spec a long option's name (up to any '=') names: the exact name, or
 * the one option it is a prefix of (aliases of one field count once).
 * NULL when it names none, or with @error filled when it abbreviates
 * several: getopt_long would take the first of them, as if
 * `--no` meant `--no-cleanup`.
 */
static const struct option_spec *long_spec(const char *arg, bool *ambiguous,
					   char *error, size_t len)
{
	size_t i, n = strcspn(arg, "="), found = NR_SPECS, used;
	bool several = false;

	*ambiguous = false;
	for (i = 0; i < NR_SPECS; i++)
		if (strlen(specs[i].name) == n && !strncmp(specs[i].name, arg, n))
			return &specs[i];
	for (i = 0; i < NR_SPECS; i++) {
		if (strncmp(specs[i].name, arg, n) || canonical_spec(&specs[i]) != i)
			continue;
		if (found != NR_SPECS)
			several = true;
		else
			found = i;
	}
	if (!several)
		return found == NR_SPECS ? NULL : &specs[found];
	*ambiguous = true;
	used = (size_t)snprintf(error, len, "option '--%.*s' is ambiguous; possibilities:",
				(int)n, arg);
	for (i = 0; i < NR_SPECS && used < len; i++)
		if (!strncmp(specs[i].name, arg, n))
			used += (size_t)snprintf(error + used, len - used, " --%s",
						 specs[i].name);
	return NULL;
}

/* Refuse an abbreviation of more than one option before getopt_long sees
 * it; the values of options are skipped, not read as options. */
static bool no_ambiguous_option(int argc, char **argv, char *error, size_t len)
{
	const struct option_spec *s;
	bool ambiguous;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return true;
		if (strncmp(argv[i], "--", 2)) {
			/* -c PATH, -i ID, -k PATH: the value follows. */
			if (argv[i][0] == '-' && argv[i][1] && strchr("cik", argv[i][1]) &&
			    !argv[i][2])
				i++;
			continue;
		}
		s = long_spec(argv[i] + 2, &ambiguous, error, len);
		if (ambiguous)
			return false;
		if (s && argument_of(s->kind) == required_argument &&
		    !strchr(argv[i], '='))
			i++;
	}
	return true;
}

enum parse_result options_parse(struct bench_options *o, int argc,
				char **argv, char *error, size_t error_len)
{
	struct option longopts[NR_SPECS + 1];
	const char *command = NULL;
	bool given[NR_SPECS] = { false };
	const struct option_spec *s;
	int c, index;
	size_t i;

	for (i = 0; i < NR_SPECS; i++)
		longopts[i] = (struct option){
			.name = specs[i].name,
			.has_arg = argument_of(specs[i].kind),
		};
	longopts[NR_SPECS] = (struct option){ 0 };

	if (!no_ambiguous_option(argc, argv, error, error_len))
		return PARSE_ERROR;
	optind = 0;		/* full reset: the tests parse many times */
	opterr = 0;
	for (;;) {
		index = -1;
		c = getopt_long(argc, argv, "-:hvc:i:k:", longopts, &index);
		if (c == -1)
			break;
		if (c == 1) {
			/* cleanup's one argument: the run directory. */
			if (command && !strcmp(command, "cleanup") &&
			    !o->cleanup_dir) {
				o->cleanup_dir = optarg;
				continue;
			}
			if (command) {
				snprintf(error, error_len, "unexpected argument '%s'",
					 optarg);
				return PARSE_ERROR;
			}
			command = optarg;
			continue;
		}
		if (c == '?') {
			snprintf(error, error_len, "unknown option '%s'",
				 argv[optind - 1]);
			return PARSE_ERROR;
		}
		if (c == ':') {
			snprintf(error, error_len, "%s: missing value",
				 argv[optind - 1]);
			return PARSE_ERROR;
		}
		s = spec_of(index, c);
		if (!s || !set_value(s, o, optarg, error, error_len))
			return PARSE_ERROR;
		/* libcephfs mounted "//" as a root whose first mkdir crashed. */
		if (s->kind == V_PATH_ABS && !path_normalise(optarg)) {
			invalid(error, error_len, s->name, optarg,
				"a '..' component: give the directory without it");
			return PARSE_ERROR;
		}
		if (given[canonical_spec(s)]) {
			snprintf(error, error_len, "--%s: given twice", s->name);
			return PARSE_ERROR;
		}
		given[canonical_spec(s)] = true;
	}
	if (o->help)
		return PARSE_HELP;
	if (o->version)
		return PARSE_VERSION;
	if (!command) {
		snprintf(error, error_len, "missing command (bench, cleanup or compare); see --help");
		return PARSE_ERROR;
	}
	if (!strcmp(command, "cleanup")) {
		if (o->cleanup_dir)
			return PARSE_OK;
		snprintf(error, error_len, "cleanup: missing RUNDIR (the run directory to remove)");
		return PARSE_ERROR;
	}
	if (strcmp(command, "bench")) {
		snprintf(error, error_len, "unknown command '%s' (bench, cleanup or compare)",
			 command);
		return PARSE_ERROR;
	}
	if (!parse_clients(o, error, error_len))
		return PARSE_ERROR;
	if (o->via_text && !via_parse(&o->via, o->via_text, error, error_len))
		return PARSE_ERROR;
	if (!check_combinations(o, field_given(given, FIELD(queue_depth)),
				error, error_len))
		return PARSE_ERROR;
	if (o->shared_file) {
		o->files_ignored = field_given(given, FIELD(files)) && o->files != 1;
		o->files = 1;
	}
	if (!jobfile_numbers_fit(o, error, error_len))
		return PARSE_ERROR;
	return PARSE_OK;
}

void options_free(struct bench_options *o)
{
	clients_free(&o->clients);
}

void options_mount_config(const struct bench_options *o,
			  struct cephfs_mount_config *cfg)
{
	*cfg = (struct cephfs_mount_config){
		.conf = o->conf, .id = o->id, .keyring = o->keyring,
		.fs = o->fs, .root = o->root_path, .uid = o->uid, .gid = o->gid,
#define SETTING_COPY(field, ...) .field = o->field,
		CEPHFS_SETTINGS(SETTING_COPY)
#undef SETTING_COPY
		.tool_options = true,
	};
}

/*
 * The rows another command shares: the general options' (how to mount,
 * the engine settings: the rows before "Bench options" that take a
 * value) and those named in @also.
 */
static const struct option_spec *shared_spec(const char *name,
					     const char *const *also)
{
	const struct option_spec *s;
	bool general = true;
	size_t i;

	for (s = specs; s < specs + NR_SPECS; s++) {
		if (s->section && !strcmp(s->section, "Bench options"))
			general = false;
		if (strcmp(s->name, name))
			continue;
		if (general && s->kind != V_FLAG)
			return s;
		for (i = 0; also && also[i]; i++)
			if (!strcmp(also[i], name))
				return s;
		return NULL;
	}
	return NULL;
}

const char *options_long_name(int short_name)
{
	const struct option_spec *s = spec_of(-1, short_name);

	return s ? s->name : NULL;
}

int options_shared_row(const char *name, const char *const *also)
{
	const struct option_spec *s = shared_spec(name, also);

	if (!s)
		return -1;
	return s->kind != V_FLAG;
}

bool options_set_shared(struct bench_options *o, const char *name,
			const char *value, const char *const *also,
			char *error, size_t error_len)
{
	const struct option_spec *s = shared_spec(name, also);

	if (!s) {
		snprintf(error, error_len, "unknown option '--%s'", name);
		return false;
	}
	return set_value(s, o, value, error, error_len);
}

void options_usage_shared(FILE *out, const char *const *also)
{
	const struct option_spec *s;

	for (s = specs; s < specs + NR_SPECS; s++)
		if (s->help && shared_spec(s->name, also) == s)
			usage_row(out, s);
}

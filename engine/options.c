// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's options: fio's table of them, and the checks and decoding
 * fio's own parser does not do, run before the job mounts anything.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "optgroup.h"

#include "async.h"
#include "engine_options.h"
#include "dirpin.h"
#include "entries.h"
#include "escape.h"
#include "pathutil.h"
#include "ranges.h"

#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
#define CEPHFS_ASYNC_DEFAULT "native"
#else
#define CEPHFS_ASYNC_DEFAULT "emulated"
#endif

/* Numbers are stored whole (struct cephfs_options); ranges checked below. */
#define CEPHFS_SETTING_FIO_TYPE_SWITCH FIO_OPT_ULL
#define CEPHFS_SETTING_FIO_TYPE_COUNT FIO_OPT_ULL
#define CEPHFS_SETTING_FIO_TYPE_SECONDS FIO_OPT_ULL
#define CEPHFS_SETTING_FIO_TYPE_SIZE FIO_OPT_STR_VAL

struct fio_option cephfs_fio_options[] = {
	{
		.name	= "cephfs_conf",
		.lname	= "Ceph configuration file",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, conf),
		.help	= "ceph.conf to read (default: libcephfs' search: CEPH_CONF, /etc/ceph/ceph.conf)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_id",
		.lname	= "Ceph client id",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, id),
		.help	= "Client id to authenticate as, without 'client.'",
		.def	= "admin",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_keyring",
		.lname	= "Ceph keyring",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, keyring),
		.help	= "Keyring file (default: from the configuration)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_fs",
		.lname	= "CephFS filesystem name",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, fs),
		.help	= "Filesystem to mount (default: the cluster's default)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_root",
		.lname	= "CephFS mount root",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, root),
		.help	= "Directory of the filesystem mounted as root; file names are relative to it",
		.def	= "/",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_uid",
		.lname	= "CephFS user id",
		.type	= FIO_OPT_ULL,
		.off1	= offsetof(struct cephfs_options, uid),
		.help	= "User id to act as (ceph_mount_perms_set); -1 keeps the process's",
		.def	= "-1",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_gid",
		.lname	= "CephFS group id",
		.type	= FIO_OPT_ULL,
		.off1	= offsetof(struct cephfs_options, gid),
		.help	= "Group id to act as (ceph_mount_perms_set); -1 keeps the process's",
		.def	= "-1",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
#define CEPHFS_SETTING_OPTION(field, tool_name, kind, key, key2, min, max, \
			      tool_max, keep, def_value, help_text)	\
	{								\
		.name	= "cephfs_" #field,				\
		.lname	= key,						\
		.type	= CEPHFS_SETTING_FIO_TYPE_##kind,		\
		.off1	= offsetof(struct cephfs_options, field),	\
		.help	= help_text "; " #keep " keeps the configured value", \
		.def	= #def_value,					\
		.category = FIO_OPT_C_ENGINE,				\
		.group	= FIO_OPT_G_INVALID,				\
	},
	CEPHFS_SETTINGS(CEPHFS_SETTING_OPTION)
#undef CEPHFS_SETTING_OPTION
	{
		.name	= "cephfs_set",
		.lname	= "Ceph configuration overrides",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, set),
		.help	= "Extra client settings, key=value pairs separated by commas",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_mount_per_job",
		.lname	= "CephFS mount per job",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct cephfs_options, mount_per_job),
		.help	= "Give each job its own mount instead of sharing one per configuration",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_op",
		.lname	= "CephFS operation",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct cephfs_options, op),
		.help	= "What to time for each file",
		.def	= "io",
		.posval	= {
			{ .ival = "io", .oval = CEPHFS_OP_IO,
			  .help = "Read/write/sync/trim data as the job says" },
			{ .ival = "create", .oval = CEPHFS_OP_CREATE,
			  .help = "Create each file (it must not exist), no data" },
			{ .ival = "open", .oval = CEPHFS_OP_OPEN,
			  .help = "Open each existing file read-only and close it" },
			{ .ival = "stat", .oval = CEPHFS_OP_STAT,
			  .help = "statx each existing file" },
			{ .ival = "unlink", .oval = CEPHFS_OP_UNLINK,
			  .help = "Unlink each existing file" },
			{ .ival = "mkdir", .oval = CEPHFS_OP_MKDIR,
			  .help = "Make each file name a directory (it must not exist)" },
			{ .ival = "rmdir", .oval = CEPHFS_OP_RMDIR,
			  .help = "Remove each file name, an empty directory" },
			{ .ival = "rename", .oval = CEPHFS_OP_RENAME,
			  .help = "Rename each file NAME to NAME" CEPHFS_RENAMED_SUFFIX },
			{ .ival = "rename_back", .oval = CEPHFS_OP_RENAME_BACK,
			  .help = "Rename each NAME" CEPHFS_RENAMED_SUFFIX " back to NAME" },
			{ .ival = "readdir", .oval = CEPHFS_OP_READDIR,
			  .help = "Read one entry of the file's directory per file" },
			{ .ival = "readfile", .oval = CEPHFS_OP_READFILE,
			  .help = "Open each existing file, read bs bytes from its start (fewer fail) and close it" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_perf_dump",
		.lname	= "libcephfs perf counter dump",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, perf_dump),
		.help	= "Write the client's perf counters (JSON) to this file when the mount is released",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_new_dir",
		.lname	= "CephFS new directory",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct cephfs_options, new_dir),
		.help	= "The directory of the files a job creates must not exist: the job makes it (once per fio process), failing if it exists",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_new_dir_mark",
		.lname	= "CephFS new directory mark",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, new_dir_mark),
		.help	= "Set the xattr user.fio-cephfs.mark of the directory the job makes (implies cephfs_new_dir=1) to this text, so that a cleanup can tell it made the directory",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_create_bytes",
		.lname	= "CephFS bytes written at create",
		.type	= FIO_OPT_STR_VAL,
		.off1	= offsetof(struct cephfs_options, create_bytes),
		.help	= "With cephfs_op=create: write this many bytes of the job's buffer contents before the close, inside the timed operation (mdtest -w)",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_dir_pin",
		.lname	= "CephFS directory pin",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, dir_pin),
		.help	= "Pin the directory the job makes (implies cephfs_new_dir=1) to an MDS rank: N (ceph.dir.pin), distributed (ceph.dir.pin.distributed) or random:P (ceph.dir.pin.random)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_escaped",
		.lname	= "CephFS escaped values",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct cephfs_options, escaped),
		.help	= "The string options and file names are %XX-escaped (as cephfs-tool writes them): decode them",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_clip_to_size",
		.lname	= "CephFS clip I/O to the file size",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct cephfs_options, clip_to_size),
		.help	= "A sequential block reaching past the file's size (filesize/size) moves only the bytes before it: a 3M file in 2M blocks is 3M, not 4M",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_async",
		.lname	= "CephFS async I/O",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct cephfs_options, async),
		.help	= "How I/O runs when iodepth > 1",
		.def	= CEPHFS_ASYNC_DEFAULT,
		.posval	= {
			{ .ival = "native", .oval = CEPHFS_ASYNC_NATIVE,
			  .help = "libcephfs' ceph_ll_nonblocking_readv_writev (Ceph 20; not Ceph 16 or 18)" },
			{ .ival = "emulated", .oval = CEPHFS_ASYNC_EMULATED,
			  .help = "Submitter threads running the blocking calls" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_async_threads",
		.lname	= "CephFS async submitter threads",
		.type	= FIO_OPT_ULL,
		.off1	= offsetof(struct cephfs_options, async_threads),
		.help	= "Threads issuing I/O when iodepth > 1 and cephfs_async=emulated; 0 means one per iodepth slot",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_lazyio",
		.lname	= "CephFS lazy I/O",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct cephfs_options, lazyio),
		.help	= "Open each file with lazy I/O (ceph_ll_lazyio): relaxed coherence for files several clients or jobs write at once",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_write_fsync",
		.lname	= "CephFS fsync with each write",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct cephfs_options, write_fsync),
		.help	= "Each write carries its file's fsync and completes when both are done (native: io_info.fsync; emulated and iodepth=1: ceph_ll_fsync after the write)",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_entries",
		.lname	= "CephFS entries per directory",
		.type	= FIO_OPT_ULL,
		.off1	= offsetof(struct cephfs_options, entries),
		.help	= "With cephfs_op create, open, stat, unlink or readfile: each file of the job is a directory of this many entries, sized entries x bs, and the I/O at offset k x bs acts on entry k; 0: each file is one",
		.def	= "0",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= "cephfs_entry_format",
		.lname	= "CephFS entry name format",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct cephfs_options, entry_format),
		.help	= "The name of each entry under cephfs_entries: $entry is its number k, $jobnum fio's job number (as in filename_format)",
		.def	= CEPHFS_ENTRY_FORMAT_DEFAULT,
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_INVALID,
	},
	{
		.name	= NULL,
	},
};

/*
 * The range of each number, checked here rather than with fio's
 * minval/maxval: fio compares an FIO_OPT_ULL as unsigned, so -3 fails as
 * "18446744073709551613", and its minval only warns when negative.
 */
static const struct cephfs_number {
	const char *name;
	size_t off;
	long long min, max;
} cephfs_numbers[] = {
#define CEPHFS_NUMBER(field, min, max) \
	{ "cephfs_" #field, offsetof(struct cephfs_options, field), min, max }
	/* -1: the process's own */
	CEPHFS_NUMBER(uid, -1, CEPHFS_ID_MAX),
	CEPHFS_NUMBER(gid, -1, CEPHFS_ID_MAX),
#define CEPHFS_SETTING_NUMBER(field, tool_name, kind, key, key2, min, max, ...) \
	CEPHFS_NUMBER(field, min, max),
	CEPHFS_SETTINGS(CEPHFS_SETTING_NUMBER)
#undef CEPHFS_SETTING_NUMBER
	CEPHFS_NUMBER(async_threads, 0, 1024),
	/* written by one call, which returns an int */
	CEPHFS_NUMBER(create_bytes, 0, INT_MAX),
	CEPHFS_NUMBER(entries, 0, LLONG_MAX),
#undef CEPHFS_NUMBER
};

static bool cephfs_numbers_out_of_range(const struct cephfs_options *o)
{
	const struct cephfs_number *n;
	long long value;
	size_t i;

	for (i = 0; i < sizeof(cephfs_numbers) / sizeof(*n); i++) {
		n = &cephfs_numbers[i];
		value = *(const long long *)((const char *)o + n->off);
		if (value < n->min || value > n->max) {
			log_err("cephfs: %s=%lld is out of range (%lld to %lld)\n",
				n->name, value, n->min, n->max);
			return true;
		}
	}
	return false;
}

/* The string options, for cephfs_escaped. */
static const struct cephfs_string {
	const char *name;
	size_t off;
} cephfs_strings[] = {
#define CEPHFS_STRING(field) \
	{ "cephfs_" #field, offsetof(struct cephfs_options, field) }
	CEPHFS_STRING(conf), CEPHFS_STRING(id), CEPHFS_STRING(keyring),
	CEPHFS_STRING(fs), CEPHFS_STRING(root), CEPHFS_STRING(set),
	CEPHFS_STRING(perf_dump), CEPHFS_STRING(dir_pin),
	CEPHFS_STRING(new_dir_mark),
#undef CEPHFS_STRING
};

static char **string_option(struct cephfs_options *o, size_t i)
{
	return (char **)((char *)o + cephfs_strings[i].off);
}

/* @what: "cephfs_root=" or "file ", to name the value in the error. */
static bool cephfs_unescape(const char *what, char *value)
{
	if (!value || unescape_in_place(value))
		return true;
	log_err("cephfs: %s%s: malformed escape (with cephfs_escaped=1 a %% starts %%XX, two hex digits, not %%00)\n",
		what, value);
	return false;
}

/*
 * cephfs_escaped: decode every string option and file name, before
 * anything reads them (decoding only shortens, so in place).
 */
static bool cephfs_escape_errors(struct thread_data *td,
				 struct cephfs_options *o)
{
	struct fio_file *f;
	char what[64];
	unsigned int i;

	if (!o->escaped)
		return false;
	for (i = 0; i < sizeof(cephfs_strings) / sizeof(*cephfs_strings); i++) {
		snprintf(what, sizeof(what), "%s=", cephfs_strings[i].name);
		if (!cephfs_unescape(what, *string_option(o, i)))
			return true;
	}
	for_each_file(td, f, i)
		if (!cephfs_unescape("file ", f->file_name))
			return true;
	return false;
}

/*
 * Names that climb out of the mount root go before any I/O.  The others
 * lose their empty and "." components, as cephfs_root does: libcephfs 16
 * asserted (filepath::last_dentry) unlinking, removing or renaming "//".
 * A name with ".." stays as given.
 */
static bool cephfs_file_name_errors(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		if (path_climbs(f->file_name)) {
			log_err("cephfs: file %s: '..' leads above the mount root (cephfs_root)\n",
				f->file_name);
			return true;
		}
		path_normalise(f->file_name);
	}
	return false;
}

/*
 * cephfs_root as libcephfs takes it: "//" mounted a root on which the
 * first ceph_mkdir segfaulted, "/a//b" and "/a/./b" failed to mount.
 */
static bool cephfs_root_errors(char *root)
{
	if (!root)
		return false;
	if (root[0] != '/') {
		log_err("cephfs: cephfs_root=%s: must be an absolute path in the filesystem (start with '/')\n",
			root);
		return true;
	}
	if (!path_normalise(root)) {
		log_err("cephfs: cephfs_root=%s: a '..' component: give the directory without it\n",
			root);
		return true;
	}
	return false;
}

static bool cephfs_perf_dump_errors(const char *path)
{
	char *target = path_file_target(path);
	bool creatable = target && path_creatable(target);

	if (!creatable)
		log_err("cephfs: cephfs_perf_dump=%s: cannot write there: %s\n",
			path, !target && errno == EEXIST ?
			"it exists and is not a regular file" : strerror(errno));
	free(target);
	return !creatable;
}

bool cephfs_entries_too_many(struct thread_data *td,
			     const struct cephfs_options *o)
{
	unsigned long long bs = td_min_bs(td);

	/* A negative count is refused with the other numbers' ranges. */
	if (o->entries < 0 || (unsigned long long)o->entries <= LLONG_MAX / bs)
		return false;
	log_err("cephfs: cephfs_entries=%lld: %lld x bs=%llu bytes is more than a file of fio's can be (%lld bytes)\n",
		o->entries, o->entries, bs, LLONG_MAX);
	return true;
}

/* The operations on one name each, which can be a directory's entries. */
static bool cephfs_op_takes_entries(unsigned int op)
{
	return op == CEPHFS_OP_CREATE || op == CEPHFS_OP_OPEN ||
	       op == CEPHFS_OP_STAT || op == CEPHFS_OP_UNLINK ||
	       op == CEPHFS_OP_READFILE;
}

/*
 * cephfs_entries: entry k is at offset k x bs, so one block size, and
 * the directory's size within fio's; where the job's offset and size
 * fall is checked as fio opens each directory (cephfs_entries_range).
 * The names' format is parsed into @format; under cephfs_escaped its
 * words are found before the text around them is decoded (entries.h).
 */
static bool cephfs_entries_errors(struct thread_data *td,
				  const struct cephfs_options *o,
				  struct entry_format *format)
{
	unsigned long long bs = td_min_bs(td);
	char why[128];

	if (!o->entries)
		return false;
	if (!cephfs_op_takes_entries(o->op)) {
		log_err("cephfs: cephfs_entries=%lld is for cephfs_op=create, open, stat, unlink or readfile\n",
			o->entries);
		return true;
	}
	if (bs != td_max_bs(td)) {
		log_err("cephfs: %s: cephfs_entries=%lld takes one block size (entry k is at offset k x bs): no bsrange, bssplit or bs differing by direction\n",
			td->o.name, o->entries);
		return true;
	}
	if (cephfs_entries_too_many(td, o))
		return true;
	if (!entry_format_parse(format, o->entry_format, td->subjob_number,
				o->escaped)) {
		log_err("cephfs: cephfs_entry_format=%s: %s\n", o->entry_format,
			errno == EINVAL ? "malformed escape (with cephfs_escaped=1 a % starts %XX, two hex digits, not %00)" :
			strerror(errno));
		return true;
	}
	if (entry_format_wrong(format, o->entries - 1, why, sizeof(why))) {
		log_err("cephfs: cephfs_entry_format=%s: %s\n",
			o->entry_format, why);
		entry_format_free(format);
		return true;
	}
	return false;
}

static bool cephfs_option_errors(struct thread_data *td,
				 const struct cephfs_options *o,
				 struct cephfs_dir_pin *dir_pin,
				 struct entry_format *format)
{
	char why[256];

	if (!cephfs_dir_pin_parse(o->dir_pin, dir_pin, why, sizeof(why))) {
		log_err("cephfs: %s\n", why);
		return true;
	}
	if (cephfs_numbers_out_of_range(o))
		return true;
	if (o->create_bytes && o->op != CEPHFS_OP_CREATE) {
		log_err("cephfs: cephfs_create_bytes=%lld is for cephfs_op=create only\n",
			o->create_bytes);
		return true;
	}
	/* fio's random map holds whole blocks: it never draws the short one. */
	if (o->clip_to_size && td_random(td)) {
		log_err("cephfs: %s: cephfs_clip_to_size is for sequential I/O: a random job draws whole blocks only and would leave the file's last short block undone\n",
			td->o.name);
		return true;
	}
	/* Metadata operations open no handle for I/O: nothing to apply to. */
	if ((o->lazyio || o->write_fsync) && o->op != CEPHFS_OP_IO) {
		log_err("cephfs: %s=1 is for cephfs_op=io only\n",
			o->lazyio ? "cephfs_lazyio" : "cephfs_write_fsync");
		return true;
	}
#ifndef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	if (o->async == CEPHFS_ASYNC_NATIVE) {
		log_err("cephfs: cephfs_async=native: this libcephfs has no ceph_ll_nonblocking_readv_writev (Ceph 20 has it, Ceph 16 and 18 do not); use cephfs_async=emulated\n");
		return true;
	}
#endif
	if (o->perf_dump && cephfs_perf_dump_errors(o->perf_dump))
		return true;
	/* Last: the format it parses is the caller's to free from here. */
	return cephfs_entries_errors(td, o, format);
}


/* fio's own options that would hang or size a run wrongly here. */
static bool cephfs_fio_option_errors(struct thread_data *td)
{
	if (td->o.fill_device) {
		log_err("cephfs: %s: fill_device/fill_fs: fio takes the free space of the local filesystem, not CephFS's; give size= instead\n",
			td->o.name);
		return true;
	}
	return false;
}

bool cephfs_job_option_errors(struct thread_data *td, struct cephfs_options *o,
			      struct cephfs_dir_pin *dir_pin,
			      struct entry_format *entry_format)
{
	return cephfs_escape_errors(td, o) || cephfs_root_errors(o->root) ||
	       cephfs_file_name_errors(td) ||
	       cephfs_fio_option_errors(td) ||
	       cephfs_option_errors(td, o, dir_pin, entry_format);
}

// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "jobfile.h"
#include "ranges.h"
#include "runplan.h"

const char *phase_section(enum phase phase)
{
	return phase == PHASE_WRITE ? "write" : "read";
}

char *jobfile_target_path(const struct bench_options *o, const char *path,
			  unsigned int target)
{
	char *name;

	if (!o->clients.count)
		return strdup(path);
	if (asprintf(&name, "%s.%s", path, o->clients.hosts[target].dir) < 0)
		return NULL;
	return name;
}

void jobfile_client_path(enum via_client via, const char *path, char *name,
			 size_t len)
{
	snprintf(name, len, "%s%s", path, via == VIA_FUSE ? ".fuse" : "");
}

/*
 * Size 0 moves no data, and the engine counts one block per file; fio
 * would still fill a buffer of the block size per job (8 MiB of the
 * peak RSS with 2 threads and the default 4 MiB).
 */
#define METADATA_BLOCK_SIZE 4096

/* How often fio's helper thread samples rates, so how late it sees the end. */
#define STAT_SAMPLE_MSEC 10

uint64_t effective_block_size(const struct bench_options *o)
{
	if (!o->size)
		return METADATA_BLOCK_SIZE;
	return o->size < o->block_size ? o->size : o->block_size;
}

/*
 * Every number the job file carries that comes from an option, with the
 * largest value its reader stores as given.  fio (3.33 to 3.42, parse.c)
 * reads each number with strtoll, so none goes above LLONG_MAX, and
 * stores an FIO_OPT_INT in an unsigned int (thread_options.h), cutting
 * it to its low 32 bits without a word.  The job file's constants are
 * written as they are.
 */
enum job_number {
	JN_BS, JN_FILESIZE, JN_SIZE, JN_OFFSET, JN_IO_SIZE, JN_FSYNC,
	JN_NRFILES, JN_ENTRIES, JN_IODEPTH, JN_RUNTIME, JN_UID, JN_GID,
#define SETTING_NUMBER(field, ...) JN_SETTING_##field,
	CEPHFS_SETTINGS(SETTING_NUMBER)
#undef SETTING_NUMBER
	JOB_NUMBERS,
};

static const struct {
	const char *key;
	uint64_t max;
	const char *option;	/* the tool's, without "--" */
} job_numbers[JOB_NUMBERS] = {
	/* FIO_OPT_ULL, FIO_OPT_STR_VAL(_ZONE): unsigned long long */
	[JN_BS] = { "bs", LLONG_MAX, "block-size" },
	[JN_FILESIZE] = { "filesize", LLONG_MAX, "size" },
	[JN_SIZE] = { "size", LLONG_MAX, "size" },
	[JN_OFFSET] = { "offset", LLONG_MAX, "size" },
	[JN_IO_SIZE] = { "io_size", LLONG_MAX, "size" },
	/* FIO_OPT_INT: unsigned int */
	[JN_FSYNC] = { "fsync", UINT_MAX, "fsync-every" },
	[JN_NRFILES] = { "nrfiles", UINT_MAX, "files" },
	/* the engine's, FIO_OPT_ULL; entries x bs checked at init */
	[JN_ENTRIES] = { "cephfs_entries", LLONG_MAX, "files" },
	/* fio checks its minval of 1 on the value as an int */
	[JN_IODEPTH] = { "iodepth", INT_MAX, "queue-depth" },
	/* FIO_OPT_STR_VAL_TIME: seconds, stored as microseconds */
	[JN_RUNTIME] = { "runtime", LLONG_MAX / 1000000, "duration" },
	/* the engine's, which it checks at init */
	[JN_UID] = { "cephfs_uid", CEPHFS_ID_MAX, "uid" },
	[JN_GID] = { "cephfs_gid", CEPHFS_ID_MAX, "gid" },
#define SETTING_NUMBER(field, tool_name, kind, key, key2, min, max, ...) \
	[JN_SETTING_##field] = { "cephfs_" #field, max, tool_name },
	CEPHFS_SETTINGS(SETTING_NUMBER)
#undef SETTING_NUMBER
};

/* fio counts writes, the original bytes: fsync after the write that
 * reaches fsync-every bytes. */
static uint64_t fsync_blocks(const struct bench_options *o)
{
	uint64_t bs = effective_block_size(o);

	return o->fsync_every / bs + !!(o->fsync_every % bs);
}

/*
 * The largest value of @n that the job file carries for @o (0 when it
 * carries none), and in @given the value of the option it comes from.
 */
static uint64_t largest_number(const struct bench_options *o,
			       enum job_number n, uint64_t *given)
{
	*given = o->size;
	switch (n) {
	case JN_BS:
		*given = o->block_size;
		return effective_block_size(o);
	case JN_FILESIZE:
		return o->size;
	case JN_SIZE:
		return o->shared_file ? o->size : 0;
	case JN_OFFSET:
		return o->shared_file ? (o->threads - 1) * job_file_bytes(o) : 0;
	case JN_IO_SIZE:
		return o->shared_file ? job_file_bytes(o) : 0;
	case JN_FSYNC:
		*given = o->fsync_every;
		return o->size ? fsync_blocks(o) : 0;
	case JN_NRFILES:
	case JN_ENTRIES:
		*given = o->files;
		return files_of_thread(o, 0, 0);
	case JN_IODEPTH:
		*given = o->queue_depth;
		return o->async_io ? o->queue_depth : 0;
	case JN_RUNTIME:
		return *given = o->duration;
	case JN_UID:
		return *given = o->uid == -1 ? 0 : (uint64_t)o->uid;
	case JN_GID:
		return *given = o->gid == -1 ? 0 : (uint64_t)o->gid;
	/* The keep value (-1 for client_oc) is in range. */
#define SETTING_LARGEST(field, tool_name, kind, key, key2, min, max,	\
			tool_max, keep, ...)				\
	case JN_SETTING_##field:					\
		return *given = o->field == keep ? 0 : (uint64_t)o->field;
	CEPHFS_SETTINGS(SETTING_LARGEST)
#undef SETTING_LARGEST
	case JOB_NUMBERS:
		break;
	}
	return 0;
}

bool jobfile_numbers_fit(const struct bench_options *o, char *error,
			 size_t error_len)
{
	uint64_t value, given;
	int n;

	for (n = 0; n < JOB_NUMBERS; n++) {
		value = largest_number(o, n, &given);
		if (value <= job_numbers[n].max)
			continue;
		if (error)
			snprintf(error, error_len,
				 "--%s: invalid value '%" PRIu64 "' (fio's job file would have %s=%" PRIu64 "; at most %" PRIu64 " fits)",
				 job_numbers[n].option, given, job_numbers[n].key,
				 value, job_numbers[n].max);
		return false;
	}
	return true;
}

/* The only way a number from an option reaches the job file. */
static void put_number(FILE *out, enum job_number n, uint64_t value)
{
	fprintf(out, "%s=%" PRIu64 "\n", job_numbers[n].key, value);
}

/* @text as the engine reads it back under cephfs_escaped=1; no longer
 * than JOBFILE_VALUE_MAX escaped (jobfile_write checks). */
static void put_escaped(FILE *out, const char *text)
{
	char escaped[JOBFILE_VALUE_MAX + 1];

	escape_value(escaped, sizeof(escaped), text);
	fputs(escaped, out);
}

static bool fits(const char *text)
{
	return !text || escape_value(NULL, 0, text) <= JOBFILE_VALUE_MAX;
}

bool jobfile_strings_fit(const struct bench_options *o, const char *subdir)
{
	return fits(o->conf) && fits(o->id) && fits(o->keyring) &&
	       fits(o->fs) && fits(o->root_path) && fits(o->perf_dump) &&
	       fits(subdir) && fits(o->prefix);
}

void jobfile_put_string(FILE *out, const char *key, const char *value)
{
	if (!value)
		return;
	fprintf(out, "%s=", key);
	put_escaped(out, value);
	fputc('\n', out);
}

static void put_mount_settings(FILE *out, const struct bench_options *o)
{
	jobfile_put_string(out, "cephfs_conf", o->conf);
	jobfile_put_string(out, "cephfs_id", o->id);
	jobfile_put_string(out, "cephfs_keyring", o->keyring);
	jobfile_put_string(out, "cephfs_fs", o->fs);
	jobfile_put_string(out, "cephfs_root", o->root_path);
	if (o->uid != -1)
		put_number(out, JN_UID, o->uid);
	if (o->gid != -1)
		put_number(out, JN_GID, o->gid);
	/* The line is left out where the engine's default keeps Ceph's value
	 * too; else written, so the engine has the tool's value. */
#define SETTING_LINE(field, tool_name, kind, key, key2, min, max, tool_max, \
		     keep, def, ...)					\
	if (o->field != keep || def != keep)				\
		put_number(out, JN_SETTING_##field, o->field);
	CEPHFS_SETTINGS(SETTING_LINE)
#undef SETTING_LINE
	if (o->per_thread_mount)
		fprintf(out, "cephfs_mount_per_job=1\n");
	jobfile_put_string(out, "cephfs_perf_dump", o->perf_dump);
	if (o->lazy_io)
		fprintf(out, "cephfs_lazyio=1\n");
}

/*
 * Through ceph-fuse, fio's own engines: filecreate times the open(O_CREAT)
 * of each file, as the engine's cephfs_op=create does.
 */
const char *fuse_fio_engine(const struct bench_options *o)
{
	return !o->size ? "filecreate" : o->async_io ? "libaio" : "psync";
}

static void put_fuse_engine(FILE *out, const struct bench_options *o)
{
	fprintf(out, "ioengine=%s\nthread\n", fuse_fio_engine(o));
}

static void put_engine(FILE *out, const struct bench_options *o)
{
	/* preflight refused an engine path fio would not read as given. */
	fprintf(out, "ioengine=external:%s\n", o->engine);
	/* Every string below that came from the user is %XX-escaped. */
	fprintf(out, "cephfs_escaped=1\n");
	/* Threads of one fio process share one mount, as the tool's do. */
	fprintf(out, "thread\n");
}

/*
 * fio's fallback clock, CLOCK_MONOTONIC.  Left to choose, fio calibrates
 * the CPU's clock a second time while testing it, a busy loop of some
 * 65 ms before every phase; named, it is skipped.
 */
static void put_clock(FILE *out)
{
	fprintf(out, "clocksource=clock_gettime\n");
}

void jobfile_put_engine_mount(FILE *out, const struct bench_options *o)
{
	put_engine(out, o);
	put_clock(out);
	put_mount_settings(out, o);
}

static void put_global(FILE *out, const struct bench_options *o,
		       const char *rate_log, const char *fuse)
{
	fprintf(out, "[global]\n");
	if (fuse) {
		put_fuse_engine(out, o);
		put_clock(out);
	} else {
		jobfile_put_engine_mount(out, o);
	}
	put_number(out, JN_BS, effective_block_size(o));
	if (o->size)
		put_number(out, JN_FILESIZE, o->size);
	/* filecreate fakes one block per file; the files stay empty. */
	else if (fuse)
		fprintf(out, "filesize=%d\n", METADATA_BLOCK_SIZE);
	/* fio would write the last block whole, past the file's size. */
	if (o->size % effective_block_size(o))
		fprintf(out, "cephfs_clip_to_size=1\n");
	/* One file after the other, as each of the tool's threads works. */
	fprintf(out, "openfiles=1\nfile_service_type=sequential\n");
	/* The original creates and writes; no preallocation. */
	fprintf(out, "fallocate=none\n");
	if (o->async_io)
		put_number(out, JN_IODEPTH, o->queue_depth);
	if (o->duration)
		put_number(out, JN_RUNTIME, o->duration);
	if (o->size && !o->no_verify) {
		fprintf(out, "verify=crc32c\n");
		/* fio would leave *-verify.state files in the cwd. */
		fprintf(out, "verify_state_save=0\n");
	}
	/*
	 * Each I/O on the host's realtime clock: where the phase lay in
	 * time and what it moved when (see io_span); fio's averaged logs
	 * drop a job's last, partial window.  Size 0's operations, one a
	 * file, are in the latency samples the engines add themselves.
	 */
	if (rate_log)
		fprintf(out, "log_unix_epoch=1\n%s=%s\n",
			o->size ? "write_bw_log" : "write_lat_log", rate_log);
	/*
	 * fio 3.41's helper thread sees that the jobs are done only at its
	 * next tick, 250 ms apart where nothing sets it: fio exited 0-250
	 * ms after its last I/O.  Sampling fio's rate statistics (running
	 * sums, no memory per sample) every STAT_SAMPLE_MSEC ticks it that
	 * often.
	 */
	fprintf(out, "iopsavgtime=%d\nbwavgtime=%d\n", STAT_SAMPLE_MSEC,
		STAT_SAMPLE_MSEC);
}

static void put_write_settings(FILE *out, const struct bench_options *o,
			       const char *fuse, const char *mark)
{
	fprintf(out, "rw=write\n");
	/* Creates in a directory this client made need no lookup first
	 * (through ceph-fuse, the tool makes the directory on the mount). */
	if (!fuse)
		fprintf(out, "cephfs_new_dir=1\n");
	/* The mark says which run made it, to the cleanups after it. */
	if (!fuse)
		jobfile_put_string(out, "cephfs_new_dir_mark", mark);
	if (!o->size) {
		if (!fuse)
			fprintf(out, "cephfs_op=create\n");
		return;
	}
	if (!o->no_verify)
		fprintf(out, "do_verify=0\n");
	if (o->fsync_every)
		put_number(out, JN_FSYNC, fsync_blocks(o));
	/* Each write is on the cluster when it completes: no file's fsync
	 * after them, as upstream skips it. */
	if (o->async_write_fsync) {
		fprintf(out, "cephfs_write_fsync=1\n");
		return;
	}
	/* Keep the write clock running until the data is on the cluster. */
	if (!o->no_final_flush)
		fprintf(out, "fsync_on_close=1\n");
}

/*
 * Size 0 through the engine: the run directory is the job's one fio file,
 * its files thread @t's entries (cephfs_entries), named as the original
 * names them; fio's memory then stays the same for any number of files.
 */
static void put_entries(FILE *out, const char *subdir, const char *prefix,
			unsigned int t, unsigned int n)
{
	jobfile_put_string(out, "filename", subdir);
	put_number(out, JN_ENTRIES, n);
	fprintf(out, "cephfs_entry_format=");
	put_escaped(out, prefix);
	fprintf(out, "%u_$entry\n", t);
}

/*
 * The files of thread @t's job: its own, or with --shared-file thread 0's
 * one file, of which the job writes and reads part @t.  fio ends a
 * sequential job at the file's size, which for a file not created yet is
 * the job's size=: so size= is the whole file and io_size= the part.
 */
static void put_files(FILE *out, const struct bench_options *o,
		      const char *subdir, unsigned int t, unsigned int n,
		      const char *fuse)
{
	uint64_t part = job_file_bytes(o);

	if (!o->size && !fuse) {
		put_entries(out, subdir, o->prefix, t, n);
		return;
	}
	/* preflight refused names fio's parser would not take as given. */
	fprintf(out, "filename_format=");
	if (fuse)
		fprintf(out, "%s/%s/%s", fuse, subdir, o->prefix);
	else {
		put_escaped(out, subdir);
		fputc('/', out);
		put_escaped(out, o->prefix);
	}
	fprintf(out, "%u_$filenum\n", o->shared_file ? 0 : t);
	put_number(out, JN_NRFILES, n);
	if (o->shared_file) {
		put_number(out, JN_SIZE, o->size);
		put_number(out, JN_OFFSET, t * part);
		put_number(out, JN_IO_SIZE, part);
	}
}

/*
 * Through ceph-fuse, filecreate's open(O_CREAT) of a file that exists
 * is an open.  The files exist, all of them: without allow_file_create=0
 * the engine would look each one up for a missing or short file to lay
 * out before fio's clock starts, and the timed open find it cached, where
 * the original's open asks the MDS inside its clock.
 */
static void put_read_settings(FILE *out, const struct bench_options *o,
			      const char *fuse)
{
	fprintf(out, "rw=read\nallow_file_create=0\n");
	if (!o->size && !fuse)
		fprintf(out, "cephfs_op=open\n");
}

bool phase_cycles(const struct bench_options *o, enum phase phase)
{
	if (!o->duration)
		return false;
	return phase == PHASE_READ || o->size;
}

bool fio_verifies_reads_once(const char *version)
{
	unsigned int major, minor;

	if (sscanf(version, "%u.%u", &major, &minor) != 2)
		return false;
	return major < 3 || (major == 3 && minor < 37);
}

static void put_phase(FILE *out, const struct bench_options *o,
		      const char *subdir, enum phase phase, unsigned int host,
		      const unsigned int *files, const char *fuse,
		      const char *mark)
{
	unsigned int t, n;

	for (t = 0; t < o->threads; t++) {
		n = files ? files[t] : files_of_thread(o, host, t);
		if (!n)
			continue;
		fprintf(out, "\n[%s]\n", phase_section(phase));
		/* fio starts over at the job's first file until runtime=. */
		if (phase_cycles(o, phase))
			fprintf(out, "time_based\n");
		if (phase == PHASE_WRITE)
			put_write_settings(out, o, fuse, mark);
		else
			put_read_settings(out, o, fuse);
		put_files(out, o, subdir, t, n, fuse);
	}
}

int jobfile_write(FILE *out, const struct bench_options *o,
		  const char *subdir, unsigned int host,
		  const unsigned int *read_files, const char *rate_log,
		  const char *fuse, const char *mark)
{
	if (!jobfile_strings_fit(o, subdir) || !fits(mark) ||
	    !jobfile_numbers_fit(o, NULL, 0))
		return -1;
	fprintf(out, "; cephfs-tool bench: run directory ");
	put_escaped(out, o->root_path);
	fprintf(out, "%s", o->root_path[1] ? "/" : "");
	put_escaped(out, subdir);
	if (fuse)
		fprintf(out, " (%%XX-escaped here), through a ceph-fuse mount of --root-path at %s\n",
			fuse);
	else
		fprintf(out, " (names %%XX-escaped)\n");
	fprintf(out, "; Run a phase: fio --section=write THIS-FILE, then fio --section=read THIS-FILE\n");
	fprintf(out, "; (separate fio runs, so the read phase mounts afresh and reads cold).\n");
	put_global(out, o, rate_log, fuse);
	put_phase(out, o, subdir, PHASE_WRITE, host, NULL, fuse, mark);
	put_phase(out, o, subdir, PHASE_READ, host, read_files, fuse, mark);
	return ferror(out) ? -1 : 0;
}

/* fio takes the options after --client=ADDRESS and its job file as that
 * host's own, so each host runs its own job file. */
static int add_clients(struct fio_command *cmd, const struct bench_options *o,
		       const char *const *jobfiles, int n)
{
	char address[300];
	unsigned int i;

	cmd->client_args = calloc(o->clients.count + 1, sizeof(*cmd->client_args));
	if (!cmd->client_args)
		return -1;
	for (i = 0; i < o->clients.count; i++) {
		client_fio_address(&o->clients.hosts[i], address, sizeof(address));
		if (asprintf(&cmd->client_args[i], "--client=%s", address) < 0) {
			cmd->client_args[i] = NULL;
			return -1;
		}
		cmd->argv[n++] = cmd->client_args[i];
		cmd->argv[n++] = jobfiles[i];
		if (*cmd->section_arg)
			cmd->argv[n++] = cmd->section_arg;
	}
	cmd->argv[n] = NULL;
	return 0;
}

int fio_command_init(struct fio_command *cmd, const struct bench_options *o,
		     enum phase phase, const char *const *jobfiles,
		     const char *output)
{
	return fio_command_section(cmd, o, phase_section(phase), jobfiles,
				   output);
}

int fio_command_section(struct fio_command *cmd,
			const struct bench_options *o, const char *section,
			const char *const *jobfiles, const char *output)
{
	int n = 0;

	memset(cmd, 0, sizeof(*cmd));
	if (section)
		snprintf(cmd->section_arg, sizeof(cmd->section_arg),
			 "--section=%s", section);
	snprintf(cmd->output_arg, sizeof(cmd->output_arg), "--output=%s",
		 output);
	cmd->argv = calloc(8 + 3 * o->clients.count, sizeof(*cmd->argv));
	if (!cmd->argv)
		return -1;
	cmd->argv[n++] = o->fio;
	if (!o->clients.count && section)
		cmd->argv[n++] = cmd->section_arg;
	cmd->argv[n++] = "--output-format=json+";
	cmd->argv[n++] = cmd->output_arg;
	/*
	 * fio's status line would land in the report.  fio --client asks its
	 * servers for their ETA, unprinted with JSON output, and only an
	 * unanswered ETA request times a server out: without them a host
	 * that stops answering (its link down, no reset) is waited for forever.
	 */
	if (!o->clients.count)
		cmd->argv[n++] = "--eta=never";
	if (o->progress)
		cmd->argv[n++] = "--status-interval=1";
	if (o->clients.count)
		return add_clients(cmd, o, jobfiles, n);
	cmd->argv[n++] = jobfiles[0];
	cmd->argv[n] = NULL;
	return 0;
}

void fio_command_free(struct fio_command *cmd)
{
	unsigned int i;

	for (i = 0; cmd->client_args && cmd->client_args[i]; i++)
		free(cmd->client_args[i]);
	free(cmd->client_args);
	free(cmd->argv);
}

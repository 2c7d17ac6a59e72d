/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The types one stage of the tool hands on to the next, in the order of
 * the pipeline (1-options -> 2-plan -> 3-run -> 4-reduce -> 5-report);
 * each stage's header declares its functions on them.
 */
#ifndef CEPHFS_TOOL_PIPELINE_H
#define CEPHFS_TOOL_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "settings.h"

struct json_object;

/* 1-options: the command line, parsed. */

/* --clients: the load hosts running `fio --server` (clients.h). */
struct client_host {
	char host[256];		/* name or address; IPv6 without brackets */
	unsigned int port;
	bool ipv6;
	char label[272];	/* host:port or [v6]:port, as reports name it */
	char dir[272];		/* its own directory inside the run directory */
};

struct client_list {
	struct client_host *hosts;
	unsigned int count;
};

/* --via: the clients a run goes through, in turn (via.h). */
enum via_client {
	VIA_LIBCEPHFS,
	VIA_FUSE,
	VIA_KERNEL,
	VIA_CLIENTS,
};

struct via_list {
	enum via_client clients[VIA_CLIENTS];	/* in the order given */
	unsigned int count;
};

/* The whole command line, parsed and checked (options.h). */
struct bench_options {
	/* General options: how to mount. NULL means libcephfs' default. */
	const char *conf;
	const char *id;
	const char *keyring;
	const char *fs;
	int uid;			/* -1: the process's */
	int gid;
	/* engine/settings.h: each its row's keep value: the configured one */
#define SETTING_FIELD(field, tool_name, kind, ...) \
	CEPHFS_SETTING_TOOL_TYPE_##kind field;
	CEPHFS_SETTINGS(SETTING_FIELD)
#undef SETTING_FIELD

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
	bool latency_intervals;		/* IOPS and latency per interval */
	unsigned int interval_ms;
	bool lazy_io;			/* files opened with ceph_ll_lazyio */
	const char *via_text;		/* --via */
	struct via_list via;		/* parsed; libcephfs alone by default */
	bool verbose;			/* print the time budget too */
	bool mds_stats;			/* the MDS's side of each phase */
	bool drop_caches;		/* the MDS's caches, before each read phase */
	const char *cleanup_dir;	/* the command is cleanup RUNDIR */

	bool help;
	bool version;
};

/* 2-plan: what the run will make and run. */

/* A phase: its own fio run (jobfile.h). */
enum phase {
	PHASE_WRITE,
	PHASE_READ,
};

/*
 * The fio command of one phase: results as json+ (latency bins merge
 * across threads) in the output file; with --progress, fio adds a status
 * document there every second.  With --clients, one `fio --client` runs
 * the phase on every host at once, each with its own job file.
 */
struct fio_command {
	char section_arg[32];
	char output_arg[4096 + 16];
	char **client_args;		/* --client=ADDRESS per host, NULL-terminated */
	const char **argv;		/* NULL-terminated */
};

/* What a run makes in its run directory, and its mark (runplan.h). */
#define RUN_TOKEN_LEN 16		/* hex digits */

struct run_plan {
	char token[RUN_TOKEN_LEN + 1];
	char *prefix;			/* --prefix */
	unsigned int files;
	unsigned int threads;
	bool shared_file;
	unsigned int nr_hosts;
	char **hosts;			/* each host's directory (--clients) */
	unsigned int *files_of;		/* per host (one without), per thread */
};

/* 3-run -> 4-reduce: what a phase planned, what fio wrote. */

/*
 * What one phase planned: files per thread and the bytes of each a job
 * moves (0: metadata); with --shared-file each thread's job moves its
 * part of the one file, and @jobs_per_file of them make a file.
 */
struct phase_plan {
	enum phase phase;
	unsigned int threads;
	const unsigned int *files;	/* per thread; threads with 0 have no job */
	uint64_t size;
	unsigned int jobs_per_file;	/* 0 or 1: a file per job's file */
	bool cycles;			/* over the files until the time is up
					 * (phase_cycles): files count once */
};

/* What fio wrote: its last JSON document and the first message of each
 * kind it printed (a verify failure, the engine's, fio's own). */
struct fio_output {
	struct json_object *last;
	char verify[512];		/* fio's verify failure: file and offset */
	char engine[512];		/* "cephfs: ..." */
	char fio[512];			/* "fio: ..." */
};

/* 4-reduce -> 5-report: the figures. */

/* The figures, in the order the report shows them. */
enum client_counter {
	COUNTER_MDS_REQUESTS,
	COUNTER_READS,
	COUNTER_WRITES,
	COUNTER_FSYNCS,
	COUNTER_OSD_OPS,
	COUNTER_OSD_READS,
	COUNTER_OSD_WRITES,
	COUNTER_CACHE_HITS,
	COUNTER_CACHE_MISSES,
	CLIENT_COUNTERS,
};

struct counter_value {
	bool present;			/* the dump has a source for it */
	bool timed;			/* a latency counter: avg_ms applies */
	uint64_t count;
	double avg_ms;			/* timed, and count > 0 */
};

/* A phase's client counters (--perf-dump; perfcounters.h). */
struct client_counters {
	bool dumped;			/* a dump was read for the phase */
	char missing[256];		/* when not: why, one line */
	struct counter_value values[CLIENT_COUNTERS];
};

/*
 * --mds-stats and --drop-caches: the MDS's side of a phase, for each
 * active rank, from its own counters (mdscounters.h, mdsstats.h).
 */
/* The client metadata key whose value, the run's token, marks the
 * sessions of the engine's mounts (jobfile.h) in the MDS's session list. */
#define MDS_RUN_METADATA_KEY "cephfs_tool_run"

struct mds_op {
	char name[32];			/* "create" of req_create_latency */
	uint64_t count;			/* requests it served in the phase */
	double mean_ms;
};

struct mds_rank_stats {
	int rank;
	char error[256];		/* why the rank has no figures; "" */
	struct mds_op *ops;		/* those with requests in the phase */
	unsigned int nr_ops;
	uint64_t requests;		/* of every operation */
	bool caps_seen;			/* a sample found the run's sessions */
	uint64_t caps_end;		/* theirs at the last such sample */
	uint64_t caps_peak;		/* the most of any sample */
	unsigned int sessions;		/* the run's, at the last such sample */
	uint64_t caps_revoked;		/* mds.ceph_cap_op_revoke's delta */
	uint64_t cache_inodes;		/* mds.inodes at the phase's end */
	uint64_t cache_bytes;		/* cache status: the cache's pool */
};

/* What `cache drop` did on one rank. */
struct mds_drop {
	int rank;
	bool done;			/* the MDS said what it dropped */
	char error[256];		/* what failed, "" */
	uint64_t trimmed;		/* items trimmed from the cache */
	uint64_t recalled;		/* caps recalled from clients */
	double mds_sec;			/* the MDS's own "duration" */
};

struct mds_phase_stats {
	bool taken;			/* --mds-stats: the figures below */
	char missing[256];		/* when not: why, one line */
	struct mds_rank_stats *ranks;
	unsigned int nr_ranks;
	bool dropped;			/* --drop-caches: before the phase */
	double drop_sec;		/* the whole drop, as the tool timed it */
	struct mds_drop *drops;
	unsigned int nr_drops;
};

/* Totals over the jobs of one fio document. */
struct phase_totals {
	uint64_t bytes;
	uint64_t ios;			/* blocks, or operations for size 0 */
	double files;			/* done, counting a part-written file in part */
	unsigned int whole_files;	/* completed */
	unsigned int runtime_ms;	/* the longest job's */
};

struct latency {
	uint64_t samples;
	double mean_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t p999_ns;
	uint64_t max_ns;
};

/* --latency-intervals: what interval k of a phase held, the I/Os whose
 * fio window ended nearest to k intervals after its start (intervals.h). */
struct interval_sample {
	double end_sec;			/* k * the interval, since the start */
	uint64_t ios;
	/* fio's bucket values (ns); 0 when @ios is 0 */
	uint64_t min_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t p999_ns;
	uint64_t max_ns;
};

struct interval_series {
	unsigned int interval_ms;
	struct interval_sample *samples;	/* intervals 1, 2, ... in turn */
	size_t count;
	uint64_t logged_ios;		/* the sum of the samples' */
};

/* One phase's results, reduced from fio's json+ (fioresult.h). */
struct phase_result {
	bool ran;
	bool failed;
	char error[512];		/* why it failed, one line */
	struct phase_totals totals;
	unsigned int files;		/* completed */
	unsigned int planned_files;	/* what the phase had to do */
	double seconds;
	double mbps;			/* bytes / 2^20 / seconds */
	double files_per_sec;
	double iops;
	struct latency latency;
	double usr_sec;			/* CPU of the fio process */
	double sys_sec;
	struct client_counters counters;	/* --perf-dump: its mount's */
	struct mds_phase_stats *mds;	/* --mds-stats, --drop-caches; else NULL */
	/* The tool's time around the phase: fio's process from start to
	 * exit (its start-up, the engine's mount, the timed work, the
	 * unmount), and under --via fuse ceph-fuse's mount and unmount. */
	double fio_sec;
	double mount_sec;
	/* With --clients, where the phase lies on the hosts' realtime clock
	 * (ms): a host from its first I/O's issue to that plus its time;
	 * the aggregate from the first host's start to the last one's end. */
	double start_ms;
	double end_ms;
	struct interval_series intervals;	/* --latency-intervals; owned */
};

/* Summary statistics over the iterations (stats.h). */
struct summary {
	size_t runs;
	double mean;
	double stddev;		/* population: the runs are all there is */
	double min;
	double max;
};

/* 5-report: what the report is made of (report.h). */
struct iteration_result {
	struct phase_result write;	/* with --clients, the aggregate */
	struct phase_result read;
	/* With --clients, by phase, each host's in --clients order. */
	struct phase_result *hosts[2];
};

/*
 * statvfs's figures for the filesystem at --root-path (ceph_statfs): the
 * block counts are in units of f_frsize, statvfs's rule, not of f_bsize.
 */
struct fs_stats {
	uint64_t block_size;		/* f_frsize */
	uint64_t total_blocks;		/* f_blocks */
	uint64_t free_blocks;		/* f_bfree */
	uint64_t files;			/* f_files */
	char error[512];		/* why there are none; "" when taken */
};

/*
 * Where one client's run spent its time outside the phases (each phase's
 * own is in its phase_result): what the tool adds to what it times.
 */
struct time_budget {
	double prepare_sec;		/* temporary and run directory, statistics */
	double between_sec;		/* emptying the run directory between iterations */
	double fs_stats_sec;		/* the statistics after the iterations */
	double cleanup_sec;		/* removing the run directory */
	double total_sec;		/* the whole run, start to cleaned up */
};

struct bench_report {
	const struct bench_options *o;
	const char *subdir;
	unsigned int started;		/* iterations begun */
	struct iteration_result *iterations;
	struct fs_stats fs_before;	/* on rundir_create's mount */
	struct fs_stats fs_after;	/* before the cleanup removes the files */
	enum via_client via;		/* the client the run went through */
	struct time_budget budget;
};

#endif

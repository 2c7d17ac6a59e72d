// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>

#include "jobfile.h"
#include "report.h"
#include "runplan.h"

const char *const summary_titles[SUMMARY_KINDS] = {
	[SUMMARY_WRITE_THROUGHPUT] = "Write Throughput",
	[SUMMARY_READ_THROUGHPUT] = "Read Throughput",
	[SUMMARY_FILE_CREATES] = "File Creates",
	[SUMMARY_FILE_READS] = "File Reads (Opens)",
};

const char *const summary_units[SUMMARY_KINDS] = {
	/* phase_result.mbps is bytes / 2^20 / seconds, as upstream's. */
	[SUMMARY_WRITE_THROUGHPUT] = "MiB/s",
	[SUMMARY_READ_THROUGHPUT] = "MiB/s",
	[SUMMARY_FILE_CREATES] = "files/s",
	[SUMMARY_FILE_READS] = "files/s",
};

bool summary_applies(const struct bench_options *o, enum summary_kind kind)
{
	return o->size || kind == SUMMARY_FILE_CREATES ||
	       kind == SUMMARY_FILE_READS;
}

static const struct phase_result *phase_of(const struct iteration_result *it,
					   enum phase phase)
{
	return phase == PHASE_WRITE ? &it->write : &it->read;
}

struct summary summarize_report(const struct bench_report *report,
				enum summary_kind kind)
{
	enum phase phase = kind == SUMMARY_WRITE_THROUGHPUT ||
			   kind == SUMMARY_FILE_CREATES ? PHASE_WRITE : PHASE_READ;
	bool throughput = kind == SUMMARY_WRITE_THROUGHPUT ||
			  kind == SUMMARY_READ_THROUGHPUT;
	const struct phase_result *r;
	struct summary s;
	double *values;
	size_t n = 0;
	unsigned int i;

	values = calloc(report->started + 1, sizeof(*values));
	if (!values)
		return (struct summary){ 0 };
	for (i = 0; i < report->started; i++) {
		r = phase_of(&report->iterations[i], phase);
		if (r->ran && !r->failed)
			values[n++] = throughput ? r->mbps : r->files_per_sec;
	}
	s = summarize(values, n);
	free(values);
	return s;
}

/* Each host works in a directory of its own inside the run directory,
 * with --threads threads; --files is the total over every host. */
static void report_client_hosts(FILE *out, const struct bench_options *o)
{
	unsigned int i, t, files;

	if (!o->clients.count)
		return;
	fprintf(out, "  Client Hosts: %u, each in <Subdirectory>/<host>_<port>, with %u threads each; the %u files in all split over them\n",
		o->clients.count, o->threads, o->files);
	for (i = 0; i < o->clients.count; i++) {
		for (t = 0, files = 0; t < o->threads; t++)
			files += files_of_thread(o, i, t);
		fprintf(out, "    %s: %u files\n", o->clients.hosts[i].label, files);
	}
}

static const char *yes_no(bool value)
{
	return value ? "yes" : "no";
}

const char *async_path_name(const struct bench_options *o)
{
	return o->async_native ? "native" : "emulated";
}

const char *async_path_reason(const struct bench_options *o)
{
	return o->async_native ?
	       "ceph_ll_nonblocking_readv_writev" :
	       "this libcephfs has no ceph_ll_nonblocking_readv_writev; a thread pool runs the synchronous calls";
}

/* Upstream's lines for the mount settings and asynchronous I/O. */
static void report_upstream_settings(FILE *out, const struct bench_options *o)
{
	if (o->client_oc != -1)
		fprintf(out, "  client_oc: %d\n", o->client_oc);
	if (o->client_oc_size)
		fprintf(out, "  client_oc_size: %" PRIu64 "\n", o->client_oc_size);
	if (o->msgr_workers)
		fprintf(out, "  ms_async_op_threads: %u\n", o->msgr_workers);
	if (!o->async_io) {
		fprintf(out, "  Async I/O: disabled\n");
		return;
	}
	fprintf(out, "  Async I/O: enabled (%s: %s)\n", async_path_name(o),
		async_path_reason(o));
	fprintf(out, "  Queue Depth: %u\n", o->queue_depth);
	fprintf(out, "  Async write+fsync: %s\n", yes_no(o->async_write_fsync));
	fprintf(out, "  Shared file: %s\n", yes_no(o->shared_file));
}

void report_client_start(FILE *out, enum via_client via,
			 const struct bench_options *o)
{
	if (via == VIA_FUSE)
		fprintf(out, "\n=== Through ceph-fuse: fio's %s engine on a ceph-fuse mount, mounted afresh for each phase ===\n",
			fuse_fio_engine(o));
	else
		fprintf(out, "\n=== Through libcephfs: fio's cephfs engine ===\n");
}

void report_configuration(FILE *out, const struct bench_options *o,
			  const char *subdir)
{
	fprintf(out, "Benchmark Configuration:\n");
	fprintf(out, "  Threads: %u | Iterations: %u\n", o->threads, o->iterations);
	fprintf(out, "  Files: %u | Size: %" PRIu64 " bytes\n", o->files, o->size);
	fprintf(out, "  Filesystem: %s\n", o->fs ? o->fs : "(default)");
	fprintf(out, "  Root: %s\n", o->root_path);
	fprintf(out, "  Subdirectory: %s\n", subdir);
	fprintf(out, "  UID: %d\n", o->uid);
	fprintf(out, "  GID: %d\n", o->gid);
	report_upstream_settings(out, o);
	/* Settings upstream shows nowhere, after its lines. */
	if (o->size)
		fprintf(out, "  Block Size: %" PRIu64 " bytes\n", o->block_size);
	if (o->fsync_every)
		fprintf(out, "  Fsync Every: %" PRIu64 " bytes\n", o->fsync_every);
	if (o->per_thread_mount)
		fprintf(out, "  Per-Thread Mount: yes\n");
	/* Upstream's shared file needs --async-io; here it runs without too. */
	if (!o->async_io && o->shared_file)
		fprintf(out, "  Shared file: yes\n");
	if (o->lazy_io)
		fprintf(out, "  Lazy I/O: yes\n");
	if (o->duration && o->size && !o->no_verify &&
	    fio_verifies_reads_once(FIO_BUILT_FOR_VERSION))
		fprintf(out, "  Duration: %us per phase; the verified read makes one pass (fio-%s ends it there; --no-verify reads for %us)\n",
			o->duration, FIO_BUILT_FOR_VERSION, o->duration);
	else if (o->duration)
		fprintf(out, "  Duration: %us per phase\n", o->duration);
	report_client_hosts(out, o);
	if (!o->size)
		return;
	if (o->no_verify)
		fprintf(out, "  Verify: off (--no-verify)\n");
	else
		fprintf(out, "  Verify: crc32c (written with the data, every block checked on read)\n");
	if (o->async_write_fsync)
		fprintf(out, "  Write Timing: each write is on the cluster when it completes (--async-write-fsync)\n");
	else if (o->no_final_flush)
		fprintf(out, "  Write Timing: ends before the final flush (--no-final-flush, as the original tool)\n");
	else
		fprintf(out, "  Write Timing: ends when the data is on the cluster (fsync at close)\n");
}

void report_fs_stats(FILE *out, const char *when, const struct fs_stats *s)
{
	fprintf(out, "\nFilesystem Statistics (%s iterations):\n", when);
	if (*s->error) {
		fprintf(out, "  unavailable: %s\n", s->error);
		return;
	}
	fprintf(out, "  Block Size: %" PRIu64 " bytes\n", s->block_size);
	fprintf(out, "  Total Blocks: %" PRIu64 "\n", s->total_blocks);
	fprintf(out, "  Free Blocks: %" PRIu64 "\n", s->free_blocks);
	fprintf(out, "  Files: %" PRIu64 "\n", s->files);
}

void report_iteration_start(FILE *out, unsigned int number, unsigned int of)
{
	fprintf(out, "\n--- Iteration %u of %u ---\n", number, of);
}

void report_phase_start(FILE *out, enum phase phase)
{
	fprintf(out, "Starting %s Phase...\n", phase == PHASE_WRITE ? "Write" : "Read");
}

static void report_figures(FILE *out, const struct bench_options *o,
			   const struct phase_result *r)
{
	if (r->failed) {
		fprintf(out, "FAILED: %s\n", r->error);
		return;
	}
	if (o->size)
		fprintf(out, "%g MiB/s, ", r->mbps);
	fprintf(out, "%g files/s (%gs", r->files_per_sec, r->seconds);
	/* A time-capped phase may stop short of its files. */
	if (o->duration)
		fprintf(out, ", %u of %u files", r->files, r->planned_files);
	fprintf(out, ")\n");
}

void report_phase(FILE *out, const struct bench_options *o, enum phase phase,
		  const struct phase_result *r)
{
	fprintf(out, "  %s", phase == PHASE_WRITE ? "Write: " : "Read:  ");
	report_figures(out, o, r);
}

void report_hosts(FILE *out, const struct bench_options *o,
		  const struct phase_result *hosts)
{
	unsigned int i;

	for (i = 0; i < o->clients.count; i++) {
		if (!hosts[i].ran)
			continue;
		fprintf(out, "    %s: ", o->clients.hosts[i].label);
		report_figures(out, o, &hosts[i]);
	}
}

void report_mds_drop(FILE *out, const struct mds_phase_stats *s)
{
	const struct mds_drop *d;
	unsigned int i;

	fprintf(out, "  MDS cache drop (%g s):", s->drop_sec);
	if (!s->nr_drops)
		fprintf(out, " none: out of memory");
	for (i = 0; i < s->nr_drops; i++) {
		d = &s->drops[i];
		fprintf(out, "%s rank %d: ", i ? ";" : "", d->rank);
		if (d->done)
			fprintf(out, "%" PRIu64 " items trimmed, %" PRIu64 " caps recalled in %g s%s%s",
				d->trimmed, d->recalled, d->mds_sec,
				*d->error ? ", " : "", d->error);
		else
			fprintf(out, "not dropped: %s", d->error);
	}
	fprintf(out, "; OSD caches not dropped\n");
}

static void report_mds_rank(FILE *out, const struct mds_rank_stats *r)
{
	unsigned int i;

	fprintf(out, "  MDS rank %d: ", r->rank);
	if (*r->error) {
		fprintf(out, "none: %s\n", r->error);
		return;
	}
	fprintf(out, "%" PRIu64 " requests", r->requests);
	for (i = 0; i < r->nr_ops; i++)
		fprintf(out, "%s %s %" PRIu64 " (%g ms)", i ? "," : ":",
			r->ops[i].name, r->ops[i].count, r->ops[i].mean_ms);
	if (r->caps_seen)
		fprintf(out, " | run's caps: %" PRIu64 " at the end, %" PRIu64 " at most (%u sessions)",
			r->caps_end, r->caps_peak, r->sessions);
	else
		fprintf(out, " | run's caps: no session of the run seen");
	fprintf(out, " | caps revoked %" PRIu64 " | cache: %" PRIu64 " inodes, %" PRIu64 " bytes\n",
		r->caps_revoked, r->cache_inodes, r->cache_bytes);
}

void report_mds_phase(FILE *out, const struct mds_phase_stats *s)
{
	unsigned int i;

	if (!s || !s->taken) {
		fprintf(out, "  MDS: none: %s\n", s ? s->missing : "out of memory");
		return;
	}
	for (i = 0; i < s->nr_ranks; i++)
		report_mds_rank(out, &s->ranks[i]);
}

static void report_summary(FILE *out, const char *title, const char *unit,
			   const struct summary *s)
{
	fprintf(out, "%s Statistics (%zu runs):\n", title, s->runs);
	if (!s->runs) {
		fprintf(out, "  (no completed runs)\n\n");
		return;
	}
	fprintf(out, "  Mean:    %g %s\n", s->mean, unit);
	fprintf(out, "  Std Dev: %g %s\n", s->stddev, unit);
	fprintf(out, "  Min:     %g %s\n", s->min, unit);
	fprintf(out, "  Max:     %g %s\n\n", s->max, unit);
}

static void report_phase_label(FILE *out, unsigned int number,
			       enum phase phase)
{
	fprintf(out, "  Iteration %u %s ", number,
		phase == PHASE_WRITE ? "Write:" : "Read: ");
}

/* CPU is the local fio's: with --clients fio works on other hosts. */
static void report_details(FILE *out, const struct bench_options *o,
			   unsigned int number, enum phase phase,
			   const struct phase_result *r)
{
	const struct latency *l = &r->latency;

	if (!r->ran || r->failed)
		return;
	report_phase_label(out, number, phase);
	fprintf(out, "%g IOPS | latency ms: mean %g, p50 %g, p99 %g, p99.9 %g, max %g",
		r->iops, l->mean_ns / 1e6, l->p50_ns / 1e6, l->p99_ns / 1e6,
		l->p999_ns / 1e6, l->max_ns / 1e6);
	if (!o->clients.count)
		fprintf(out, " | CPU s: usr %g, sys %g", r->usr_sec, r->sys_sec);
	fputc('\n', out);
}

const char *client_counters_unavailable(const struct bench_options *o)
{
	if (o->clients.count)
		return "with --clients each host writes its dump there";
	if (o->per_thread_mount)
		return "with --per-thread-mount each thread's mount writes the dump over the last one's";
	return NULL;
}

static void report_counters_of(FILE *out, unsigned int number,
			       enum phase phase, const struct phase_result *r)
{
	const struct counter_value *v;
	const char *separator = "";
	int i;

	if (!r->ran || r->failed)
		return;
	report_phase_label(out, number, phase);
	if (!r->counters.dumped) {
		fprintf(out, "none: %s\n", r->counters.missing);
		return;
	}
	for (i = 0; i < CLIENT_COUNTERS; i++) {
		v = &r->counters.values[i];
		if (!v->present)
			continue;
		fprintf(out, "%s%s %" PRIu64, separator, client_counter_labels[i],
			v->count);
		if (v->timed && v->count)
			fprintf(out, ", avg %g ms", v->avg_ms);
		separator = " | ";
	}
	fputc('\n', out);
}

/* --perf-dump: where each phase's time went, as its mount counted it. */
static void report_counters(FILE *out, const struct bench_report *report)
{
	const char *why = client_counters_unavailable(report->o);
	unsigned int i;

	if (!report->o->perf_dump)
		return;
	if (why) {
		fprintf(out, "Client Counters: none (%s)\n\n", why);
		return;
	}
	fprintf(out, "Client Counters (libcephfs perf counters of each phase's mount):\n");
	for (i = 0; i < report->started; i++) {
		report_counters_of(out, i + 1, PHASE_WRITE,
				   &report->iterations[i].write);
		report_counters_of(out, i + 1, PHASE_READ,
				   &report->iterations[i].read);
	}
	fprintf(out, "\n");
}

/* Each phase's own time, over the iterations begun. */
static double phases_sec(const struct bench_report *report)
{
	const struct iteration_result *it;
	double total = 0;
	unsigned int i;

	for (i = 0; i < report->started; i++) {
		it = &report->iterations[i];
		total += it->write.fio_sec + it->write.mount_sec +
			 it->read.fio_sec + it->read.mount_sec;
	}
	return total;
}

double time_budget_other(const struct bench_report *report)
{
	const struct time_budget *b = &report->budget;
	double other = b->total_sec - b->prepare_sec - b->between_sec -
		       b->fs_stats_sec - b->cleanup_sec - phases_sec(report);

	/* Rounding, where nothing else took time. */
	return other > 0 ? other : 0;
}

static void report_phase_time(FILE *out, unsigned int number, enum phase phase,
			      const struct phase_result *r)
{
	if (!r->ran)
		return;
	report_phase_label(out, number, phase);
	fprintf(out, "fio %.3f (timed %.3f; fio's start-up, mount and exit %.3f)",
		r->fio_sec, r->seconds, r->fio_sec > r->seconds ?
		r->fio_sec - r->seconds : 0);
	if (r->mount_sec > 0)
		fprintf(out, " | ceph-fuse mount and unmount %.3f", r->mount_sec);
	fputc('\n', out);
}

void report_time_budget(FILE *out, const struct bench_report *report)
{
	const struct time_budget *b = &report->budget;
	unsigned int i;

	fprintf(out, "\nTime Budget (seconds of this run%s%s):\n",
		report->o->via.count > 1 ? ", through " : "",
		report->o->via.count > 1 ? via_name(report->via) : "");
	fprintf(out, "  Prepare (temporary and run directory, statistics): %.3f\n",
		b->prepare_sec);
	for (i = 0; i < report->started; i++) {
		report_phase_time(out, i + 1, PHASE_WRITE, &report->iterations[i].write);
		report_phase_time(out, i + 1, PHASE_READ, &report->iterations[i].read);
	}
	fprintf(out, "  Between iterations (emptying the run directory): %.3f\n",
		b->between_sec);
	fprintf(out, "  Statistics after the iterations: %.3f\n", b->fs_stats_sec);
	fprintf(out, "  Cleanup: %.3f\n", b->cleanup_sec);
	fprintf(out, "  Other (the tool's own parsing and reporting): %.3f\n",
		time_budget_other(report));
	fprintf(out, "  Total: %.3f\n", b->total_sec);
}

void report_final(FILE *out, const struct bench_report *report)
{
	struct summary s;
	unsigned int i;
	int kind;

	fprintf(out, "\n*** Final Report ***\n\n");
	for (kind = 0; kind < SUMMARY_KINDS; kind++) {
		if (!summary_applies(report->o, kind))
			continue;
		s = summarize_report(report, kind);
		report_summary(out, summary_titles[kind], summary_units[kind], &s);
	}
	if (report->o->clients.count)
		fprintf(out, "Per-Phase Details (IOPS, latency over all client hosts):\n");
	else
		fprintf(out, "Per-Phase Details (IOPS, latency, client CPU of fio%s):\n",
			report->via == VIA_FUSE ? " and ceph-fuse" : "");
	for (i = 0; i < report->started; i++) {
		report_details(out, report->o, i + 1, PHASE_WRITE,
			       &report->iterations[i].write);
		report_details(out, report->o, i + 1, PHASE_READ,
			       &report->iterations[i].read);
	}
	fprintf(out, "\n");
	report_counters(out, report);
}

// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fioresult.h"
#include "io500_jobs.h"
#include "io500_run.h"
#include "jobfile.h"
#include "runner.h"

/* The CPUs this process may run on, into @run: 0 or -errno. */
static int allowed_cpus(struct io500_run *run)
{
	cpu_set_t set;
	unsigned int cpu, n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return -errno;
	run->cpus = calloc(CPU_COUNT(&set) ? CPU_COUNT(&set) : 1,
			   sizeof(*run->cpus));
	if (!run->cpus)
		return -ENOMEM;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set))
			run->cpus[n++] = cpu;
	run->ncpus = n;
	return 0;
}

int io500_run_init(struct io500_run *run, const struct io500_options *o,
		   const char *rundir, const char *tmpdir)
{
	unsigned int w, p, hosts = o->bench.clients.count;

	memset(run, 0, sizeof(*run));
	run->o = o;
	run->rundir = rundir;
	run->tmpdir = tmpdir;
	run->hosts = hosts ? hosts : 1;
	run->ranks = o->processes * run->hosts;
	for (w = 0; w < IO500_WORKLOADS; w++)
		if (!(run->written[w] = calloc(run->ranks, sizeof(uint64_t))))
			return -ENOMEM;
	for (p = 0; p < IO500_PHASES; p++)
		if (!(run->shares[p] = calloc(run->hosts, sizeof(*run->shares[p]))))
			return -ENOMEM;
	return o->bind_to_core ? allowed_cpus(run) : 0;
}

void io500_run_free(struct io500_run *run)
{
	unsigned int i;

	for (i = 0; i < IO500_WORKLOADS; i++)
		free(run->written[i]);
	for (i = 0; i < IO500_PHASES; i++)
		free(run->shares[i]);
	free(run->cpus);
}

bool io500_phase_step(enum io500_phase p, enum io500_workload *w,
		      enum io500_access *a)
{
	static const struct {
		bool has;
		enum io500_workload w;
		enum io500_access a;
	} steps[IO500_PHASES] = {
		[IO500_IOR_EASY_WRITE] = { true, IO500_IOR_EASY, IO500_WRITE },
		[IO500_MDTEST_EASY_WRITE] = { true, IO500_MDTEST_EASY, IO500_WRITE },
		[IO500_IOR_HARD_WRITE] = { true, IO500_IOR_HARD, IO500_WRITE },
		[IO500_MDTEST_HARD_WRITE] = { true, IO500_MDTEST_HARD, IO500_WRITE },
		[IO500_IOR_EASY_READ] = { true, IO500_IOR_EASY, IO500_READ },
		[IO500_MDTEST_EASY_STAT] = { true, IO500_MDTEST_EASY, IO500_STAT },
		[IO500_IOR_HARD_READ] = { true, IO500_IOR_HARD, IO500_READ },
		[IO500_MDTEST_HARD_STAT] = { true, IO500_MDTEST_HARD, IO500_STAT },
		[IO500_MDTEST_EASY_DELETE] = { true, IO500_MDTEST_EASY, IO500_DELETE },
		[IO500_MDTEST_HARD_READ] = { true, IO500_MDTEST_HARD, IO500_READ },
		[IO500_MDTEST_HARD_DELETE] = { true, IO500_MDTEST_HARD, IO500_DELETE },
		[IO500_IOR_RND4K_EASY_READ] = { true, IO500_IOR_EASY, IO500_READ_RANDOM },
	};

	*w = steps[p].w;
	*a = steps[p].a;
	return steps[p].has;
}

/* What each process of a write phase is to do: IO500's per-rank size. */
static uint64_t planned_units(const struct io500_options *o,
			      enum io500_workload w)
{
	switch (w) {
	case IO500_IOR_EASY:
		return o->ior_easy_block_size / o->ior_easy_transfer_size;
	case IO500_IOR_HARD:
		return o->ior_hard_segment_count;
	case IO500_MDTEST_EASY:
		return o->mdtest_easy_n;
	case IO500_MDTEST_HARD:
		return o->mdtest_hard_n;
	}
	return 0;
}

static unsigned int host_of(const struct io500_run *run, unsigned int rank)
{
	return rank % run->hosts;
}

/* Host @t's part of @s: its ranks' jobs, in the caller's @mine. */
static unsigned int jobs_of_host(const struct io500_run *run,
				 const struct io500_step *s, unsigned int t,
				 struct io500_job *mine)
{
	unsigned int i, n = 0;

	for (i = 0; i < s->njobs; i++)
		if (s->jobs[i].count && host_of(run, s->jobs[i].rank) == t)
			mine[n++] = s->jobs[i];
	return n;
}

static int write_step_file(const struct io500_run *run,
			   const struct io500_step *s, const char *path)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f)
		return -errno;
	ret = io500_plan_write(f, &run->o->bench, run->rundir, s);
	if (fclose(f) || ret)
		return -EIO;
	return 0;
}

/*
 * The job files of @s on the hosts that have part of it: @active gets
 * those hosts (a copy of --clients' list), @paths their files.  The
 * number of hosts with a part, or -errno.
 */
static int write_step_files(const struct io500_run *run,
			    const struct io500_step *s,
			    struct client_host *active, char **paths)
{
	const struct client_list *clients = &run->o->bench.clients;
	struct io500_step part = *s;
	struct io500_job *mine;
	unsigned int t, n = 0;
	int ret = 0;

	mine = calloc(s->njobs ? s->njobs : 1, sizeof(*mine));
	if (!mine)
		return -ENOMEM;
	for (t = 0; t < run->hosts && !ret; t++) {
		part.jobs = mine;
		part.njobs = jobs_of_host(run, s, t, mine);
		if (!part.njobs)
			continue;
		if (clients->count)
			active[n] = clients->hosts[t];
		if (asprintf(&paths[n], "%s/io500.fio%s%s", run->tmpdir,
			     clients->count ? "." : "",
			     clients->count ? clients->hosts[t].dir : "") < 0) {
			paths[n] = NULL;
			ret = -ENOMEM;
			break;
		}
		ret = write_step_file(run, &part, paths[n++]);
	}
	free(mine);
	return ret ? ret : (int)n;
}

/* fio's own word on a failed run, or its exit status. */
static void fio_failure(const struct fio_run *fr, const struct fio_output *out,
			char *error, size_t len)
{
	const char *message = *out->engine ? out->engine :
			      *out->fio ? out->fio : out->verify;
	char status[EXIT_STATUS_TEXT_MAX];

	if (*message) {
		snprintf(error, len, "%s", message);
		return;
	}
	exit_status_text(status, sizeof(status), fr->status);
	snprintf(error, len, "fio %s", status);
}

/* One fio run of @s over the hosts; @done per rank.  0, or -1 with
 * @error filled. */
static int run_step(const struct io500_run *run, const struct io500_step *s,
		    struct io500_rank_done *done, char *error, size_t len)
{
	struct bench_options o = run->o->bench;
	char output[PATH_MAX], errors[PATH_MAX];
	struct client_host *active;
	struct fio_command cmd;
	struct fio_output out;
	struct fio_run fr = { 0 };
	char **paths;
	int n, i, ret = -1;

	memset(done, 0, run->ranks * sizeof(*done));
	active = calloc(run->hosts, sizeof(*active));
	paths = calloc(run->hosts, sizeof(*paths));
	if (!active || !paths) {
		snprintf(error, len, "out of memory");
		goto out;
	}
	n = write_step_files(run, s, active, paths);
	if (n <= 0) {
		if (n < 0)
			snprintf(error, len, "cannot write a job file in %s: %s",
				 run->tmpdir, strerror(-n));
		ret = n < 0 ? -1 : 0;
		goto out;
	}
	if (o.clients.count)
		o.clients = (struct client_list){ active, (unsigned int)n };
	snprintf(output, sizeof(output), "%s/io500.json", run->tmpdir);
	snprintf(errors, sizeof(errors), "%s/fio.stderr", run->tmpdir);
	if (fio_command_section(&cmd, &o, NULL, (const char *const *)paths,
				output)) {
		snprintf(error, len, "out of memory");
		goto out;
	}
	if (!run_fio(&cmd, output, errors, NULL, NULL, &fr, error, len)) {
		fio_output_parse(&out, fr.output, fr.output_len, fr.stderr_text);
		io500_jobs_of(out.last, run->ranks, done);
		if (fr.status)
			fio_failure(&fr, &out, error, len);
		else
			ret = 0;
		fio_output_free(&out);
		fio_run_free(&fr);
	}
	fio_command_free(&cmd);
out:
	for (i = 0; paths && i < (int)run->hosts; i++)
		free(paths[i]);
	free(paths);
	free(active);
	return ret;
}

/* The longest time of the ranks of @host (every host: UINT_MAX) in @done. */
static double longest(const struct io500_run *run,
		      const struct io500_rank_done *done, unsigned int host)
{
	double most = 0;
	unsigned int r;

	for (r = 0; r < run->ranks; r++)
		if ((host == UINT_MAX || host_of(run, r) == host) &&
		    done[r].seconds > most)
			most = done[r].seconds;
	return most;
}

/* Add a run's figures to the phase's: each host's amount and time. */
static void add_step(const struct io500_run *run, enum io500_phase p,
		     const struct io500_step *s,
		     const struct io500_rank_done *done,
		     struct io500_phase_result *r)
{
	uint64_t unit = io500_phase_infos[p].bytes ? io500_unit_bytes(s) : 1;
	struct io500_host_share *share;
	unsigned int t, k;

	r->seconds += longest(run, done, UINT_MAX);
	for (t = 0; t < run->hosts; t++) {
		share = &run->shares[p][t];
		share->host = run->o->bench.clients.count ?
			      run->o->bench.clients.hosts[t].label : "";
		share->seconds += longest(run, done, t);
		for (k = t; k < run->ranks; k += run->hosts)
			share->amount += done[k].units * unit;
	}
	for (k = 0; k < run->ranks; k++)
		r->amount += done[k].units * unit;
}

/* Every process did its job's count, else the phase failed, naming the
 * first that did not. */
static bool all_done(const struct io500_step *s,
		     const struct io500_rank_done *done, char *error,
		     size_t len)
{
	const struct io500_job *j;
	unsigned int i;

	for (i = 0; i < s->njobs; i++) {
		j = &s->jobs[i];
		if (done[j->rank].units == j->count)
			continue;
		snprintf(error, len, "process %u did %" PRIu64 " of its %" PRIu64 " %s of process %u's%s",
			 j->rank, done[j->rank].units, j->count,
			 s->workload == IO500_IOR_EASY || s->workload == IO500_IOR_HARD ?
			 "transfers" : "files", j->owner,
			 done[j->rank].error ? " (fio's job failed)" : "");
		return false;
	}
	return true;
}

/*
 * The jobs of phase @s's first fio run: a write's every process on its
 * own files, all its n, under the stonewall; any other phase's on the
 * next process's, all that was written.
 */
static void first_run(const struct io500_run *run, struct io500_step *s,
		      struct io500_job *jobs)
{
	const uint64_t *written = run->written[s->workload];
	unsigned int k, owner;

	s->runtime = s->access == IO500_WRITE || s->access == IO500_READ_RANDOM ?
		     run->o->stonewall_time : 0;
	for (k = 0; k < run->ranks; k++) {
		owner = s->access == IO500_WRITE ? k : (k + 1) % run->ranks;
		jobs[k] = (struct io500_job){ k, owner, 0,
			s->access == IO500_WRITE ?
			planned_units(run->o, s->workload) : written[owner] };
	}
	/* ior-easy's files, as long as each other after the wear-out, read
	 * IOR's -s 10000000 blocks of 4 KiB, or what the stonewall allows. */
	if (s->access == IO500_READ_RANDOM) {
		s->region = written[0] * run->o->ior_easy_transfer_size;
		for (k = 0; k < run->ranks; k++)
			jobs[k].count = s->region ? IO500_RND4K_SEGMENTS : 0;
	}
}

/*
 * The stonewall, then the wear-out: the ranks behind the one that did
 * most do the rest, from where they stopped.
 */
static bool run_write(struct io500_run *run, enum io500_phase p,
		      struct io500_step *s, struct io500_job *jobs,
		      struct io500_rank_done *done,
		      struct io500_phase_result *r)
{
	char *error = run->errors[p];
	uint64_t most = 0, *written = run->written[s->workload];
	unsigned int k;
	bool ok;

	first_run(run, s, jobs);
	ok = !run_step(run, s, done, error, sizeof(run->errors[p]));
	add_step(run, p, s, done, r);
	for (k = 0; k < run->ranks; k++) {
		written[k] = done[k].units;
		if (done[k].units > most)
			most = done[k].units;
	}
	if (!ok || stop_signal)
		return ok;
	for (k = 0; k < run->ranks; k++)
		if (written[k] < planned_units(run->o, s->workload))
			r->stonewall_hit = true;
	s->runtime = 0;
	for (k = 0; k < run->ranks; k++)
		jobs[k] = (struct io500_job){
			k, k, written[k], most - written[k] };
	ok = !run_step(run, s, done, error, sizeof(run->errors[p]));
	add_step(run, p, s, done, r);
	for (k = 0; k < run->ranks; k++)
		written[k] += done[k].units;
	return ok && all_done(s, done, error, sizeof(run->errors[p]));
}

/* A read, stat or delete: each process on the next one's files, all of
 * what it wrote. */
static bool run_other(struct io500_run *run, enum io500_phase p,
		      struct io500_step *s, struct io500_job *jobs,
		      struct io500_rank_done *done,
		      struct io500_phase_result *r)
{
	char *error = run->errors[p];
	uint64_t *written = run->written[s->workload];
	unsigned int k;
	bool ok;

	first_run(run, s, jobs);
	ok = !run_step(run, s, done, error, sizeof(run->errors[p]));
	add_step(run, p, s, done, r);
	if (s->access == IO500_DELETE)
		for (k = 0; k < run->ranks; k++)
			written[jobs[k].owner] -= done[k].units;
	/* The stonewall, not the count, ends random reads. */
	if (s->access == IO500_READ_RANDOM)
		return ok;
	return ok && all_done(s, done, error, sizeof(run->errors[p]));
}

void io500_run_phase(struct io500_run *run, enum io500_phase p,
		     struct io500_phase_result *r)
{
	struct io500_rank_done *done = calloc(run->ranks, sizeof(*done));
	struct io500_job *jobs = calloc(run->ranks, sizeof(*jobs));
	struct io500_step s = {
		.transfer = run->o->ior_easy_transfer_size,
		.processes = run->ranks,
		.jobs = jobs,
		.njobs = run->ranks,
		.cpus = run->cpus,
		.ncpus = run->ncpus,
	};
	bool ok;

	memset(r, 0, sizeof(*r));
	r->ran = true;
	r->hosts = run->shares[p];
	r->nr_hosts = run->hosts;
	*run->errors[p] = '\0';
	if (!done || !jobs) {
		snprintf(run->errors[p], sizeof(run->errors[p]), "out of memory");
		ok = false;
	} else {
		io500_phase_step(p, &s.workload, &s.access);
		ok = s.access == IO500_WRITE ? run_write(run, p, &s, jobs, done, r) :
					       run_other(run, p, &s, jobs, done, r);
	}
	if (stop_signal)
		snprintf(run->errors[p], sizeof(run->errors[p]),
			 "interrupted (%s)", strsignal(stop_signal));
	if (!ok || stop_signal)
		r->error = run->errors[p];
	free(done);
	free(jobs);
}

void io500_run_assume_written(struct io500_run *run)
{
	unsigned int w, k;

	for (w = 0; w < IO500_WORKLOADS; w++)
		for (k = 0; k < run->ranks; k++)
			run->written[w][k] = planned_units(run->o, w);
}

int io500_run_print(const struct io500_run *run, enum io500_phase p,
		    unsigned int host, FILE *out)
{
	struct io500_job *jobs = calloc(run->ranks, sizeof(*jobs));
	struct io500_job *mine = calloc(run->ranks, sizeof(*mine));
	struct io500_step s = {
		.transfer = run->o->ior_easy_transfer_size,
		.processes = run->ranks,
		.cpus = run->cpus,
		.ncpus = run->ncpus,
	};
	int ret = -1;

	if (jobs && mine && io500_phase_step(p, &s.workload, &s.access)) {
		first_run(run, &s, jobs);
		s.jobs = jobs;
		s.njobs = run->ranks;
		s.njobs = jobs_of_host(run, &s, host, mine);
		s.jobs = mine;
		ret = io500_plan_write(out, &run->o->bench, run->rundir, &s);
	}
	free(jobs);
	free(mine);
	return ret;
}

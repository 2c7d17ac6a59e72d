// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "io500_plan.h"
#include "jobfile.h"

const char *io500_workload_dir(enum io500_workload w)
{
	static const char *const dirs[] = {
		[IO500_IOR_EASY] = "ior-easy",
		[IO500_IOR_HARD] = "ior-hard",
		[IO500_MDTEST_EASY] = "mdtest-easy",
		[IO500_MDTEST_HARD] = "mdtest-hard",
	};

	return dirs[w];
}

static bool is_mdtest(enum io500_workload w)
{
	return w == IO500_MDTEST_EASY || w == IO500_MDTEST_HARD;
}

uint64_t io500_unit_bytes(const struct io500_step *s)
{
	if (s->access == IO500_READ_RANDOM)
		return IO500_RND4K_TRANSFER;
	switch (s->workload) {
	case IO500_IOR_EASY:
		return s->transfer;
	case IO500_IOR_HARD:
		return IO500_IOR_HARD_TRANSFER;
	case IO500_MDTEST_EASY:
		return IO500_ENTRY_BLOCK;
	case IO500_MDTEST_HARD:
		return IO500_MDTEST_HARD_BYTES;
	}
	return 0;
}

/* The engine's operation on each entry of an mdtest directory. */
static const char *entry_op(enum io500_access a)
{
	switch (a) {
	case IO500_WRITE:
		return "create";
	case IO500_READ:
		return "readfile";
	case IO500_STAT:
		return "stat";
	case IO500_DELETE:
		return "unlink";
	case IO500_READ_RANDOM:
		break;
	}
	return NULL;
}

/* What a step does, in the job file's first line. */
static const char *access_name(enum io500_access a)
{
	static const char *const names[] = {
		[IO500_WRITE] = "write",
		[IO500_READ] = "read",
		[IO500_STAT] = "stat",
		[IO500_DELETE] = "delete",
		[IO500_READ_RANDOM] = "random-read",
	};

	return names[a];
}

/* fio's direction: a create or an unlink changes the tree, as the
 * mdtest job files have it. */
static const char *direction(enum io500_access a)
{
	return a == IO500_WRITE || a == IO500_DELETE ? "write" : "read";
}

/* The fio file of @owner's work; -1 when its path does not fit. */
static int put_path(FILE *out, const char *rundir,
		    const struct io500_step *s, unsigned int owner)
{
	char path[JOBFILE_VALUE_MAX + 1];
	int n = 0;

	switch (s->workload) {
	case IO500_IOR_EASY:
		n = snprintf(path, sizeof(path), "%s/%s/ior_file_easy.%u", rundir,
			 io500_workload_dir(s->workload), owner);
		break;
	case IO500_IOR_HARD:
		n = snprintf(path, sizeof(path), "%s/%s/file", rundir,
			 io500_workload_dir(s->workload));
		break;
	case IO500_MDTEST_EASY:
		n = snprintf(path, sizeof(path), "%s/%s/%u", rundir,
			 io500_workload_dir(s->workload), owner);
		break;
	case IO500_MDTEST_HARD:
		n = snprintf(path, sizeof(path), "%s/%s", rundir,
			 io500_workload_dir(s->workload));
		break;
	}
	if (n < 0 || (size_t)n >= sizeof(path))
		return -1;
	jobfile_put_string(out, "filename", path);
	return 0;
}

/*
 * ior: the owner's transfers @first on.  fio ends a sequential job at the
 * file's size, which for a file not written yet is size=: the file up to
 * the job's last transfer, from offset= on, io_size= of it moved.
 * ior-hard's transfer k of rank r lies at (k * processes + r) * 47008
 * (IOR's segments): the job skips the other ranks' transfers.
 */
static void put_ior(FILE *out, const struct io500_step *s,
		    const struct io500_job *j)
{
	uint64_t bs = io500_unit_bytes(s), stride = 1, slot = 0;

	/* IOR's -z: blocks anywhere in the file, as many as the stonewall
	 * lets it read (fio goes over the file again past its size). */
	if (s->access == IO500_READ_RANDOM) {
		fprintf(out, "rw=randread\nbs=%" PRIu64 "\nsize=%" PRIu64 "\n",
			bs, s->region);
		fprintf(out, "io_size=%" PRIu64 "\nallow_file_create=0\n",
			j->count * bs);
		return;
	}

	if (s->workload == IO500_IOR_HARD) {
		stride = s->processes;
		slot = j->owner;
	}
	fprintf(out, "rw=%s", direction(s->access));
	if (stride > 1)
		fprintf(out, ":%" PRIu64, (stride - 1) * bs);
	fprintf(out, "\nbs=%" PRIu64 "\n", bs);
	fprintf(out, "offset=%" PRIu64 "\n", (j->first * stride + slot) * bs);
	fprintf(out, "size=%" PRIu64 "\n",
		 ((j->first + j->count - 1) * stride + slot + 1) * bs);
	fprintf(out, "io_size=%" PRIu64 "\n", j->count * bs);
	/* IOR's -e: each process's file is on the cluster at its close. */
	if (s->access == IO500_WRITE)
		fprintf(out, "fsync_on_close=1\n");
	else
		fprintf(out, "allow_file_create=0\n");
}

/*
 * mdtest: the owner's directory, entries @first on, named as mdtest
 * names them (file.mdtest.<rank>.<k>); the directory holds what the
 * step reaches.  mdtest-easy's directory is its process's own, made by
 * its first create; mdtest-hard's is shared, the tool's.
 */
static void put_mdtest(FILE *out, const struct io500_step *s,
		       const struct io500_job *j)
{
	uint64_t bs = io500_unit_bytes(s);

	fprintf(out, "rw=%s\nbs=%" PRIu64 "\n", direction(s->access), bs);
	fprintf(out, "cephfs_op=%s\n", entry_op(s->access));
	fprintf(out, "cephfs_entries=%" PRIu64 "\n", j->first + j->count);
	fprintf(out, "cephfs_entry_format=file.mdtest.%u.$entry\n", j->owner);
	fprintf(out, "offset=%" PRIu64 "\nsize=%" PRIu64 "\n", j->first * bs,
		j->count * bs);
	if (s->access == IO500_WRITE && s->workload == IO500_MDTEST_HARD)
		fprintf(out, "cephfs_create_bytes=%d\n", IO500_MDTEST_HARD_BYTES);
	if (s->access == IO500_WRITE && s->workload == IO500_MDTEST_EASY &&
	    !j->first)
		fprintf(out, "cephfs_new_dir=1\n");
}

int io500_plan_write(FILE *out, const struct bench_options *o,
		     const char *rundir, const struct io500_step *s)
{
	const struct io500_job *j;
	unsigned int i;

	if (!jobfile_strings_fit(o, rundir))
		return -1;
	fprintf(out, "; cephfs-tool io500: %s %s\n[global]\n",
		io500_workload_dir(s->workload), access_name(s->access));
	jobfile_put_engine_mount(out, o);
	fprintf(out, "fallocate=none\n");
	/* A stonewall stops the step; it is no time_based: a process that
	 * has done its part ends. */
	if (s->runtime)
		fprintf(out, "runtime=%u\n", s->runtime);
	for (i = 0; i < s->njobs; i++) {
		j = &s->jobs[i];
		if (!j->count)
			continue;
		fprintf(out, "\n[" IO500_SECTION_PREFIX "%u]\n", j->rank);
		if (put_path(out, rundir, s, j->owner))
			return -1;
		/* The job's thread, and the libcephfs threads its mount starts. */
		if (s->ncpus)
			fprintf(out, "cpus_allowed=%u\n",
				s->cpus[j->rank % s->ncpus]);
		if (is_mdtest(s->workload))
			put_mdtest(out, s, j);
		else
			put_ior(out, s, j);
	}
	return ferror(out) ? -1 : 0;
}


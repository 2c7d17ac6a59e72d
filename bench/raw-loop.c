// SPDX-License-Identifier: GPL-2.0-only
/*
 * raw-loop: the ceiling the cephfs engine is measured against.
 *
 * The smallest libcephfs program that does what a fio job of the harness
 * does -- same file names (DIR/THREAD.FILE, fio's $jobnum.$filenum), block
 * size, threads sharing one mount, fsync before close of written files --
 * with nothing in between.  One process does one phase, so a read phase
 * starts on a fresh mount (cold client cache) like a separate fio run.
 *
 * With --qd N (data modes, where libcephfs has
 * ceph_ll_nonblocking_readv_writev) each thread keeps N I/Os in flight
 * through that call on ceph_ll_open'ed handles, as the engine's
 * cephfs_async=native does: the ceiling for async.
 *
 * usage: raw-loop -m MODE [-c CONF] [-f FS] [-d DIR] [-t THREADS]
 *                 [-n FILES] [-s SIZE] [-b BS] [-r SECONDS] [--qd N]
 *                 [-w|--create-bytes N] [-u|--unique-dir]
 * MODE: write read randread randwrite create open unlink
 *       stat mkdir rmdir rename rename_back readdir
 * FILES is per thread; SIZE and BS in bytes; SECONDS for the random modes.
 * The metadata modes are the engine's cephfs_op values: create writes
 * --create-bytes (default 0) before the close, rename moves NAME to
 * NAME.renamed and rename_back returns it, mkdir and rmdir take the file
 * names as directories, readdir reads FILES entries of the thread's
 * directory, an op each.  All threads work in DIR unless --unique-dir
 * gives each its own, DIR/THREAD (fio's $jobnum).
 * Prints one JSON object: {"mode", "threads", "qd", "ops", "bytes",
 * "seconds"} (qd 0: the blocking calls).
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/uio.h>
#include <unistd.h>

enum mode { M_WRITE, M_READ, M_RANDREAD, M_RANDWRITE, M_CREATE, M_OPEN,
	    M_UNLINK, M_STAT, M_MKDIR, M_RMDIR, M_RENAME, M_RENAME_BACK,
	    M_READDIR };

static const char *const mode_names[] = {
	"write", "read", "randread", "randwrite", "create", "open", "unlink",
	"stat", "mkdir", "rmdir", "rename", "rename_back", "readdir",
};

struct config {
	enum mode mode;
	const char *dir;
	unsigned int threads;
	unsigned int files;
	int64_t size;
	int64_t bs;
	double seconds;
	int64_t create_bytes;
	bool unique_dir;
	unsigned int qd;	/* 0: blocking calls */
};

/* An open file: a descriptor, or a handle for the nonblocking call. */
struct raw_file {
	int fd;
	struct Inode *inode;
	struct Fh *fh;
};

struct worker {
	pthread_t thread;
	const struct config *cfg;
	struct ceph_mount_info *cmount;
	pthread_barrier_t *start;
	unsigned int index;
	struct in_flight *in_flight;	/* NULL: blocking calls */
	uint64_t ops;
	uint64_t bytes;
	double began, ended;
};

static void die(const char *what, int err)
{
	fprintf(stderr, "raw-loop: %s: %s\n", what, strerror(err < 0 ? -err : err));
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Where a thread's files are: DIR, or DIR/THREAD with --unique-dir. */
static void thread_dir(const struct config *cfg, unsigned int thread,
		       char *buf, size_t len)
{
	if (cfg->unique_dir)
		snprintf(buf, len, "%s/%u", cfg->dir, thread);
	else
		snprintf(buf, len, "%s", cfg->dir);
}

static void file_path(const struct worker *w, unsigned int file, char *buf,
		      size_t len)
{
	if (w->cfg->unique_dir)
		snprintf(buf, len, "%s/%u/%u.%u", w->cfg->dir, w->index,
			 w->index, file);
	else
		snprintf(buf, len, "%s/%u.%u", w->cfg->dir, w->index, file);
}

/* Checked libcephfs calls: a failed one ends the run, there is no retry. */
static int open_checked(struct worker *w, unsigned int file, int flags)
{
	char path[4096];
	int fd;

	file_path(w, file, path, sizeof(path));
	fd = ceph_open(w->cmount, path, flags, 0644);
	if (fd < 0)
		die(path, fd);
	return fd;
}

static void close_checked(struct worker *w, int fd)
{
	int ret = ceph_close(w->cmount, fd);

	if (ret)
		die("ceph_close", ret);
}

/* The engine's way: a handle from ceph_ll_create or ceph_ll_open. */
static void ll_open_checked(struct worker *w, unsigned int file, int flags,
			    struct raw_file *f)
{
	const UserPerm *perms = ceph_mount_perms(w->cmount);
	struct ceph_statx stx;
	struct Inode *dir;
	char path[4096], name[32];
	int ret;

	file_path(w, file, path, sizeof(path));
	if (flags & O_CREAT) {
		ret = ceph_ll_walk(w->cmount, w->cfg->dir, &dir, &stx, 0, 0, perms);
		if (ret)
			die(w->cfg->dir, ret);
		snprintf(name, sizeof(name), "%u.%u", w->index, file);
		ret = ceph_ll_create(w->cmount, dir, name, 0644, flags, &f->inode,
				     &f->fh, &stx, 0, 0, perms);
		ceph_ll_put(w->cmount, dir);
	} else {
		ret = ceph_ll_walk(w->cmount, path, &f->inode, &stx, 0, 0, perms);
		if (!ret && (ret = ceph_ll_open(w->cmount, f->inode, flags,
						&f->fh, perms)))
			ceph_ll_put(w->cmount, f->inode);
	}
	if (ret)
		die(path, ret);
}

static void io_checked(struct worker *w, bool write, int fd, char *buf,
		       int64_t off)
{
	int64_t bs = w->cfg->bs;
	int ret;

	ret = write ? ceph_write(w->cmount, fd, buf, bs, off) :
		      ceph_read(w->cmount, fd, buf, bs, off);
	if (ret < 0)
		die(write ? "ceph_write" : "ceph_read", ret);
	/* A short read means the files were not laid out first. */
	if (ret != bs) {
		fprintf(stderr, "raw-loop: short %s at %" PRId64 ": %d\n",
			write ? "write" : "read", off, ret);
		exit(1);
	}
	w->ops++;
	w->bytes += bs;
}

#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
/*
 * A thread's --qd slots, each with its own buffer.  libcephfs calls back on
 * its own threads, or inside the submit call when the client cache has the
 * data: so the lock is never held while submitting.
 */
struct slot {
	struct ceph_ll_io_info info;
	struct iovec iov;
	struct worker *w;
};

struct in_flight {
	pthread_mutex_t lock;
	pthread_cond_t freed;
	struct slot *slots;
	struct slot **free;
	unsigned int nr_free;
	int64_t failed;		/* the first wrong result, or 0 */
};

static void slot_done(struct slot *s, int64_t result)
{
	struct worker *w = s->w;
	struct in_flight *q = w->in_flight;

	pthread_mutex_lock(&q->lock);
	if (result == w->cfg->bs) {
		w->ops++;
		w->bytes += result;
	} else if (!q->failed) {
		/* A short read means the files were not laid out first. */
		q->failed = result ? result : -EIO;
	}
	q->free[q->nr_free++] = s;
	pthread_cond_signal(&q->freed);
	pthread_mutex_unlock(&q->lock);
}

static void slot_callback(struct ceph_ll_io_info *info)
{
	slot_done(info->priv, info->result);
}

/* Wait until @want slots are free; a failed I/O ends the run. */
static void wait_free(struct in_flight *q, unsigned int want)
{
	pthread_mutex_lock(&q->lock);
	while (q->nr_free < want && !q->failed)
		pthread_cond_wait(&q->freed, &q->lock);
	if (q->failed)
		die("ceph_ll_nonblocking_readv_writev", q->failed < 0 ?
		    q->failed : -EIO);
	pthread_mutex_unlock(&q->lock);
}

static void submit(struct worker *w, bool write, struct Fh *fh, int64_t off)
{
	struct in_flight *q = w->in_flight;
	struct slot *s;
	int64_t ret;

	wait_free(q, 1);
	pthread_mutex_lock(&q->lock);
	s = q->free[--q->nr_free];
	pthread_mutex_unlock(&q->lock);
	s->info.fh = fh;
	s->info.off = off;
	s->info.write = write;
	ret = ceph_ll_nonblocking_readv_writev(w->cmount, &s->info);
	/* 0: the callback has run or will; else the outcome, without it. */
	if (ret)
		slot_done(s, ret);
}

static struct in_flight *in_flight_new(struct worker *w, unsigned char fill)
{
	struct in_flight *q = calloc(1, sizeof(*q));
	unsigned int i;

	if (!q || !(q->slots = calloc(w->cfg->qd, sizeof(*q->slots))) ||
	    !(q->free = calloc(w->cfg->qd, sizeof(*q->free))))
		die("calloc", ENOMEM);
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->freed, NULL);
	for (i = 0; i < w->cfg->qd; i++) {
		struct slot *s = &q->slots[i];

		s->iov.iov_len = w->cfg->bs;
		s->iov.iov_base = malloc(w->cfg->bs);
		if (!s->iov.iov_base)
			die("malloc", ENOMEM);
		memset(s->iov.iov_base, fill, w->cfg->bs);
		s->w = w;
		s->info = (struct ceph_ll_io_info){
			.callback = slot_callback, .priv = s,
			.iov = &s->iov, .iovcnt = 1,
		};
		q->free[q->nr_free++] = s;
	}
	return q;
}

static void in_flight_free(struct worker *w)
{
	struct in_flight *q = w->in_flight;
	unsigned int i;

	wait_free(q, w->cfg->qd);
	for (i = 0; i < w->cfg->qd; i++)
		free(q->slots[i].iov.iov_base);
	pthread_cond_destroy(&q->freed);
	pthread_mutex_destroy(&q->lock);
	free(q->free);
	free(q->slots);
	free(q);
}
#endif

static void file_open(struct worker *w, unsigned int file, int flags,
		      struct raw_file *f)
{
	if (w->cfg->qd)
		ll_open_checked(w, file, flags, f);
	else
		f->fd = open_checked(w, file, flags);
}

static void file_io(struct worker *w, bool write, struct raw_file *f,
		    char *buf, int64_t off)
{
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	if (w->in_flight) {
		submit(w, write, f->fh, off);
		return;
	}
#endif
	io_checked(w, write, f->fd, buf, off);
}

/* After the file's I/O completed: fsync'd first when written. */
static void file_close(struct worker *w, bool write, struct raw_file *f)
{
	int ret;

#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	if (w->in_flight)
		wait_free(w->in_flight, w->cfg->qd);
#endif
	if (!w->cfg->qd) {
		if (write && (ret = ceph_fsync(w->cmount, f->fd, 0)))
			die("ceph_fsync", ret);
		close_checked(w, f->fd);
		return;
	}
	if (write && (ret = ceph_ll_fsync(w->cmount, f->fh, 0)))
		die("ceph_ll_fsync", ret);
	ret = ceph_ll_close(w->cmount, f->fh);
	if (ret)
		die("ceph_ll_close", ret);
	ceph_ll_put(w->cmount, f->inode);
}

/* Every file from start to end, fsync'd before close when writing. */
static void sequential(struct worker *w, bool write, char *buf)
{
	struct raw_file f;
	unsigned int i;
	int64_t off;

	for (i = 0; i < w->cfg->files; i++) {
		file_open(w, i, write ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY,
			  &f);
		for (off = 0; off + w->cfg->bs <= w->cfg->size; off += w->cfg->bs)
			file_io(w, write, &f, buf, off);
		file_close(w, write, &f);
	}
}

/* xorshift64: cheap, and each thread seeds its own. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/*
 * A file's blocks in random order, each once: fio's random map (on by
 * default) reads no block twice until it has read them all, so a draw with
 * repeats would be served from the client cache more often than fio's.
 */
static uint64_t *block_order(uint64_t blocks, uint64_t *state)
{
	uint64_t *order = malloc(blocks * sizeof(*order));
	uint64_t i, j, swap;

	if (!order)
		die("malloc", ENOMEM);
	for (i = 0; i < blocks; i++)
		order[i] = i;
	for (i = blocks - 1; i > 0; i--) {
		j = next_random(state) % (i + 1);
		swap = order[i];
		order[i] = order[j];
		order[j] = swap;
	}
	return order;
}

/*
 * Random blocks of the already laid out files, taken in turn as fio's
 * round-robin file service does, until the time is up.
 */
static void random_io(struct worker *w, bool write, char *buf)
{
	uint64_t state = 0x9e3779b97f4a7c15ULL * (w->index + 1);
	uint64_t blocks = w->cfg->size / w->cfg->bs, done = 0;
	uint64_t *order[w->cfg->files];
	struct raw_file files[w->cfg->files];
	unsigned int i;
	double end;

	for (i = 0; i < w->cfg->files; i++) {
		file_open(w, i, write ? O_WRONLY : O_RDONLY, &files[i]);
		order[i] = block_order(blocks, &state);
	}
	end = now() + w->cfg->seconds;
	for (i = 0; now() < end; i = (i + 1) % w->cfg->files) {
		file_io(w, write, &files[i], buf,
			order[i][done % blocks] * w->cfg->bs);
		if (i == w->cfg->files - 1)
			done++;
	}
	for (i = 0; i < w->cfg->files; i++) {
		file_close(w, write, &files[i]);
		free(order[i]);
	}
}

static void create_file(struct worker *w, const char *path, const char *buf)
{
	int64_t bytes = w->cfg->create_bytes;
	int fd, ret;

	fd = ceph_open(w->cmount, path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		die(path, fd);
	if (bytes && (ret = ceph_write(w->cmount, fd, buf, bytes, 0)) != bytes)
		die("ceph_write", ret < 0 ? ret : -EIO);
	close_checked(w, fd);
	w->bytes += bytes;
}

static int rename_file(struct worker *w, const char *path, bool back)
{
	char renamed[4096 + sizeof(".renamed")];

	snprintf(renamed, sizeof(renamed), "%s.renamed", path);
	return back ? ceph_rename(w->cmount, renamed, path) :
		      ceph_rename(w->cmount, path, renamed);
}

/* One metadata operation on @path; 0 or -errno. */
static int metadata_op(struct worker *w, const char *path, const char *buf)
{
	struct ceph_statx stx;
	int fd;

	switch (w->cfg->mode) {
	case M_CREATE:
		create_file(w, path, buf);
		return 0;
	case M_OPEN:
		fd = ceph_open(w->cmount, path, O_RDONLY, 0);
		if (fd < 0)
			return fd;
		close_checked(w, fd);
		return 0;
	case M_STAT:
		return ceph_statx(w->cmount, path, &stx, CEPH_STATX_BASIC_STATS, 0);
	case M_UNLINK:
		return ceph_unlink(w->cmount, path);
	case M_MKDIR:
		return ceph_mkdir(w->cmount, path, 0755);
	case M_RMDIR:
		return ceph_rmdir(w->cmount, path);
	default:
		return rename_file(w, path, w->cfg->mode == M_RENAME_BACK);
	}
}

static void metadata(struct worker *w, const char *buf)
{
	char path[4096];
	unsigned int i;
	int ret;

	for (i = 0; i < w->cfg->files; i++) {
		file_path(w, i, path, sizeof(path));
		ret = metadata_op(w, path, buf);
		if (ret)
			die(path, ret);
		w->ops++;
	}
}

/*
 * FILES entries of the thread's directory, . and .. not counted, one op
 * each: the engine's readdir reads one entry per file of the job.
 */
static void list_dir(struct worker *w)
{
	struct ceph_dir_result *dirp;
	struct dirent de;
	char dir[4096];
	int ret;

	thread_dir(w->cfg, w->index, dir, sizeof(dir));
	ret = ceph_opendir(w->cmount, dir, &dirp);
	if (ret)
		die(dir, ret);
	while (w->ops < w->cfg->files &&
	       (ret = ceph_readdir_r(w->cmount, dirp, &de)) == 1)
		if (strcmp(de.d_name, ".") && strcmp(de.d_name, ".."))
			w->ops++;
	if (ret < 0)
		die("ceph_readdir_r", ret);
	if (w->ops < w->cfg->files) {
		fprintf(stderr, "raw-loop: %s: %" PRIu64 " entries, short of %u\n",
			dir, w->ops, w->cfg->files);
		exit(1);
	}
	ret = ceph_closedir(w->cmount, dirp);
	if (ret)
		die("ceph_closedir", ret);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	const struct config *cfg = w->cfg;
	int64_t len = cfg->mode <= M_RANDWRITE ? cfg->bs :
		      cfg->mode == M_CREATE ? cfg->create_bytes : 0;
	char *buf = NULL;

	if (len) {
		buf = malloc(len);
		if (!buf)
			die("malloc", ENOMEM);
		/* Not zeros, so no layer can take a short cut on the data. */
		memset(buf, 0x5a + w->index, len);
	}
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	if (cfg->qd)
		w->in_flight = in_flight_new(w, 0x5a + w->index);
#endif
	pthread_barrier_wait(w->start);
	w->began = now();
	switch (cfg->mode) {
	case M_WRITE:
	case M_READ:
		sequential(w, cfg->mode == M_WRITE, buf);
		break;
	case M_RANDREAD:
	case M_RANDWRITE:
		random_io(w, cfg->mode == M_RANDWRITE, buf);
		break;
	case M_READDIR:
		list_dir(w);
		break;
	default:
		metadata(w, buf);
		break;
	}
#ifdef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	if (w->in_flight)
		in_flight_free(w);
#endif
	w->ended = now();
	free(buf);
	return NULL;
}

static struct ceph_mount_info *mount_fs(const char *conf, const char *fs)
{
	struct ceph_mount_info *cmount;
	int ret;

	ret = ceph_create(&cmount, NULL);
	if (ret)
		die("ceph_create", ret);
	ret = ceph_conf_read_file(cmount, conf);
	if (ret)
		die("ceph_conf_read_file", ret);
	ret = ceph_conf_parse_env(cmount, NULL);
	if (ret)
		die("ceph_conf_parse_env", ret);
	if (fs && (ret = ceph_select_filesystem(cmount, fs)))
		die("ceph_select_filesystem", ret);
	ret = ceph_mount(cmount, "/");
	if (ret)
		die("ceph_mount", ret);
	return cmount;
}

/* The directories of the modes that make entries, before the clock starts. */
static void make_dirs(const struct config *cfg, struct ceph_mount_info *cmount)
{
	char dir[4096];
	unsigned int i;
	int ret;

	for (i = 0; i < (cfg->unique_dir ? cfg->threads : 1); i++) {
		thread_dir(cfg, i, dir, sizeof(dir));
		ret = ceph_mkdirs(cmount, dir, 0755);
		if (ret && ret != -EEXIST)
			die(dir, ret);
	}
}

/* As fio's unlink does, the directories go once they are empty. */
static void remove_dirs(const struct config *cfg,
			struct ceph_mount_info *cmount)
{
	char dir[4096];
	unsigned int i;

	for (i = 0; cfg->unique_dir && i < cfg->threads; i++) {
		thread_dir(cfg, i, dir, sizeof(dir));
		ceph_rmdir(cmount, dir);
	}
	ceph_rmdir(cmount, cfg->dir);
}

static enum mode parse_mode(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]); i++)
		if (!strcmp(name, mode_names[i]))
			return i;
	fprintf(stderr, "raw-loop: unknown mode '%s'\n", name);
	exit(2);
}

int main(int argc, char **argv)
{
	struct config cfg = {
		.mode = M_WRITE, .dir = "bench", .threads = 1, .files = 1,
		.size = 64 << 20, .bs = 4 << 20, .seconds = 10,
	};
	const char *conf = NULL, *fs = NULL;
	struct ceph_mount_info *cmount;
	pthread_barrier_t start;
	struct worker *workers;
	uint64_t ops = 0, bytes = 0;
	double begin = 0, end = 0;
	unsigned int i;
	static const struct option long_options[] = {
		{ "qd", required_argument, NULL, 'q' },
		{ "create-bytes", required_argument, NULL, 'w' },
		{ "unique-dir", no_argument, NULL, 'u' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, ret;
	char *tail;

	while ((opt = getopt_long(argc, argv, "m:c:f:d:t:n:s:b:r:w:uq:",
				  long_options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			cfg.mode = parse_mode(optarg);
			break;
		case 'c':
			conf = optarg;
			break;
		case 'f':
			fs = optarg;
			break;
		case 'd':
			cfg.dir = optarg;
			break;
		case 't':
			cfg.threads = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			cfg.files = strtoul(optarg, NULL, 0);
			break;
		case 's':
			cfg.size = strtoll(optarg, NULL, 0);
			break;
		case 'b':
			cfg.bs = strtoll(optarg, NULL, 0);
			break;
		case 'r':
			cfg.seconds = strtod(optarg, NULL);
			break;
		case 'w':
			cfg.create_bytes = strtoll(optarg, &tail, 0);
			if (*tail || tail == optarg || cfg.create_bytes < 0) {
				fprintf(stderr, "raw-loop: --create-bytes '%s' is not a byte count\n",
					optarg);
				return 2;
			}
			break;
		case 'u':
			cfg.unique_dir = true;
			break;
		case 'q':
			cfg.qd = strtoul(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: see the comment atop raw-loop.c\n");
			return 2;
		}
	}
	if (!cfg.threads || !cfg.files || cfg.bs <= 0 || cfg.size < cfg.bs) {
		fprintf(stderr, "raw-loop: need threads, files >= 1, 0 < bs <= size\n");
		return 2;
	}
	if (cfg.qd && cfg.mode > M_RANDWRITE) {
		fprintf(stderr, "raw-loop: --qd %u: only for write, read, randread, randwrite\n",
			cfg.qd);
		return 2;
	}
#ifndef HAVE_CEPH_LL_NONBLOCKING_READV_WRITEV
	if (cfg.qd) {
		fprintf(stderr, "raw-loop: --qd %u: this libcephfs has no ceph_ll_nonblocking_readv_writev (Ceph 20 has it, Ceph 16 and 18 do not)\n",
			cfg.qd);
		return 2;
	}
#endif

	cmount = mount_fs(conf, fs);
	if (cfg.mode == M_WRITE || cfg.mode == M_CREATE || cfg.mode == M_MKDIR)
		make_dirs(&cfg, cmount);
	workers = calloc(cfg.threads, sizeof(*workers));
	if (!workers)
		die("calloc", ENOMEM);
	/* The clock starts when every thread is ready, as fio's does. */
	pthread_barrier_init(&start, NULL, cfg.threads + 1);
	for (i = 0; i < cfg.threads; i++) {
		workers[i] = (struct worker){ .cfg = &cfg, .cmount = cmount,
					      .start = &start, .index = i };
		ret = pthread_create(&workers[i].thread, NULL, work, &workers[i]);
		if (ret)
			die("pthread_create", ret);
	}
	pthread_barrier_wait(&start);
	/*
	 * The clock runs from the first thread's start to the last one's end,
	 * as each thread reads it: on a loaded machine this thread may run
	 * again only after the others have done their work.
	 */
	for (i = 0; i < cfg.threads; i++) {
		pthread_join(workers[i].thread, NULL);
		ops += workers[i].ops;
		bytes += workers[i].bytes;
		if (!i || workers[i].began < begin)
			begin = workers[i].began;
		if (!i || workers[i].ended > end)
			end = workers[i].ended;
	}
	if (cfg.mode == M_UNLINK || cfg.mode == M_RMDIR)
		remove_dirs(&cfg, cmount);
	ret = ceph_unmount(cmount);
	if (ret)
		die("ceph_unmount", ret);
	ceph_release(cmount);

	printf("{\"mode\": \"%s\", \"threads\": %u, \"qd\": %u, \"ops\": %" PRIu64
	       ", \"bytes\": %" PRIu64 ", \"seconds\": %.6f}\n",
	       mode_names[cfg.mode], cfg.threads, cfg.qd, ops, bytes, end - begin);
	free(workers);
	return 0;
}

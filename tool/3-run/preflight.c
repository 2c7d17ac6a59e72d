// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "elfsymbol.h"
#include "escape.h"
#include "fio_version.h"
#include "fuseargs.h"
#include "jobfile.h"
#include "pathutil.h"
#include "preflight.h"
#include "via.h"

/*
 * The file execvp() would run for @name: @name itself when it holds a
 * '/', else the first executable of that name on PATH.  false with errno.
 */
static bool find_program(const char *name, char *path, size_t len)
{
	const char *dirs = getenv("PATH"), *end;

	/* execvp's own search path where PATH is not set. */
	if (!dirs)
		dirs = "/bin:/usr/bin";

	if (strchr(name, '/')) {
		snprintf(path, len, "%s", name);
		return !access(path, X_OK);
	}
	for (; dirs; dirs = *end ? end + 1 : NULL) {
		end = strchrnul(dirs, ':');
		/* An empty entry is the current directory, as for execvp. */
		if (end > dirs)
			snprintf(path, len, "%.*s/%s", (int)(end - dirs), dirs, name);
		else
			snprintf(path, len, "./%s", name);
		if (!access(path, X_OK))
			return true;
	}
	errno = ENOENT;
	return false;
}

/*
 * Run @argv (argv[0] a path) without a shell and keep the first line it
 * prints in @line (empty when none).  Its exit status, or -1.
 */
static int first_line_of(char *const argv[], char *line, size_t len)
{
	char rest[256];
	ssize_t n, got = 0;
	int out[2], null, status = -1;
	pid_t pid;

	*line = '\0';
	if (pipe2(out, O_CLOEXEC))
		return -1;
	pid = fork();
	if (!pid) {
		null = open("/dev/null", O_WRONLY);
		dup2(out[1], STDOUT_FILENO);
		if (null >= 0)
			dup2(null, STDERR_FILENO);
		execv(argv[0], argv);
		_exit(127);
	}
	close(out[1]);
	/* Read to the end: a child cut off by SIGPIPE has no exit status. */
	while (pid > 0) {
		bool full = (size_t)got == len - 1;

		n = read(out[0], full ? rest : line + got,
			 full ? sizeof(rest) : len - 1 - got);
		if (n <= 0)
			break;
		if (!full)
			got += n;
	}
	close(out[0]);
	if (pid > 0 && waitpid(pid, &status, 0) == pid)
		status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	line[got] = '\0';
	line[strcspn(line, "\n")] = '\0';
	return pid > 0 ? status : -1;
}

/* Does the fio at @path have the engine @name built in (or loadable)? */
static bool fio_has_engine(const char *path, const char *name)
{
	char arg[64], line[64];

	snprintf(arg, sizeof(arg), "--enghelp=%s", name);
	return !first_line_of((char *const[]){ (char *)path, arg, NULL }, line,
			      sizeof(line));
}

/*
 * fio refuses an engine built against another version's headers ("bad
 * ioops version"), or worse, misreads its structs: say so first.  Through
 * ceph-fuse, --async-io needs fio's libaio, which a fio built without
 * libaio's headers lacks.
 */
static bool fio_ready(const struct bench_options *o, char *error, size_t len)
{
	char path[PATH_MAX], version[64];

	if (!find_program(o->fio, path, sizeof(path))) {
		snprintf(error, len, "--fio: cannot run '%s': %s", o->fio,
			 strerror(errno));
		return false;
	}
	/* Running fio (a wrapper script, say) only where its file says
	 * nothing: fio loads all its engines' libraries before it prints a
	 * version. */
	if (!elf_symbol_string(path, "fio_version_string", version, sizeof(version)))
		first_line_of((char *const[]){ path, "--version", NULL }, version,
			      sizeof(version));
	if (!fio_version_is_built_for(version)) {
		snprintf(error, len,
			 "--fio: '%s' is %s, but the engine was built for fio-%s (use that fio, or rebuild against its source)",
			 o->fio, *version ? version :
			 "no fio that runs here (no version read from its file or printed)",
			 FIO_BUILT_FOR_VERSION);
		return false;
	}
	if (via_has(&o->via, VIA_FUSE) && o->async_io && o->size &&
	    !fio_has_engine(path, fuse_fio_engine(o))) {
		snprintf(error, len,
			 "--async-io: '%s' has no %s engine, which --via fuse runs through (fio --enghelp=%s fails)",
			 o->fio, fuse_fio_engine(o), fuse_fio_engine(o));
		return false;
	}
	return true;
}

/*
 * A path the tool writes into fio's job file as it is, which fio's parser
 * must leave alone: only the plain characters of escape.h.
 */
static bool plain_for(const char *what, const char *path, const char *carrier,
		      char *error, size_t len)
{
	const char *bad = escape_first_unsafe(path);

	if (!bad)
		return true;
	snprintf(error, len, "%s: '%s' has the byte 0x%02x at %zu, which %s would not carry as given (letters, digits and ./_- only)",
		 what, path, (unsigned char)*bad, (size_t)(bad - path), carrier);
	return false;
}

static bool plain_for_fio(const char *what, const char *path, char *error,
			  size_t len)
{
	return plain_for(what, path, "fio's job file", error, len);
}

/* Without ceph_get_perf_counters the engine reads the counters from an
 * admin socket of its own, in TMPDIR. */
#ifdef HAVE_CEPH_GET_PERF_COUNTERS
#define PERF_DUMP_SOCKET_IN_TMPDIR false
#else
#define PERF_DUMP_SOCKET_IN_TMPDIR true
#endif

/*
 * The tool makes its own directory in TMPDIR (or /tmp), where fio's rate
 * logs go with --plot, named in the job file as they are; with
 * --perf-dump the engine's admin socket goes there too, and Ceph expands
 * $cluster, $name... in its path.
 */
static bool tmpdir_ready(const struct bench_options *o, const char *tmp,
			 char *error, size_t len)
{
	const char *why = NULL, *carrier = NULL;
	struct stat st;

	if (o->plot || o->clients.count)
		carrier = "fio's job file (the per-I/O logs of --plot or --clients)";
	else if (o->perf_dump && PERF_DUMP_SOCKET_IN_TMPDIR)
		carrier = "the admin socket's path (--perf-dump: Ceph expands $cluster, $name... there)";
	if (carrier && !plain_for("TMPDIR", tmp, carrier, error, len))
		return false;
	if (stat(tmp, &st))
		why = errno == ENOENT ? "does not exist" : strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "is not a directory";
	else if (access(tmp, W_OK | X_OK))
		why = "is not writable";
	if (!why)
		return true;
	snprintf(error, len, "TMPDIR: '%s' %s (the tool makes its working directory there)",
		 tmp, why);
	return false;
}

/*
 * Can @path be written before the run, not after it?  A directory is
 * refused.  A file that is replaced rather than written in place
 * (@replaced: the engine renames its perf dump over the path) is checked
 * as the engine checks it (path_file_target): a FIFO or device node there
 * is refused, a link leads to its regular file.
 */
static bool writable_at(const char *option, const char *path, bool replaced,
			char *error, size_t len)
{
	char *target = NULL;
	struct stat st;
	bool ok;

	if (replaced) {
		target = path_file_target(path);
		ok = target && path_creatable(target);
	} else if (stat(path, &st)) {
		ok = path_creatable(path);
	} else if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		ok = false;
	} else {
		ok = !access(path, W_OK);
	}
	if (!ok && errno == EISDIR)
		snprintf(error, len, "--%s: '%s' is a directory", option, path);
	else if (!ok && errno == EEXIST)
		snprintf(error, len, "--%s: '%s' exists and is not a regular file",
			 option, path);
	else if (!ok)
		snprintf(error, len, "--%s: cannot write '%s': %s", option, path,
			 strerror(errno));
	free(target);
	return ok;
}

/*
 * Which file a path names: an existing file by its device and inode
 * (./x, a/../x, a link to x or a hard link are x), one not yet there by
 * its directory's and its last name.
 */
struct output_file {
	const char *option;
	char *path;
	dev_t dev;
	ino_t ino;
	const char *name;	/* last name, when the file is not there yet */
};

static bool identify(struct output_file *f)
{
	char *dir;
	struct stat st;
	bool ok;

	if (!stat(f->path, &st)) {
		f->name = NULL;
	} else {
		dir = path_dirname(f->path);
		ok = dir && !stat(dir, &st);
		free(dir);
		if (!ok)
			return false;
		f->name = strrchr(f->path, '/') ? strrchr(f->path, '/') + 1 : f->path;
	}
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	return true;
}

static bool same_file(const struct output_file *a, const struct output_file *b)
{
	return a->dev == b->dev && a->ino == b->ino && !a->name == !b->name &&
	       (!a->name || !strcmp(a->name, b->name));
}

/* --keep-job's files: PATH[.fuse] per client of --via, each .<host dir>
 * per client host with --clients. */
static unsigned int add_kept_jobfiles(const struct bench_options *o,
				      struct output_file *files, unsigned int n)
{
	unsigned int c, t, targets = o->clients.count ? o->clients.count : 1;
	char path[PATH_MAX];

	for (c = 0; o->keep_job && c < o->via.count; c++) {
		jobfile_client_path(o->via.clients[c], o->keep_job, path,
				    sizeof(path));
		for (t = 0; t < targets; t++)
			files[n++] = (struct output_file){
				.option = "keep-job",
				.path = jobfile_target_path(o, path, t),
			};
	}
	return n;
}

/*
 * Two outputs naming one file: the later writer would replace the
 * earlier's (or fio would read a perf dump as its job file).
 */
static bool outputs_distinct(const struct bench_options *o, char *error,
			     size_t len)
{
	unsigned int i, j, n = 0, targets = o->clients.count ? o->clients.count : 1;
	struct output_file *files = calloc(3 + (size_t)o->via.count * targets,
					   sizeof(*files));
	bool ok = true;

	if (!files) {
		snprintf(error, len, "out of memory");
		return false;
	}
	if (o->json_path && strcmp(o->json_path, "-"))
		files[n++] = (struct output_file){ .option = "json",
						    .path = strdup(o->json_path) };
	if (o->plot)
		files[n++] = (struct output_file){ .option = "plot",
						    .path = strdup(o->plot) };
	if (o->perf_dump)
		files[n++] = (struct output_file){ .option = "perf-dump",
						    .path = strdup(o->perf_dump) };
	n = add_kept_jobfiles(o, files, n);
	for (i = 0; i < n && ok; i++) {
		if (!files[i].path || !identify(&files[i])) {
			snprintf(error, len, "--%s: cannot check '%s': %s",
				 files[i].option, files[i].path ? files[i].path : "",
				 strerror(files[i].path ? errno : ENOMEM));
			ok = false;
		}
		for (j = 0; j < i && ok; j++) {
			if (!same_file(&files[j], &files[i]))
				continue;
			snprintf(error, len, "--%s '%s' and --%s '%s' are the same file: give each output its own",
				 files[j].option, files[j].path, files[i].option,
				 files[i].path);
			ok = false;
		}
	}
	for (i = 0; i < n; i++)
		free(files[i].path);
	free(files);
	return ok;
}

/* Is there a ceph kernel client, built in or as a module?  @why says
 * where it looked when there is none. */
static bool kernel_client_present(char *why, size_t len)
{
	char line[256], module[PATH_MAX];
	struct utsname u;
	bool found = false;
	FILE *f = fopen("/proc/filesystems", "r");

	while (f && !found && fgets(line, sizeof(line), f))
		found = !strcmp(line + strcspn(line, "\t"), "\tceph\n");
	if (f)
		fclose(f);
	if (found || uname(&u))
		return found;
	snprintf(module, sizeof(module), "/lib/modules/%s/kernel/fs/ceph", u.release);
	if (!access(module, F_OK))
		return true;
	snprintf(why, len, "no ceph in /proc/filesystems and no %s", module);
	return false;
}

/*
 * ceph-fuse must run, /dev/fuse open, and the names fio's own engines get
 * unescaped (the fuse job file has no cephfs_escaped) pass fio's parser
 * as they are.
 */
static bool fuse_ready(const struct bench_options *o, const char *tmp,
		       char *error, size_t len)
{
	char path[PATH_MAX];

	if (!find_program(CEPH_FUSE, path, sizeof(path))) {
		snprintf(error, len, "--via fuse: cannot run '%s': %s (install ceph-fuse)",
			 CEPH_FUSE, strerror(errno));
		return false;
	}
	if (access("/dev/fuse", R_OK | W_OK)) {
		snprintf(error, len, "--via fuse: /dev/fuse: %s (this machine or container has no FUSE)",
			 strerror(errno));
		return false;
	}
	return plain_for_fio("--prefix", o->prefix, error, len) &&
	       plain_for_fio("--dir-prefix", o->dir_prefix, error, len) &&
	       plain_for_fio("TMPDIR", tmp, error, len);
}

static bool clients_ready(const struct bench_options *o, const char *tmp,
			  char *error, size_t len)
{
	char why[PATH_MAX + 64];

	if (via_has(&o->via, VIA_KERNEL)) {
		if (!kernel_client_present(why, sizeof(why)))
			snprintf(error, len, "--via kernel: this machine has no ceph kernel client (%s)",
				 why);
		else
			snprintf(error, len, "--via kernel: this tool does not mount the kernel client; mount it and run jobs/ through fio's own engines there");
		return false;
	}
	return !via_has(&o->via, VIA_FUSE) || fuse_ready(o, tmp, error, len);
}

bool preflight_ok(const struct bench_options *o, char *error, size_t len)
{
	const char *tmp = getenv("TMPDIR");

	if (!clients_ready(o, tmp && *tmp ? tmp : "/tmp", error, len))
		return false;

	if (!fio_ready(o, error, len))
		return false;
	if (!plain_for_fio("--engine", o->engine, error, len))
		return false;
	if (!tmpdir_ready(o, tmp && *tmp ? tmp : "/tmp", error, len))
		return false;
	/* With --clients the engine is a path on the load hosts. */
	if (!o->clients.count && access(o->engine, R_OK)) {
		snprintf(error, len, "--engine: cannot read '%s': %s", o->engine,
			 strerror(errno));
		return false;
	}
	if (o->json_path && strcmp(o->json_path, "-") &&
	    !writable_at("json", o->json_path, false, error, len))
		return false;
	if (o->perf_dump && !writable_at("perf-dump", o->perf_dump, true, error, len))
		return false;
	if (o->plot && !writable_at("plot", o->plot, false, error, len))
		return false;
	if (o->keep_job && !writable_at("keep-job", o->keep_job, true, error, len))
		return false;
	return outputs_distinct(o, error, len);
}

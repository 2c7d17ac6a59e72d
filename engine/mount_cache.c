// SPDX-License-Identifier: GPL-2.0-only
/*
 * Refcounted cache of libcephfs mounts, keyed by every setting that changes
 * the mount.  Jobs running as threads of one fio process share a mount per
 * configuration, as cephfs-tool's threads share theirs; the last job to
 * release it unmounts, so a later stonewall group (a read phase after a
 * write phase) mounts afresh and reads cold instead of from the client cache.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "mount_cache.h"
#include "pathutil.h"

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cephfs_mount *cache;

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

/* A unit separator cannot appear in any of the settings. */
static char *config_key(const struct cephfs_mount_config *cfg)
{
	char *key;

	if (asprintf(&key, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%d\x1f%d\x1f%d\x1f%llu\x1f%u\x1f%s\x1f%u\x1f%u\x1f%s",
		     str_or_empty(cfg->conf), str_or_empty(cfg->id),
		     str_or_empty(cfg->keyring), str_or_empty(cfg->fs),
		     str_or_empty(cfg->root), cfg->uid, cfg->gid,
		     cfg->client_oc, cfg->client_oc_size, cfg->msgr_workers,
		     str_or_empty(cfg->set), cfg->mount_timeout,
		     cfg->op_timeout, str_or_empty(cfg->perf_dump)) < 0)
		return NULL;
	return key;
}

int cephfs_conf_set_list(struct ceph_mount_info *cmount, const char *list,
			 const char **bad_key)
{
	char *copy, *item, *save = NULL, *eq;
	int ret = 0;

	if (!list || !*list)
		return 0;
	copy = strdup(list);
	if (!copy)
		return -ENOMEM;
	for (item = strtok_r(copy, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		eq = strchr(item, '=');
		if (!eq || eq == item) {
			ret = -EINVAL;
		} else {
			*eq = '\0';
			ret = ceph_conf_set(cmount, item, eq + 1);
		}
		if (ret) {
			/* Points into the caller's string, which outlives us. */
			*bad_key = list + (item - copy);
			break;
		}
	}
	free(copy);
	return ret;
}

/*
 * ceph_conf_set, saying in @why which setting and value Ceph refused and
 * which option set it: the tool's --@option or the engine's
 * cephfs_@option.
 */
static int conf_set(struct ceph_mount_info *cmount,
		    const struct cephfs_mount_config *cfg, const char *key,
		    const char *value, const char *option, char *why,
		    size_t why_len)
{
	char name[64];
	int ret = ceph_conf_set(cmount, key, value);
	size_t i;

	if (!ret)
		return 0;
	snprintf(name, sizeof(name), "%s%s", cfg->tool_options ? "--" : "cephfs_",
		 option);
	for (i = 2; cfg->tool_options && name[i]; i++)
		if (name[i] == '_')
			name[i] = '-';
	snprintf(why, why_len, "Ceph refused %s=%s (set by %s)", key, value, name);
	return ret;
}

static int conf_set_uint(struct ceph_mount_info *cmount,
			 const struct cephfs_mount_config *cfg, const char *key,
			 unsigned long long value, const char *option,
			 char *why, size_t why_len)
{
	char text[32];

	snprintf(text, sizeof(text), "%llu", value);
	return conf_set(cmount, cfg, key, text, option, why, why_len);
}

/* Apply the configuration in the order libcephfs users expect: file, env
 * (CEPH_ARGS), then the job's explicit settings, which win. */
static int configure(struct ceph_mount_info *cmount,
		     const struct cephfs_mount_config *cfg, const char **failed,
		     char *why, size_t why_len)
{
	const char *bad_key;
	int ret;

	*failed = "ceph_conf_read_file";
	ret = ceph_conf_read_file(cmount, cfg->conf);
	if (ret) {
		if (cfg->conf)
			snprintf(why, why_len, "cannot read '%s'", cfg->conf);
		return ret;
	}
	*failed = "ceph_conf_parse_env";
	ret = ceph_conf_parse_env(cmount, NULL);
	if (ret)
		return ret;
	*failed = "ceph_conf_set";
	if (cfg->keyring &&
	    (ret = conf_set(cmount, cfg, "keyring", cfg->keyring, "keyring",
			    why, why_len)))
		return ret;
	/* A mount that fails after opening an MDS session (the MDS cannot
	 * journal it) then waits client_shutdown_timeout, 30 s, for the
	 * session to close: bound that wait by the same timeout. */
	if (cfg->mount_timeout &&
	    ((ret = conf_set_uint(cmount, cfg, "client_mount_timeout",
				  cfg->mount_timeout, "mount_timeout", why, why_len)) ||
	     (ret = conf_set_uint(cmount, cfg, "client_shutdown_timeout",
				  cfg->mount_timeout, "mount_timeout", why, why_len))))
		return ret;
	/* Without these, an op to a dead OSD waits forever, and so do fio
	 * and its SIGTERM handling. */
	if (cfg->op_timeout &&
	    ((ret = conf_set_uint(cmount, cfg, "rados_osd_op_timeout",
				  cfg->op_timeout, "op_timeout", why, why_len)) ||
	     (ret = conf_set_uint(cmount, cfg, "rados_mon_op_timeout",
				  cfg->op_timeout, "op_timeout", why, why_len))))
		return ret;
	if (cfg->client_oc >= 0 &&
	    (ret = conf_set_uint(cmount, cfg, "client_oc", cfg->client_oc,
				 "client_oc", why, why_len)))
		return ret;
	if (cfg->client_oc_size &&
	    (ret = conf_set_uint(cmount, cfg, "client_oc_size",
				 cfg->client_oc_size, "client_oc_size", why,
				 why_len)))
		return ret;
	if (cfg->msgr_workers &&
	    (ret = conf_set_uint(cmount, cfg, "ms_async_op_threads",
				 cfg->msgr_workers, "msgr_workers", why, why_len)))
		return ret;
	ret = cephfs_conf_set_list(cmount, cfg->set, &bad_key);
	if (ret) {
		snprintf(why, why_len, "cannot apply setting '%.*s' (set by cephfs_set)",
			 (int)strcspn(bad_key, ","), bad_key);
		return ret;
	}
	if (cfg->fs) {
		*failed = "ceph_select_filesystem";
		ret = ceph_select_filesystem(cmount, cfg->fs);
		if (ret)
			return ret;
	}
	return 0;
}

/* After ceph_init(), which would otherwise reset them, before mounting. */
static int set_perms(struct ceph_mount_info *cmount,
		     const struct cephfs_mount_config *cfg, const char **failed)
{
	UserPerm *perms;
	int ret;

	if (cfg->uid == -1 && cfg->gid == -1)
		return 0;
	*failed = "ceph_userperm_new";
	perms = ceph_userperm_new(cfg->uid != -1 ? cfg->uid : (int)geteuid(),
				  cfg->gid != -1 ? cfg->gid : (int)getegid(),
				  0, NULL);
	if (!perms)
		return -ENOMEM;
	*failed = "ceph_mount_perms_set";
	ret = ceph_mount_perms_set(cmount, perms);
	ceph_userperm_destroy(perms);
	return ret;
}

/*
 * The keyring ceph_init() loads: the first file of the "keyring" setting
 * (a list) that it can open, in @path.  -errno when none is: -EISDIR for
 * a directory (which opens, then fails to load), else the error of the
 * first file that exists but cannot be read (@path names it), or -ENOENT
 * (@path empty) when no file exists.  1: cannot tell.
 */
static int keyring_file(struct ceph_mount_info *cmount, char *path,
			size_t len)
{
	char paths[4096], *file, *save = NULL;
	int fd, ret = -ENOENT;
	struct stat st;
	bool dir;

	*path = '\0';
	if (ceph_conf_get(cmount, "keyring", paths, sizeof(paths)))
		return 1;
	for (file = strtok_r(paths, ",; ", &save); file;
	     file = strtok_r(NULL, ",; ", &save)) {
		fd = open(file, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			if (errno != ENOENT && ret == -ENOENT) {
				ret = -errno;
				snprintf(path, len, "%s", file);
			}
			continue;
		}
		dir = !fstat(fd, &st) && S_ISDIR(st.st_mode);
		close(fd);
		snprintf(path, len, "%s", file);
		return dir ? -EISDIR : 0;
	}
	return ret;
}

/*
 * A keyring that exists but cannot be read would fail ceph_init() as if
 * the cluster refused: say which file instead.  None at all is left to
 * Ceph (explain_mount_error); without cephx Ceph loads none.
 */
static int keyring_check(struct ceph_mount_info *cmount, const char **failed,
			 char *why, size_t why_len)
{
	char path[PATH_MAX], auth[256];
	int ret;

	if (!ceph_conf_get(cmount, "auth_client_required", auth, sizeof(auth)) &&
	    !strstr(auth, "cephx"))
		return 0;
	ret = keyring_file(cmount, path, sizeof(path));
	if (ret >= 0 || !*path)
		return 0;
	*failed = "keyring";
	snprintf(why, why_len, "cannot read keyring '%s'", path);
	return ret;
}

/* ceph_mount() mounts a root that is a file, and every call in it then
 * fails with EACCES: say what it is.  A root it cannot look at is left
 * to the calls that use it. */
static int root_is_directory(struct ceph_mount_info *cmount,
			     const struct cephfs_mount_config *cfg,
			     const char **failed, char *why, size_t why_len)
{
	struct ceph_statx stx;

	if (ceph_statx(cmount, "/", &stx, CEPH_STATX_MODE, 0) ||
	    S_ISDIR(stx.stx_mode))
		return 0;
	*failed = "ceph_mount";
	snprintf(why, why_len, "root '%s' is not a directory", cfg->root);
	return -ENOTDIR;
}

/* Can any file of the "keyring" setting (a comma list) be read? */
static bool keyring_readable(struct ceph_mount_info *cmount)
{
	char paths[4096], *path, *save = NULL;

	if (ceph_conf_get(cmount, "keyring", paths, sizeof(paths)))
		return true;	/* cannot tell: do not blame the keyring */
	for (path = strtok_r(paths, ",; ", &save); path;
	     path = strtok_r(NULL, ",; ", &save)) {
		if (!access(path, R_OK))
			return true;
	}
	return false;
}

/*
 * The filesystem a mount asks for, as Client::mount() picks it: the
 * selected one, else client_fs, else the older client_mds_namespace.
 */
static void filesystem_label(struct ceph_mount_info *cmount,
			     const struct cephfs_mount_config *cfg,
			     char *buf, size_t len)
{
	static const char *const settings[] = { "client_fs", "client_mds_namespace" };
	char name[256];
	size_t i;

	if (cfg->fs) {
		snprintf(buf, len, "filesystem '%s'", cfg->fs);
		return;
	}
	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		if (!ceph_conf_get(cmount, settings[i], name, sizeof(name)) && *name) {
			snprintf(buf, len, "filesystem '%s'", name);
			return;
		}
	}
	snprintf(buf, len, "the default filesystem");
}

/*
 * Does the filesystem of @cfg exist?  Mount its top on a scratch handle:
 * an unknown filesystem fails with ENOENT before any MDS is asked, while a
 * known one mounts, or its MDS refuses the top (EPERM for a key confined
 * to a directory, as `ceph fs authorize` makes).  -1: cannot tell.
 */
static int filesystem_exists(const struct cephfs_mount_config *cfg)
{
	struct ceph_mount_info *probe;
	const char *unused;
	char ignored[1];
	int ret;

	if (ceph_create(&probe, cfg->id))
		return -1;
	ret = configure(probe, cfg, &unused, ignored, sizeof(ignored));
	if (!ret)
		ret = ceph_mount(probe, "/");
	ceph_shutdown(probe);
	if (ret == -ENOENT)
		return 0;
	return !ret || ret == -EPERM || ret == -EACCES ? 1 : -1;
}

/*
 * ceph_mount() says ENOENT for a missing keyring, an unknown filesystem
 * and a missing root directory alike; tell them apart: look for the
 * keyring, then whether the filesystem exists.
 */
static void explain_mount_error(struct ceph_mount_info *cmount,
				const struct cephfs_mount_config *cfg, int ret,
				const char *failed, char *why, size_t why_len)
{
	char fs[300], keyring[PATH_MAX];
	int exists;

	/*
	 * What ceph_init says of a keyring it found but took no key from:
	 * EIO where KeyRing::load cannot parse it (Ceph 16, 18), ENOENT
	 * where it parses to no key for this client (Ceph 20).
	 */
	if ((ret == -EIO || ret == -ENOENT) && !strcmp(failed, "ceph_init") &&
	    !keyring_file(cmount, keyring, sizeof(keyring))) {
		snprintf(why, why_len, "keyring '%s' holds no key Ceph can load for client.%s",
			 keyring, cfg->id ? cfg->id : "admin");
		return;
	}
	if (ret == -ETIMEDOUT || ret == -ETIME) {
		snprintf(why, why_len, "the cluster did not answer within %u s (client_mount_timeout)",
			 cfg->mount_timeout);
		return;
	}
	if (ret == -EACCES || ret == -EPERM) {
		snprintf(why, why_len, "authentication or permission refused for client.%s",
			 cfg->id ? cfg->id : "admin");
		return;
	}
	if (ret != -ENOENT)
		return;
	if (!keyring_readable(cmount)) {
		snprintf(why, why_len, "no readable keyring for client.%s",
			 cfg->id ? cfg->id : "admin");
		return;
	}
	filesystem_label(cmount, cfg, fs, sizeof(fs));
	/* The top of a filesystem always exists. */
	exists = cfg->root && strcmp(cfg->root, "/") ? filesystem_exists(cfg) : 0;
	if (exists == 1)
		snprintf(why, why_len, "root directory '%s' does not exist in %s",
			 cfg->root, fs);
	else if (!exists)
		snprintf(why, why_len, "%s does not exist", fs);
	else
		snprintf(why, why_len, "root directory '%s' or %s does not exist",
			 cfg->root, fs);
}

/* Has no call finished for a whole tick while some were running? */
static bool stalled_tick(struct cephfs_mount *m, unsigned long *last_done)
{
	unsigned long done = __atomic_load_n(&m->calls_done, __ATOMIC_RELAXED);
	bool stalled = done == *last_done &&
		__atomic_load_n(&m->calls_running, __ATOMIC_RELAXED);

	*last_done = done;
	return stalled;
}

/*
 * OSD and monitor ops fail by themselves after the op timeout, and the
 * calls waiting for them then return ETIMEDOUT, a clearer error; only a
 * call stuck longer than that (an MDS request) needs the watchdog.
 */
static unsigned int stall_limit(const struct cephfs_mount *m)
{
	/*
	 * ceph_unmount also waits for the MDS to close the session, up to
	 * client_shutdown_timeout (cephfs_mount_timeout, else its default
	 * 30 s): after a monitor crash an unmount took over 10 s on Ceph 18,
	 * and the watchdog ended a run that had written everything.
	 */
	if (__atomic_load_n(&m->unmounting, __ATOMIC_RELAXED))
		return 2 * m->op_timeout + m->shutdown_timeout;
	return 2 * m->op_timeout;
}

/* What the process leaves should the watchdog end it (atomic). */
static char *last_words;

void cephfs_watchdog_last_words(const char *text)
{
	char *words = text ? strdup(text) : NULL;

	free(__atomic_exchange_n(&last_words, words, __ATOMIC_ACQ_REL));
}

static void *watchdog_main(void *arg)
{
	struct cephfs_mount *m = arg;
	unsigned long last_done = 0;
	unsigned int stalled = 0;
	struct timespec tick;
	const char *words;

	pthread_mutex_lock(&m->watchdog_lock);
	while (!m->stopping && stalled < stall_limit(m)) {
		clock_gettime(CLOCK_MONOTONIC, &tick);
		tick.tv_sec++;
		if (pthread_cond_timedwait(&m->watchdog_stop, &m->watchdog_lock,
					   &tick) == ETIMEDOUT)
			stalled = stalled_tick(m, &last_done) ? stalled + 1 : 0;
	}
	pthread_mutex_unlock(&m->watchdog_lock);
	if (stalled < stall_limit(m))
		return NULL;
	/*
	 * Nothing in libcephfs fails a stuck MDS request (ceph_abort_conn
	 * itself waits for it), and a stuck call cannot be left behind: the
	 * job could never end.  So the process ends, saying why.
	 */
	fprintf(stderr, "cephfs: no libcephfs call returned for %u s (twice the op timeout): the cluster is not answering; exiting\n",
		stall_limit(m));
	words = __atomic_load_n(&last_words, __ATOMIC_ACQUIRE);
	if (words)
		fputs(words, stderr);
	_exit(EXIT_FAILURE);
}

static int watchdog_start(struct cephfs_mount *m)
{
	pthread_condattr_t attr;
	int ret;

	pthread_mutex_init(&m->watchdog_lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&m->watchdog_stop, &attr);
	pthread_condattr_destroy(&attr);
	ret = pthread_create(&m->watchdog, NULL, watchdog_main, m);
	if (ret) {
		pthread_cond_destroy(&m->watchdog_stop);
		pthread_mutex_destroy(&m->watchdog_lock);
		return -ret;
	}
	return 0;
}

static void watchdog_stop(struct cephfs_mount *m)
{
	if (!m->op_timeout)
		return;
	pthread_mutex_lock(&m->watchdog_lock);
	m->stopping = true;
	pthread_cond_signal(&m->watchdog_stop);
	pthread_mutex_unlock(&m->watchdog_lock);
	pthread_join(m->watchdog, NULL);
	pthread_cond_destroy(&m->watchdog_stop);
	pthread_mutex_destroy(&m->watchdog_lock);
}

/* The one place that mounts: create, configure, mount, or unwind all. */
static int mount_new(const struct cephfs_mount_config *cfg,
		     struct cephfs_mount *m, const char **failed,
		     char *why, size_t why_len)
{
	struct ceph_mount_info *cmount;
	int ret;

	*failed = "ceph_create";
	ret = ceph_create(&cmount, cfg->id);
	if (ret)
		return ret;
	ret = configure(cmount, cfg, failed, why, why_len);
	if (ret)
		goto release;
	if (m->admin_socket) {
		*failed = "ceph_conf_set";
		ret = conf_set(cmount, cfg, "admin_socket", m->admin_socket,
			       "perf_dump", why, why_len);
		if (ret)
			goto release;
	}
	ret = keyring_check(cmount, failed, why, why_len);
	if (ret)
		goto release;
	/* Connects and authenticates: most cluster-side errors come from here. */
	*failed = "ceph_init";
	ret = ceph_init(cmount);
	if (ret)
		goto explain;
	ret = set_perms(cmount, cfg, failed);
	if (ret)
		goto release;
	*failed = "ceph_mount";
	ret = ceph_mount(cmount, cfg->root);
	if (ret)
		goto explain;
	ret = root_is_directory(cmount, cfg, failed, why, why_len);
	if (ret)
		goto unmount;
	m->cmount = cmount;
	m->op_timeout = cfg->op_timeout;
	m->shutdown_timeout = cfg->mount_timeout ? cfg->mount_timeout : 30;
	if (m->op_timeout) {
		*failed = "pthread_create";
		ret = watchdog_start(m);
		if (ret)
			goto unmount;
	}
	return 0;
explain:
	explain_mount_error(cmount, cfg, ret, *failed, why, why_len);
	goto release;
unmount:
	ceph_unmount(cmount);
release:
	ceph_release(cmount);
	return ret;
}

void cephfs_mount_error(const struct cephfs_mount_config *cfg, int ret,
			const char *failed, const char *why, char *buf,
			size_t len)
{
	snprintf(buf, len, "cannot mount %s%s%s (root %s) as client.%s: %s: %s%s%s",
		 cfg->fs ? "filesystem '" : "the default filesystem",
		 cfg->fs ? cfg->fs : "", cfg->fs ? "'" : "",
		 cfg->root ? cfg->root : "/", cfg->id ? cfg->id : "admin",
		 failed, strerror(-ret), *why ? ": " : "", why);
}

#ifndef HAVE_CEPH_GET_PERF_COUNTERS
/*
 * Without ceph_get_perf_counters() the counters come from the client's
 * admin socket: one of our own (the configured one may be off or shared),
 * in a directory that mkdtemp makes ours alone (mode 0700, a name nobody
 * can predict), never under a guessable name in a shared /tmp.
 */
static int admin_socket_setup(struct cephfs_mount *m, const char **failed,
			      char *why, size_t why_len)
{
	const char *tmp = getenv("TMPDIR");
	struct sockaddr_un addr;
	int ret;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	/* Ceph would expand $cluster, $name... in the socket's path. */
	if (strchr(tmp, '$')) {
		*failed = "admin socket";
		snprintf(why, why_len, "TMPDIR '%s' has a '$' at %zu, which Ceph expands in the admin socket's path (the perf dump's): set a TMPDIR without it",
			 tmp, (size_t)(strchr(tmp, '$') - tmp));
		return -EINVAL;
	}
	*failed = "malloc";
	if (asprintf(&m->admin_dir, "%s/fio-cephfs.XXXXXX", tmp) < 0) {
		m->admin_dir = NULL;
		return -ENOMEM;
	}
	if (!mkdtemp(m->admin_dir)) {
		ret = -errno;
		*failed = "mkdtemp";
		snprintf(why, why_len, "no directory for the admin socket (perf dump) in %s (TMPDIR)",
			 tmp);
		free(m->admin_dir);
		m->admin_dir = NULL;
		return ret;
	}
	if (asprintf(&m->admin_socket, "%s/client.asok", m->admin_dir) < 0) {
		m->admin_socket = NULL;
		return -ENOMEM;
	}
	if (strlen(m->admin_socket) >= sizeof(addr.sun_path)) {
		*failed = "admin socket";
		snprintf(why, why_len, "%s is too long for a socket name: set a shorter TMPDIR",
			 m->admin_socket);
		return -ENAMETOOLONG;
	}
	return 0;
}
#endif

/* Before mounting: keep the dump's path, and where the counters come from. */
static int perf_dump_setup(struct cephfs_mount *m, const char *path,
			   const char **failed, char *why, size_t why_len)
{
	*failed = "malloc";
	m->perf_dump = strdup(path);
	if (!m->perf_dump)
		return -ENOMEM;
#ifdef HAVE_CEPH_GET_PERF_COUNTERS
	return 0;
#else
	return admin_socket_setup(m, failed, why, why_len);
#endif
}

/* After ceph_release() (which closes the socket), or a failed mount. */
static void perf_dump_teardown(struct cephfs_mount *m)
{
	if (m->admin_socket)
		unlink(m->admin_socket);
	if (m->admin_dir)
		rmdir(m->admin_dir);
	free(m->admin_socket);
	free(m->admin_dir);
	free(m->perf_dump);
}

/* The shared mount of @key in the cache, if any; under cache_lock. */
static struct cephfs_mount *cached(const char *key)
{
	struct cephfs_mount *m;

	for (m = cache; m; m = m->next)
		if (m->shared && !strcmp(m->key, key))
			return m;
	return NULL;
}

/* Under cache_lock. */
static void uncache(struct cephfs_mount *m)
{
	struct cephfs_mount **link;

	for (link = &cache; *link != m; link = &(*link)->next)
		;
	*link = m->next;
}

/* A new mount of @cfg keyed @key (the cache keeps it), cached; or -errno. */
static int mount_cached(const struct cephfs_mount_config *cfg, char *key,
			bool shared, struct cephfs_mount **out,
			const char **failed, char *why, size_t why_len)
{
	struct cephfs_mount *m;
	int ret = 0;

	*failed = "malloc";
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	if (cfg->perf_dump)
		ret = perf_dump_setup(m, cfg->perf_dump, failed, why, why_len);
	if (!ret)
		ret = mount_new(cfg, m, failed, why, why_len);
	if (ret) {
		perf_dump_teardown(m);
		free(m);
		return ret;
	}
	m->key = key;
	m->refs = 1;
	m->shared = shared;
	m->next = cache;
	cache = m;
	*out = m;
	return 0;
}

/*
 * fio forks each job that is not a thread from its main process, where
 * thread jobs started before it (a startdelay apart, say) may hold mounts.
 * The child has none of libcephfs's threads: a mount of its parent's
 * would never answer, and one of its own hangs too (libcephfs does not
 * survive a fork).  Such a child refuses to mount, saying why.  The lock
 * is held across every fork, so that the child finds it free and the
 * cache whole.
 */
static bool forked_from_mounts;

static void fork_prepare(void)
{
	pthread_mutex_lock(&cache_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&cache_lock);
}

/* The parent's mounts are not ours. */
static void fork_child(void)
{
	forked_from_mounts = cache != NULL;
	cache = NULL;
	pthread_mutex_unlock(&cache_lock);
}

/* By the first mount: before it a fork breaks nothing. */
static pthread_once_t fork_handlers_registered = PTHREAD_ONCE_INIT;

static void fork_handlers_register(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static int refuse_forked(const char **failed, char *why, size_t why_len)
{
	*failed = "fork";
	snprintf(why, why_len, "fio forked this job while thread jobs of its main process held libcephfs mounts, which a forked process can neither use nor make anew: run every job as a thread (thread) or none");
	return -EDEADLK;
}

int cephfs_mount_get(const struct cephfs_mount_config *cfg, bool shared,
		     struct cephfs_mount **out, unsigned int *users,
		     const char **failed, char *why, size_t why_len)
{
	struct cephfs_mount *m;
	char *key = NULL;
	int ret = 0;

	*why = '\0';
	pthread_once(&fork_handlers_registered, fork_handlers_register);
	/*
	 * Mounting under the lock serialises the first jobs of a group, which
	 * is what makes them share one mount instead of racing to make many.
	 */
	pthread_mutex_lock(&cache_lock);
	if (forked_from_mounts) {
		ret = refuse_forked(failed, why, why_len);
	} else if (!(key = config_key(cfg))) {
		*failed = "malloc";
		ret = -ENOMEM;
	} else if (shared && (m = cached(key))) {
		m->refs++;
	} else if (!(ret = mount_cached(cfg, key, shared, &m, failed, why, why_len))) {
		key = NULL;	/* the cache keeps it */
	}
	if (!ret) {
		*users = m->refs;
		*out = m;
	}
	pthread_mutex_unlock(&cache_lock);
	free(key);
	return ret;
}

#ifndef HAVE_CEPH_GET_PERF_COUNTERS
/* Send one command to an admin socket; its reply is a 32-bit big-endian
 * length, then that many bytes. */
static int admin_socket_command(const char *path, const char *command,
				char **reply, uint32_t *reply_len)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	uint32_t len;
	ssize_t n;
	size_t done;
	int fd, ret = 0;

	if (strlen(path) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	strcpy(addr.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    write(fd, command, strlen(command) + 1) != (ssize_t)strlen(command) + 1 ||
	    read(fd, &len, sizeof(len)) != sizeof(len)) {
		ret = errno ? -errno : -EIO;
		goto out;
	}
	*reply_len = ntohl(len);
	*reply = malloc(*reply_len + 1);
	if (!*reply) {
		ret = -ENOMEM;
		goto out;
	}
	for (done = 0; done < *reply_len; done += n) {
		n = read(fd, *reply + done, *reply_len - done);
		if (n <= 0) {
			ret = n ? -errno : -EIO;
			free(*reply);
			goto out;
		}
	}
	(*reply)[*reply_len] = '\0';
out:
	close(fd);
	return ret;
}
#endif

/*
 * Write @len bytes to @path, ending in a newline, through a temporary
 * file, so a reader never sees half a dump.  Mounts of one process
 * (per-job mounts) may write the same path at once: each temporary file
 * has a name of its own, and the last rename wins with a whole dump.
 */
static int write_file(const char *path, const char *data, size_t len)
{
	static unsigned int serial;	/* atomic */
	char *tmp;
	FILE *f;
	int fd, ret = 0;

	if (asprintf(&tmp, "%s.%d.%u.tmp", path, (int)getpid(),
		     __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED)) < 0)
		return -ENOMEM;
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		ret = -errno;
		if (fd >= 0)
			close(fd);
		goto out;
	}
	errno = EIO;	/* what a short write without an errno reports */
	if (fwrite(data, 1, len, f) != len ||
	    ((!len || data[len - 1] != '\n') && fputc('\n', f) == EOF))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
out:
	free(tmp);
	return ret;
}

/* libcephfs' perf counters as JSON: ceph_get_perf_counters() where the
 * library has it, otherwise the client's own admin socket. */
static int write_perf_dump(struct cephfs_mount *m)
{
	char *dump = NULL;
	uint32_t len = 0;
	int ret;

#ifdef HAVE_CEPH_GET_PERF_COUNTERS
	/*
	 * Ceph 20 returns the document's length, not the 0 its header
	 * promises, and ends the buffer without a NUL: the length is all
	 * there is to go by.  A 0 as promised leaves a C string the only
	 * reading.
	 */
	ret = ceph_get_perf_counters(m->cmount, &dump);
	if (ret >= 0) {
		len = ret ? (uint32_t)ret : strlen(dump);
		ret = 0;
	}
#else
	ret = admin_socket_command(m->admin_socket,
				   "{\"prefix\": \"perf dump\"}", &dump, &len);
#endif
	if (!ret) {
		char *target = path_file_target(m->perf_dump);

		ret = target ? write_file(target, dump, len) : -errno;
		free(target);
	}
	free(dump);
	return ret;
}

void cephfs_mount_note_error(struct cephfs_mount *m, int ret)
{
	/* Not EDQUOT: the client refuses the write itself, and what it took
	 * before flushes; an abort would leave the MDS holding the session's
	 * caps until session_timeout, and a create in that directory waiting. */
	if (ret == -ETIMEDOUT || ret == -ENOSPC)
		__atomic_store_n(&m->cannot_flush, true, __ATOMIC_RELAXED);
}

/*
 * libcephfs's dispatcher keeps references to the inodes of the last MDS
 * reply until the thread that asked gives up the client lock, and a job
 * that unmounts straight after its last open never does: ceph_unmount
 * then finds those inodes cached and sleeps until the client's next tick,
 * up to 1 s: 0.68 s after one cephfs-tool read phase of 2,000 opens in
 * three, 14 of 20 unmounts with debug_client=20.  A statfs waits, with the
 * lock given up, on a reply the same dispatcher handles after that one,
 * so the references are gone when it returns.  It asks the monitor: with
 * none left, rados_mon_op_timeout (cephfs_op_timeout) ends the wait and
 * the unmount goes on; without that timeout it could wait forever, where
 * the tick costs at most a second, so it is left out.
 */
static void let_dispatcher_finish(struct cephfs_mount *m)
{
	struct statvfs unused;

	if (m->op_timeout)
		ceph_statfs(m->cmount, "/", &unused);
}

/*
 * Flush, then unmount; both wait for the cluster, so the watchdog watches
 * them, each call on its own: counted as one, the statfs's wait for a
 * monitor that is gone (the op timeout) and the unmount's own wait made
 * 11 s after a monitor crash on a loaded machine, past the watchdog's two
 * op timeouts, and a run that had written everything failed.  A cluster
 * that stopped answering or is full would keep the flush waiting forever:
 * abort then.
 */
static void flush_and_unmount(struct cephfs_mount *m)
{
	cephfs_call_begin(m);
	if (!__atomic_load_n(&m->cannot_flush, __ATOMIC_RELAXED))
		cephfs_mount_note_error(m, ceph_sync_fs(m->cmount));
	cephfs_call_end(m);
	cephfs_call_begin(m);
	if (__atomic_load_n(&m->cannot_flush, __ATOMIC_RELAXED)) {
		ceph_abort_conn(m->cmount);
	} else {
		let_dispatcher_finish(m);
		cephfs_call_end(m);
		cephfs_call_begin(m);
		__atomic_store_n(&m->unmounting, true, __ATOMIC_RELAXED);
		ceph_unmount(m->cmount);
	}
	cephfs_call_end(m);
	watchdog_stop(m);
}

int cephfs_mount_put(struct cephfs_mount *m)
{
	int ret = 0;

	pthread_mutex_lock(&cache_lock);
	if (--m->refs) {
		pthread_mutex_unlock(&cache_lock);
		return 0;
	}
	uncache(m);
	pthread_mutex_unlock(&cache_lock);

	if (m->perf_dump)
		ret = write_perf_dump(m);
	flush_and_unmount(m);
	ceph_release(m->cmount);
	perf_dump_teardown(m);
	free(m->key);
	free(m);
	return ret;
}

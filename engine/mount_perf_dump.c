// SPDX-License-Identifier: GPL-2.0-only
/*
 * cephfs_perf_dump: libcephfs' perf counters of a mount, written to a file
 * as it unmounts.
 */
#include "config.h"

#include <cephfs/libcephfs.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "mount.h"
#include "mount_perf_dump.h"
#include "pathutil.h"

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
int cephfs_perf_dump_setup(struct cephfs_mount *m, const char *path,
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
void cephfs_perf_dump_teardown(struct cephfs_mount *m)
{
	if (m->admin_socket)
		unlink(m->admin_socket);
	if (m->admin_dir)
		rmdir(m->admin_dir);
	free(m->admin_socket);
	free(m->admin_dir);
	free(m->perf_dump);
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
int cephfs_write_perf_dump(struct cephfs_mount *m)
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

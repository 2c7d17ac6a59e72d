// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "probe.h"

/* Connect without blocking longer than PROBE_TIMEOUT_SEC; 0 or an errno. */
static int connect_within(const struct addrinfo *ai)
{
	struct pollfd pfd = { .events = POLLOUT };
	socklen_t len = sizeof(int);
	int fd, ret = 0;

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
		    ai->ai_protocol);
	if (fd < 0)
		return errno;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) && errno != EINPROGRESS) {
		ret = errno;
	} else {
		pfd.fd = fd;
		ret = poll(&pfd, 1, PROBE_TIMEOUT_SEC * 1000);
		if (ret == 0)
			ret = ETIMEDOUT;
		else if (ret < 0)
			ret = errno;
		else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &ret, &len))
			ret = errno;
	}
	close(fd);
	return ret;
}

int probe_fio_server(const struct client_host *h, char *error, size_t len)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *list, *ai;
	char port[8];
	int ret;

	hints.ai_family = h->ipv6 ? AF_INET6 : AF_INET;
	snprintf(port, sizeof(port), "%u", h->port);
	ret = getaddrinfo(h->host, port, &hints, &list);
	if (ret) {
		snprintf(error, len, "client host %s: %s", h->label,
			 gai_strerror(ret));
		return -1;
	}
	/* The first address that answers is the one fio will reach too. */
	for (ai = list, ret = ENOENT; ai && ret; ai = ai->ai_next)
		ret = connect_within(ai);
	freeaddrinfo(list);
	if (ret)
		snprintf(error, len,
			 "client host %s: cannot connect to its fio server: %s (is `fio --server` running there?)",
			 h->label, strerror(ret));
	return ret ? -1 : 0;
}

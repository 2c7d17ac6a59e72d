/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --clients and --clients-file: the load hosts running `fio --server`
 * that a multi-client bench drives through `fio --client`.
 */
#ifndef CEPHFS_TOOL_CLIENTS_H
#define CEPHFS_TOOL_CLIENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "pipeline.h"

/* What `fio --server` listens on unless told otherwise. */
#define FIO_SERVER_PORT 8765

/*
 * Add the hosts of "HOST[:PORT][,HOST[:PORT]...]"; an IPv6 address takes
 * brackets when it has a port ([::1]:8801).  False with one line in
 * @error naming the entry when one is malformed or listed twice.
 */
bool clients_add_list(struct client_list *l, const char *list, char *error,
		      size_t error_len);

/*
 * Add the hosts of a file, one HOST[:PORT] a line; blank lines and
 * lines starting with '#' are skipped.  False with @error filled.
 */
bool clients_add_file(struct client_list *l, const char *path, char *error,
		      size_t error_len);

void clients_free(struct client_list *l);

/* The host as `fio --client=` takes it: ip:HOST,PORT or ip6:HOST,PORT. */
void client_fio_address(const struct client_host *h, char *buf, size_t len);

#endif

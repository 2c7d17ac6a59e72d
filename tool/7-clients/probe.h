/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Is a client host's `fio --server` listening?  fio itself waits for an
 * unreachable host as long as TCP does (minutes), then runs the phase on
 * the others as if nothing were missing; asking first gives one line
 * naming the host, within a bounded time, before anything starts.
 */
#ifndef CEPHFS_TOOL_PROBE_H
#define CEPHFS_TOOL_PROBE_H

#include <stddef.h>

#include "clients.h"

/* Seconds a host has to accept the connection. */
#define PROBE_TIMEOUT_SEC 10

/* 0 when @h accepts a TCP connection, or -1 with @error filled. */
int probe_fio_server(const struct client_host *h, char *error, size_t len);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reducing a phase that one `fio --client` ran on every client host: the
 * hosts' results are the client_stats entries fio tags with the host's
 * name and port.
 */
#ifndef CEPHFS_TOOL_CLIENTRESULT_H
#define CEPHFS_TOOL_CLIENTRESULT_H

#include "clients.h"
#include "fiolog.h"
#include "fioresult.h"

/*
 * The aggregate of @n hosts that ran one phase at once, as IOR and IO500
 * define it: every host's files, bytes and I/Os over the time from the
 * first host's start to the last host's end.  Each host's start is
 * @spans' first issue (its own realtime clock, so the hosts' clocks must
 * agree: each ms of skew is a ms of span), its end that plus its time
 * (its longest job's, as fio measures it) or, where its jobs started
 * apart, its last I/O's completion, later (its seconds and rates then
 * over that span).  Fills @aggregate's totals, rates, seconds, start_ms
 * and end_ms, and each host's start_ms and end_ms.
 */
void aggregate_hosts(struct phase_result *aggregate, struct phase_result *hosts,
		     const struct io_span *spans, unsigned int n);

/*
 * One result per host in @hosts, and in @aggregate theirs (see
 * aggregate_hosts), latency merged over every host's jobs (the histograms
 * fio merges for its "All clients" figures).  A host without results or
 * without its per-I/O logs (@spans, NULL-able entries' ios 0), or with a
 * job error, fails the aggregate too, named in its error.  @plans holds
 * one plan per host; @completed is NULL or per host the files each of its
 * threads completed.
 */
void reduce_client_phase(const struct fio_output *out, int fio_status,
			 const struct client_list *clients,
			 const struct phase_plan *plans,
			 const struct io_span *spans,
			 struct phase_result *hosts,
			 struct phase_result *aggregate,
			 unsigned int *const *completed);

#endif

/*
 * Reducing a phase that one `fio --client` ran on every client host: the
 * hosts' results are the client_stats entries fio tags with the host's
 * name and port.
 */
#ifndef CEPHFS_TOOL_CLIENTRESULT_H
#define CEPHFS_TOOL_CLIENTRESULT_H

#include "clients.h"
#include "fioresult.h"

/*
 * One result per host in @hosts, and in @aggregate their sum: bandwidth,
 * file and I/O rates, files and bytes added up, the slowest host's time,
 * latency merged over every host's jobs (the histograms fio merges for
 * its "All clients" figures).  A host without results, or with a job
 * error, fails the aggregate too, named in its error.  @plans holds one
 * plan per host; @completed is NULL or per host the files each of its
 * threads completed.
 */
void reduce_client_phase(const struct fio_output *out, int fio_status,
			 const struct client_list *clients,
			 const struct phase_plan *plans,
			 struct phase_result *hosts,
			 struct phase_result *aggregate,
			 unsigned int *const *completed);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `cephfs-tool io500`'s report: IO500's own result lines (src/main.c's
 * formats), the reasons a run is INVALID, and the run as JSON.
 */
#ifndef CEPHFS_TOOL_IO500_REPORT_H
#define CEPHFS_TOOL_IO500_REPORT_H

#include <stdio.h>

#include "io500_options.h"
#include "io500_score.h"

/*
 * Phase @p's line as IO500 prints it when the phase ends, from
 * s->figure[p] and s->phase_valid[p] (io500_score_add first):
 * "[RESULT]      ior-easy-write        1.234567 GiB/s : time 300.123 seconds",
 * "[      ]" for the unscored extra, " [INVALID]" after an invalid phase.
 */
void io500_print_phase(FILE *out, enum io500_phase p,
		       const struct io500_phase_result *r,
		       const struct io500_score *s);

/*
 * With several hosts, one line per host under phase @p's: its own figure
 * (its amount over its own time) in IO500's layout, its time, and its
 * share of the phase's amount:
 * "[HOST  ]       ior-easy-write        1.282137 GiB/s : time 299.500 seconds : hostA:8765 64.0%".
 * Nothing for a phase of one host.
 */
void io500_print_hosts(FILE *out, enum io500_phase p,
		       const struct io500_phase_result *r);

/*
 * After io500_score_finish: IO500's "[SCORE ] Bandwidth ... TOTAL ..."
 * line, then for an invalid run one "[INVALID] reason" line per reason.
 */
void io500_print_score(FILE *out, const struct io500_score *s);

/*
 * The run as JSON text (malloc'd, NULL when out of memory): the
 * parameters, every phase that ran (IO500's name, seconds, amount, the
 * figure and its unit, valid, stonewall_hit, error, each host's share),
 * the scores, "valid" and "reasons".  @results is indexed by enum
 * io500_phase.
 */
char *io500_report_json(const struct io500_options *o,
			const struct io500_phase_result *results,
			const struct io500_score *s);

#endif

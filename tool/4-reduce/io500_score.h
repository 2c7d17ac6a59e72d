/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IO500's phases, each one's figure, the three scores and whether IO500
 * would take the run as valid, computed as IO500/io500 (src/main.c, its
 * phase_*.c) does from what each phase did.
 */
#ifndef CEPHFS_TOOL_IO500_SCORE_H
#define CEPHFS_TOOL_IO500_SCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* IO500's order of its scored phases, then its unscored extra. */
enum io500_phase {
	IO500_IOR_EASY_WRITE,
	IO500_MDTEST_EASY_WRITE,
	IO500_IOR_HARD_WRITE,
	IO500_MDTEST_HARD_WRITE,
	IO500_FIND,
	IO500_IOR_EASY_READ,
	IO500_MDTEST_EASY_STAT,
	IO500_IOR_HARD_READ,
	IO500_MDTEST_HARD_STAT,
	IO500_MDTEST_EASY_DELETE,
	IO500_MDTEST_HARD_READ,
	IO500_MDTEST_HARD_DELETE,
	IO500_IOR_RND4K_EASY_READ,
	IO500_PHASES,
};

/* IO500's score groups: the geometric mean each phase goes into. */
enum io500_group {
	IO500_NO_SCORE,
	IO500_SCORE_MD,		/* kIOPS: the mdtest phases and find */
	IO500_SCORE_BW,		/* GiB/s: the ior phases */
};

struct io500_phase_info {
	const char *name;	/* IO500's: its [RESULT] lines, ini sections */
	enum io500_group group;
	/* A write phase runs under the stonewall (IO500's verify_stonewall). */
	bool write;
	/* ior: bytes, figure in GiB/s; otherwise items, figure in kIOPS. */
	bool bytes;
};

/* Indexed by enum io500_phase. */
extern const struct io500_phase_info io500_phase_infos[IO500_PHASES];

/* One client host's part of a phase (without --clients: one, ""). */
struct io500_host_share {
	const char *host;	/* as --clients names it */
	uint64_t amount;	/* bytes or items its processes did */
	double seconds;		/* its first start to its last end */
};

/* What a phase did, as the run measured it. */
struct io500_phase_result {
	bool ran;		/* false: not run, its figure is 0 */
	/* Wall time: the first process's start to the last one's end,
	 * wear-out included. */
	double seconds;
	/* ior: bytes moved; mdtest: files; find: the entries checked that
	 * are not directories (pfind's total_files, which IO500's find
	 * rate counts). */
	uint64_t amount;
	uint64_t matched;	/* find: entries that matched */
	/* A write phase the stonewall stopped before its n, which then
	 * wore out: every process did as much as the one that did most. */
	bool stonewall_hit;
	const char *error;	/* why the phase failed; NULL: it did not */
	const struct io500_host_share *hosts;
	unsigned int nr_hosts;
};

/* Every reason IO500 could give: the stonewall, then a few per phase. */
#define IO500_REASON_LEN 200
#define IO500_REASONS_MAX (1 + 4 * IO500_PHASES)

struct io500_score {
	unsigned int stonewall_time;	/* the run's --stonewall-time */
	bool added[IO500_PHASES];	/* io500_score_add saw it */
	double figure[IO500_PHASES];	/* GiB/s or kIOPS; 0: not run */
	bool phase_valid[IO500_PHASES];
	double bw;			/* GiB/s */
	double md;			/* kIOPS */
	double total;
	bool valid;			/* the scored phases and the run */
	unsigned int nr_reasons;
	char reasons[IO500_REASONS_MAX][IO500_REASON_LEN];
};

/* Start a run's score: no phase yet, the run checked (stonewall-time). */
void io500_score_init(struct io500_score *s, unsigned int stonewall_time);

/*
 * Phase @p's figure and validity from @r, as IO500 takes them when the
 * phase ends; its reasons added to @s's.  Returns the figure.
 */
double io500_score_add(struct io500_score *s, enum io500_phase p,
		       const struct io500_phase_result *r);

/*
 * BW, MD and TOTAL from the phases added, as IO500's calc_score; a
 * scored phase never added (the run stopped before it) is a reason.
 */
void io500_score_finish(struct io500_score *s);

/* IO500's figure of phase @p: GiB/s (2^30 bytes) or kIOPS per second of
 * r->seconds; 0 when it did not run or took no time. */
double io500_phase_figure(enum io500_phase p,
			  const struct io500_phase_result *r);

/* The phase called @name (IO500's name, case-insensitive as its ini
 * sections), or IO500_PHASES. */
enum io500_phase io500_phase_named(const char *name);

#endif

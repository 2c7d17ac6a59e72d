/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Welch's two-sample t-test (unequal variances), two-sided, with the
 * Student t tail computed here from the regularized incomplete beta
 * function: no statistics library, libm only.
 */
#ifndef CEPHFS_TOOL_WELCH_H
#define CEPHFS_TOOL_WELCH_H

#include <stdbool.h>
#include <stddef.h>

struct welch_result {
	double t;		/* (mean a - mean b) / standard error */
	double df;		/* Welch-Satterthwaite degrees of freedom */
	double p;		/* two-sided p-value */
};

/* I_x(a, b) for a, b > 0 and 0 <= x <= 1; NaN outside. */
double incomplete_beta(double a, double b, double x);

/* P(|T| >= |t|) for Student's t with df > 0 degrees of freedom. */
double student_t_two_sided(double t, double df);

/*
 * False when the test cannot tell: fewer than 2 values in a sample, or
 * no variance in either (the standard error is 0).
 */
bool welch_test(const double *a, size_t na, const double *b, size_t nb,
		struct welch_result *result);

#endif

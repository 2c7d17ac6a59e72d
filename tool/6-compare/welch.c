// SPDX-License-Identifier: GPL-2.0-only
/*
 * Welch's t-test.  The Student t tail is I_x(df/2, 1/2) with
 * x = df / (df + t^2); I_x is evaluated by its continued fraction
 * (modified Lentz), the approach of Numerical Recipes' betai/betacf.
 */
#include "config.h"

#include <math.h>

#include "welch.h"

#define CF_MAX_TERMS 300
#define CF_EPSILON 1e-15
/* Keeps a Lentz denominator off zero without changing the result. */
#define CF_TINY 1e-300

static double keep_off_zero(double v)
{
	return fabs(v) < CF_TINY ? CF_TINY : v;
}

/*
 * The continued fraction of I_x(a, b) without its prefactor; it
 * converges fast for x < (a + 1) / (a + b + 2).
 */
static double beta_fraction(double a, double b, double x)
{
	double c = 1.0, d = 1.0 / keep_off_zero(1.0 - (a + b) * x / (a + 1.0));
	double h = d, numerator, delta;
	int m;

	for (m = 1; m <= CF_MAX_TERMS; m++) {
		/* Even step: d_2m = m (b - m) x / ((a + 2m - 1)(a + 2m)). */
		numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1.0 / keep_off_zero(1.0 + numerator * d);
		c = keep_off_zero(1.0 + numerator / c);
		h *= d * c;
		/* Odd step: d_2m+1 = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)). */
		numerator = -(a + m) * (a + b + m) * x /
			    ((a + 2 * m) * (a + 2 * m + 1));
		d = 1.0 / keep_off_zero(1.0 + numerator * d);
		c = keep_off_zero(1.0 + numerator / c);
		delta = d * c;
		h *= delta;
		if (fabs(delta - 1.0) < CF_EPSILON)
			break;
	}
	return h;
}

double incomplete_beta(double a, double b, double x)
{
	double log_prefactor;

	if (!(a > 0 && b > 0 && x >= 0 && x <= 1))
		return NAN;
	if (x == 0 || x == 1)
		return x;
	log_prefactor = lgamma(a + b) - lgamma(a) - lgamma(b) +
			a * log(x) + b * log1p(-x);
	/* Past the fraction's fast region, use I_x(a,b) = 1 - I_1-x(b,a). */
	if (x < (a + 1) / (a + b + 2))
		return exp(log_prefactor) * beta_fraction(a, b, x) / a;
	return 1.0 - exp(log_prefactor) * beta_fraction(b, a, 1.0 - x) / b;
}

double student_t_two_sided(double t, double df)
{
	if (isinf(t))
		return 0.0;
	return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

static double mean_of(const double *v, size_t n)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += v[i];
	return sum / n;
}

/* The sample variance (n - 1 in the denominator). */
static double variance_of(const double *v, size_t n, double mean)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += (v[i] - mean) * (v[i] - mean);
	return sum / (n - 1);
}

bool welch_test(const double *a, size_t na, const double *b, size_t nb,
		struct welch_result *result)
{
	double mean_a, mean_b, share_a, share_b, se2;

	if (na < 2 || nb < 2)
		return false;
	mean_a = mean_of(a, na);
	mean_b = mean_of(b, nb);
	/* Each sample's share of the squared standard error. */
	share_a = variance_of(a, na, mean_a) / na;
	share_b = variance_of(b, nb, mean_b) / nb;
	se2 = share_a + share_b;
	if (se2 == 0)
		return false;
	result->t = (mean_a - mean_b) / sqrt(se2);
	result->df = se2 * se2 / (share_a * share_a / (na - 1) +
				  share_b * share_b / (nb - 1));
	result->p = student_t_two_sided(result->t, result->df);
	return true;
}

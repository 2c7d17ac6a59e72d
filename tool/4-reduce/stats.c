// SPDX-License-Identifier: GPL-2.0-only
#include "config.h"

#include <math.h>

#include "stats.h"

struct summary summarize(const double *values, size_t count)
{
	struct summary s = { .runs = count };
	double squares = 0;
	size_t i;

	if (!count)
		return s;
	s.min = s.max = values[0];
	for (i = 0; i < count; i++) {
		s.mean += values[i];
		if (values[i] < s.min)
			s.min = values[i];
		if (values[i] > s.max)
			s.max = values[i];
	}
	/* Identical runs (whole-millisecond phase times make them common):
	 * summing and dividing would leave a rounding residue that prints as
	 * a std dev like 1.38778e-17. */
	if (s.min == s.max) {
		s.mean = s.min;
		return s;
	}
	s.mean /= (double)count;
	for (i = 0; i < count; i++)
		squares += (values[i] - s.mean) * (values[i] - s.mean);
	s.stddev = sqrt(squares / (double)count);
	return s;
}

/* Summary statistics of a handful of numbers (the runs of -x): median,
 * extremes, mean and coefficient of variation. Pure functions. */
#ifndef BONNIE_STATS_H
#define BONNIE_STATS_H

#include <stddef.h>

struct stats {
	size_t n;
	double median;  /* middle value; mean of the two middle ones for even n */
	double min;
	double max;
	double mean;
	double cv_pct;  /* sample standard deviation (n - 1) / mean x 100; 0 for n < 2 or mean 0 */
	double spread_pct; /* (max - min) / median x 100; 0 for a median <= 0 */
};

/* Summarises v[0..n-1] into st; v is reordered (sorted). n = 0 gives all zeros. */
void stats_of(double *v, size_t n, struct stats *st);

/* Median of v[0..n-1] (sorts v); 0 for n = 0. */
double stats_median(double *v, size_t n);

#endif

/* The stated bits a parsed phase's figures imply by the sentinels the
 * readers kept before `known` (input/run_read.h): a test's second
 * opinion (the unit tests and fuzz/fuzz_compare.c), so a reader that sets
 * a figure without its bit, or a bit without its figure, is caught. */
#ifndef BONNIE_TESTS_KNOWN_ORACLE_H
#define BONNIE_TESTS_KNOWN_ORACLE_H

#include "../input/input.h"
#include "../input/run_read.h"

static inline uint32_t known_by_sentinels(const struct parsed_phase *p)
{
	return (p->state == CELL_VALUE ? READ_RATE : 0) | (p->cpu >= 0 ? READ_CPU_PCT : 0) |
	       (p->latency_ns >= 0 ? READ_LAT_MAX : 0) | (p->p50_ns > 0 ? READ_LAT_P50 : 0) |
	       (p->p99_ns > 0 ? READ_LAT_P99 : 0) | (p->mean_ns > 0 ? READ_LAT_MEAN : 0) |
	       (p->reasons_known ? READ_REASONS : 0) | (p->io != PARSED_IO_UNKNOWN ? READ_IO : 0);
}

#endif

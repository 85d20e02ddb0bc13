/* The seek phase's offset and write-back choices, exposed for tests. */
#ifndef BONNIE_SEEKS_H
#define BONNIE_SEEKS_H

#include <stdbool.h>
#include <stdint.h>

/* File offset read by seek operation op: a chunk-aligned offset uniformly
 * chosen among nchunks chunks, a pure function of (seed, op). */
uint64_t seeks_offset(uint64_t seed, uint64_t op, uint64_t nchunks, uint32_t chunk);

/* Whether operation op also writes its chunk back (about 1 in 10). */
bool seeks_writes_back(uint64_t seed, uint64_t op);

#endif

/* The alignment probe: what a misaligned partition costs on this device.
 * Not a pipeline phase: it runs once, before the first run. */
#ifndef BONNIE_ALIGN_PROBE_H
#define BONNIE_ALIGN_PROBE_H

#include "../interface/phase.h"

/* Writes a small file in the scratch directory, then times interleaved
 * batches of O_DIRECT|O_DSYNC writes of 4 KiB at 4 KiB-aligned offsets
 * and at the same offsets plus shift_bytes (the logical sector size).
 * Fills out; returns 0, or -1 with out->error set (nothing is left behind
 * either way). When shift_bytes is a multiple of physical_bytes (the
 * physical sector size, 0 if unknown) nothing is written: the error then
 * has an empty operation and path and says why in its detail. */
int align_probe_run(struct phase_ctx *ctx, uint32_t shift_bytes, uint32_t physical_bytes,
                    struct align_result *out);

#endif

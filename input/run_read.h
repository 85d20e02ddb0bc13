/* What an input states of a run, read back: every input kind (a CSV line,
 * a table, a disk benchmark's row, bonnie's JSON) fills a struct
 * parsed_run (input.h) with the figures it states, and each phase's
 * `known` (enum read_known below) says which it states, so a figure it
 * lacks is "unknown", never a 0 taken for a measurement. A bonnie --json
 * run is also read into the model a measured run has (struct run_result,
 * phases/interface/results.h), with what the document recorded of it
 * (run_read.known); compare's view of every kind is built from both by
 * one builder (report/model/view_read.c). bonnie merge reads each host
 * into one too, inside its host record (host_read.h), which adds what
 * merging needs beyond a result. */
#ifndef BONNIE_INPUT_RUN_READ_H
#define BONNIE_INPUT_RUN_READ_H

#include <stdint.h>

#include "json_run.h"
#include "../phases/interface/results.h"

/* What an input gave of a phase. The recorded bits (run_read.known:
 * bonnie's JSON only) are each a count of the measured run; the stated
 * bits (parsed_phase.known: every input kind) are each a figure as the
 * input prints it, set by the reader where it sets the figure. */
enum read_known {
	READ_BYTES = 1u << 0,    /* bytes: the phase's units where it counts bytes */
	READ_OPS = 1u << 1,      /* operations: the units of the others */
	READ_ELAPSED = 1u << 2,  /* elapsed_ns */
	READ_CPU = 1u << 3,      /* cpu_ns */
	READ_SYNC = 1u << 4,     /* sync_ns: the rate without the final sync */
	READ_HIST = 1u << 5,     /* histogram_ns: every percentile, the minimum and mean */
	READ_VERDICT = 1u << 6,  /* the timeline's verdict */
	READ_TIMELINE = 1u << 7, /* a timeline (compare skips its intervals: the verdict
	                            judged them) */
	READ_RATE = 1u << 8,      /* a rate (state CELL_VALUE) */
	READ_CPU_PCT = 1u << 9,   /* its %CPU */
	READ_LAT_MAX = 1u << 10,  /* the maximum latency */
	READ_LAT_P50 = 1u << 11,  /* the median latency (bonnie's JSON, fio) */
	READ_LAT_P99 = 1u << 12,  /* the 99th percentile (bonnie's JSON, fio) */
	READ_LAT_MEAN = 1u << 13, /* the mean latency (bonnie's JSON, a tool's row) */
	READ_REASONS = 1u << 14,  /* the confidence reasons, none included */
	READ_IO = 1u << 15,       /* buffered or O_DIRECT (bonnie's JSON) */
};

struct run_read {
	struct run_result run; /* what the document gave; the rest 0 */
	uint32_t known[PHASE_COUNT]; /* enum read_known per phase */
};

/* Run jr (json_run_map) as a result into rr, which the caller zeroed
 * (calloc'd: the pages of the phases that did not run, most of its 700
 * KiB, are then never touched). A phase not listed, or listed "not_run"
 * or with no status, is not run; any other word but "done" a failure. */
void json_result_of(const struct json_run *jr, struct run_read *rr);

/* Forgets phase id (read but left out: a rate that is not one). */
void json_result_drop(struct run_read *rr, enum phase_id id);

#endif

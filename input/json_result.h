/* A bonnie --json run read back into the model a measured run has
 * (struct run_result, phases/interface/results.h), with a record of what the
 * document did not say: a figure it lacks stays "unknown", never a 0
 * taken for a measurement. compare's view of it is built by the view
 * builder a measured run uses (report/model/view_read.c). */
#ifndef BONNIE_INPUT_JSON_RESULT_H
#define BONNIE_INPUT_JSON_RESULT_H

#include <stdint.h>

#include "json_run.h"
#include "../phases/interface/results.h"

/* What the document gave of a phase (run_read.known), each a count. */
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

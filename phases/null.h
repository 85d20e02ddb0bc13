/* The null phase: no I/O at all, like fio's null engine. It stands in for
 * any slot of the pipeline so the runner's ordering, stops, failures and
 * hooks can be tested without root, a disk or time. */
#ifndef BONNIE_NULL_H
#define BONNIE_NULL_H

#include "interface/phase.h"

enum null_behaviour {
	NULL_SUCCEED,   /* completes: one unit, no bytes */
	NULL_FAIL,      /* fails with EIO, op "null" (as an I/O error would) */
	NULL_INTERRUPT, /* ends PHASE_INTERRUPTED (as on a stop request) */
	NULL_DISABLED,  /* not enabled by any configuration */
};

/* A descriptor for slot id of a run_result that behaves as b; returned by
 * value so a test can build any table of them. */
struct phase null_phase(enum phase_id id, enum null_behaviour b);

#endif

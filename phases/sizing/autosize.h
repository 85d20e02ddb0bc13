/* The calibrations for the sizes bonnie chooses when the user gave none,
 * run once per invocation in the parent's scratch directory before the
 * first run, so every -x run, sweep count and client uses the same sizes
 * (a client's part is its share of them, client_part.h): the per-char
 * rate (perchar_auto.h), on a network share the block write rate
 * (data_auto.h), and for client processes (-c, --clients) the create and
 * delete rates (files.h; one process sizes its count in its first create
 * and keeps it for every -x run). This file only measures; the plan
 * (cmd/plan.h, plan_size_by_time) makes the sizes of the measurements.
 * Seeks need no decision: without a count they run for a fixed time
 * (seeks.c). */
#ifndef BONNIE_AUTOSIZE_H
#define BONNIE_AUTOSIZE_H

#include <stdbool.h>
#include <stdint.h>

#include "../../lib/operr.h"
#include "../../options/config.h"
#include "../../scratch/scratch.h"
#include "data_auto.h"
#include "../files/files.h"
#include "perchar_auto.h"

struct autosize {
	bool data_ran;             /* the block writes were timed (data_by_time, no -s) */
	struct data_cal data;
	bool perchar_ran;          /* the per-char calibration ran (no -f, per-char phases on) */
	struct perchar_cal perchar;
	bool files_ran;            /* the file calibration ran (no -n, file tests on, clients) */
	struct files_cal files;
};

/* Calibrates, in the scratch directory sc, what cfg (the plan before its
 * sizes) leaves to bonnie, into as; writes nothing else. Returns 0, or -1
 * with e filled ("calibrate per-char I/O in <dir>: <reason>"). */
int autosize_run(const struct scratch *sc, const struct config *cfg, bool data_by_time, struct autosize *as,
                 struct op_error *e);

#endif

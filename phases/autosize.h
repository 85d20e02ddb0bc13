/* The sizes bonnie chooses when the user gave none, decided once per
 * invocation in the parent's scratch directory before the first run, so
 * every -x run, sweep count and client uses the same ones (a client's part
 * is its share of them, client_share.h): the per-char size by time
 * (perchar_auto.h), on a network share the data file by time
 * (data_auto.h), and for client processes (-c, --clients) the file count
 * by the delete rate (files.h; one process sizes it in its first create
 * and keeps it for every -x run). Seeks
 * need no decision: without a count they run for a fixed time (seeks.c). */
#ifndef BONNIE_AUTOSIZE_H
#define BONNIE_AUTOSIZE_H

#include <stdbool.h>
#include <stdint.h>

#include "../lib/operr.h"
#include "bench.h"
#include "data_auto.h"
#include "files.h"
#include "perchar_auto.h"

struct autosize {
	bool data_ran;             /* the data file was sized by time (data_by_time, no -s) */
	struct data_cal data;
	bool perchar_ran;          /* the per-char calibration ran (no -f, per-char phases on) */
	struct perchar_cal perchar;
	struct perchar_size perchar_size; /* the size, and which per-char phase is skipped */
	bool files_ran;            /* the file calibration ran (no -n, file tests on) */
	struct files_cal files;
};

/* Calibrates what cfg leaves to bonnie and writes the result into cfg
 * (file_size when data_by_time and the size is bonnie's; perchar_size,
 * and phase_mask without a per-char phase too slow to size, see
 * perchar_auto.h;
 * files_k with files_decided), re-making b's file plan for
 * the new count. cfg must be the configuration b was opened with. Returns
 * 0, or -1 with e filled ("calibrate per-char I/O in <dir>: <reason>"). */
int autosize_run(struct bench *b, struct config *cfg, bool data_by_time, struct autosize *as, struct op_error *e);

#endif

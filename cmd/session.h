/* What a run holds while it goes (cmd/run.c): the session, and the
 * options and plan it was made from. */
#ifndef BONNIE_SESSION_H
#define BONNIE_SESSION_H

#include "plan.h"

#include "../options/config.h"
#include "../env/env.h"
#include "../phases/probes/align_probe.h"
#include "../phases/sizing/autosize.h"
#include "../phases/runner/bench.h"
#include "../phases/runner/client_times.h"
#include "../phases/runner/clients.h"
#include "../report/model/repeat.h"
#include "../report/outputs.h"
#include "../report/report.h"
#include "../report/sweep/sweep.h"

#include <stdint.h>

struct session {
	struct plan plan;         /* what bonnie decided: made by plan_size_by_time, never written after */
	const struct config *cfg; /* the plan's, handed as const to everything once made (NULL before) */
	struct env_info env;
	struct bench bench;
	struct run_result *run;
	struct align_result *align;
	struct autosize sizes;    /* what the calibrations measured once for the invocation */
	char date[40];            /* start of the run, UTC, for --share */
	struct report_ctx out;    /* every output's context */
	struct repeat_set repeats; /* -x N: each run's figures for the summary */
	uint32_t clients;         /* client processes of this pass: -c, or the sweep's count */
	struct sweep *sweep;      /* --clients: one level per client count (allocated: its pages
	                             become resident as levels are added, and what is resident
	                             at a fork counts in every client's RSS) */
	struct sweep_step step;   /* where the sweep is, for its progress line */
	struct client_times times; /* each client's times of the last pass (JSON), with clients */
	uint64_t sweep_t0;
};

/* What one run holds: the options, the plan and the session. On the heap,
 * not in a stack frame: together they are about 75 KiB, and the
 * probes under session_open take tens more, against the 128 KiB stack
 * bonnie promises to run in (ASan's red zones overflowed it). */
struct run_state {
	struct config parsed;
	struct plan made;
	struct session s;
};

#endif

/* What a run session's outputs say of the session itself, derived once
 * from the plan (the config every run uses) when the output table is
 * routed (outputs_plan): what was asked (the JSON's "config" and
 * "schedule"), what bonnie sized once (the "Sized:" line), how the data
 * was written (the --share post), whether a bonnie++ CSV line is written,
 * and the settings as options when no run finished. The writers read it
 * and each run's view, never the config. Pure: no FILE *, no output. */
#ifndef BONNIE_SESSION_VIEW_H
#define BONNIE_SESSION_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "../../lib/wallclock.h"
#include "view.h"

/* What bonnie sized once for the invocation, and why (the plan's). */
struct session_sized {
	bool file_size_timed;         /* no -s on a network share: the data file sized by time */
	bool perchar_timed;           /* no -f: the per-char size sized by time */
	uint32_t auto_skipped;        /* ... and the per-char phases it left out (1 << phase_id) */
	bool files_by_rate;           /* no -n: the file count sized by the delete rate */
	uint8_t files_bound;          /* ... and what set it (enum files_bound) */
	uint32_t files_pool_k;        /* a time-based level's pool of files (x1024); 0: the default */
};

/* --start-at: the schedule (phases/runner/schedule.h) and the clock it is read on. */
struct session_schedule {
	uint64_t start_at_ns;         /* 0: no schedule */
	uint64_t slot_ns;
	uint32_t phase_mask;          /* the phases given a slot */
	struct wallclock_state clock;
};

struct session_view {
	struct run_setup setup;       /* view_setup_of: sizes, counts, seed and switches planned */
	const char *dir;              /* -d as given (the option's own string, uncut: the JSON) */
	bool seeks_given;             /* -s's seeks given, else sized while the seeks run */
	bool perchar_given;           /* -f given */
	bool files_given;             /* -n given */
	bool files_stated;            /* the count is known before a run: given, sized once by
	                                 the delete rate, or 0; else each run's first create sizes it */
	uint32_t concurrency;         /* -c */
	uint64_t level_ns;            /* --level-time; 0: one pass */
	bool qd;                      /* the queue-depth profile is planned */
	uint64_t qd_file_size;        /* its file's planned size (qd_planned_size) */
	bool csv_line;                /* a bonnie++ CSV line is written: a phase bonnie++'s CSV
	                                 has fields for is planned (the profile alone has none,
	                                 and an all-blank line read as a result of nothing) */
	struct session_sized sized;
	struct session_schedule schedule;
	char like[VIEW_LIKE_MAX];     /* the settings as options of no run (like_options_of) */
};

void session_view_of(const struct config *cfg, struct session_view *s);

#endif

/* The session's view (session_view.h), from the plan, once. */
#include "session_view.h"
#include "../../options/config.h"
#include "like_options.h"
#include "../../phases/phase_select.h"
#include "../../phases/qd.h"

#include <string.h>

static void sized_of(const struct config_decided *d, struct session_sized *z)
{
	z->file_size_timed = d->file_size_timed;
	z->perchar_timed = d->perchar_timed;
	z->auto_skipped = d->auto_skipped;
	z->files_by_rate = d->files_by_rate;
	z->files_bound = d->files_bound;
	z->files_pool_k = d->files_pool_k;
}

void session_view_of(const struct config *cfg, struct session_view *s)
{
	memset(s, 0, sizeof *s);
	view_setup_of(cfg, &s->setup);
	s->dir = cfg->dir;
	s->seeks_given = cfg->seeks_given;
	s->perchar_given = cfg->perchar_given;
	s->files_given = cfg->files_given;
	s->files_stated = cfg->files_given || cfg->decided.files_by_rate || cfg->files_k == 0;
	s->concurrency = cfg->concurrency;
	s->level_ns = cfg->level_ns;
	s->qd = cfg->qd;
	s->qd_file_size = cfg->qd ? qd_planned_size(cfg) : 0;
	s->csv_line = s->setup.asks_data_file || s->setup.asks_files;
	sized_of(&cfg->decided, &s->sized);
	s->schedule.start_at_ns = cfg->start_at_ns;
	s->schedule.slot_ns = cfg->decided.slot_ns;
	s->schedule.phase_mask = cfg->decided.sched_mask;
	s->schedule.clock = cfg->decided.clock;
	like_options_of(cfg, NULL, s->like, sizeof s->like);
}

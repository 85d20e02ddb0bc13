/* The view of a parsed run (compare's input); see view.h. What the input
 * does not say is left at the view's "unknown" values. */
#include "view.h"
#include "metrics.h"

#include <stdlib.h>
#include <string.h>

/* A whole number from a setting as read ("8192"); 0 when it is not one. */
static uint64_t meta_number(const char *s)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return 0;
	v = strtoull(s, &end, 10);
	return *end == '\0' ? (uint64_t)v : 0;
}

/* meta_number within 32 bits; 0 past them. */
static uint32_t meta_u32(const char *s)
{
	uint64_t v = meta_number(s);

	return v <= UINT32_MAX ? (uint32_t)v : 0;
}

static void phase_of_parsed(enum phase_id id, const struct parsed_phase *p, struct phase_view *v)
{
	memset(v, 0, sizeof *v);
	v->id = id;
	v->state = p->state;
	v->status = p->state == CELL_VALUE ? PHASE_DONE : p->state == CELL_FAILED ? PHASE_FAILED : PHASE_NOT_RUN;
	v->rate = p->state == CELL_VALUE ? p->rate : 0;
	v->sync_split = metric_has_sync_split(id);
	v->rate_unsynced = -1;
	v->cpu_pct = p->cpu;
	for (int k = 0; k < VIEW_PCTS; k++)
		v->pct_ns[k] = -1;
	v->pct_ns[VIEW_MAX] = p->latency_ns >= 0 ? p->latency_ns : -1;
	v->conf.device_pct = -1;
	v->conf.cv_pct = -1;
	v->reasons_unknown = !p->reasons_known;
	v->conf.reasons = p->reasons_known ? confidence_reasons_named(p->reasons) : 0;
	if (p->low_confidence)
		v->conf.reasons |= CONF_SHORT;
	v->low_confidence = (v->conf.reasons & CONF_SHORT) != 0;
	v->mark = p->state == CELL_VALUE ? confidence_mark(v->conf.reasons) : ' ';
}

void view_of_parsed(const struct parsed_run *p, struct run_view *v)
{
	memset(v, 0, sizeof *v);
	v->status = PHASE_DONE;
	v->seed = meta_u32(p->meta[META_SEED]);
	v->seed_known = v->seed > 0 || strcmp(p->meta[META_SEED], "0") == 0;
	v->clients = meta_u32(p->meta[META_CONCURRENCY]) ? meta_u32(p->meta[META_CONCURRENCY]) : 1;
	v->seeks = meta_number(p->meta[META_SEEKS]);
	v->files_k = meta_u32(p->meta[META_NUM_FILES]);
	for (int i = 0; i < PHASE_COUNT; i++) {
		phase_of_parsed((enum phase_id)i, &p->phase[i], &v->phase[i]);
		if (p->phase[i].state == CELL_FAILED)
			v->status = PHASE_FAILED;
	}
}

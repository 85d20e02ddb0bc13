/* json_verdict.h: a phase's verdict read back from its JSON object. */
#include "json_verdict.h"

#include <string.h>

/* enum verdict_kind of its JSON name (verdict_kind_name), VERDICT_NONE
 * for a name bonnie does not write. */
static uint8_t kind_of(const struct jt *t, int node)
{
	char name[32];

	if (!jt_is(t, node, JT_STRING))
		return VERDICT_NONE;
	jt_string(t, node, name, sizeof name);
	for (int k = VERDICT_NONE + 1; k < VERDICT_KINDS; k++)
		if (strcmp(name, verdict_kind_name((enum verdict_kind)k)) == 0)
			return (uint8_t)k;
	return VERDICT_NONE;
}

/* The cause's JSON name (verdict_cause_name) as enum verdict_cause. */
static uint8_t cause_of(const struct jt *t, int node)
{
	char s[32];

	if (!jt_is(t, node, JT_STRING))
		return VERDICT_CAUSE_NONE;
	jt_string(t, node, s, sizeof s);
	for (int c = VERDICT_CAUSE_NONE + 1; c <= VERDICT_CAUSE_NO_DEVICE; c++) /* NO_DEVICE: the last */
		if (strcmp(s, verdict_cause_name((enum verdict_cause)c)) == 0)
			return (uint8_t)c;
	return VERDICT_CAUSE_NONE;
}

/* A count member (0 when absent, null or not a count), *has when it is one. */
static uint64_t count_of(const struct jt *t, int node, const char *key, bool *has)
{
	uint64_t v = 0;
	bool ok = jt_count_of(t, jt_get(t, node, key), UINT64_MAX, &v);

	if (has)
		*has = ok;
	return ok ? v : 0;
}

static double number_of(const struct jt *t, int node, const char *key)
{
	int m = jt_get(t, node, key);

	return jt_is(t, m, JT_NUMBER) ? jt_double(t, m) : 0.0;
}

/* The units before the change: bytes for a byte phase, else operations. */
static uint64_t at_units(const struct jt *t, int node)
{
	bool has;
	uint64_t b = count_of(t, node, "at_bytes", &has);

	return has ? b : count_of(t, node, "at_operations", NULL);
}

static void event_read(const struct jt *t, int node, struct verdict_event *e)
{
	*e = (struct verdict_event){0};
	e->kind = kind_of(t, jt_get(t, node, "kind"));
	e->cause = cause_of(t, jt_get(t, node, "cause"));
	e->at_ns = count_of(t, node, "at_ns", NULL);
	e->len_ns = count_of(t, node, "length_ns", NULL);
	e->at_units = at_units(t, node);
	e->level = number_of(t, node, "level");
}

void json_verdict_read(const struct jt *t, int node, struct verdict *v)
{
	static const uint8_t rank[] = {VERDICT_STALLED, VERDICT_FELL, VERDICT_ROSE, VERDICT_WARMUP};
	int events = jt_get(t, node, "events");

	*v = (struct verdict){0};
	if (!jt_is(t, node, JT_OBJECT) || (v->kind = kind_of(t, jt_get(t, node, "kind"))) == VERDICT_NONE)
		return;
	v->cause = cause_of(t, jt_get(t, node, "cause"));
	v->at_ns = count_of(t, node, "at_ns", NULL);
	v->len_ns = count_of(t, node, "length_ns", NULL);
	v->at_units = at_units(t, node);
	v->window_ns = count_of(t, node, "window_ns", NULL);
	v->level = number_of(t, node, "level");
	v->spread = number_of(t, node, "spread");
	v->flush_ns = count_of(t, node, "flush_ns", &v->has_flush);
	v->span_ns = count_of(t, node, "span_ns", NULL);
	v->windows = (uint32_t)count_of(t, node, "windows", NULL);
	v->within = (uint32_t)count_of(t, node, "windows_within", NULL);
	v->stalls_unsaid = (uint8_t)count_of(t, node, "stalls_not_listed", NULL);
	for (int e = jt_at(t, events, 0); e >= 0 && v->nevents < VERDICT_MAX_EVENTS; e = t->node[e].next)
		event_read(t, e, &v->ev[v->nevents++]);
	/* the headline event, ranked as verdict/verdict.c ranks it: the first
	 * stall, else fall, rise, warm-up (none without one: at_ns null) */
	if (!jt_is(t, jt_get(t, node, "at_ns"), JT_NUMBER))
		return;
	for (size_t r = 0; r < sizeof rank && v->head_kind == VERDICT_NONE; r++)
		for (uint32_t k = 0; k < v->nevents && v->head_kind == VERDICT_NONE; k++)
			if (v->ev[k].kind == rank[r])
				v->head_kind = rank[r];
}

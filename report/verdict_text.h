/* A phase's verdict (lib/verdict.h) in words, the one wording every
 * output uses: "steady (1 s rates within 6%)", "fell 78% after 11.2 GiB
 * (38.0 s) and stayed there: a write cache filled?", "stalled 1.4 s at
 * 12.0 s (no operation completed)", "first 2.1 s at 40% of the rest
 * (warm-up)", "too short to judge". */
#ifndef BONNIE_VERDICT_TEXT_H
#define BONNIE_VERDICT_TEXT_H

#include <stddef.h>

#include "../lib/verdict.h"
#include "../phases/phase_list.h"

/* The sentence for phase id's verdict v; "" for VERDICT_NONE. */
void verdict_sentence(enum phase_id id, const struct verdict *v, char *buf, size_t len);

/* Whether v says something worth a line of its own (a change or a stall). */
static inline bool verdict_is_event(const struct verdict *v)
{
	return v->kind == VERDICT_FELL || v->kind == VERDICT_STALLED || v->kind == VERDICT_WARMUP ||
	       v->kind == VERDICT_ROSE;
}

#endif

/* A phase's verdict (verdict/verdict.h) in words, the one wording every
 * output uses (the grammar is in docs/verdicts.md): "steady (9 of 10 1 s
 * rates within 6% of their median)", "fell 72% after 1.9 GiB (2.2 s): a
 * write cache filled?; stalled 1.1 s at 5.1 s (no operation completed)",
 * "too short to judge (1.6 s of operations)", "interrupted after 3.0 s". */
#ifndef BONNIE_VERDICT_TEXT_H
#define BONNIE_VERDICT_TEXT_H

#include <stddef.h>

#include "../../verdict/verdict.h"
#include "../../phases/interface/phase_list.h"

/* Room for any sentence: six events with the longest cause and a flush. */
#define VERDICT_SENTENCE_MAX 1024

/* The sentence for phase id's verdict v; "" for VERDICT_NONE. */
void verdict_sentence(enum phase_id id, const struct verdict *v, char *buf, size_t len);

/* Whether v says something worth a line of its own (a change or a stall). */
static inline bool verdict_is_event(const struct verdict *v)
{
	return v->nevents > 0 || v->kind == VERDICT_FELL || v->kind == VERDICT_STALLED ||
	       v->kind == VERDICT_WARMUP || v->kind == VERDICT_ROSE;
}

#endif

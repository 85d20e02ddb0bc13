/* The depth gain of the queue-depth profile; see qd_gain.h. */
#include "qd_gain.h"
#include "confidence.h"
#include "../report.h"
#include "../../phases/qd.h"

#include <stdio.h>
#include <string.h>

/* The Q1 row of the same block size and direction as deep, or -1. */
static int shallow_of(enum phase_id deep)
{
	struct qd_shape d = qd_shape_of(deep);

	for (int i = 0; i < PHASE_COUNT; i++) {
		struct qd_shape s = qd_shape_of((enum phase_id)i);
		if (qd_is((enum phase_id)i) && s.depth == 1 && s.block == d.block && s.write == d.write &&
		    s.random == d.random)
			return i;
	}
	return -1;
}

/* The first reason of a row's marks in words, or NULL when unmarked. */
static const char *mark_words(const struct phase_view *p)
{
	for (int i = 0; i < CONF_REASONS; i++)
		if (p->conf.reasons & (1u << i))
			return confidence_reason_brief(i);
	return NULL;
}

size_t qd_gains(const struct run_view *v, struct qd_gain *out)
{
	size_t n = 0;

	for (int i = 0; i < PHASE_COUNT && n < QD_GAIN_PAIRS; i++) {
		const struct phase_view *d = &v->phase[i], *s;
		int sh;
		const char *dw, *sw;

		if (!qd_is((enum phase_id)i) || qd_shape_of((enum phase_id)i).depth <= 1 ||
		    (sh = shallow_of((enum phase_id)i)) < 0)
			continue;
		s = &v->phase[sh];
		if (d->state != CELL_VALUE || s->state != CELL_VALUE || d->rate <= 0 || s->rate <= 0)
			continue;
		dw = mark_words(d);
		sw = mark_words(s);
		out[n] = (struct qd_gain){(enum phase_id)i, (enum phase_id)sh, qd_shape_of((enum phase_id)i).depth,
		                          d->iops / s->iops, !dw && !sw, dw ? dw : sw};
		n++;
	}
	return n;
}

/* "RND4K read": the row's words without its depth ("RND4K Q32T1 read"). */
static void pair_words(enum phase_id id, char *buf, size_t cap)
{
	const char *w = phase_words(id), *sp = strchr(w, ' '), *rest = sp ? strchr(sp + 1, ' ') : NULL;

	if (sp && rest)
		snprintf(buf, cap, "%.*s%s", (int)(sp - w), w, rest);
	else
		snprintf(buf, cap, "%s", w);
}

void qd_gain_sentence(const struct qd_gain *g, const struct run_view *v, char *buf, size_t cap)
{
	char name[64];
	double deep = v->phase[g->deep].iops, shallow = v->phase[g->shallow].iops;

	pair_words(g->deep, name, sizeof name);
	if (!g->conclusive) {
		snprintf(buf, cap, "%s: Q%u against Q1 is inconclusive: a row is marked (%s)", name, g->depth, g->why);
		return;
	}
	snprintf(buf, cap, "%s: %.1fx the IOPS at Q%u as at Q1 (%.0f against %.0f IOPS)", name, g->ratio, g->depth, deep,
	         shallow);
}

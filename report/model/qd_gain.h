/* The queue-depth profile's answer: how much a deeper queue gains over
 * one request in flight, per pair of rows of the same block size and
 * direction (SEQ1M Q8T1 against Q1T1, RND4K Q32T1 against Q1T1). What
 * separates an SSD (many requests served at once: several times the IOPS
 * at Q32) from a disk (one head: about the same). A derived fact over a
 * run's view: pure, no output. */
#ifndef BONNIE_QD_GAIN_H
#define BONNIE_QD_GAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

#define QD_GAIN_PAIRS 4

struct qd_gain {
	enum phase_id deep, shallow; /* the deeper row and its Q1 row */
	unsigned depth;              /* the deeper row's depth */
	double ratio;                /* deep IOPS / shallow IOPS; 0 when either has no figure */
	bool conclusive;             /* both figures unmarked (not short, cached, few...) */
	const char *why;             /* when not: which mark, in words ("cached") */
};

/* The pairs of v whose two rows both ran with a figure, in the profile's
 * order; returns how many (at most QD_GAIN_PAIRS). */
size_t qd_gains(const struct run_view *v, struct qd_gain *out);

/* One sentence: "RND4K read: 3.7x the IOPS at Q32 as at Q1 (26500 against
 * 7100 IOPS)", or "... inconclusive: the Q1 row was cached". */
void qd_gain_sentence(const struct qd_gain *g, const struct run_view *v, char *buf, size_t cap);

#endif

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

/* struct qd_gain and QD_GAIN_PAIRS are view.h's: a run's view holds its
 * gains (run_view.qd_gain), worked out once by qd_gains when it is made. */

/* The pairs of v whose two rows both ran with a figure, in the profile's
 * order; returns how many (at most QD_GAIN_PAIRS). The view's builders
 * call it (view_of_setup_run, view_of_read); an output reads the view's. */
size_t qd_gains(const struct run_view *v, struct qd_gain *out);

/* One sentence: "RND4K read: 3.7x the IOPS at Q32 as at Q1 (26500 against
 * 7100 IOPS)", or "... inconclusive: the Q1 row was cached". */
void qd_gain_sentence(const struct qd_gain *g, const struct run_view *v, char *buf, size_t cap);

#endif

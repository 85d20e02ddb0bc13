/* The start line of a stonewalled phase; see below. */
#ifndef BONNIE_START_LINE_H
#define BONNIE_START_LINE_H

#include "io_common.h"

#include <stdatomic.h>
#include <stdint.h>

/* The start line of a stonewalled phase in a client of a time-based level
 * (attach: the clients' shared count and how many they are). On 2 cores
 * the clients woken at the start gate get a CPU one after another, and a
 * client whose share of deletes takes less than a second could finish it,
 * raising the stonewall, before the last of 300 or 700 clients had done
 * one (starved: 0-40% of them here, the overlap 0). So a client that has
 * done its first operation (phase_start_line, with its timer, restarted
 * after the wait: the wait is in the rate, not in an operation's latency)
 * waits, asleep in naps of 1-16 ms, until every client has done one or
 * ended (phase_start_line_cross: a client ending without one counts
 * itself in, so the line never waits for a client with nothing to do),
 * or until the stonewall, the deadline or a stop. Every client then has
 * work left and has started when the first one ends its share, as
 * dbench's and mdtest's clients run together. Once per phase. */
void phase_start_line_attach(struct phase_ctx *ctx, atomic_uint *line, uint32_t n);
void phase_start_line(const struct phase_ctx *ctx, struct op_timer *t);
void phase_start_line_cross(const struct phase_ctx *ctx);

#endif

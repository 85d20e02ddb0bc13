/* A run's settings written as the options that make them again, the
 * words `bonnie --like` reads back (cmd/like.c, through the option
 * parser), derived once from the plan: each measured run's view holds
 * them (run_view.like, view_of_run), the session's view those of no run
 * (session_view.like); the JSON document ("like_options") and the
 * --share post print them. */
#ifndef BONNIE_LIKE_OPTIONS_H
#define BONNIE_LIKE_OPTIONS_H

#include <stddef.h>

#include "../../phases/interface/results.h"

/* The --share post's settings line opens with LIKE_MARK, which the reader
 * (input/like.h) looks for. */
#include "../../input/like.h"

struct run_view; /* view.h */

/* cfg (the plan's) and run (its view's counts and clients: the file count
 * and per-char size bonnie sized; NULL: the plan's) as options into buf
 * (at most VIEW_LIKE_MAX bytes are needed): -s, -n, -f, -z,
 * -c or --clients, --level-time, -D, -b, --no-evict, --verify, --phases
 * or --qd, --qd-time, --qd-engine; only settings, never a path or a name.
 * A queue-depth profile run alone gets the profile's size as -s, the one
 * size it uses. */
struct config; /* options/config.h */
void like_options_of(const struct config *cfg, const struct run_view *run, char *buf, size_t cap);

#endif

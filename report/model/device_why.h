/* Why a phase's "From device" is far from what its storage makes of the
 * phase's bytes: the one place its words are made, for the text notes, the
 * JSON and the page. A derived fact: no output. */
#ifndef BONNIE_DEVICE_WHY_H
#define BONNIE_DEVICE_WHY_H

#include <stdbool.h>
#include <stddef.h>

#include "../../phases/interface/results.h"

enum device_why {
	DEV_WHY_NONE = 0,     /* near what the layout writes, or nothing to say */
	DEV_WHY_CACHED,       /* a read phase got under half its data from the devices */
	DEV_WHY_READ_AHEAD,   /* read more, within two read-ahead windows */
	DEV_WHY_OTHER_READS,  /* read more than read-ahead explains */
	DEV_WHY_LAYOUT,       /* wrote about what the layout writes (a mirror: 200%) */
	DEV_WHY_OTHER_WRITES, /* wrote far more than the layout explains */
	DEV_WHY_FEWER_WRITES, /* wrote far less than the layout writes */
};

/* The bytes the devices write per 100 a phase writes, as far as bonnie
 * knows: the layout's (a 2-way mirror: 200), else 100. */
unsigned device_expected_write_pct(const struct phase_result *r);

/* Why r's devices moved what they did, in one or two sentences (no
 * trailing period, no prefix) in buf; DEV_WHY_NONE leaves buf empty. */
enum device_why device_why(enum phase_id id, const struct phase_result *r, char *buf, size_t len);

/* A cached read phase's cache in a few words, for a cell where marks are
 * markup: "from the page cache", "from the ARC or the page cache" (ZFS), "the
 * ARC may hold the file"; the same choice as device_why's sentence. */
const char *device_cached_words(const struct phase_result *r);
/* ... and in a clause, for a note that names the phases before it. */
const char *device_cached_reason(const struct phase_result *r);

/* What w's sentence for r leaves to a sentence said once for all phases
 * (the causes of writes bonnie did not make, which the counters cannot
 * tell apart), or NULL. Lower case: a note's prefix goes before it. */
const char *device_why_cause(enum device_why w, const struct phase_result *r);

/* A share (metric_device_pct, >= 0) in a table cell of 9 characters:
 * whole up to DEVICE_PCT_CELL_MAX ("1045%", as the notes and the JSON say
 * it; the cell stopped at "999%" with no mark while the note said 1045%),
 * then ">9999999%" (returns true: the note gives the figure). */
#define DEVICE_PCT_CELL_MAX 9999999
bool device_pct_cell(int pct, char *buf, size_t len);

/* The note's prefix in the text ("readahead", "other writes") and its
 * JSON word ("read_ahead", "other_writes"). */
const char *device_why_prefix(enum device_why w);
const char *device_why_word(enum device_why w);

#endif

/* How far a phase's figure can be trusted, and why not: the facts (time,
 * operations, device share, spread over repeats) and the reasons derived
 * from them, with one mark per table cell. Pure: the table, the JSON and
 * any later output (HTML, compare) take the same struct. */
#ifndef BONNIE_CONFIDENCE_H
#define BONNIE_CONFIDENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "marks.h"
#include "../../phases/interface/results.h"

#define CONF_MIN_OPS 100           /* fewer timed operations: few samples (STR_OF makes its texts) */
#define CONF_MAX_CV_PCT 10.0       /* over this across -x runs: unstable */

/* Reasons, in the order of the mark a cell shows when several apply. */
enum conf_reason {
	CONF_SHORT = 1u << 0,       /* MARK_SHORT '~' ran under 0.5 s (metric_low_confidence) */
	CONF_FEW_OPS = 1u << 1,     /* '#' under CONF_MIN_OPS timed operations */
	CONF_UNSTABLE = 1u << 2,    /* '!' CV over 10% across the runs of -x */
	CONF_CACHED = 1u << 3,      /* 'c' read under half its data from the device */
	CONF_NOT_EVICTED = 1u << 4, /* '?' the page cache was not dropped before it */
};
#define CONF_REASONS 5

struct confidence {
	uint64_t duration_ns;  /* the phase's timed region */
	uint64_t operations;   /* timed operations (latency samples) */
	int device_pct;        /* share the device served, -1 unknown */
	double cv_pct;         /* across runs, -1 when not repeated */
	unsigned reasons;      /* enum conf_reason bits; 0: nothing against it */
	char mark;             /* confidence_mark(reasons), ' ' none: set by confidence_of and
	                          the -x summary (a parsed run's view has its own mark) */
	const char *cached_words; /* with CONF_CACHED, which cache (device_cached_words: the
	                             ARC on ZFS); NULL: a parsed run, which does not say */
};

/* The confidence of a finished phase; cv_pct < 0 when there were no repeats. */
void confidence_of(enum phase_id id, const struct phase_result *r, double cv_pct, struct confidence *c);

/* The cell mark of the first reason set, ' ' when none. */
char confidence_mark(unsigned reasons);

/* The mark, JSON word ("short", "few_operations", "unstable", "cached",
 * "not_evicted") and legend text of reason bit i (0..CONF_REASONS-1). */
char confidence_reason_mark(int i);
const char *confidence_reason_name(int i);
const char *confidence_reason_text(int i);
/* The reason in a few words for a cell ("under 0.5 s", "from the page cache"). */
const char *confidence_reason_words(int i);
/* Fewer words still, for the HTML page's captions ("few operations", "cached"). */
const char *confidence_reason_brief(int i);
/* The token a chart's data-marks lists ("low-confidence", "cached", "not-evicted"). */
const char *confidence_reason_token(int i);

/* Appends every reason of c in words to buf (cap bytes, NUL-terminated):
 * " (under 0.5 s, from the page cache)"; nothing when it has none. */
void confidence_words(const struct confidence *c, char *buf, size_t cap);

/* The reason bits of blank-separated JSON names ("short cached"), as a
 * bonnie JSON document read back lists them; unknown names are left out. */
unsigned confidence_reasons_named(const char *names);

#endif

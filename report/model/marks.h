/* Every mark bonnie prints after a figure, one meaning each in every
 * output (text, Markdown, HTML and SVG, the share post's words, the
 * sweep): a character read as one thing in the run's table is never
 * another in compare or the sweep. Each has its string twin for legends
 * built from literals. The run table's five are bonnie's and bonnie++
 * users' (+++++ is bonnie++'s "too fast"); the others are none of them. */
#ifndef BONNIE_MARKS_H
#define BONNIE_MARKS_H

/* A figure's confidence (confidence.h, the run's table and all that show
 * its figures), in the order the table shows the first that applies. */
#define MARK_SHORT '~'       /* ran under 0.5 s */
#define MARK_SHORT_S "~"
#define MARK_FEW_OPS '#'     /* under 100 timed operations */
#define MARK_FEW_OPS_S "#"
#define MARK_UNSTABLE '!'    /* spread across the runs of -x */
#define MARK_UNSTABLE_S "!"
#define MARK_CACHED 'c'      /* read from a cache */
#define MARK_CACHED_S "c"
#define MARK_NOT_EVICTED '?' /* the page cache was not dropped before it */
#define MARK_NOT_EVICTED_S "?"

/* compare: a ratio at or beyond the threshold either way (its ">"
 * reads "more apart than the threshold") */
#define MARK_BEYOND '>'
#define MARK_BEYOND_S ">"
/* compare: the two runs were set up differently for the phase (a caret,
 * the footnote pointer, to the note that lists each run's setup) */
#define MARK_SETUP '^'
#define MARK_SETUP_S "^"

/* the sweep: the clients overlapped under the share required
 * (SWEEP_MIN_OVERLAP), the count is left out (its "<" reads "under") */
#define MARK_OVERLAP '<'
#define MARK_OVERLAP_S "<"
/* the sweep: CPU-bound on this host at that count */
#define MARK_CPU '*'
#define MARK_CPU_S "*"

#endif

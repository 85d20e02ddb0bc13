/* The compare model: what every compare output says, derived once from
 * the runs read back (input/): each run's ratio to a base run, flagged
 * beyond a threshold, the differences biggest first, the fastest and
 * slowest run of a phase. Pure functions: no FILE *, no output. */
#ifndef BONNIE_REPORT_COMPARE_MODEL_H
#define BONNIE_REPORT_COMPARE_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "../../input/input.h"
#include "marks.h"
#include "view.h"

enum compare_format { COMPARE_TEXT, COMPARE_MARKDOWN, COMPARE_CSV, COMPARE_JSON };

struct compare_opts {
	size_t base;          /* index of the base run (0-based) */
	double threshold;     /* flag ratios >= threshold or <= 1/threshold (> 1) */
	enum compare_format format;
	/* text and Markdown lines are at most this many screen columns (the
	 * terminal's COLUMNS); 0, or more than 200: 200 */
	size_t width;
};

/* How a run measured per-char write and read: bonnie++ 1.0x with putc() and
 * getc() through stdio, 1.9x and later and bonnie with one write()/read()
 * per byte. Figures of the two are not comparable (the tool, not the disk). */
enum compare_perchar { PERCHAR_UNKNOWN, PERCHAR_STDIO, PERCHAR_SYSCALL };

/* Settings of two runs that differ (and matter for a phase). */
enum {
	COMPARE_SETUP_SIZE = 1,  /* data file size (I/O phases) */
	COMPARE_SETUP_FILES = 2, /* file count, sizes or directories (file phases) */
	COMPARE_SETUP_CHUNK = 4, /* chunk size (block phases, seeks) */
	COMPARE_SETUP_IO = 8,    /* buffered against O_DIRECT (all but per-char,
	                            which -D runs buffered) */
};

/* How well a difference is backed, in the order the summary ranks them:
 * the one rule, compare_evidence_rule, for every input kind (bonnie's
 * JSON, CSV lines, pasted tables).
 * Enough (strong evidence, may lead the summary): both figures ran at
 * least METRIC_MIN_TRUSTED_NS (0.5 s) and, where the count is known,
 * CONF_MIN_OPS (100) operations, neither was read from a cache (the
 * page cache or ARC: CONF_CACHED, under half its data from the device),
 * both inputs say so (a CSV line or a table records no cache state) and
 * the two runs were set up alike for the phase.
 * Weak: any of those fails; weak_reasons says which (COMPARE_WHY_*).
 * Unknown: neither the time nor the counts are recorded (a per-char
 * figure of bonnie's CSV, a run of several clients), and nothing else
 * against it. Maximum: a maximum latency, one sample per run: said apart,
 * never ranked as a finding. */
enum compare_evidence { EVIDENCE_ENOUGH, EVIDENCE_WEAK, EVIDENCE_UNKNOWN, EVIDENCE_MAXIMUM };

/* Why a difference is weaker evidence (compare_diff.weak_reasons): the
 * confidence reasons CONF_SHORT, CONF_FEW_OPS and CONF_CACHED of either
 * side, and these. */
#define COMPARE_WHY_CACHE_UNKNOWN (1u << 8) /* an input records no cache state (CSV line, table) */
#define COMPARE_WHY_SETUP (1u << 9)         /* the runs were set up differently (setup_differs) */
#define COMPARE_WHY_TIME_UNKNOWN (1u << 10) /* neither time nor counts are recorded */

/* The operations both runs must have timed for their latency percentile
 * p to be compared: 100 for the median (the rates' own floor,
 * CONF_MIN_OPS), 1000 for p99 (10 samples beyond it); fewer, and the
 * percentile is not compared at all (a rate of that phase still is). */
#define COMPARE_P50_MIN_OPS CONF_MIN_OPS
#define COMPARE_P99_MIN_OPS 1000

/* One ratio of a run to the base: throughput (run/base, > 1 faster) or
 * a latency (run/base, > 1 worse): the maximum, or the median or p99 of a
 * bonnie JSON input. */
struct compare_diff {
	size_t run;
	size_t base; /* the base run (compare_all_diffs sets both) */
	enum phase_id phase;
	bool latency;
	enum view_pct pct; /* which latency: VIEW_MAX, VIEW_P50 or VIEW_P99 */
	bool mean;         /* the latency is the mean (pct unused) */
	double ratio;
	bool better;     /* faster, or lower latency */
	bool flagged;    /* beyond the threshold either way (never when not comparable) */
	/* per-char figures of different methods (compare_perchar): there is a
	 * ratio, but it says nothing; shown as "n/c", never flagged, left out of
	 * compare_all_diffs and so of the summary */
	bool not_comparable;
	/* COMPARE_SETUP_* the two runs differ in for this phase: ranked after
	 * the like-for-like differences, marked MARK_SETUP */
	unsigned setup_differs;
	enum compare_evidence evidence;
	unsigned weak_reasons; /* COMPARE_WHY_* and CONF_SHORT, CONF_FEW_OPS, CONF_CACHED of either side */
	unsigned side_reasons[2]; /* the same of the base [0] and of the run [1] alone
	                             (not COMPARE_WHY_SETUP, which is of the pair) */
};

/* The ratios a run has against the base, per phase, by kind: its rate,
 * the mean latency of a queue-depth phase, the maximum latency. */
enum compare_ratio_kind { COMPARE_RATIO_RATE, COMPARE_RATIO_MEAN, COMPARE_RATIO_MAX, COMPARE_RATIO_KINDS };

/* One of them: has false for the base itself and where either side has no
 * number (compare_ratio, compare_mean_ratio); d is the ratio when has. */
struct compare_vs_base {
	bool has;
	struct compare_diff d;
};

/* The setup facts compare states above its table, in this order. */
enum compare_setup_fact {
	SETUP_IO_MODE, SETUP_FILE_SIZE, SETUP_FILE_COUNT, SETUP_CHUNK, SETUP_FILE_SYSTEM, SETUP_DEVICE,
	SETUP_VERSION, SETUP_CLIENTS, COMPARE_SETUP_FACTS
};
/* How a run was read (its format): compare's legends and kinds of input
 * say it. */
enum compare_source {
	SOURCE_CSV,   /* a bonnie++ CSV line of 1.9x or later */
	SOURCE_CSV10, /* a bonnie++ 1.0x CSV line */
	SOURCE_TABLE, /* a bonnie++ table */
	SOURCE_JSON,  /* bonnie's JSON */
	SOURCE_TOOL,  /* a disk benchmark's text (CrystalDiskMark, KDiskMark, fio) */
};

/* A disk benchmark's row that is none of bonnie's (parsed_row): its name
 * as read and its rate as each output shows it. */
struct compare_other {
	const char *name;
	double rate; /* KiB/s, as read (the JSON's; the notes show it in MiB/s) */
};

/* The texts of a run's setup compare shows: each fact's
 * (compare_setup_value), then SHOWN_FILES, the file counts as the notes
 * give them ("16", "16:100000:16/64"). Every one is made of at most four
 * fields of PARSED_META_LEN (the file counts) or one and some words, all
 * nine under 1000 bytes: COMPARE_SHOWN_TEXT holds them whole. */
enum { SHOWN_FILES = COMPARE_SETUP_FACTS, SHOWN_TEXTS };
#define COMPARE_SHOWN_TEXT (16 * PARSED_META_LEN)

/* What compare shows of a run besides its figures, set once by the model
 * (compare_shown_of): the strings as read point into the input, which
 * outlives the comparison; what is decided (the kind of input, the
 * per-char method, the setup texts, the other rows' rates) is held here,
 * so that no writer reads the input. About 1.4 KiB a run. */
struct compare_shown {
	const char *name, *size, *chunk, *version, *format, *origin, *io_mode;
	const char (*meta)[PARSED_META_LEN]; /* the 1.98 settings, for a CSV line */
	enum compare_source source;
	const char *kind; /* "CSV line", "bonnie JSON", ... (compare_input_kind: one pointer per kind) */
	enum compare_perchar perchar;
	bool reasons_known;  /* the input says what is against its figures (compare_reasons_known) */
	unsigned setup_known; /* bits (1u << fact) of the setup facts the input records (compare_setup_known) */
	int nother;
	struct compare_other other[PARSED_OTHER_ROWS];
	unsigned short at[SHOWN_TEXTS]; /* where each text starts in text[] */
	char text[COMPARE_SHOWN_TEXT];
};

/* A run compared: as read (in: the model's alone), its view (view_of_read,
 * made once: every rate, %CPU, latency and mark any compare output prints
 * is read from it), its ratios to the base (made once, with the view:
 * every cell, JSON member and mark of a ratio is read from them) and what
 * else the writers show of it (shown: name, size, setup, other rows). */
struct compare_run {
	const struct parsed_run *in;
	struct run_view view;
	bool p99_stated[PHASE_COUNT]; /* compare states the phase's p99 (the JSON's, the
	                                 page's chart): compare_p99_of, set with the view */
	struct compare_vs_base vs[PHASE_COUNT][COMPARE_RATIO_KINDS];
	unsigned setup_vs_base[PHASE_COUNT]; /* COMPARE_SETUP_* it differs from the base in
	                                        (compare_setup_differs); 0 for the base */
	struct compare_shown shown; /* what the writers show of the run as read */
	/* of its rate and maximum-latency ratios to the base (none for the
	 * base; compare_ratios_said): whether a per-char one is "n/c", and the
	 * COMPARE_SETUP_* the comparable ones differ in (the notes say both) */
	bool perchar_nc;
	unsigned setup_in_ratios;
	/* set with the result (compare_result_of): */
	bool rate_short[PHASE_COUNT]; /* its figure ran under 0.5 s, by what its input says (the
	                                 view's low_confidence): the page marks it MARK_SHORT */
	int lack_group;               /* its compare_lack_group in the result; -1 when it lacks nothing */
};

/* Runs of one input kind that lack the same (run_view.lacks, not 0): one
 * line of the text's "Not stated by the inputs", "A, B (CSV line): ...". */
struct compare_lack_group {
	const char *kind; /* shown.kind: one pointer per kind */
	unsigned lacks;
	size_t first, count; /* its first run, and how many runs */
};
/* kinds (compare_input_kind's five) times lacks: every group there can be */
#define COMPARE_LACK_GROUPS (5u << VIEW_LACKS)

/* Run r's setup fact f as text ("256M", "unknown"), or with SHOWN_FILES its
 * file counts as the notes say them. */
static inline const char *compare_shown_text(const struct compare_run *r, int f)
{
	return r->shown.text + r->shown.at[f];
}

/* The fastest and slowest run of a phase (compare_extremes) and how far
 * apart they are. */
struct compare_extreme {
	bool has;               /* two runs or more have a number */
	size_t fast, slow;
	bool not_comparable;    /* the two measured it differently (compare_comparable) */
	double apart;           /* fast's rate over slow's; 0 when slow's is 0 */
	unsigned setup_differs; /* COMPARE_SETUP_* the two differ in */
};

/* The compare runs of runs[0..n), each view made once, and with o (NULL:
 * none) each run's ratios against the base o->base under o->threshold.
 * NULL when out of memory. Caller frees. */
struct compare_run *compare_runs_of(const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* A comparison, worked out once for every output of it: the runs (as
 * compare_runs_of), the options they were compared under, every
 * difference to the base, ranked (compare_all_diffs), and each phase's
 * fastest and slowest run. */
struct compare_result {
	struct compare_run *runs;
	size_t n;
	struct compare_opts o;
	struct compare_diff *diffs;
	size_t ndiffs;
	struct compare_extreme extremes[PHASE_COUNT];
	/* which phases and rows the tables have, decided once: */
	bool phase_shown[PHASE_COUNT];   /* a row in the text, Markdown tables (compare_phase_shown) */
	bool phase_present[PHASE_COUNT]; /* a row on the page: some run has a state other than not run */
	bool row_shown[PHASE_COUNT][COMPARE_RATIO_KINDS]; /* compare_row_shown */
	unsigned setup_facts_differ; /* compare_setup_facts_differ against the base */
	bool sizes_differ;           /* a run's data size, as read, is not the first run's */
	/* what the notes and the page's caveats say of the runs as a whole: */
	unsigned setup_in_ratios;  /* the runs' setup_in_ratios together */
	bool reasons_known_any;    /* some run says what is against its figures (shown.reasons_known) */
	bool reasons_unknown_tool; /* a run that does not say is a disk benchmark's text */
	bool too_fast_any;         /* some figure is a +++++ */
	bool short_any;            /* some run's rate_short */
	unsigned marks_other;      /* CONF_* reasons whose mark a figure shows (its first), other than short */
	unsigned ratio_marks;      /* COMPARE_SHOWS_* the page's ratios show (a rate's, a mean's on its row) */
	unsigned table_reasons;    /* CONF_* reasons of the figures in the tables' rate rows (the Markdown legend) */
	/* what the summary says when no rate is a finding: */
	const struct compare_diff *strongest_rate; /* the first rate of strong evidence in diffs; NULL: none */
	unsigned rates_why;        /* COMPARE_WHY_* and CONF_* against the rates compared, together */
	struct compare_lack_group lack_groups[COMPARE_LACK_GROUPS];
	size_t nlack_groups;
};

/* The comparison of in[0..n) under o into *r: 0, or -1 out of memory
 * (then *r holds nothing to free). compare_result_free frees it. */
int compare_result_of(const struct parsed_run *in, size_t n, const struct compare_opts *o,
                      struct compare_result *r);
void compare_result_free(struct compare_result *r);

/* Sets run's p99_stated from its view: the input records the phase's p99
 * and the phase timed COMPARE_P99_MIN_OPS operations or more (the floor
 * compare_pct_ratio compares a p99 by). */
static inline void compare_p99_of(struct compare_run *run)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		run->p99_stated[i] = view_has_pct(&run->view.phase[i], VIEW_P99) &&
		                     run->view.phase[i].operations >= COMPARE_P99_MIN_OPS;
}

/* The one evidence rule (see enum compare_evidence) for a rate of phase
 * b (the base's) against r, of runs that differ in setup (COMPARE_SETUP_*)
 * for it; sets d->evidence, d->weak_reasons and d->side_reasons. */
void compare_evidence_rule(const struct phase_view *b, const struct phase_view *r, unsigned setup,
                           struct compare_diff *d);

/* The rule's thresholds in words, from the constants it uses: "0.5 s",
 * "100 operations". */
void compare_rule_seconds(char *buf, size_t cap);
void compare_rule_operations(char *buf, size_t cap);

/* Why d is weaker evidence, in words, "; "-separated: "I/O mode differs;
 * A from the page cache; under 0.5 s" ("" when it is not). */
void compare_why_words(const struct compare_diff *d, char *buf, size_t cap);

/* How far apart: "7.8x slower", "1.07x faster", "4.2x worse", then
 * " >" when flagged (MARK_BEYOND) and " ^" when the runs were set up
 * differently (MARK_SETUP): "7.8x slower > ^"; "n/c" when not comparable.
 * The one text of a ratio: compare's cells, summary and page all say it so. */
void compare_apart_text(const struct compare_diff *d, char *buf, size_t cap);

/* The marks compare_apart_text puts after a ratio's words: the legends
 * say a mark exactly where a cell shows it. */
enum { COMPARE_SHOWS_BEYOND = 1u << 0, COMPARE_SHOWS_SETUP = 1u << 1 };
unsigned compare_apart_marks(const struct compare_diff *d);

enum compare_perchar compare_perchar_method(const struct parsed_run *r);

/* Whether phase id of a and b was measured the same way (false only for
 * per-char phases of different, known, methods). */
bool compare_comparable(const struct parsed_run *a, const struct parsed_run *b, enum phase_id id);

/* COMPARE_SETUP_* a and b differ in that matter for phase id; a setting
 * one of them does not give is not counted. */
unsigned compare_setup_differs(const struct parsed_run *a, const struct parsed_run *b, enum phase_id id);

/* COMPARE_SETUP_* in words: "file size and chunk size" ("" for none). */
void compare_setup_words(unsigned setup, char *buf, size_t cap);

/* The ratio of run to base for a phase's rate (latency false) or maximum
 * latency. Returns false when either side has no number (not run, +++++,
 * failed, latency not printed). */
bool compare_ratio(const struct compare_run *base, const struct compare_run *run, enum phase_id id,
                   bool latency, double threshold, struct compare_diff *d);

/* A queue-depth phase's mean latency of run against base, where both print
 * one (CrystalDiskMark's "< us>", fio's avg, bonnie's JSON mean): a latency
 * difference of the rate's evidence (a mean is of every operation, as the
 * rate is); false when either has none or the rate is not comparable. */
bool compare_mean_ratio(const struct compare_run *base, const struct compare_run *run, enum phase_id id,
                        double threshold, struct compare_diff *d);
/* The ratio of run to base for the median (VIEW_P50) or p99 (VIEW_P99)
 * latency of a phase: false unless both inputs give it (bonnie's JSON),
 * both timed the operations the percentile needs (COMPARE_P50_MIN_OPS,
 * COMPARE_P99_MIN_OPS) and both rates are backed by enough evidence (a
 * percentile of a short phase is never a finding, and its rate already
 * says the phase was short). */
bool compare_pct_ratio(const struct compare_run *base, const struct compare_run *run, enum phase_id id,
                       enum view_pct pct, double threshold, struct compare_diff *d);

/* Every comparable ratio of every run to the base, rate and latency (the
 * runs' own ratios, compare_runs_of with o, and the percentiles'), by
 * evidence (enum compare_evidence order), within it those between runs set
 * up differently (setup_differs) after the others, then biggest
 * difference first; *count set. NULL when out of memory. Caller frees. */
struct compare_diff *compare_all_diffs(const struct compare_run *runs, size_t n, const struct compare_opts *o,
                                       size_t *count);

/* A difference in plain words: "block write 1.3x faster on B", with
 * " (file size differs)" when the runs were set up differently and
 * " (under 0.5 s)" when its evidence is weak, " (time unknown)" when unknown. */
void compare_phrase(const struct compare_diff *d, char *buf, size_t cap);

/* Column label of run k: "A".."Z", then "R27", ... (buf >= 8 bytes). */
void compare_label(size_t k, char *buf, size_t cap);

/* Whether run r says what is against its figures (its view's
 * reasons_unknown): only bonnie's JSON does (a CSV line carries no marks,
 * a table's are not read). */
bool compare_reasons_known(const struct compare_run *r);

/* A phase any run has a number, a +++++ or a latency for (a row of the
 * text and Markdown tables). */
bool compare_phase_shown(const struct compare_run *runs, size_t n, enum phase_id id);

/* Whether phase id (shown) has its row of that kind: the rate always; a
 * latency where any run has one (bonnie++ 1.0x lines and tables have no
 * maximum, bonnie++ none has a mean: a row of "-" says nothing); the mean
 * of a queue-depth phase only, where compare_mean_ratio compares it. */
bool compare_row_shown(const struct compare_run *runs, size_t n, enum phase_id id, enum compare_ratio_kind row);

/* The kind of input r was read from, in words: "CSV line", "CSV line and
 * table", "table", "bonnie JSON", "disk benchmark text" (a static string,
 * one pointer per kind). */
const char *compare_input_kind(const struct parsed_run *r);

/* run->perchar_nc and ->setup_in_ratios from its ratios (compare_runs_of
 * sets them, after the ratios). */
void compare_ratios_said(struct compare_run *run);

/* run->shown of the input r, after run's view (compare_runs_of sets it). */
void compare_shown_of(const struct parsed_run *r, struct compare_run *run);

/* The fastest and slowest run of one phase (*fast, *slow); false with
 * fewer than two numbers. A rate of 0 is a measured number too. */
bool compare_extremes(const struct compare_run *runs, size_t n, enum phase_id id, size_t *fast, size_t *slow);

/* Their names: "I/O mode", "file size", ... */
extern const char *const compare_setup_names[COMPARE_SETUP_FACTS];
/* Bits of the facts that make a comparison not like for like. */
#define COMPARE_SETUP_UNLIKE ((1u << SETUP_IO_MODE) | (1u << SETUP_FILE_SIZE) | (1u << SETUP_FILE_COUNT))

/* Fact f of run r as text ("256M", "4x1024", "bonnie 0.1.0", "O_DIRECT",
 * "ext4 on /dev/vda1"); "unknown" where its input cannot say (a CSV line
 * or a table records no I/O mode, file system or device; a JSON document
 * from a share names no device). */
void compare_setup_value(const struct parsed_run *r, enum compare_setup_fact f, char *buf, size_t cap);
/* The size of the file phase id of r worked on: the queue-depth
 * profile's own file for its rows (bonnie JSON's qd_file_size_bytes; 0,
 * unknown, for a profile-only run that does not record it), else the data
 * file's (-s). A --phases qd run does not use -s, so its -s is no setup. */
uint64_t compare_phase_file_size(const struct parsed_run *r, enum phase_id id);
/* Whether a compare_setup_value is a value (not "unknown"). */
bool compare_setup_known(const char *value);
/* Bits (1u << fact) of the facts where a run differs from runs[base],
 * both saying. */
unsigned compare_setup_facts_differ(const struct compare_run *runs, size_t n, size_t base);

#endif

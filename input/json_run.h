/* A run of a bonnie --json document (report/text/json.c writes it) read
 * back: bonnie's one mapping of its JSON, which both readers of it take.
 * json_run_map reads every value compare and merge use, each as the
 * document gives it (its text and, where it is one, its count), so the
 * document is walked once by one table of keys. It is the document's raw
 * mapping and no more: json_result_of (run_read.h) reads it as a result,
 * compare (json_parsed_run.c) derives its parsed_run from it too, and merge
 * (host_read.c) checks it into its host record (host_read.h). */
#ifndef BONNIE_INPUT_JSON_RUN_H
#define BONNIE_INPUT_JSON_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json_tree.h"
#include "../options/constants.h"
#include "../lib/hist.h"
#include "../verdict/verdict.h"
#include "../phases/interface/phase_list.h"

#define JSON_TEXT_LEN 64
#define JSON_REASONS_LEN 96 /* room for every confidence reason name, blank-separated */

/* One value as the document gives it. */
struct json_value {
	bool given;               /* the member is there (null too) */
	bool scalar;              /* a string, number, true, false or null: text holds it */
	bool count;               /* a number written as digits alone: n holds it */
	enum jt_kind kind;        /* when given */
	uint64_t n;
	char text[JSON_TEXT_LEN]; /* a string's decoded, the others' as written; cut to fit */
};

/* A phase's values, keyed by json_phase_keys. */
enum json_phase_key {
	JP_STATUS, JP_RATE_KIB, JP_RATE_SEEKS, JP_RATE_FILES, JP_CPU_PERCENT, JP_LOW_CONFIDENCE,
	JP_DIRECT_IO, JP_BYTES, JP_OPERATIONS, JP_ELAPSED, JP_CPU_NS, JP_SYNC_NS, JP_WALL_START,
	JP_PLANNED_START, JP_LAT_P50, JP_LAT_P99, JP_LAT_MEAN, JP_LAT_MAX, JP_MARK, JP_LAT_MIN, JP_COUNT
};
/* The document's and the run's values, keyed by json_setup_keys. */
enum json_setup_key {
	JS_VERSION, JS_SEED, JS_CONCURRENCY, JS_SEEKS, JS_SEEK_WORKERS, JS_FILE_DIRS, JS_FILE_SIZE,
	JS_CHUNK, JS_FILES, JS_FILE_KIND, JS_FILE_MAX, JS_FILE_MIN, JS_FILE_CHUNK, JS_QD_FILE_SIZE,
	JS_DIRECT_IO, JS_LEVEL_TIME, JS_REPEATS, JS_START_AT, JS_SLOT, JS_PHASE_MASK, JS_CPUS,
	JS_FS_TYPE, JS_FS_SOURCE, JS_DEVICE, JS_CLIENTS, JS_SEEKS_RAN, JS_FILES_RAN, JS_COUNT
};

/* Where a value stands: members of members, from the document (run
 * false) or from the run; the last of each name given stands. */
struct json_key {
	bool run;
	const char *path[3]; /* NULL-ended */
};
extern const struct json_key json_phase_keys[JP_COUNT]; /* from the phase object */
extern const struct json_key json_setup_keys[JS_COUNT];

/* The timeline's intervals, relative to the phase's wall start, ns. */
struct json_interval {
	uint64_t start_ns, length_ns, bytes, operations;
};

/* One client's start and end (ns after the phase's start) and its units,
 * from the phase's "clients" (a host's -c N > 1). */
struct json_client {
	uint64_t start_ns, end_ns, units;
};

/* What a phase's status word says (its one reading): "done", "not_run",
 * any other scalar (failed, interrupted, null, 5), or none (absent, or an
 * object or array). */
enum json_status { JSON_STATUS_NONE, JSON_STATUS_DONE, JSON_STATUS_NOT_RUN, JSON_STATUS_OTHER };

struct json_phase {
	bool listed;                         /* the run lists the phase */
	enum json_status status;             /* of v[JP_STATUS] */
	struct json_value v[JP_COUNT];
	char reasons[JSON_REASONS_LEN];      /* confidence.reasons: the names, blank-separated
	                                        (one that is not a name, or does not fit: left out) */
	bool bulk_bad;                       /* a histogram, timeline or clients value is not a count */
	struct hist latency;                 /* rebuilt from histogram_ns (empty when skipped) */
	bool hist_given;                     /* histogram_ns is an array (read, not skipped) */
	bool tl_given;                       /* a timeline object is there (read or skipped) */
	struct verdict verdict;              /* the timeline's verdict as the document states it
	                                        (json_verdict.c); kind VERDICT_NONE when none */
	struct json_interval *tl;            /* NULL: no timeline */
	size_t tl_n;
	struct json_client *client;          /* NULL: no per-client results */
	size_t client_n;
};

struct json_run {
	bool has_run, has_config, has_schedule; /* the run asked for, config, schedule (an object) */
	struct json_value v[JS_COUNT];
	char like_options[256];               /* "" when not given */
	bool like_given;
	char machine[4 * 256 + 1];            /* config.machine, JSON-decoded (cut to fit), or "" */
	char name[4 * MAX_MACHINE_NAME + 1]; /* machine str_sanitize'd, as compare shows names
	                                        (room for every byte escaped); a reader that
	                                        shows fewer bytes sanitizes machine to fit */
	enum phase_id twice;                  /* a phase the run lists twice (the later read), or PHASE_COUNT */
	struct json_phase phase[PHASE_COUNT];
	size_t runs;                          /* the document's runs (a --clients sweep: one per count) */
	char **argv;                          /* the document's command_line (argc strings) */
	size_t argc;
};

/* What a phase's rate counts, of the document's bytes and operations:
 * the bytes of a phase rated in bytes, else its operations (seeks, files). */
static inline uint64_t json_units_of(enum phase_id id, uint64_t bytes, uint64_t operations)
{
	return phase_unit(id) == RATE_BYTES ? bytes : operations;
}

/* Maps run number run (0: the first) of the bonnie document t into r
 * (which holds nothing to free: it is overwritten); r->has_run false
 * when there is no such run, and then nothing is allocated.
 * 0, or -1 when memory ran out. */
int json_run_map(const struct jt *t, size_t run, struct json_run *r);
/* The value's text when it is a scalar, else NULL. */
const char *json_text(const struct json_value *v);
void json_run_free(struct json_run *r);

#endif

/* The JSON result: one document per invocation, written as runs finish,
 * with fixed units in the key names (elapsed_ns, rate_kib_s). */
#include "../report.h"
#include "../../lib/json.h"
#include "clocale.h"
#include "../model/confidence.h"
#include "json_storage.h"
#include "../model/metrics.h"
#include "../model/sweep_model.h"
#include "../model/view.h"
#include "../../phases/runner/client_times.h"
#include "../model/qd_gain.h"
#include "../../phases/qd.h"
#include "../model/session_view.h"
#include "../../lib/qdio.h"
#include "../../lib/units.h"

#include <string.h>

#define JSON_FORMAT_VERSION 1

static const char *rate_key(enum phase_id id, bool unsynced)
{
	switch (phase_unit(id)) {
	case RATE_BYTES: return unsynced ? "rate_unsynced_kib_s" : "rate_kib_s";
	case RATE_SEEKS: return "rate_seeks_s";
	case RATE_FILES: return unsynced ? "rate_unsynced_files_s" : "rate_files_s";
	}
	return "rate";
}

static void config_json(struct json *j, const struct session_view *s)
{
	const struct run_setup *set = &s->setup;

	json_object_begin(j, "config");
	json_string(j, "directory", s->dir);
	json_string(j, "machine", set->machine);
	json_u64(j, "file_size_bytes", set->file_size);
	json_u64(j, "chunk_bytes", set->chunk);
	if (s->seeks_given) /* else sized while the seeks run: each run's counts say how many */
		json_u64(j, "seeks", set->seeks);
	else
		json_null(j, "seeks");
	json_bool(j, "seeks_auto", !s->seeks_given);
	json_u64(j, "seek_workers", set->seek_procs);
	json_u64(j, "perchar_bytes", set->perchar_size);
	json_bool(j, "perchar_auto", !s->perchar_given);
	json_bool(j, "file_size_by_time", s->sized.file_size_timed);
	if (s->files_stated)
		json_u64(j, "files", (uint64_t)set->files_k * 1024u);
	else /* sized by the first create of each run: its counts say how many */
		json_null(j, "files");
	json_bool(j, "files_auto", !s->files_given);
	if (set->file_max < 0)
		json_string(j, "file_kind", set->file_max == FILES_HARD_LINKS ? "hard_links" : "symlinks");
	else
		json_string(j, "file_kind", "files");
	json_u64(j, "file_max_bytes", set->file_max > 0 ? (uint64_t)set->file_max : 0);
	json_u64(j, "file_min_bytes", (uint64_t)set->file_min);
	json_u64(j, "file_dirs", set->file_dirs > 1 ? set->file_dirs : 1);
	json_u64(j, "file_chunk_bytes", set->file_chunk);
	json_u64(j, "runs", set->runs);
	json_u64(j, "seed", set->seed);
	json_u64(j, "concurrency", s->concurrency);
	json_bool(j, "sync_each", set->sync_each);
	json_bool(j, "direct_io", set->direct);
	json_bool(j, "verify", set->verify);
	json_bool(j, "evict_cache", set->evict);
	json_u64(j, "level_time_ns", s->level_ns);
	if (s->qd) /* the profile's own file: -s is not its size when block write does not run */
		json_u64(j, "qd_file_size_bytes", s->qd_file_size);
	else
		json_null(j, "qd_file_size_bytes");
	json_object_end(j);
}

/* --start-at: the schedule and its rule (phases/runner/schedule.h), and what the
 * kernel said of the clock it is read on. */
static void schedule_json(struct json *j, const struct session_schedule *s)
{
	const struct wallclock_state *c = &s->clock;

	if (!s->start_at_ns)
		return;
	json_object_begin(j, "schedule");
	json_u64(j, "start_at_ns", s->start_at_ns);
	json_u64(j, "slot_ns", s->slot_ns);
	json_u64(j, "phase_mask", s->phase_mask);
	json_string(j, "rule", "planned = start_at + (((run - 1) x levels + level) x slots + rank) x slot_ns");
	json_string(j, "clock", wallclock_sync_name(c->sync));
	if (c->max_error_us >= 0) {
		json_u64(j, "clock_max_error_us", (uint64_t)c->max_error_us);
		json_u64(j, "clock_est_error_us", (uint64_t)c->est_error_us);
	}
	json_object_end(j);
}

/* The view's percentiles by their keys. The JSON keeps the histogram's
 * value even where the count does not support it (the view's -1): the
 * document carries the count and every bucket beside it, and its readers
 * (format_version 1) expect a number. */
static void latency_json(struct json *j, const struct phase_view *v, const struct phase_records *rec)
{
	json_object_begin(j, "latency_ns");
	json_u64(j, "count", v->operations);
	json_u64(j, "min", v->lat_min_ns);
	json_double(j, "mean", v->lat_mean_ns, 1);
	for (int k = 0; k < VIEW_PCTS; k++)
		json_u64(j, view_pcts[k].key, v->lat_ns[k]);
	/* the final flush, timed apart from the operations: null without one */
	if (v->verdict.has_flush)
		json_u64(j, "flush_ns", v->verdict.flush_ns);
	else
		json_null(j, "flush_ns");
	json_object_end(j);
	/* [low, high, count] of every non-empty bucket, in ns */
	json_array_begin(j, "histogram_ns");
	for (size_t i = 0; i < rec->nbuckets; i++) {
		json_array_begin_inline(j, NULL);
		json_u64(j, NULL, rec->bucket[i].lo);
		json_u64(j, NULL, rec->bucket[i].hi);
		json_u64(j, NULL, rec->bucket[i].count);
		json_array_end(j);
	}
	json_array_end(j);
}

static void error_json(struct json *j, const struct op_error *e)
{
	char msg[OP_ERROR_TEXT_MAX];

	op_error_format(e, msg, sizeof msg);
	json_object_begin(j, "error");
	json_string(j, "operation", e->op);
	json_string(j, "path", e->path);
	if (e->offset >= 0)
		json_i64(j, "offset", e->offset);
	json_i64(j, "errno", e->err);
	json_string(j, "message", msg);
	json_object_end(j);
}

void report_confidence_json(struct json *j, const struct confidence *c)
{
	char mark[2] = {c->mark, '\0'};

	json_object_begin(j, "confidence");
	json_u64(j, "duration_ns", c->duration_ns);
	json_u64(j, "operations", c->operations);
	if (c->device_pct >= 0)
		json_u64(j, "device_percent", (uint64_t)c->device_pct);
	else
		json_null(j, "device_percent");
	if (c->cv_pct >= 0)
		json_double(j, "cv_percent", c->cv_pct, 2);
	else
		json_null(j, "cv_percent");
	json_array_begin_inline(j, "reasons");
	for (int i = 0; i < CONF_REASONS; i++)
		if (c->reasons & (1u << i))
			json_string(j, NULL, confidence_reason_name(i));
	json_array_end(j);
	json_string(j, "mark", mark[0] == ' ' ? "" : mark);
	json_object_end(j);
}

/* Each busy client's start and end, ns after the phase's start, and what
 * it did (the phase's units: bytes, operations or files), in client order. */
static void times_json(struct json *j, enum phase_id id, const struct phase_view *r,
                       const struct client_times *t)
{
	uint64_t a, b;

	json_array_begin_inline(j, "starts_ns");
	for (uint32_t i = 0; i < t->n; i++)
		if (client_times_get(t, id, i, &a, &b))
			json_u64(j, NULL, a - r->start_ns);
	json_array_end(j);
	json_array_begin_inline(j, "ends_ns");
	for (uint32_t i = 0; i < t->n; i++)
		if (client_times_get(t, id, i, &a, &b))
			json_u64(j, NULL, b - r->start_ns);
	json_array_end(j);
	json_array_begin_inline(j, "units");
	for (uint32_t i = 0; i < t->n; i++)
		if (client_times_get(t, id, i, &a, &b))
			json_u64(j, NULL, client_times_units(t, id, i));
	json_array_end(j);
}

/* With -c N > 1: the spread between clients, rates in the phase's unit. */
static void spread_json(struct json *j, const struct phase_view *v, const struct client_times *t)
{
	enum phase_id id = v->id;
	char key[64];

	if (v->clients < 2)
		return;
	json_object_begin(j, "clients");
	json_u64(j, "count", v->clients);
	json_u64(j, "idle", v->client_idle);
	json_u64(j, "starved", v->client_starved);
	json_u64(j, "start_skew_ns", v->client_skew_ns);
	snprintf(key, sizeof key, "slowest_%s", rate_key(id, false));
	json_double(j, key, v->client_rate_min, 3);
	snprintf(key, sizeof key, "fastest_%s", rate_key(id, false));
	json_double(j, key, v->client_rate_max, 3);
	json_double(j, "fairness", v->client_fairness, 4);
	json_double(j, "overlap", v->client_overlap, 4);
	json_bool(j, "overlap_low", v->client_overlap_low);
	if (t && t->n == v->clients)
		times_json(j, id, v, t);
	json_object_end(j);
}

/* What set an automatic file count (enum files_bound), as a JSON word. */
static const char *files_bound_name(unsigned bound)
{
	static const char *const names[] = {"unknown", "delete_aim", "create_time", "inodes", "max", "slow",
	                                    "delete_floor", "create_hard"};

	return bound < sizeof names / sizeof names[0] ? names[bound] : "unknown";
}

/* The profile's depth gains (qd_gain.h), when a pair of rows ran. */
static void qd_gains_json(struct json *j, const struct run_view *v)
{
	const struct qd_gain *g = v->qd_gain;
	size_t n = v->nqd_gains;
	char line[256];

	if (n == 0)
		return;
	json_array_begin(j, "queue_depth_gains");
	for (size_t i = 0; i < n; i++) {
		qd_gain_sentence(&g[i], v, line, sizeof line);
		json_object_begin(j, NULL);
		json_string(j, "deep", phase_name(g[i].deep));
		json_string(j, "shallow", phase_name(g[i].shallow));
		json_double(j, "iops_ratio", g[i].ratio, 2);
		json_bool(j, "conclusive", g[i].conclusive);
		json_string(j, "sentence", line);
		json_object_end(j);
	}
	json_array_end(j);
}

/* A queue-depth phase: how depth was kept (lib/qdio.h) and what it asked for. */
static void qd_json(struct json *j, const struct phase_view *v)
{
	enum phase_id id = v->id;
	struct qd_shape sh = qd_shape_of(id);

	if (sh.block == 0)
		return;
	if (v->state == CELL_VALUE) /* the profile is asked about in IOPS */
		json_double(j, "iops", v->iops, 1);
	json_object_begin(j, "queue_depth");
	json_string(j, "engine", v->qd_engine ? qdio_engine_name((enum qdio_engine)v->qd_engine) : "none");
	json_u64(j, "depth", sh.depth);
	json_u64(j, "max_in_flight", v->qd_max_in_flight);
	json_u64(j, "block_bytes", sh.block);
	json_string(j, "pattern", sh.random ? "random" : "sequential");
	json_object_end(j);
}

/* rec: what the document lists beside the view (the histogram's buckets). */
static void measured_json(struct json *j, const struct phase_view *v, const struct phase_records *rec,
                          const struct client_times *t)
{
	enum phase_id id = v->id;

	json_u64(j, "bytes", v->bytes);
	json_u64(j, "read_bytes", v->read_bytes);
	json_u64(j, "operations", v->operations);
	json_u64(j, "elapsed_ns", v->duration_ns);
	if (v->planned_ns) { /* --start-at: both on CLOCK_REALTIME */
		json_u64(j, "wall_start_ns", v->wall_start_ns);
		json_u64(j, "planned_start_ns", v->planned_ns);
	}
	if (v->span_ns)
		json_u64(j, "active_ns", v->span_ns);
	json_u64(j, "cpu_ns", v->cpu_ns);
	json_u64(j, "cpu_percent", (uint64_t)v->cpu_pct);
	json_u64(j, "sync_ns", v->sync_ns);
	if (v->file_bytes) /* block write: the data file the phases after it worked on */
		json_u64(j, "file_bytes", v->file_bytes);
	if (v->flags & RESULT_FILE_CUT)
		json_bool(j, "file_cut_at_deadline", true);
	/* a failed or interrupted phase's rate over what it completed */
	json_double_cut(j, rate_key(id, false), v->rate_ran, 3);
	if (v->sync_split)
		json_double_cut(j, rate_key(id, true), v->rate_unsynced_ran, 3);
	json_bool(j, "low_confidence", v->low_confidence);
	json_bool(j, "direct_io", (v->flags & RESULT_DIRECT) != 0);
	json_bool(j, "buffered_under_direct", (v->flags & RESULT_BUFFERED) != 0);
	if (v->flags & (RESULT_EVICTED | RESULT_NOT_EVICTED))
		json_bool(j, "cache_evicted", (v->flags & RESULT_EVICTED) != 0);
	if (v->flags & RESULT_RESIDENCY)
		json_double(j, "cache_resident_percent", v->resident_ppm / 10000.0, 2);
	qd_json(j, v);
	report_device_json(j, v);
	report_arc_json(j, v);
	report_zfs_after_json(j, v);
	report_confidence_json(j, &v->conf);
	spread_json(j, v, t);
	latency_json(j, v, rec);
}

static void phase_json(struct json *j, const struct phase_view *v, const struct phase_records *rec,
                       const struct client_times *t)
{
	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(v->id));
	json_string(j, "status", phase_status_name(v->status));
	if (v->status != PHASE_NOT_RUN) {
		measured_json(j, v, rec, t);
		report_verdict_json(j, v->id, &v->verdict);
		report_timeline_json(j, &rec->timeline);
	}
	if (v->status == PHASE_FAILED)
		error_json(j, &rec->error);
	json_object_end(j);
}

void report_json_begin(struct json *j, FILE *out, const struct session_view *s, int argc, char **argv,
                       const struct env_info *env, const struct align_result *align)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	json_init(j, out);
	json_object_begin(j, NULL);
	json_string(j, "tool", "bonnie");
	json_string(j, "version", BONNIE_VERSION);
	json_u64(j, "format_version", JSON_FORMAT_VERSION);
	json_array_begin_inline(j, "command_line");
	for (int i = 0; i < argc; i++)
		json_string(j, NULL, argv[i]);
	json_array_end(j);
	config_json(j, s);
	schedule_json(j, &s->schedule);
	report_env_json(j, env);
	report_align_json(j, align);
	json_array_begin(j, "runs");
	c_locale_leave(&loc);
}

void report_json_run(struct json *j, const struct run_view *v, const struct run_records *rec,
                     const struct client_times *times)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	json_object_begin(j, NULL);
	json_u64(j, "run", v->index);
	json_u64(j, "seed", v->seed);
	json_u64(j, "clients", v->clients);
	json_string(j, "status", phase_status_name(v->status));
	json_object_begin(j, "counts");
	json_u64(j, "seeks", v->counts.seeks);
	json_bool(j, "seeks_auto", v->counts.seeks_auto);
	json_u64(j, "files", (uint64_t)v->counts.files_k * 1024);
	json_bool(j, "files_auto", v->counts.files_auto);
	json_u64(j, "perchar_bytes", v->counts.perchar_bytes);
	json_bool(j, "perchar_auto", v->counts.perchar_auto);
	json_string(j, "files_bound", v->counts.files_auto ? files_bound_name(v->counts.files_bound) : "given");
	json_object_end(j);
	qd_gains_json(j, v);
	json_array_begin(j, "phases");
	for (int i = 0; i < PHASE_COUNT; i++) {
		/* bonnie++'s phases always (not_run says what was skipped); a
		 * phase it never had (the queue-depth profile) only when it ran */
		if (!phase_is((enum phase_id)i, FACT_BONNIE_CSV) && v->phase[i].status == PHASE_NOT_RUN)
			continue;
		phase_json(j, &v->phase[i], &rec->phase[i], times);
	}
	json_array_end(j);
	json_object_end(j);
	c_locale_leave(&loc);
}

/* The document is one object (depth 1) holding the "runs" array (depth 2). */
void report_json_runs_end(struct json *j)
{
	if (j->depth == 2)
		json_array_end(j);
}

void report_json_like(struct json *j, const struct session_view *s, const struct run_view *run)
{
	report_json_runs_end(j);
	json_string(j, "like_options", run ? run->like : s->like);
}

void report_json_end(struct json *j)
{
	report_json_runs_end(j);
	json_object_end(j);
}

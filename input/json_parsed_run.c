/* A JSON document of the input made parsed_runs, what compare and --like
 * read (json_result.c makes the same mapped run a run_result): the
 * document is parsed by json_tree.c, each run mapped by json_run_map (the
 * one mapping, which merge's host_read.c takes too) and its facts derived
 * here onto parsed_runs: the config, and per run and phase its status,
 * rate, %CPU, latencies and confidence reasons. A JSON document that is
 * not bonnie's goes to fio's reader. */
#include "internal.h"
#include "bonnie_doc.h"
#include "run_read.h"
#include "json_run.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_RUNS 4096

struct slot {
	struct parsed_phase ph;
	char rate_key[16]; /* "rate_kib_s" ... as given ("" when none was) */
	char rate[40];     /* its value as given, read once the status is known */
};

/* config.<key> = v */
static void config_value(struct parsed_run *tmpl, const char *key, const char *v)
{
	static const struct {
		const char *key;
		enum parsed_meta meta;
	} plain[] = {
		{"seed", META_SEED}, {"concurrency", META_CONCURRENCY},
		{"seeks", META_SEEKS}, {"seek_workers", META_SEEK_PROCS}, {"file_dirs", META_NUM_DIRS},
	};
	char (*m)[PARSED_META_LEN] = tmpl->meta;

	if (strcmp(v, "null") == 0)
		return; /* not planned: sized by time, each run's counts say how many */
	for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++)
		if (strcmp(key, plain[k].key) == 0)
			str_sanitize(m[plain[k].meta], PARSED_META_LEN, v);
	if (strcmp(key, "file_size_bytes") == 0)
		tmpl->size_bytes = input_json_u64(v);
	else if (strcmp(key, "chunk_bytes") == 0)
		units_format_size_lower(input_json_u64(v), m[META_CHUNK], PARSED_META_LEN);
	else if (strcmp(key, "files") == 0)
		snprintf(m[META_NUM_FILES], PARSED_META_LEN, "%llu", (unsigned long long)(input_json_u64(v) / 1024));
	else if (strcmp(key, "file_kind") == 0 && strcmp(v, "files") != 0)
		str_copy(m[META_MAX_SIZE], PARSED_META_LEN, strcmp(v, "hard_links") == 0 ? "link" : "symlink");
	else if (strcmp(key, "file_max_bytes") == 0 && input_json_u64(v) && !m[META_MAX_SIZE][0])
		str_copy(m[META_MAX_SIZE], PARSED_META_LEN, v);
	else if (strcmp(key, "file_min_bytes") == 0 && input_json_u64(v))
		str_copy(m[META_MIN_SIZE], PARSED_META_LEN, v);
	else if (strcmp(key, "file_chunk_bytes") == 0 && input_json_u64(v) != 8192)
		units_format_size_lower(input_json_u64(v), m[META_FILE_CHUNK], PARSED_META_LEN);
}

/* runs[r].phases[j].<key> (and .latency_ns.<sub>) = v */
static void phase_value(struct slot *sl, const char *key, const char *sub, const char *v)
{
	struct parsed_phase *ph = &sl->ph;

	input_json_phase_measures(ph, key, sub, v);
	if (sub) {
		if (strcmp(key, "latency_ns") == 0 && strcmp(sub, "max") == 0)
			ph->latency_ns = (int64_t)input_json_u64(v), ph->known |= READ_LAT_MAX;
		else if (strcmp(key, "confidence") == 0 && strcmp(sub, "mark") == 0)
			ph->reasons_known = true, ph->known |= READ_REASONS; /* a document with marks: no reason is none */
		return;
	}
	if (strcmp(key, "rate_kib_s") == 0 || strcmp(key, "rate_seeks_s") == 0 ||
	         strcmp(key, "rate_files_s") == 0) {
		str_copy(sl->rate_key, sizeof sl->rate_key, key);
		str_copy(sl->rate, sizeof sl->rate, v);
	}
	else if (strcmp(key, "cpu_percent") == 0)
		ph->cpu = (int)(input_json_u64(v) > 100000 ? 100000 : input_json_u64(v)), ph->known |= READ_CPU_PCT;
	else if (strcmp(key, "low_confidence") == 0)
		ph->low_confidence = strcmp(v, "true") == 0;
	else if (strcmp(key, "direct_io") == 0 && (strcmp(v, "true") == 0 || strcmp(v, "false") == 0))
		ph->io = v[0] == 't' ? PARSED_IO_DIRECT : PARSED_IO_BUFFERED, ph->known |= READ_IO;
}

/* The mapped phase's values onto sl: each scalar given, by its key. */
static void phase_members(const struct json_phase *jp, struct slot *sl)
{
	static const enum cell_state state[] = {
		[JSON_STATUS_NONE] = CELL_NOT_RUN, [JSON_STATUS_DONE] = CELL_VALUE,
		[JSON_STATUS_NOT_RUN] = CELL_NOT_RUN, [JSON_STATUS_OTHER] = CELL_FAILED,
	};

	sl->ph.state = state[jp->status];
	for (int k = 0; k < JP_COUNT; k++)
		if (json_text(&jp->v[k]))
			phase_value(sl, json_phase_keys[k].path[0], json_phase_keys[k].path[1], jp->v[k].text);
	memcpy(sl->ph.reasons, jp->reasons, sizeof sl->ph.reasons);
}

/* The settings every run shares: the version, the config, the setup. */
static void run_template(const struct json_run *jr, struct parsed_run *tmpl)
{
	if (json_text(&jr->v[JS_VERSION]))
		str_sanitize(tmpl->meta[META_VERSION], PARSED_META_LEN, jr->v[JS_VERSION].text);
	for (int k = 0; k < JS_COUNT; k++)
		if (!json_setup_keys[k].run && json_text(&jr->v[k]) && strcmp(json_setup_keys[k].path[0], "config") == 0)
			config_value(tmpl, json_setup_keys[k].path[1], jr->v[k].text);
	str_sanitize(tmpl->meta[META_NAME], PARSED_META_LEN, jr->machine); /* never half an escape */
	input_json_setup(tmpl, jr);
}

/* The settings a 1.98 line leaves empty when the I/O or file tests did not run. */
static void tidy_meta(struct parsed_run *t)
{
	if (t->size_bytes == 0) {
		for (int m = META_SIZE; m <= META_SEEK_PROCS; m++)
			t->meta[m][0] = '\0';
	} else
		input_size_meta(t->size_bytes, t->meta[META_SIZE], PARSED_META_LEN);
	if (strcmp(t->meta[META_NUM_FILES], "0") == 0) {
		for (int m = META_NUM_FILES; m <= META_FILE_CHUNK; m++)
			t->meta[m][0] = '\0';
	}
	if (strcmp(t->meta[META_NUM_DIRS], "1") == 0)
		t->meta[META_NUM_DIRS][0] = '\0';
}

/* A done phase's rate, read by the rule every reader uses (a CSV field's):
 * one that is not a rate or too large, or a 0 with no operation behind it,
 * is warned about, naming the run and the key, and the phase left out, as
 * if it had not run (never a 0). Returns 0, or -1 when memory ran out. */
static int measured_rate(struct parsed_set *set, const char *name, unsigned line, long r, enum phase_id id,
                         const struct slot *sl, struct parsed_phase *ph)
{
	int rc = sl->rate_key[0] ? input_parse_rate(sl->rate, &ph->rate) : -1;

	if (rc == 0 && !input_json_nothing_timed(ph)) {
		ph->known |= READ_RATE;
		return 0;
	}
	*ph = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
	if (!sl->rate_key[0])
		return input_warn(set, name, line, "JSON run %ld: %s has no rate, left out", r + 1, phase_words(id));
	return input_warn(set, name, line, "JSON run %ld: %s (%s rate) is '%s': %s, left out", r + 1, sl->rate_key,
	                  phase_words(id), sl->rate, rc == 0 ? "no operation timed, not measured" :
	                  rc > 0 ? "too large for a rate" : "not a rate");
}

/* A run's count that ran (runs[r].counts.<key>; 0: not given). */
static uint64_t ran(const struct json_value *v)
{
	return json_text(v) ? input_json_u64(v->text) : 0;
}

/* The run's seeks, files and clients: the counts that ran where the run
 * has them (and the config said the phases run; seeks and files sized by
 * time are known only there; a --clients sweep's level says its own
 * count, where the config holds -c), else the config's, already in run. */
static void run_counts(struct parsed_run *run, const struct json_run *jr)
{
	uint64_t seeks = ran(&jr->v[JS_SEEKS_RAN]), files = ran(&jr->v[JS_FILES_RAN]);
	uint64_t clients = ran(&jr->v[JS_CLIENTS]);

	if (clients > 0)
		snprintf(run->meta[META_CONCURRENCY], PARSED_META_LEN, "%llu", (unsigned long long)clients);
	if (seeks > 0 && run->size_bytes > 0)
		snprintf(run->meta[META_SEEKS], PARSED_META_LEN, "%llu", (unsigned long long)seeks);
	if (files > 0)
		snprintf(run->meta[META_NUM_FILES], PARSED_META_LEN, "%llu", (unsigned long long)(files / 1024));
}

/* Run r's phases onto run; 0, or -1 when memory ran out. */
static int run_phases(struct parsed_set *set, const char *name, unsigned line, const struct json_run *jr, long r,
                      struct parsed_run *run)
{
	for (int id = 0; id < PHASE_COUNT; id++) {
		struct slot sl = {.ph = {.cpu = -1}}; /* a %CPU not given is unknown, not 0 */
		run->phase[id] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
		if (!jr->phase[id].listed)
			continue;
		phase_members(&jr->phase[id], &sl);
		run->phase[id] = sl.ph;
		if (run->phase[id].latency_ns <= 0 || sl.ph.state != CELL_VALUE) {
			run->phase[id].latency_ns = -1;
			run->phase[id].known &= ~READ_LAT_MAX;
		}
		if (sl.ph.state != CELL_VALUE) {
			run->phase[id].p50_ns = run->phase[id].p99_ns = 0;
			run->phase[id].known &= ~(READ_LAT_P50 | READ_LAT_P99);
		}
		if (sl.ph.state == CELL_VALUE &&
		    measured_rate(set, name, line, r, (enum phase_id)id, &sl, &run->phase[id]) != 0)
			return -1;
		/* left out (a rate that is not one): not run in the result either */
		if (run->phase[id].state == CELL_NOT_RUN && run->result->run.phase[id].status != PHASE_NOT_RUN)
			json_result_drop(run->result, (enum phase_id)id);
	}
	return 0;
}

/* Run r mapped (json_run_map) and added as a parsed_run; 0, or -1 when
 * memory ran out. */
static int emit_run(const struct jt *t, struct parsed_set *set, const char *name, unsigned line, long r, size_t n)
{
	struct parsed_run run = {0};
	struct json_run *jr = calloc(1, sizeof *jr);
	int rc = -1;

	if (!jr || json_run_map(t, (size_t)r, jr) != 0)
		goto out;
	run_template(jr, &run);
	str_copy(run.format, sizeof run.format, "json");
	if (n > 1) /* a sweep's levels or -x runs: one document, told apart */
		snprintf(run.origin, sizeof run.origin, "%s:%u (run %ld of %zu)", name, line, r + 1, n);
	else
		snprintf(run.origin, sizeof run.origin, "%s:%u", name, line);
	tidy_meta(&run);
	run_counts(&run, jr);
	if ((run.result = calloc(1, sizeof *run.result)) == NULL)
		goto out;
	json_result_of(jr, run.result);
	if (run_phases(set, name, line, jr, r, &run) != 0)
		goto out;
	input_json_profile_mode(&run);
	rc = input_add_run(set, &run);
out:
	if (rc != 0)
		free(run.result);
	if (jr)
		json_run_free(jr);
	free(jr);
	return rc;
}

static int emit_runs(const struct jt *t, struct parsed_set *set, const char *name, unsigned line)
{
	size_t n = bonnie_doc_runs(t);

	for (long r = 0; r < (long)n && r < JSON_MAX_RUNS; r++)
		if (emit_run(t, set, name, line, r, n) != 0)
			return -1;
	return 0;
}

long input_json_doc(struct parsed_set *set, const char *name, unsigned first_line, const char *text,
                    size_t len, size_t *seen, char *why, size_t cap)
{
	struct jt t;
	const char *err = NULL;
	long used;

	if (jt_parse_part(&t, text, len, bonnie_doc_bulk, seen, &err) != 0) {
		size_t line = first_line;
		for (size_t k = 0; k < *seen && k < len; k++)
			line += text[k] == '\n';
		snprintf(why, cap, "%s (line %zu)", err, line);
		return -1;
	}
	if (!bonnie_doc_is(&t)) {
		int fio = input_fio_json(set, name, first_line, &t);
		used = fio < 0 ? INPUT_JSON_NO_MEMORY : fio > 0 ? (long)*seen : 0;
	} else if (emit_runs(&t, set, name, first_line) != 0) {
		snprintf(why, cap, "out of memory");
		used = -1;
	} else
		used = (long)*seen;
	jt_free(&t);
	return used;
}

/* Reads bonnie's own JSON document back for compare: the document is
 * parsed by jtree.c (the one JSON reader, which merge's host_doc.c reads
 * through too) and its facts mapped onto parsed_runs here: the config,
 * and per run and phase its status, rate, %CPU, latencies and confidence
 * reasons. A JSON document that is not bonnie's goes to fio's reader. */
#include "internal.h"
#include "bonnie_doc.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_RUNS 4096
#define JSON_VALUE_MAX 256 /* a scalar's text is read up to this (cut) */

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
			ph->latency_ns = (int64_t)input_json_u64(v);
		else if (strcmp(key, "confidence") == 0 && strcmp(sub, "mark") == 0)
			ph->reasons_known = true; /* a document with marks: no reason is none */
		return;
	}
	if (strcmp(key, "status") == 0)
		ph->state = strcmp(v, "done") == 0 ? CELL_VALUE : strcmp(v, "not_run") == 0 ? CELL_NOT_RUN : CELL_FAILED;
	else if (strcmp(key, "rate_kib_s") == 0 || strcmp(key, "rate_seeks_s") == 0 ||
	         strcmp(key, "rate_files_s") == 0) {
		str_copy(sl->rate_key, sizeof sl->rate_key, key);
		str_copy(sl->rate, sizeof sl->rate, v);
	}
	else if (strcmp(key, "cpu_percent") == 0)
		ph->cpu = (int)(input_json_u64(v) > 100000 ? 100000 : input_json_u64(v));
	else if (strcmp(key, "low_confidence") == 0)
		ph->low_confidence = strcmp(v, "true") == 0;
	else if (strcmp(key, "direct_io") == 0 && (strcmp(v, "true") == 0 || strcmp(v, "false") == 0))
		ph->io = v[0] == 't' ? PARSED_IO_DIRECT : PARSED_IO_BUFFERED;
}

/* runs[r].phases[j].confidence.reasons[i] = v: kept when it is a name
 * ("cached", "few_operations"), blank-separated, whole or not at all. */
static void reason_value(struct slot *sl, const char *key, const char *sub, const char *v)
{
	char *r = sl->ph.reasons;
	size_t used = strlen(r), n = strlen(v);

	if (strcmp(key, "confidence") != 0 || strcmp(sub, "reasons") != 0 || n == 0 ||
	    strspn(v, "abcdefghijklmnopqrstuvwxyz_") != n || used + n + 2 > sizeof sl->ph.reasons)
		return;
	if (used)
		r[used++] = ' ';
	memcpy(r + used, v, n + 1); /* fits: checked above */
}

/* The phase object at node, member by member in the document's order (a
 * member given twice: the later stands), onto sl: its scalars, those of
 * its objects (latency_ns, confidence) and confidence's reasons. */
static void phase_members(const struct jt *t, int node, struct slot *sl)
{
	char key[32], sub[32], v[JSON_VALUE_MAX];

	for (int c = jt_is(t, node, JT_OBJECT) ? t->node[node].first : -1; c >= 0; c = t->node[c].next) {
		jt_key(t, c, key, sizeof key);
		if (jt_text(t, c, v, sizeof v)) {
			phase_value(sl, key, NULL, v);
			continue;
		}
		for (int d = t->node[c].first; d >= 0; d = t->node[d].next) {
			jt_key(t, d, sub, sizeof sub);
			bool list = jt_is(t, d, JT_OBJECT) || jt_is(t, d, JT_ARRAY);
			for (int e = list ? t->node[d].first : d; e >= 0; e = list ? t->node[e].next : -1) {
				if (jt_text(t, e, v, sizeof v))
					(list ? reason_value : phase_value)(sl, key, sub, v);
			}
		}
	}
}

/* The settings every run shares: the version, the config, the setup. */
static void run_template(const struct jt *t, struct parsed_run *tmpl)
{
	char key[32], v[JSON_VALUE_MAX];
	int cfg = jt_get(t, 0, "config"), ver = jt_get(t, 0, "version");

	if (jt_text(t, ver, v, sizeof v))
		str_sanitize(tmpl->meta[META_VERSION], PARSED_META_LEN, v);
	for (int c = jt_is(t, cfg, JT_OBJECT) ? t->node[cfg].first : -1; c >= 0; c = t->node[c].next) {
		jt_key(t, c, key, sizeof key);
		if (jt_text(t, c, v, sizeof v))
			config_value(tmpl, key, v);
	}
	bonnie_doc_machine(t, tmpl->meta[META_NAME], PARSED_META_LEN);
	input_json_setup(tmpl, t);
}

/* The settings a 1.98 line leaves empty when the I/O or file tests did not run. */
static void tidy_meta(struct parsed_run *t)
{
	if (t->size_bytes == 0) {
		for (int m = META_SIZE; m <= META_SEEK_PROCS; m++)
			t->meta[m][0] = '\0';
	} else if (t->size_bytes % (1ull << 30) == 0)
		snprintf(t->meta[META_SIZE], PARSED_META_LEN, "%lluG", (unsigned long long)(t->size_bytes >> 30));
	else
		snprintf(t->meta[META_SIZE], PARSED_META_LEN, "%lluM", (unsigned long long)(t->size_bytes >> 20));
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

	if (rc == 0 && !input_json_nothing_timed(ph))
		return 0;
	*ph = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
	if (!sl->rate_key[0])
		return input_warn(set, name, line, "JSON run %ld: %s has no rate, left out", r + 1, phase_words(id));
	return input_warn(set, name, line, "JSON run %ld: %s (%s rate) is '%s': %s, left out", r + 1, sl->rate_key,
	                  phase_words(id), sl->rate, rc == 0 ? "no operation timed, not measured" :
	                  rc > 0 ? "too large for a rate" : "not a rate");
}

/* A run's count that ran (runs[r].counts.<key>; 0: not given). */
static uint64_t ran(const struct jt *t, int run, const char *key)
{
	char v[JSON_VALUE_MAX];

	jt_text(t, jt_get(t, jt_get(t, run, "counts"), key), v, sizeof v);
	return input_json_u64(v);
}

/* The run's seeks and files: the counts that ran where the run has them
 * (and the config said the phases run; seeks and files sized by time are
 * known only there), else the config's. */
static void run_counts(struct parsed_run *run, const struct parsed_run *tidied, const struct jt *t, int node)
{
	uint64_t seeks = ran(t, node, "seeks"), files = ran(t, node, "files");

	memcpy(run->meta[META_SEEKS], tidied->meta[META_SEEKS], PARSED_META_LEN);
	memcpy(run->meta[META_NUM_FILES], tidied->meta[META_NUM_FILES], PARSED_META_LEN);
	if (seeks > 0 && run->size_bytes > 0)
		snprintf(run->meta[META_SEEKS], PARSED_META_LEN, "%llu", (unsigned long long)seeks);
	if (files > 0)
		snprintf(run->meta[META_NUM_FILES], PARSED_META_LEN, "%llu", (unsigned long long)(files / 1024));
}

/* Run r's phases onto run, in the document's order (a phase listed twice:
 * the later stands); 0, or -1 when memory ran out. */
static int run_phases(struct parsed_set *set, const char *name, unsigned line, const struct jt *t, long r,
                      struct parsed_run *run)
{
	int phases = jt_get(t, bonnie_doc_run(t, (size_t)r), "phases");

	for (int i = 0; i < PHASE_COUNT; i++)
		run->phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
	for (int k = 0; k < PHASE_COUNT; k++) {
		int node = jt_at(t, phases, (size_t)k);
		enum phase_id id = bonnie_doc_phase(t, node);
		struct slot sl = {0};
		if (id == PHASE_COUNT)
			continue;
		phase_members(t, node, &sl);
		run->phase[id] = sl.ph;
		if (run->phase[id].latency_ns <= 0 || sl.ph.state != CELL_VALUE)
			run->phase[id].latency_ns = -1;
		if (sl.ph.state != CELL_VALUE)
			run->phase[id].p50_ns = run->phase[id].p99_ns = 0;
		if (sl.ph.state == CELL_VALUE && measured_rate(set, name, line, r, id, &sl, &run->phase[id]) != 0)
			return -1;
	}
	return 0;
}

static int emit_runs(const struct jt *t, struct parsed_set *set, const char *name, unsigned line)
{
	struct parsed_run tmpl = {0}, run;
	size_t n = bonnie_doc_runs(t);

	run_template(t, &tmpl);
	str_copy(tmpl.format, sizeof tmpl.format, "json");
	snprintf(tmpl.origin, sizeof tmpl.origin, "%s:%u", name, line);
	tidy_meta(&tmpl);
	run = tmpl;
	for (long r = 0; r < (long)n && r < JSON_MAX_RUNS; r++) {
		run_counts(&run, &tmpl, t, bonnie_doc_run(t, (size_t)r));
		if (run_phases(set, name, line, t, r, &run) != 0)
			return -1;
		input_json_profile_mode(&run);
		if (input_add_run(set, &run) != 0)
			return -1;
	}
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

/* Reads bonnie's own JSON document back: a small recursive-descent JSON
 * parser that tracks the path of each scalar and keeps the few it needs
 * (config, and per run and phase: status, rate, %CPU, maximum latency,
 * the confidence reasons). */
#include "internal.h"
#include "jtree.h"
#include "../lib/str.h"
#include "../lib/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 24
#define JSON_MAX_RUNS 4096

struct slot {
	char name[PHASE_NAME_MAX];
	struct parsed_phase ph;
	char rate_key[16]; /* "rate_kib_s" ... as given ("" when none was) */
	char rate[40];     /* its value as given, read once the status is known */
};

/* A run's counts that ran (its "counts"; 0: not given), which stand
 * before the config's plan: seeks and files sized by time are known only
 * there. */
struct jrun {
	struct slot slot[PHASE_COUNT];
	uint64_t seeks, files;
};

struct path_elem {
	char key[32];  /* object member name, "" inside an array */
	long index;    /* array position, -1 inside an object */
};

struct jp {
	const char *s;
	size_t len, i;
	int depth;
	const char *err;
	struct path_elem path[JSON_MAX_DEPTH];
	bool is_bonnie;
	struct parsed_run tmpl;   /* config fields shared by the runs */
	struct jrun *runs;
	long nruns;
};

static void skip_ws(struct jp *p)
{
	while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' ||
	                         p->s[p->i] == '\r'))
		p->i++;
}

static int fail(struct jp *p, const char *why)
{
	if (p->err == NULL)
		p->err = why;
	return -1;
}

/* A string at p->i (after the quote) into out (truncated to cap). */
static int string(struct jp *p, char *out, size_t cap)
{
	size_t n = 0;

	for (; p->i < p->len; p->i++) {
		char c = p->s[p->i];
		if (c == '"') {
			p->i++;
			out[n] = '\0';
			return 0;
		}
		if ((unsigned char)c < 0x20)
			return fail(p, "control character in a string");
		if (c == '\\') {
			if (++p->i >= p->len)
				break;
			int more = jt_escape(p->s[p->i], &c); /* merge's host reader decodes alike */
			if (more < 0)
				return fail(p, "bad escape in a string");
			if (p->len - p->i <= (size_t)more)
				break;
			p->i += (size_t)more;
		}
		if (n + 1 < cap)
			out[n++] = c;
	}
	return fail(p, "unterminated string");
}

static int number(struct jp *p, char *out, size_t cap)
{
	size_t start = p->i, n;

	if (p->i < p->len && p->s[p->i] == '-')
		p->i++;
	while (p->i < p->len && (strchr("0123456789.eE+-", p->s[p->i]) != NULL))
		p->i++;
	n = p->i - start;
	if (n == 0 || n >= cap)
		return fail(p, "bad number");
	memcpy(out, p->s + start, n);
	out[n] = '\0';
	return 0;
}

static int literal(struct jp *p, char *out, size_t cap)
{
	static const char *const words[] = {"true", "false", "null"};

	for (size_t k = 0; k < 3; k++) {
		size_t n = strlen(words[k]);
		if (p->len - p->i >= n && memcmp(p->s + p->i, words[k], n) == 0) {
			p->i += n;
			str_copy(out, cap, words[k]);
			return 0;
		}
	}
	return fail(p, "unexpected character");
}

static struct jrun *run_slot(struct jp *p, long r)
{
	if (r < 0 || r >= JSON_MAX_RUNS)
		return NULL;
	if (r >= p->nruns) {
		struct jrun *n = realloc(p->runs, (size_t)(r + 1) * sizeof *n);
		if (n == NULL)
			return NULL;
		memset(n + p->nruns, 0, (size_t)(r + 1 - p->nruns) * sizeof *n);
		p->runs = n;
		p->nruns = r + 1;
	}
	return &p->runs[r];
}

/* config.<key> = v */
static void config_value(struct jp *p, const char *key, const char *v)
{
	static const struct {
		const char *key;
		enum parsed_meta meta;
	} plain[] = {
		{"machine", META_NAME}, {"seed", META_SEED}, {"concurrency", META_CONCURRENCY},
		{"seeks", META_SEEKS}, {"seek_workers", META_SEEK_PROCS}, {"file_dirs", META_NUM_DIRS},
	};
	char (*m)[PARSED_META_LEN] = p->tmpl.meta;

	if (strcmp(v, "null") == 0)
		return; /* not planned: sized by time, each run's counts say how many */
	for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++)
		if (strcmp(key, plain[k].key) == 0)
			str_sanitize(m[plain[k].meta], PARSED_META_LEN, v);
	if (strcmp(key, "file_size_bytes") == 0)
		p->tmpl.size_bytes = input_json_u64(v);
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
	if (strcmp(key, "name") == 0)
		str_copy(sl->name, sizeof sl->name, v);
	else if (strcmp(key, "status") == 0)
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

/* runs[r].counts.<key> = v: the seeks and files that ran */
static void counts_value(struct jp *p, long r, const char *key, const char *v)
{
	struct jrun *run = run_slot(p, r);

	if (run == NULL)
		return;
	if (strcmp(key, "seeks") == 0)
		run->seeks = input_json_u64(v);
	else if (strcmp(key, "files") == 0)
		run->files = input_json_u64(v);
}

static void scalar(struct jp *p, const char *v)
{
	struct path_elem *e = p->path;
	struct jrun *r;

	if (p->depth == 1 && strcmp(e[0].key, "tool") == 0)
		p->is_bonnie = strcmp(v, "bonnie") == 0;
	else if (p->depth == 1 && strcmp(e[0].key, "version") == 0)
		str_sanitize(p->tmpl.meta[META_VERSION], PARSED_META_LEN, v);
	else if (p->depth == 2 && strcmp(e[0].key, "config") == 0)
		config_value(p, e[1].key, v);
	if (p->depth <= 3)
		input_json_setup(&p->tmpl, e[0].key, p->depth > 1 ? e[1].key : "", p->depth == 3 ? e[2].key : "", v);
	if (p->depth == 4 && strcmp(e[0].key, "runs") == 0 && strcmp(e[2].key, "counts") == 0)
		counts_value(p, e[1].index, e[3].key, v);
	if (p->depth < 5 || strcmp(e[0].key, "runs") != 0 || strcmp(e[2].key, "phases") != 0)
		return;
	if (e[3].index < 0 || e[3].index >= PHASE_COUNT || (r = run_slot(p, e[1].index)) == NULL)
		return;
	if (p->depth == 5)
		phase_value(&r->slot[e[3].index], e[4].key, NULL, v);
	else if (p->depth == 6)
		phase_value(&r->slot[e[3].index], e[4].key, e[5].key, v);
	else if (p->depth == 7)
		reason_value(&r->slot[e[3].index], e[4].key, e[5].key, v);
}

static int value(struct jp *p);

/* Members or elements until the closing bracket; each one's path element
 * is set before its value is read. */
static int container(struct jp *p, char close)
{
	struct path_elem *e = &p->path[p->depth - 1];
	long n = 0;

	skip_ws(p);
	if (p->i < p->len && p->s[p->i] == close) {
		p->i++;
		return 0;
	}
	for (;; n++) {
		skip_ws(p);
		e->index = close == ']' ? n : -1;
		e->key[0] = '\0';
		if (close == '}') {
			if (p->i >= p->len || p->s[p->i] != '"')
				return fail(p, "expected a member name");
			p->i++;
			if (string(p, e->key, sizeof e->key) != 0)
				return -1;
			skip_ws(p);
			if (p->i >= p->len || p->s[p->i++] != ':')
				return fail(p, "expected ':'");
		}
		if (value(p) != 0)
			return -1;
		skip_ws(p);
		if (p->i < p->len && p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->i < p->len && p->s[p->i] == close) {
			p->i++;
			return 0;
		}
		return fail(p, p->i >= p->len ? "document cut short" : "expected ',' or a closing bracket");
	}
}

static int value(struct jp *p)
{
	char v[256];
	int rc;

	skip_ws(p);
	if (p->i >= p->len)
		return fail(p, "document cut short");
	char c = p->s[p->i];
	if (c == '{' || c == '[') {
		if (p->depth >= JSON_MAX_DEPTH)
			return fail(p, "nested too deeply");
		p->i++;
		p->depth++;
		rc = container(p, c == '{' ? '}' : ']');
		p->depth--;
		return rc;
	}
	if (c == '"') {
		p->i++;
		rc = string(p, v, sizeof v);
	} else if (c == '-' || (c >= '0' && c <= '9'))
		rc = number(p, v, sizeof v);
	else
		rc = literal(p, v, sizeof v);
	if (rc == 0)
		scalar(p, v);
	return rc;
}

static enum phase_id phase_by_name(const char *name)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (strcmp(phase_name((enum phase_id)i), name) == 0)
			return (enum phase_id)i;
	return PHASE_COUNT;
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

/* The run's seeks and files: the counts that ran where the run has them
 * (and the config said the phases run), else the config's. */
static void run_counts(struct parsed_run *run, const struct parsed_run *tidied, const struct jrun *jr)
{
	memcpy(run->meta[META_SEEKS], tidied->meta[META_SEEKS], PARSED_META_LEN);
	memcpy(run->meta[META_NUM_FILES], tidied->meta[META_NUM_FILES], PARSED_META_LEN);
	if (jr->seeks > 0 && run->size_bytes > 0)
		snprintf(run->meta[META_SEEKS], PARSED_META_LEN, "%llu", (unsigned long long)jr->seeks);
	if (jr->files > 0)
		snprintf(run->meta[META_NUM_FILES], PARSED_META_LEN, "%llu", (unsigned long long)(jr->files / 1024));
}

static int emit_runs(struct jp *p, struct parsed_set *set, const char *name, unsigned line)
{
	struct parsed_run run;

	str_copy(p->tmpl.format, sizeof p->tmpl.format, "json");
	snprintf(p->tmpl.origin, sizeof p->tmpl.origin, "%s:%u", name, line);
	tidy_meta(&p->tmpl);
	run = p->tmpl;
	for (long r = 0; r < p->nruns; r++) {
		run_counts(&run, &p->tmpl, &p->runs[r]);
		for (int i = 0; i < PHASE_COUNT; i++)
			run.phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
		for (int k = 0; k < PHASE_COUNT; k++) {
			struct slot *sl = &p->runs[r].slot[k];
			enum phase_id id = phase_by_name(sl->name);
			if (id == PHASE_COUNT)
				continue;
			run.phase[id] = sl->ph;
			if (run.phase[id].latency_ns <= 0 || sl->ph.state != CELL_VALUE)
				run.phase[id].latency_ns = -1;
			if (sl->ph.state != CELL_VALUE)
				run.phase[id].p50_ns = run.phase[id].p99_ns = 0;
			if (sl->ph.state == CELL_VALUE && measured_rate(set, name, line, r, id, sl, &run.phase[id]) != 0)
				return -1;
		}
		input_json_profile_mode(&run);
		if (input_add_run(set, &run) != 0)
			return -1;
	}
	return 0;
}

long input_json_doc(struct parsed_set *set, const char *name, unsigned first_line, const char *text,
                    size_t len, size_t *seen, char *why, size_t cap)
{
	struct jp *p = calloc(1, sizeof *p);
	long used;

	*seen = 0;
	if (p == NULL) {
		snprintf(why, cap, "out of memory");
		return -1;
	}
	p->s = text;
	p->len = len;
	if (value(p) != 0) {
		size_t at = p->i < len ? p->i : len, line = first_line;
		for (size_t k = 0; k < at; k++)
			line += text[k] == '\n';
		snprintf(why, cap, "%s (line %zu)", p->err, line);
		used = -1;
	} else if (!p->is_bonnie)
		used = 0;
	else if (emit_runs(p, set, name, first_line) != 0) {
		snprintf(why, cap, "out of memory");
		used = -1;
	} else
		used = (long)p->i;
	*seen = p->i;
	free(p->runs);
	free(p);
	return used;
}

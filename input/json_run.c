/* json_run.h: the one mapping of a bonnie --json run. Each value is found
 * by its key path (json_phase_keys, json_setup_keys), the histograms,
 * timelines and clients element by element; nothing here judges a value,
 * its readers do (compare leniently, merge as counts). */
#include "json_run.h"
#include "bonnie_doc.h"
#include "json_verdict.h"
#include "../lib/str.h"

#include <stdlib.h>
#include <string.h>

/* The largest count an element of a histogram, timeline or clients array
 * may hold, so that the sums over MERGE_MAX_HOSTS (256) hosts stay inside
 * 64 bits: 2^56 bytes is 64 PiB, 2^56 ns over two years. */
#define JSON_MAX_ELEMENT (1ull << 56)

const struct json_key json_phase_keys[JP_COUNT] = {
	[JP_STATUS] = {false, {"status"}},          [JP_RATE_KIB] = {false, {"rate_kib_s"}},
	[JP_RATE_SEEKS] = {false, {"rate_seeks_s"}}, [JP_RATE_FILES] = {false, {"rate_files_s"}},
	[JP_CPU_PERCENT] = {false, {"cpu_percent"}}, [JP_LOW_CONFIDENCE] = {false, {"low_confidence"}},
	[JP_DIRECT_IO] = {false, {"direct_io"}},    [JP_BYTES] = {false, {"bytes"}},
	[JP_OPERATIONS] = {false, {"operations"}},  [JP_ELAPSED] = {false, {"elapsed_ns"}},
	[JP_CPU_NS] = {false, {"cpu_ns"}},          [JP_SYNC_NS] = {false, {"sync_ns"}},
	[JP_WALL_START] = {false, {"wall_start_ns"}}, [JP_PLANNED_START] = {false, {"planned_start_ns"}},
	[JP_LAT_P50] = {false, {"latency_ns", "p50"}}, [JP_LAT_P99] = {false, {"latency_ns", "p99"}},
	[JP_LAT_MEAN] = {false, {"latency_ns", "mean"}}, [JP_LAT_MAX] = {false, {"latency_ns", "max"}},
	[JP_MARK] = {false, {"confidence", "mark"}},  [JP_LAT_MIN] = {false, {"latency_ns", "min"}},
};

const struct json_key json_setup_keys[JS_COUNT] = {
	[JS_VERSION] = {false, {"version"}},
	[JS_SEED] = {false, {"config", "seed"}},
	[JS_CONCURRENCY] = {false, {"config", "concurrency"}},
	[JS_SEEKS] = {false, {"config", "seeks"}},
	[JS_SEEK_WORKERS] = {false, {"config", "seek_workers"}},
	[JS_FILE_DIRS] = {false, {"config", "file_dirs"}},
	[JS_FILE_SIZE] = {false, {"config", "file_size_bytes"}},
	[JS_CHUNK] = {false, {"config", "chunk_bytes"}},
	[JS_FILES] = {false, {"config", "files"}},
	[JS_FILE_KIND] = {false, {"config", "file_kind"}},
	[JS_FILE_MAX] = {false, {"config", "file_max_bytes"}},
	[JS_FILE_MIN] = {false, {"config", "file_min_bytes"}},
	[JS_FILE_CHUNK] = {false, {"config", "file_chunk_bytes"}},
	[JS_QD_FILE_SIZE] = {false, {"config", "qd_file_size_bytes"}},
	[JS_DIRECT_IO] = {false, {"config", "direct_io"}},
	[JS_LEVEL_TIME] = {false, {"config", "level_time_ns"}},
	[JS_REPEATS] = {false, {"config", "runs"}},
	[JS_START_AT] = {false, {"schedule", "start_at_ns"}},
	[JS_SLOT] = {false, {"schedule", "slot_ns"}},
	[JS_PHASE_MASK] = {false, {"schedule", "phase_mask"}},
	[JS_CPUS] = {false, {"environment", "cpus"}},
	[JS_FS_TYPE] = {false, {"environment", "file_system", "type"}},
	[JS_FS_SOURCE] = {false, {"environment", "file_system", "source"}},
	[JS_DEVICE] = {false, {"environment", "device", "name"}},
	[JS_CLIENTS] = {true, {"clients"}},
	[JS_SEEKS_RAN] = {true, {"counts", "seeks"}},
	[JS_FILES_RAN] = {true, {"counts", "files"}},
};

/* The last member of object node named key (a member given twice: the
 * later stands), or -1. */
static int last_member(const struct jt *t, int node, const char *key)
{
	size_t kl = strlen(key);
	int found = -1;

	for (int c = jt_is(t, node, JT_OBJECT) ? t->node[node].first : -1; c >= 0; c = t->node[c].next)
		if (t->node[c].key_len == kl && memcmp(t->node[c].key, key, kl) == 0)
			found = c;
	return found;
}

static void read_value(const struct jt *t, int from, const struct json_key *k, struct json_value *v)
{
	int node = from;

	for (size_t i = 0; i < 3 && k->path[i] && node >= 0; i++)
		node = last_member(t, node, k->path[i]);
	if (node < 0)
		return;
	v->given = true;
	v->kind = t->node[node].kind;
	v->scalar = jt_text(t, node, v->text, sizeof v->text);
	v->count = jt_count_of(t, node, UINT64_MAX, &v->n);
}

const char *json_text(const struct json_value *v)
{
	return v->scalar ? v->text : NULL;
}

/* An element of a histogram, timeline or clients array: a count, or *bad
 * set (a junk value is never read as 0). */
static uint64_t elem(const struct jt *t, int node, bool *bad)
{
	uint64_t v;

	if (!jt_count_of(t, node, JSON_MAX_ELEMENT, &v))
		*bad = true;
	return v;
}

/* [low, high, count] per non-empty bucket: low names the bucket. */
static void read_histogram(const struct jt *t, int arr, struct hist *h, bool *bad)
{
	hist_init(h);
	for (int b = jt_at(t, arr, 0); b >= 0; b = t->node[b].next) {
		uint64_t low = elem(t, jt_at(t, b, 0), bad), count = elem(t, jt_at(t, b, 2), bad);
		uint64_t high = elem(t, jt_at(t, b, 1), bad);
		if (count == 0)
			continue;
		h->bucket[hist_bucket_of(low)] += count;
		if (h->count == 0 || low < h->min)
			h->min = low;
		if (high > h->max)
			h->max = high;
		h->count += count;
		h->sum += (low / 2 + high / 2) * count; /* the bucket's middle: the mean is approximate */
	}
}

/* The histogram at arr, kept (merge) or skipped (compare: bonnie_doc_bulk,
 * its node emptied but its text kept): then its text is parsed alone, so
 * only one histogram's nodes are held at a time. 0, or -1 out of memory. */
static int read_histogram_alone(const struct jt *t, int arr, struct hist *h, bool *bad)
{
	struct jt one;
	size_t used;
	const char *why;

	if (!jt_is(t, arr, JT_ARRAY) || t->node[arr].first >= 0 || t->node[arr].len <= 2) {
		read_histogram(t, arr, h, bad);
		return 0;
	}
	if (jt_parse_part(&one, t->node[arr].text, t->node[arr].len, NULL, &used, &why) != 0) {
		jt_free(&one);
		hist_init(h);
		return strcmp(why, "out of memory") == 0 ? -1 : 0; /* checked whole before: memory */
	}
	read_histogram(&one, 0, h, bad);
	jt_free(&one);
	return 0;
}

/* Parallel arrays of counts (obj's members keys[0..cols), of one length)
 * as rows of cols counts, each row a struct of cols uint64_t (size
 * bytes), calloc'd into *rows; none when absent or of unequal lengths. */
static int read_columns(const struct jt *t, int obj, const char *const *keys, size_t cols, size_t size,
                        void **rows, size_t *n, bool *bad)
{
	int col[4];
	size_t len = jt_count(t, jt_get(t, obj, keys[0]));
	char *r;

	for (size_t c = 0; c < cols; c++)
		if (jt_count(t, col[c] = jt_get(t, obj, keys[c])) != len)
			return 0;
	if (len == 0)
		return 0;
	if ((r = calloc(len, size)) == NULL)
		return -1;
	for (size_t i = 0; i < len; i++)
		for (size_t c = 0; c < cols; c++)
			((uint64_t *)(void *)(r + i * size))[c] = elem(t, jt_at(t, col[c], i), bad);
	*rows = r;
	*n = len;
	return 0;
}

_Static_assert(sizeof(struct json_interval) == 4 * sizeof(uint64_t), "a timeline row is its four counts");
_Static_assert(sizeof(struct json_client) == 3 * sizeof(uint64_t), "a client row is its three counts");

/* The timeline's intervals and the clients' starts, ends and units (-c N
 * > 1), in the order of their structs' members. */
static int read_rows(const struct jt *t, int node, struct json_phase *ph)
{
	static const char *const tl[] = {"start_ns", "length_ns", "bytes", "operations"};
	static const char *const cl[] = {"starts_ns", "ends_ns", "units"};
	void *tl_rows = NULL, *cl_rows = NULL;
	int rc = read_columns(t, last_member(t, node, "timeline"), tl, 4, sizeof *ph->tl, &tl_rows, &ph->tl_n,
	                      &ph->bulk_bad);

	ph->tl = tl_rows;
	if (rc == 0)
		rc = read_columns(t, last_member(t, node, "clients"), cl, 3, sizeof *ph->client, &cl_rows, &ph->client_n,
		                  &ph->bulk_bad);
	ph->client = cl_rows;
	return rc;
}

/* confidence.reasons: each a name ("cached", "few_operations"), kept
 * whole or not at all. */
static void read_reasons(const struct jt *t, int node, char *r, size_t cap)
{
	char v[256];

	for (int e = jt_at(t, node, 0); e >= 0; e = t->node[e].next) {
		size_t used = strlen(r), n;
		if (!jt_text(t, e, v, sizeof v))
			continue;
		n = strlen(v);
		if (n == 0 || strspn(v, "abcdefghijklmnopqrstuvwxyz_") != n || used + n + 2 > cap)
			continue;
		if (used)
			r[used++] = ' ';
		memcpy(r + used, v, n + 1); /* fits: checked above */
	}
}

static void free_phase(struct json_phase *ph)
{
	free(ph->tl);
	free(ph->client);
	ph->tl = NULL;
	ph->client = NULL;
}

static enum json_status status_of(const struct json_value *v)
{
	if (!v->scalar)
		return JSON_STATUS_NONE;
	if (v->kind == JT_STRING && strcmp(v->text, "done") == 0)
		return JSON_STATUS_DONE;
	if (v->kind == JT_STRING && strcmp(v->text, "not_run") == 0)
		return JSON_STATUS_NOT_RUN;
	return JSON_STATUS_OTHER;
}

/* The phase object at node into ph (read afresh: a phase listed twice,
 * the later stands). 0, or -1 out of memory. */
static int read_phase(const struct jt *t, int node, struct json_phase *ph)
{
	free_phase(ph);
	*ph = (struct json_phase){.listed = true};
	for (int k = 0; k < JP_COUNT; k++)
		read_value(t, node, &json_phase_keys[k], &ph->v[k]);
	ph->status = status_of(&ph->v[JP_STATUS]);
	read_reasons(t, last_member(t, last_member(t, node, "confidence"), "reasons"), ph->reasons,
	             sizeof ph->reasons);
	if (read_histogram_alone(t, last_member(t, node, "histogram_ns"), &ph->latency, &ph->bulk_bad) < 0)
		return -1;
	ph->hist_given = jt_is(t, last_member(t, node, "histogram_ns"), JT_ARRAY);
	ph->tl_given = jt_is(t, last_member(t, node, "timeline"), JT_OBJECT);
	json_verdict_read(t, last_member(t, node, "verdict"), &ph->verdict);
	return read_rows(t, node, ph);
}

/* The command_line's strings. */
static int read_argv(const struct jt *t, int node, struct json_run *r)
{
	size_t n = jt_is(t, node, JT_ARRAY) ? jt_count(t, node) : 0;

	r->argv = n ? calloc(n, sizeof *r->argv) : NULL;
	if (n && !r->argv)
		return -1;
	for (int a = jt_at(t, node, 0); a >= 0 && r->argc < n; a = t->node[a].next) {
		char buf[4096];
		jt_string(t, a, buf, sizeof buf);
		if ((r->argv[r->argc] = strdup(buf)) == NULL)
			return -1;
		r->argc++;
	}
	return 0;
}

int json_run_map(const struct jt *t, size_t run, struct json_run *r)
{
	int node = bonnie_doc_run(t, run), like = last_member(t, 0, "like_options");

	*r = (struct json_run){0};
	r->twice = PHASE_COUNT;
	r->has_run = node >= 0;
	r->has_config = last_member(t, 0, "config") >= 0;
	r->has_schedule = jt_is(t, last_member(t, 0, "schedule"), JT_OBJECT);
	r->runs = bonnie_doc_runs(t);
	r->like_given = like >= 0;
	jt_text(t, like, r->like_options, sizeof r->like_options);
	jt_string(t, last_member(t, last_member(t, 0, "config"), "machine"), r->machine, sizeof r->machine);
	str_sanitize(r->name, sizeof r->name, r->machine);
	for (int k = 0; k < JS_COUNT; k++)
		read_value(t, json_setup_keys[k].run ? node : 0, &json_setup_keys[k], &r->v[k]);
	if (!r->has_run)
		return 0;
	if (read_argv(t, last_member(t, 0, "command_line"), r) < 0)
		return -1;
	for (int p = jt_at(t, last_member(t, node, "phases"), 0); p >= 0; p = t->node[p].next) {
		enum phase_id id = bonnie_doc_phase(t, p);
		if (id == PHASE_COUNT)
			continue;
		if (r->phase[id].listed && r->twice == PHASE_COUNT)
			r->twice = id;
		if (read_phase(t, p, &r->phase[id]) < 0)
			return -1;
	}
	return 0;
}

void json_run_free(struct json_run *r)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		free_phase(&r->phase[i]);
	for (size_t a = 0; a < r->argc; a++)
		free(r->argv[a]);
	free(r->argv);
	r->argv = NULL;
	r->argc = 0;
}

/* host_read: one host's --json document (report/text/json.c writes it) into a
 * struct host_result: the setup of config and schedule, and per phase of
 * the first run its sums, wall-clock start, histogram and timeline. Parsed
 * by jtree.c and found through bonnie_doc.h, as compare's reader does. */
#include "host.h"
#include "bonnie_doc.h"
#include "../lib/str.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest count a phase's value may hold, so that the sums over
 * MERGE_MAX_HOSTS (256) hosts stay inside 64 bits: 2^56 bytes is 64 PiB,
 * 2^56 ns over two years. A wall-clock time may be up to INT64_MAX (2262). */
#define HOST_MAX_COUNT (1ull << 56)
#define HOST_MAX_TIME ((uint64_t)INT64_MAX)
/* A host's clients: those of 256 hosts together fit the merged run's
 * 32-bit count. */
#define HOST_MAX_CLIENTS (UINT32_MAX / 256)

/* An element of a histogram, timeline or clients array: a count, or *bad
 * set (the phase is then not measured: a junk value is never read as 0). */
static uint64_t elem(const struct jt *t, int node, bool *bad)
{
	uint64_t v;

	if (!jt_count_of(t, node, HOST_MAX_COUNT, &v))
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

static int read_timeline(const struct jt *t, int tl, struct host_phase *ph, bool *bad)
{
	int st = jt_get(t, tl, "start_ns"), len = jt_get(t, tl, "length_ns");
	int by = jt_get(t, tl, "bytes"), ops = jt_get(t, tl, "operations");
	size_t n = jt_count(t, st);

	if (n == 0 || jt_count(t, len) != n || jt_count(t, by) != n || jt_count(t, ops) != n)
		return 0;
	ph->tl = calloc(n, sizeof *ph->tl);
	if (!ph->tl)
		return -1;
	for (size_t i = 0; i < n; i++)
		ph->tl[i] = (struct host_interval){elem(t, jt_at(t, st, i), bad), elem(t, jt_at(t, len, i), bad),
		                                   elem(t, jt_at(t, by, i), bad), elem(t, jt_at(t, ops, i), bad)};
	ph->tl_n = n;
	return 0;
}

/* The phase's clients' starts, ends and units (-c N > 1); none when the
 * arrays are absent or disagree in length. */
static int read_clients(const struct jt *t, int cl, struct host_phase *ph, bool *bad)
{
	int st = jt_get(t, cl, "starts_ns"), en = jt_get(t, cl, "ends_ns"), un = jt_get(t, cl, "units");
	size_t n = jt_count(t, st);

	if (n == 0 || jt_count(t, en) != n || jt_count(t, un) != n)
		return 0;
	ph->client = calloc(n, sizeof *ph->client);
	if (!ph->client)
		return -1;
	for (size_t i = 0; i < n; i++)
		ph->client[i] = (struct host_client){elem(t, jt_at(t, st, i), bad), elem(t, jt_at(t, en, i), bad),
		                                     elem(t, jt_at(t, un, i), bad)};
	ph->client_n = n;
	return 0;
}

/* A done phase's values: those the merge cannot do without (need), the
 * others 0 when absent. */
static const struct {
	const char *key;
	size_t off;
	bool need;
	uint64_t max;
} phase_values[] = {
	{"bytes", offsetof(struct host_phase, bytes), true, HOST_MAX_COUNT},
	{"operations", offsetof(struct host_phase, operations), true, HOST_MAX_COUNT},
	{"elapsed_ns", offsetof(struct host_phase, elapsed_ns), true, HOST_MAX_COUNT},
	{"cpu_ns", offsetof(struct host_phase, cpu_ns), false, HOST_MAX_COUNT},
	{"sync_ns", offsetof(struct host_phase, sync_ns), false, HOST_MAX_COUNT},
	{"wall_start_ns", offsetof(struct host_phase, wall_start_ns), true, HOST_MAX_TIME},
	{"planned_start_ns", offsetof(struct host_phase, planned_ns), false, HOST_MAX_TIME},
};

/* Each of phase_values into ph; false with why in ph->why at the first
 * that is missing or not a count (quoted: a number's text is digits,
 * signs, '.' and 'e' alone, nothing a terminal acts on), or when the
 * elapsed time or the wall-clock start is 0. */
static bool read_values(const struct jt *t, int node, struct host_phase *ph)
{
	for (size_t i = 0; i < sizeof phase_values / sizeof phase_values[0]; i++) {
		int v = jt_get(t, node, phase_values[i].key);
		uint64_t *dst = (uint64_t *)((char *)ph + phase_values[i].off);
		if (v < 0 || jt_is(t, v, JT_NULL)) {
			if (phase_values[i].need)
				return snprintf(ph->why, sizeof ph->why, "no %s", phase_values[i].key), false;
		} else if (!jt_count_of(t, v, phase_values[i].max, dst)) {
			if (jt_is(t, v, JT_NUMBER))
				snprintf(ph->why, sizeof ph->why, "%s is %.*s, not a count", phase_values[i].key,
				         t->node[v].len > 30 ? 30 : (int)t->node[v].len, t->node[v].text);
			else
				snprintf(ph->why, sizeof ph->why, "%s is not a number", phase_values[i].key);
			return false;
		}
	}
	if (ph->elapsed_ns == 0 || ph->wall_start_ns == 0) /* no phase takes no time, none ran in 1970 */
		return snprintf(ph->why, sizeof ph->why, "%s is 0", ph->elapsed_ns ? "wall_start_ns" : "elapsed_ns"), false;
	return true;
}

/* The phase at node into ph: done only when listed "done" with every value
 * a count; else why says what it is. 0, or -1 out of memory. */
static int read_phase(const struct jt *t, int node, struct host_phase *ph, enum phase_id id)
{
	char status[16], shown[40];
	bool bad = false;

	jt_string(t, jt_get(t, node, "status"), status, sizeof status);
	if (strcmp(status, "done") != 0) {
		str_sanitize(shown, sizeof shown, status);
		snprintf(ph->why, sizeof ph->why, "status \"%s\"", shown);
		return 0;
	}
	if (!read_values(t, node, ph))
		return 0;
	ph->units = phase_unit(id) == RATE_BYTES ? ph->bytes : ph->operations;
	read_histogram(t, jt_get(t, node, "histogram_ns"), &ph->latency, &bad);
	if (read_clients(t, jt_get(t, node, "clients"), ph, &bad) < 0 ||
	    read_timeline(t, jt_get(t, node, "timeline"), ph, &bad) < 0)
		return -1;
	if (bad)
		snprintf(ph->why, sizeof ph->why, "a histogram, timeline or clients value is not a count");
	ph->done = !bad;
	return 0;
}

/* The host's command_line, kept to be shown beside the merge's own. */
static int read_argv(const struct jt *t, int node, struct host_result *h)
{
	size_t n = jt_is(t, node, JT_ARRAY) ? jt_count(t, node) : 0;

	h->argc = 0;
	h->argv = n ? calloc(n, sizeof *h->argv) : NULL;
	if (n && !h->argv)
		return -1;
	for (int a = jt_at(t, node, 0); a >= 0 && h->argc < n; a = t->node[a].next) {
		char buf[4096];
		jt_string(t, a, buf, sizeof buf);
		if ((h->argv[h->argc] = strdup(buf)) == NULL)
			return -1;
		h->argc++;
	}
	return 0;
}

/* The setup's values: each a count when given (null or absent: 0). */
static const struct {
	const char *obj, *key; /* obj: a member of the document, or NULL: of the run */
	size_t off;
	uint64_t max;
} setup_values[] = {
	{"config", "file_size_bytes", offsetof(struct host_result, file_size), HOST_MAX_TIME},
	{"config", "chunk_bytes", offsetof(struct host_result, chunk), HOST_MAX_TIME},
	{"config", "files", offsetof(struct host_result, files), HOST_MAX_TIME},
	{"config", "level_time_ns", offsetof(struct host_result, level_ns), HOST_MAX_TIME},
	{"config", "seek_workers", offsetof(struct host_result, seek_workers), HOST_MAX_TIME},
	{"schedule", "start_at_ns", offsetof(struct host_result, start_at_ns), HOST_MAX_TIME},
	{"schedule", "slot_ns", offsetof(struct host_result, slot_ns), HOST_MAX_TIME},
	{"schedule", "phase_mask", offsetof(struct host_result, phase_mask), HOST_MAX_TIME},
	{"environment", "cpus", offsetof(struct host_result, cpus), HOST_MAX_TIME},
	{NULL, "clients", offsetof(struct host_result, clients), HOST_MAX_CLIENTS},
};

static int read_setup(const struct jt *t, int run, struct host_result *h, char *err, size_t cap)
{
	for (size_t i = 0; i < sizeof setup_values / sizeof setup_values[0]; i++) {
		int v = jt_get(t, setup_values[i].obj ? jt_get(t, 0, setup_values[i].obj) : run, setup_values[i].key);
		uint64_t *dst = (uint64_t *)((char *)h + setup_values[i].off);
		if (v >= 0 && !jt_is(t, v, JT_NULL) && !jt_count_of(t, v, setup_values[i].max, dst))
			return snprintf(err, cap, "%s.%s is not a count", setup_values[i].obj ? setup_values[i].obj : "run",
			                setup_values[i].key), -1;
	}
	if (!jt_count_of(t, jt_get(t, jt_get(t, run, "counts"), "seeks"), HOST_MAX_COUNT, &h->seeks))
		h->seeks = 0; /* sized by time and not run: none */
	return 0;
}

/* The phases of the run: each listed once (a second listing would be read
 * over the first). */
static int read_phases(const struct jt *t, int run, struct host_result *h, char *err, size_t cap)
{
	bool seen[PHASE_COUNT] = {false};

	for (int p = jt_at(t, jt_get(t, run, "phases"), 0); p >= 0; p = t->node[p].next) {
		enum phase_id id = bonnie_doc_phase(t, p);
		if (id == PHASE_COUNT)
			continue;
		if (seen[id])
			return snprintf(err, cap, "%s is listed twice", phase_name(id)), -1;
		seen[id] = true;
		if (read_phase(t, p, &h->phase[id], id) < 0)
			return snprintf(err, cap, "out of memory"), -1;
	}
	return 0;
}

static int read_doc(const struct jt *t, struct host_result *h, size_t index, char *err, size_t cap)
{
	int cfg = jt_get(t, 0, "config"), sch = jt_get(t, 0, "schedule"), run = bonnie_doc_run(t, index);
	uint64_t repeats = 0;

	if (!bonnie_doc_is(t) || cfg < 0 || run < 0)
		return snprintf(err, cap, "not a bonnie --json result"), -1;
	if (!jt_is(t, sch, JT_OBJECT))
		return snprintf(err, cap, "not run with --start-at (no schedule to merge on)"), -1;
	/* -x N: N runs of each count, which merge would take for a sweep's
	 * counts; merging them repeat by repeat is not done */
	if (jt_count_of(t, jt_get(t, cfg, "runs"), HOST_MAX_COUNT, &repeats) && repeats > 1)
		return snprintf(err, cap, "run with -x %llu: merging repeated runs is not supported; run each host "
		                "with -x 1 and a --start-at per repeat, and merge each", (unsigned long long)repeats), -1;
	jt_string(t, jt_get(t, 0, "version"), h->version, sizeof h->version);
	bonnie_doc_machine(t, h->name, sizeof h->name); /* as compare shows it */
	h->runs = bonnie_doc_runs(t);
	if (read_setup(t, run, h, err, cap) < 0)
		return -1;
	if (read_argv(t, jt_get(t, 0, "command_line"), h) < 0)
		return snprintf(err, cap, "out of memory"), -1;
	return read_phases(t, run, h, err, cap);
}

int host_read(struct host_result *h, const char *text, size_t run, char *err, size_t err_cap)
{
	struct jt t;

	if (jt_parse(&t, text, err, err_cap) < 0)
		return -1;
	int rc = read_doc(&t, h, run, err, err_cap);
	jt_free(&t);
	return rc;
}

void host_free(struct host_result *h)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		free(h->phase[i].tl);
		free(h->phase[i].client);
		h->phase[i].tl = NULL;
		h->phase[i].client = NULL;
	}
	for (size_t a = 0; a < h->argc; a++)
		free(h->argv[a]);
	free(h->argv);
	h->argv = NULL;
	h->argc = 0;
}

const char *host_setup_differs(const struct host_result *a, const struct host_result *b)
{
	static const struct {
		const char *key;
		size_t off;
	} fields[] = {
		{"file_size_bytes", offsetof(struct host_result, file_size)},
		{"chunk_bytes", offsetof(struct host_result, chunk)},
		{"files", offsetof(struct host_result, files)},
		{"phase_mask", offsetof(struct host_result, phase_mask)},
		{"start_at_ns", offsetof(struct host_result, start_at_ns)},
		{"slot_ns", offsetof(struct host_result, slot_ns)},
		{"level_time_ns", offsetof(struct host_result, level_ns)},
		{"clients", offsetof(struct host_result, clients)},
	};

	if (a->runs != b->runs)
		return "runs";

	if (strcmp(a->version, b->version) != 0)
		return "version";
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (*(const uint64_t *)((const char *)a + fields[i].off) != *(const uint64_t *)((const char *)b + fields[i].off))
			return fields[i].key;
	return NULL;
}

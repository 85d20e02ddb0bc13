/* host_read: one host's --json document (report/json.c writes it) into a
 * struct host_result: the setup of config and schedule, and per phase of
 * the first run its sums, wall-clock start, histogram and timeline. */
#include "host.h"
#include "jtree.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [low, high, count] per non-empty bucket: low names the bucket. */
static void read_histogram(const struct jt *t, int arr, struct hist *h)
{
	hist_init(h);
	for (int b = jt_at(t, arr, 0); b >= 0; b = t->node[b].next) {
		uint64_t low = jt_u64(t, jt_at(t, b, 0)), count = jt_u64(t, jt_at(t, b, 2));
		uint64_t high = jt_u64(t, jt_at(t, b, 1));
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

static int read_timeline(const struct jt *t, int tl, struct host_phase *ph)
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
		ph->tl[i] = (struct host_interval){jt_u64(t, jt_at(t, st, i)), jt_u64(t, jt_at(t, len, i)),
		                                   jt_u64(t, jt_at(t, by, i)), jt_u64(t, jt_at(t, ops, i))};
	ph->tl_n = n;
	return 0;
}

/* The phase's clients' starts, ends and units (-c N > 1); none when the
 * arrays are absent or disagree in length. */
static int read_clients(const struct jt *t, int cl, struct host_phase *ph)
{
	int st = jt_get(t, cl, "starts_ns"), en = jt_get(t, cl, "ends_ns"), un = jt_get(t, cl, "units");
	size_t n = jt_count(t, st);

	if (n == 0 || jt_count(t, en) != n || jt_count(t, un) != n)
		return 0;
	ph->client = calloc(n, sizeof *ph->client);
	if (!ph->client)
		return -1;
	for (size_t i = 0; i < n; i++)
		ph->client[i] = (struct host_client){jt_u64(t, jt_at(t, st, i)), jt_u64(t, jt_at(t, en, i)),
		                                     jt_u64(t, jt_at(t, un, i))};
	ph->client_n = n;
	return 0;
}

static int phase_id_of(const struct jt *t, int node)
{
	char name[32];

	jt_string(t, jt_get(t, node, "name"), name, sizeof name);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (strcmp(name, phase_name((enum phase_id)i)) == 0)
			return i;
	return -1;
}

static int read_phase(const struct jt *t, int node, struct host_phase *ph, enum phase_id id)
{
	char status[16];

	jt_string(t, jt_get(t, node, "status"), status, sizeof status);
	ph->done = strcmp(status, "done") == 0;
	if (!ph->done)
		return 0;
	ph->bytes = jt_u64(t, jt_get(t, node, "bytes"));
	ph->operations = jt_u64(t, jt_get(t, node, "operations"));
	ph->units = phase_unit(id) == RATE_BYTES ? ph->bytes : ph->operations;
	ph->elapsed_ns = jt_u64(t, jt_get(t, node, "elapsed_ns"));
	ph->cpu_ns = jt_u64(t, jt_get(t, node, "cpu_ns"));
	ph->sync_ns = jt_u64(t, jt_get(t, node, "sync_ns"));
	ph->wall_start_ns = jt_u64(t, jt_get(t, node, "wall_start_ns"));
	ph->planned_ns = jt_u64(t, jt_get(t, node, "planned_start_ns"));
	read_histogram(t, jt_get(t, node, "histogram_ns"), &ph->latency);
	if (read_clients(t, jt_get(t, node, "clients"), ph) < 0)
		return -1;
	return read_timeline(t, jt_get(t, node, "timeline"), ph);
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

static int read_doc(const struct jt *t, struct host_result *h, size_t index, char *err, size_t cap)
{
	char tool[16];
	int cfg = jt_get(t, 0, "config"), sch = jt_get(t, 0, "schedule");
	int runs = jt_get(t, 0, "runs"), run = jt_at(t, runs, index);

	jt_string(t, jt_get(t, 0, "tool"), tool, sizeof tool);
	if (strcmp(tool, "bonnie") != 0 || cfg < 0 || run < 0)
		return snprintf(err, cap, "not a bonnie --json result"), -1;
	if (!jt_is(t, sch, JT_OBJECT))
		return snprintf(err, cap, "not run with --start-at (no schedule to merge on)"), -1;
	jt_string(t, jt_get(t, 0, "version"), h->version, sizeof h->version);
	jt_string(t, jt_get(t, cfg, "machine"), h->name, sizeof h->name);
	h->file_size = jt_u64(t, jt_get(t, cfg, "file_size_bytes"));
	h->chunk = jt_u64(t, jt_get(t, cfg, "chunk_bytes"));
	h->files = jt_u64(t, jt_get(t, cfg, "files"));
	h->level_ns = jt_u64(t, jt_get(t, cfg, "level_time_ns"));
	h->clients = jt_u64(t, jt_get(t, run, "clients"));
	h->seeks = jt_u64(t, jt_get(t, jt_get(t, run, "counts"), "seeks"));
	h->seek_workers = jt_u64(t, jt_get(t, cfg, "seek_workers"));
	h->start_at_ns = jt_u64(t, jt_get(t, sch, "start_at_ns"));
	h->slot_ns = jt_u64(t, jt_get(t, sch, "slot_ns"));
	h->phase_mask = jt_u64(t, jt_get(t, sch, "phase_mask"));
	h->runs = jt_count(t, runs);
	h->cpus = jt_u64(t, jt_get(t, jt_get(t, 0, "environment"), "cpus"));
	if (read_argv(t, jt_get(t, 0, "command_line"), h) < 0)
		return snprintf(err, cap, "out of memory"), -1;
	for (int p = jt_at(t, jt_get(t, run, "phases"), 0); p >= 0; p = t->node[p].next) {
		int id = phase_id_of(t, p);
		if (id >= 0 && read_phase(t, p, &h->phase[id], (enum phase_id)id) < 0)
			return snprintf(err, cap, "out of memory"), -1;
	}
	return 0;
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

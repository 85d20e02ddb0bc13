/* host_read: merge's reading of one host's --json document: mapped by
 * json_run_map (the mapping compare's reader takes too) and read back as
 * a result by json_result_of (compare's too), then checked as merge needs
 * it: a document merge can merge, the setup's values counts, and per phase
 * of the run whether it was measured (done, or why not); the timeline and
 * the clients taken over from the mapping into the host's record. */
#include "host_read.h"
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

/* The value v as a count of at most max into *n (0 when not given). */
static bool count_of(const struct json_value *v, uint64_t max, uint64_t *n)
{
	*n = 0;
	if (!v->given || v->kind == JT_NULL)
		return true;
	if (!v->count || v->n > max)
		return false;
	*n = v->n;
	return true;
}

/* A done phase's values: those the merge cannot do without (need), the
 * others 0 when absent. json_result_of reads each into the phase's result
 * when it is a count; merge takes the phase only when every one is. */
static const struct {
	enum json_phase_key key;
	bool need;
	uint64_t max;
} phase_values[] = {
	{JP_BYTES, true, HOST_MAX_COUNT},
	{JP_OPERATIONS, true, HOST_MAX_COUNT},
	{JP_ELAPSED, true, HOST_MAX_COUNT},
	{JP_CPU_NS, false, HOST_MAX_COUNT},
	{JP_SYNC_NS, false, HOST_MAX_COUNT},
	{JP_WALL_START, true, HOST_MAX_TIME},
	{JP_PLANNED_START, false, HOST_MAX_TIME},
};

/* Each of phase_values of ph checked; false with why in why at the first
 * that is missing or not a count (quoted: a number's text is digits,
 * signs, '.' and 'e' alone, nothing a terminal acts on), or when the
 * elapsed time or the wall-clock start is 0. */
static bool check_values(const struct json_phase *ph, char *why, size_t cap)
{
	uint64_t elapsed = 0, wall_start = 0, n;

	for (size_t i = 0; i < sizeof phase_values / sizeof phase_values[0]; i++) {
		const struct json_value *v = &ph->v[phase_values[i].key];
		const char *key = json_phase_keys[phase_values[i].key].path[0];
		if (!v->given || v->kind == JT_NULL) {
			if (phase_values[i].need)
				return snprintf(why, cap, "no %s", key), false;
		} else if (!count_of(v, phase_values[i].max, &n)) {
			if (v->kind == JT_NUMBER) {
				/* the number's text cut to 30 characters, as merge has always said it */
				char num[31];
				str_copy(num, sizeof num, v->text);
				snprintf(why, cap, "%s is %s, not a count", key, num);
			} else
				snprintf(why, cap, "%s is not a number", key);
			return false;
		} else if (phase_values[i].key == JP_ELAPSED)
			elapsed = n;
		else if (phase_values[i].key == JP_WALL_START)
			wall_start = n;
	}
	if (elapsed == 0 || wall_start == 0) /* no phase takes no time, none ran in 1970 */
		return snprintf(why, cap, "%s is 0", elapsed ? "wall_start_ns" : "elapsed_ns"), false;
	return true;
}

/* A listed phase: done only when listed "done" with every value a count;
 * else why says what it is. Its timeline and clients are taken over. */
static void check_phase(struct json_phase *ph, struct host_phase *hp)
{
	char status[16] = "", shown[40];

	hp->tl = ph->tl;
	hp->tl_n = ph->tl_n;
	hp->client = ph->client;
	hp->client_n = ph->client_n;
	ph->tl = NULL;
	ph->client = NULL;
	if (ph->status != JSON_STATUS_DONE) {
		if (ph->v[JP_STATUS].kind == JT_STRING)
			str_copy(status, sizeof status, ph->v[JP_STATUS].text); /* cut as the status words are */
		str_sanitize(shown, sizeof shown, status);
		snprintf(hp->why, sizeof hp->why, "status \"%s\"", shown);
		return;
	}
	if (!check_values(ph, hp->why, sizeof hp->why))
		return;
	if (ph->bulk_bad)
		snprintf(hp->why, sizeof hp->why, "a histogram, timeline or clients value is not a count");
	hp->done = !ph->bulk_bad;
}

/* The setup's values: each a count when given (null or absent: 0). */
static const struct {
	enum json_setup_key key;
	size_t off;
	uint64_t max;
} setup_values[] = {
	{JS_FILE_SIZE, offsetof(struct host_setup, file_size), HOST_MAX_TIME},
	{JS_CHUNK, offsetof(struct host_setup, chunk), HOST_MAX_TIME},
	{JS_FILES, offsetof(struct host_setup, files), HOST_MAX_TIME},
	{JS_LEVEL_TIME, offsetof(struct host_setup, level_ns), HOST_MAX_TIME},
	{JS_SEEK_WORKERS, offsetof(struct host_setup, seek_workers), HOST_MAX_TIME},
	{JS_START_AT, offsetof(struct host_setup, start_at_ns), HOST_MAX_TIME},
	{JS_SLOT, offsetof(struct host_setup, slot_ns), HOST_MAX_TIME},
	{JS_PHASE_MASK, offsetof(struct host_setup, phase_mask), HOST_MAX_TIME},
	{JS_CPUS, offsetof(struct host_setup, cpus), HOST_MAX_TIME},
	{JS_CLIENTS, offsetof(struct host_setup, clients), HOST_MAX_CLIENTS},
};

static int check_setup(const struct json_run *jr, struct host_setup *s, char *err, size_t cap)
{
	for (size_t i = 0; i < sizeof setup_values / sizeof setup_values[0]; i++) {
		const struct json_key *k = &json_setup_keys[setup_values[i].key];
		if (!count_of(&jr->v[setup_values[i].key], setup_values[i].max, (uint64_t *)((char *)s + setup_values[i].off)))
			return snprintf(err, cap, "%s.%s is not a count", k->run ? "run" : k->path[0],
			                k->run ? k->path[0] : k->path[1]), -1;
	}
	if (jr->v[JS_VERSION].given && jr->v[JS_VERSION].kind == JT_STRING)
		str_copy(s->version, sizeof s->version, jr->v[JS_VERSION].text);
	return 0;
}

/* The mapped run jr checked and read into h. */
static int check_doc(struct json_run *jr, struct host_read *h, char *err, size_t cap)
{
	uint64_t repeats = 0;

	if (!jr->has_config || !jr->has_run)
		return snprintf(err, cap, "not a bonnie --json result"), -1;
	if (!jr->has_schedule)
		return snprintf(err, cap, "not run with --start-at (no schedule to merge on)"), -1;
	/* -x N: N runs of each count, which merge would take for a sweep's
	 * counts; merging them repeat by repeat is not done */
	if (count_of(&jr->v[JS_REPEATS], HOST_MAX_COUNT, &repeats) && repeats > 1)
		return snprintf(err, cap, "run with -x %llu: merging repeated runs is not supported; run each host "
		                "with -x 1 and a --start-at per repeat, and merge each", (unsigned long long)repeats), -1;
	if (check_setup(jr, &h->setup, err, cap) < 0)
		return -1;
	if (jr->twice != PHASE_COUNT)
		return snprintf(err, cap, "%s is listed twice", phase_name(jr->twice)), -1;
	json_result_of(jr, &h->read);
	if (!count_of(&jr->v[JS_SEEKS_RAN], HOST_MAX_COUNT, &h->read.run.counts.seeks))
		h->read.run.counts.seeks = 0; /* sized by time and not run: none */
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!jr->phase[i].listed)
			continue;
		check_phase(&jr->phase[i], &h->phase[i]);
	}
	return 0;
}

/* The name, command line and runs of the mapping, taken over. */
static void take_doc(struct json_run *jr, struct host_read *h)
{
	memcpy(h->name, jr->name, sizeof h->name);
	h->argv = jr->argv;
	h->argc = jr->argc;
	h->runs = jr->runs;
	jr->argv = NULL;
	jr->argc = 0;
}

int host_read(struct host_read *h, const char *text, size_t run, char *err, size_t err_cap)
{
	struct json_run *jr;
	struct jt t;
	int rc;

	if (jt_parse(&t, text, err, err_cap) < 0)
		return -1;
	rc = -1;
	if (!bonnie_doc_is(&t))
		snprintf(err, err_cap, "not a bonnie --json result");
	else if ((jr = calloc(1, sizeof *jr)) == NULL)
		snprintf(err, err_cap, "out of memory");
	else {
		if (json_run_map(&t, run, jr) < 0)
			snprintf(err, err_cap, "out of memory");
		else {
			take_doc(jr, h);
			rc = check_doc(jr, h, err, err_cap);
		}
		json_run_free(jr);
		free(jr);
	}
	jt_free(&t);
	return rc;
}

void host_read_free(struct host_read *h)
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

const char *host_setup_differs(const struct host_read *a, const struct host_read *b)
{
	static const struct {
		const char *key;
		size_t off;
	} fields[] = {
		{"file_size_bytes", offsetof(struct host_setup, file_size)},
		{"chunk_bytes", offsetof(struct host_setup, chunk)},
		{"files", offsetof(struct host_setup, files)},
		{"phase_mask", offsetof(struct host_setup, phase_mask)},
		{"start_at_ns", offsetof(struct host_setup, start_at_ns)},
		{"slot_ns", offsetof(struct host_setup, slot_ns)},
		{"level_time_ns", offsetof(struct host_setup, level_ns)},
		{"clients", offsetof(struct host_setup, clients)},
	};

	if (a->runs != b->runs)
		return "runs";
	if (strcmp(a->setup.version, b->setup.version) != 0)
		return "version";
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (*(const uint64_t *)((const char *)&a->setup + fields[i].off) !=
		    *(const uint64_t *)((const char *)&b->setup + fields[i].off))
			return fields[i].key;
	return NULL;
}

/* host_read: merge's reading of one host's --json document: mapped by
 * json_run_map (the mapping compare's reader takes too), then checked as
 * merge needs it: a document merge can merge, the setup's values counts,
 * and per phase of the run whether it was measured (done, or why not)
 * and the counts it sums. */
#include "json_run.h"
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
 * others 0 when absent. */
static const struct {
	enum json_phase_key key;
	size_t off;
	bool need;
	uint64_t max;
} phase_values[] = {
	{JP_BYTES, offsetof(struct json_phase, bytes), true, HOST_MAX_COUNT},
	{JP_OPERATIONS, offsetof(struct json_phase, operations), true, HOST_MAX_COUNT},
	{JP_ELAPSED, offsetof(struct json_phase, elapsed_ns), true, HOST_MAX_COUNT},
	{JP_CPU_NS, offsetof(struct json_phase, cpu_ns), false, HOST_MAX_COUNT},
	{JP_SYNC_NS, offsetof(struct json_phase, sync_ns), false, HOST_MAX_COUNT},
	{JP_WALL_START, offsetof(struct json_phase, wall_start_ns), true, HOST_MAX_TIME},
	{JP_PLANNED_START, offsetof(struct json_phase, planned_ns), false, HOST_MAX_TIME},
};

/* Each of phase_values into ph; false with why in ph->why at the first
 * that is missing or not a count (quoted: a number's text is digits,
 * signs, '.' and 'e' alone, nothing a terminal acts on), or when the
 * elapsed time or the wall-clock start is 0. */
static bool check_values(struct json_phase *ph)
{
	for (size_t i = 0; i < sizeof phase_values / sizeof phase_values[0]; i++) {
		const struct json_value *v = &ph->v[phase_values[i].key];
		const char *key = json_phase_keys[phase_values[i].key].path[0];
		uint64_t *dst = (uint64_t *)((char *)ph + phase_values[i].off);
		if (!v->given || v->kind == JT_NULL) {
			if (phase_values[i].need)
				return snprintf(ph->why, sizeof ph->why, "no %s", key), false;
		} else if (!count_of(v, phase_values[i].max, dst)) {
			if (v->kind == JT_NUMBER) {
				/* through a local copy: the text and why are in one
				 * object, which gcc's -Wrestrict cannot tell apart */
				char num[31];
				str_copy(num, sizeof num, v->text);
				snprintf(ph->why, sizeof ph->why, "%s is %s, not a count", key, num);
			} else
				snprintf(ph->why, sizeof ph->why, "%s is not a number", key);
			return false;
		}
	}
	if (ph->elapsed_ns == 0 || ph->wall_start_ns == 0) /* no phase takes no time, none ran in 1970 */
		return snprintf(ph->why, sizeof ph->why, "%s is 0", ph->elapsed_ns ? "wall_start_ns" : "elapsed_ns"), false;
	return true;
}

/* A listed phase: done only when listed "done" with every value a count;
 * else why says what it is. */
static void check_phase(struct json_phase *ph, enum phase_id id)
{
	char status[16] = "", shown[40];

	if (ph->status != JSON_STATUS_DONE) {
		if (ph->v[JP_STATUS].kind == JT_STRING)
			str_copy(status, sizeof status, ph->v[JP_STATUS].text); /* cut as the status words are */
		str_sanitize(shown, sizeof shown, status);
		snprintf(ph->why, sizeof ph->why, "status \"%s\"", shown);
		return;
	}
	if (!check_values(ph))
		return;
	ph->units = json_units_of(id, ph->bytes, ph->operations);
	if (ph->bulk_bad)
		snprintf(ph->why, sizeof ph->why, "a histogram, timeline or clients value is not a count");
	ph->done = !ph->bulk_bad;
}

/* The setup's values: each a count when given (null or absent: 0). */
static const struct {
	enum json_setup_key key;
	size_t off;
	uint64_t max;
} setup_values[] = {
	{JS_FILE_SIZE, offsetof(struct json_run, file_size), HOST_MAX_TIME},
	{JS_CHUNK, offsetof(struct json_run, chunk), HOST_MAX_TIME},
	{JS_FILES, offsetof(struct json_run, files), HOST_MAX_TIME},
	{JS_LEVEL_TIME, offsetof(struct json_run, level_ns), HOST_MAX_TIME},
	{JS_SEEK_WORKERS, offsetof(struct json_run, seek_workers), HOST_MAX_TIME},
	{JS_START_AT, offsetof(struct json_run, start_at_ns), HOST_MAX_TIME},
	{JS_SLOT, offsetof(struct json_run, slot_ns), HOST_MAX_TIME},
	{JS_PHASE_MASK, offsetof(struct json_run, phase_mask), HOST_MAX_TIME},
	{JS_CPUS, offsetof(struct json_run, cpus), HOST_MAX_TIME},
	{JS_CLIENTS, offsetof(struct json_run, clients), HOST_MAX_CLIENTS},
};

static int check_setup(struct json_run *h, char *err, size_t cap)
{
	for (size_t i = 0; i < sizeof setup_values / sizeof setup_values[0]; i++) {
		const struct json_key *k = &json_setup_keys[setup_values[i].key];
		if (!count_of(&h->v[setup_values[i].key], setup_values[i].max, (uint64_t *)((char *)h + setup_values[i].off)))
			return snprintf(err, cap, "%s.%s is not a count", k->run ? "run" : k->path[0],
			                k->run ? k->path[0] : k->path[1]), -1;
	}
	if (!count_of(&h->v[JS_SEEKS_RAN], HOST_MAX_COUNT, &h->seeks))
		h->seeks = 0; /* sized by time and not run: none */
	if (h->v[JS_VERSION].given && h->v[JS_VERSION].kind == JT_STRING)
		str_copy(h->version, sizeof h->version, h->v[JS_VERSION].text);
	return 0;
}

static int check_doc(struct json_run *h, char *err, size_t cap)
{
	uint64_t repeats = 0;

	if (!h->has_config || !h->has_run)
		return snprintf(err, cap, "not a bonnie --json result"), -1;
	if (!h->has_schedule)
		return snprintf(err, cap, "not run with --start-at (no schedule to merge on)"), -1;
	/* -x N: N runs of each count, which merge would take for a sweep's
	 * counts; merging them repeat by repeat is not done */
	if (count_of(&h->v[JS_REPEATS], HOST_MAX_COUNT, &repeats) && repeats > 1)
		return snprintf(err, cap, "run with -x %llu: merging repeated runs is not supported; run each host "
		                "with -x 1 and a --start-at per repeat, and merge each", (unsigned long long)repeats), -1;
	if (check_setup(h, err, cap) < 0)
		return -1;
	if (h->twice != PHASE_COUNT)
		return snprintf(err, cap, "%s is listed twice", phase_name(h->twice)), -1;
	for (int i = 0; i < PHASE_COUNT; i++)
		if (h->phase[i].listed)
			check_phase(&h->phase[i], (enum phase_id)i);
	return 0;
}

int host_read(struct json_run *h, const char *text, size_t run, char *err, size_t err_cap)
{
	struct jt t;
	int rc;

	if (jt_parse(&t, text, err, err_cap) < 0)
		return -1;
	rc = -1;
	if (!bonnie_doc_is(&t))
		snprintf(err, err_cap, "not a bonnie --json result");
	else if ((rc = json_run_map(&t, run, h)) < 0)
		snprintf(err, err_cap, "out of memory");
	else
		rc = check_doc(h, err, err_cap);
	jt_free(&t);
	return rc;
}

const char *json_run_setup_differs(const struct json_run *a, const struct json_run *b)
{
	static const struct {
		const char *key;
		size_t off;
	} fields[] = {
		{"file_size_bytes", offsetof(struct json_run, file_size)},
		{"chunk_bytes", offsetof(struct json_run, chunk)},
		{"files", offsetof(struct json_run, files)},
		{"phase_mask", offsetof(struct json_run, phase_mask)},
		{"start_at_ns", offsetof(struct json_run, start_at_ns)},
		{"slot_ns", offsetof(struct json_run, slot_ns)},
		{"level_time_ns", offsetof(struct json_run, level_ns)},
		{"clients", offsetof(struct json_run, clients)},
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

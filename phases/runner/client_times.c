/* Each client's timed region per phase; see client_times.h. */
#include "client_times.h"

#include <stdlib.h>
#include <string.h>

int client_times_open(struct client_times *t, uint32_t cap)
{
	memset(t, 0, sizeof *t);
	t->start = calloc((size_t)cap * PHASE_COUNT, sizeof *t->start);
	t->end = calloc((size_t)cap * PHASE_COUNT, sizeof *t->end);
	t->units = calloc((size_t)cap * PHASE_COUNT, sizeof *t->units);
	if (t->start == NULL || t->end == NULL || t->units == NULL) {
		client_times_close(t);
		return -1;
	}
	t->cap = cap;
	return 0;
}

void client_times_close(struct client_times *t)
{
	free(t->start);
	free(t->end);
	free(t->units);
	memset(t, 0, sizeof *t);
}

void client_times_reset(struct client_times *t, uint32_t n)
{
	t->n = n <= t->cap ? n : t->cap;
	memset(t->noted, 0, sizeof t->noted);
}

void client_times_note(struct client_times *t, enum phase_id id, uint32_t i, const struct phase_result *r)
{
	size_t at = (size_t)id * t->cap + i;

	if (i >= t->n)
		return;
	t->noted[id] = true;
	t->start[at] = t->end[at] = t->units[at] = 0;
	if (r == NULL || r->status != PHASE_DONE || phase_result_idle(r))
		return;
	t->units[at] = r->units;
	t->start[at] = r->start_ns;
	t->end[at] = phase_result_work_end(r);
}

bool client_times_get(const struct client_times *t, enum phase_id id, uint32_t i, uint64_t *start, uint64_t *end)
{
	size_t at = (size_t)id * t->cap + i;

	if (t == NULL || i >= t->n || !t->noted[id] || t->start[at] == 0)
		return false;
	*start = t->start[at];
	*end = t->end[at];
	return true;
}

uint64_t client_times_units(const struct client_times *t, enum phase_id id, uint32_t i)
{
	uint64_t a, b;

	return client_times_get(t, id, i, &a, &b) ? t->units[(size_t)id * t->cap + i] : 0;
}

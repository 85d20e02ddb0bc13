/* Each client's timed region and work per phase, for the sweep's overlap
 * and its recomputation from the JSON (clients.starts_ns, clients.ends_ns,
 * clients.units): the
 * merged result keeps only the first and last start and end, and the
 * per-client times stay out of struct phase_result (a client's slot in the
 * shared mapping holds results, so the slot layout stays as it was). */
#ifndef BONNIE_CLIENT_TIMES_H
#define BONNIE_CLIENT_TIMES_H

#include "../interface/results.h"

#include <stdbool.h>
#include <stdint.h>

struct client_times {
	uint32_t cap;      /* clients there is room for */
	uint32_t n;        /* clients of the run recorded */
	bool noted[PHASE_COUNT]; /* this run's clients were noted for the phase */
	uint64_t *start;   /* [phase * cap + client], CLOCK_MONOTONIC ns; 0: no work (idle) or no result */
	uint64_t *end;
	uint64_t *units;   /* what the client did: bytes, operations or files */
};

/* Room for up to cap clients: 0, or -1 (out of memory). The tables are
 * not touched here nor by a reset: the clients are forked after it, and
 * memory of ours that is resident then counts in each client's RSS. */
int client_times_open(struct client_times *t, uint32_t cap);
void client_times_close(struct client_times *t);

/* A new run of n clients: every phase forgotten (the tables are written
 * again as each phase ends). */
void client_times_reset(struct client_times *t, uint32_t n);

/* Client i's result r of phase id (NULL: none); an idle one is kept as 0. */
void client_times_note(struct client_times *t, enum phase_id id, uint32_t i, const struct phase_result *r);

/* Client i's start and end of phase id; false when it has none. */
bool client_times_get(const struct client_times *t, enum phase_id id, uint32_t i, uint64_t *start, uint64_t *end);

/* The units (results.h) client i did in phase id; 0 when none or idle. */
uint64_t client_times_units(const struct client_times *t, enum phase_id id, uint32_t i);

#endif

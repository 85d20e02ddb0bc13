/* The wall clock (CLOCK_REALTIME) that a shared start schedule
 * (--start-at) is read on: the same instant on every host whose clock is
 * synchronised, unlike CLOCK_MONOTONIC (lib/clock.h), which every phase
 * is timed on. */
#ifndef BONNIE_WALLCLOCK_H
#define BONNIE_WALLCLOCK_H

#include <stddef.h>
#include <stdint.h>

/* "2026-12-01 02:57 UTC": now, to the minute (the --share block's date);
 * "unknown date" where the clock cannot be read. */
void wallclock_utc_text(char *buf, size_t len);

/* Nanoseconds since the UNIX epoch on CLOCK_REALTIME. */
uint64_t wallclock_now_ns(void);

/* WHEN as UNIX seconds ("1796220000", a decimal part allowed) or an ISO
 * 8601 UTC time ("2026-12-02T14:00:00Z", seconds and the Z required): 0
 * and *ns, or -1 when it is neither. */
int wallclock_parse(const char *when, uint64_t *ns);

/* What the kernel says of its clock (Linux: adjtimex's STA_UNSYNC and its
 * error estimates); elsewhere unknown. */
enum wallclock_sync { WALLCLOCK_UNKNOWN, WALLCLOCK_SYNCED, WALLCLOCK_UNSYNCED };

struct wallclock_state {
	enum wallclock_sync sync;
	int64_t max_error_us; /* the kernel's bound on the clock's error, -1: unknown */
	int64_t est_error_us; /* its estimate of it, -1: unknown */
};

void wallclock_state(struct wallclock_state *st);

/* "synchronised", "unsynchronised" or "unknown". */
const char *wallclock_sync_name(enum wallclock_sync s);

#endif

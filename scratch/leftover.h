/* Scratch directories left in -d by earlier runs that could not clean up
 * (killed by SIGKILL, a power cut): found, never removed. A live run holds
 * a shared flock(2) on its scratch directory for its whole life (the
 * kernel drops it when the process dies, whatever becomes of its pid), so
 * a directory whose exclusive lock can be taken has no live owner on this
 * host. */
#ifndef BONNIE_LEFTOVER_H
#define BONNIE_LEFTOVER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/* The size estimates stop after this many entries (of all the leftovers'
 * trees together), the search after this many entries of -d: a huge tree
 * or -d costs a bounded time. */
#define LEFTOVER_MAX_ENTRIES 20000
#define LEFTOVER_MAX_LISTED 200000
#define LEFTOVER_MAX_DEPTH 8

/* A run marks its directory just after making it: one changed less than
 * this many seconds ago may be a run starting now, and is not named. */
#define LEFTOVER_MIN_AGE 2

struct leftover {
	char name[16];   /* bonnie.XXXXXX */
	uint64_t bytes;  /* allocated (st_blocks), of what the estimate reached */
	bool partial;    /* the estimate stopped at a bound or an error: at least bytes */
	time_t mtime;    /* its last change */
};

/* Calls fn for each leftover in the directory parentfd: a directory (never
 * a link) named bonnie. and six letters or digits, owned by this user, not
 * (own_dev, own_ino) (this run's own), not changed in the last
 * LEFTOVER_MIN_AGE seconds, whose lock is free (no live run on this host
 * holds it). Returns how many it found. */
int leftover_scan(int parentfd, dev_t own_dev, ino_t own_ino, void (*fn)(void *, const struct leftover *),
                  void *arg);

/* Marks fd, a scratch directory bonnie made or reopened, as in use by this
 * process (and the clients it forks); waits for a scan's brief exclusive
 * lock. A file system without locks goes unmarked. */
void leftover_hold(int fd);

#endif

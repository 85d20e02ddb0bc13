/* How the parent and its clients (-c N) meet: one MAP_SHARED mapping made
 * before the fork (a generation counter, a stop flag and one slot per
 * client) and two pipes that only carry wake-ups.
 *
 * Nothing here can be left broken by a process that dies or is stopped at
 * any point: there is no lock and no condition variable (a process-shared
 * condition variable whose waiter died can never be destroyed), the shared
 * words are lock-free atomics written by one side each, and a pipe forgets
 * a dead reader or writer. Every wait has a timeout, so the parent can keep
 * watching its children and its own signals.
 *
 *   up:   a client writes a byte after it changed its slot; the parent
 *         sleeps in poll() on it. The parent keeps a write end, so the pipe
 *         never reads as closed, even when every client is gone.
 *   down: a release bumps the generation and writes a byte per waiting
 *         client; a client at the barrier sleeps in poll() on it and goes
 *         once the generation moved. The parent closes it to stop: every
 *         waiter sees the end of file, also when the parent dies. */
#ifndef BONNIE_CLIENT_SYNC_H
#define BONNIE_CLIENT_SYNC_H

#include "../interface/phase.h"
#include "../interface/results.h"
#include "../../lib/operr.h"

#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>

enum slot_state { SLOT_IDLE, SLOT_READY, SLOT_DONE, SLOT_GONE };

/* One client's place in the mapping. mark holds the phase and the state in
 * one word, so they are always read together. A result goes into res[b]
 * with b alternating per phase: a client that stops at the next phase's
 * barrier, or fails preparing it, reports that while the parent may still
 * be merging the previous phase, which must stay where it is. */
struct client_slot {
	atomic_uint mark;              /* client_sync_mark: phase and enum slot_state */
	atomic_int done_phase[2];      /* the phase whose result is in res[b], -1 none */
	uint64_t ready_ns;             /* when the client reached the barrier */
	struct op_error setup_error;   /* the client could not set itself up */
	atomic_int own_signal;         /* a signal the parent did not send stopped the client, 0 none */
	struct phase_result res[2];
};

struct client_shared {
	atomic_uint gen; /* bumped to release the clients */
	uint64_t go_ns;  /* the release's common start (CLOCK_MONOTONIC), written before gen moves */
	atomic_int stop; /* set instead: every waiting client stops */
	_Atomic uint64_t wall_ns; /* the running phase's stonewall (phase_stonewall_raise),
	                             0: not raised; cleared by each release */
	atomic_uint gate_in;      /* clients through the running phase's start gate */
	_Atomic uint64_t gate_ns; /* when the last one came through (0: not yet); both cleared
	                             by each release */
	atomic_uint line_in;      /* clients past the running phase's start line
	                             (phase_start_line); cleared by each release */
	struct files_made made[2]; /* what the clients' sequential and random creates made
	                              (phase_ctx.made) */
	struct client_slot slot[];
};

struct client_sync {
	struct client_shared *sh;
	size_t map_len;
	int up[2];   /* clients -> parent */
	int down[2]; /* parent -> clients */
};

/* The mapping for n clients and both pipes: 0, or -1 with e set. */
int client_sync_open(struct client_sync *s, uint32_t n, struct op_error *e);

/* Closes what is still open and unmaps; safe on a failed open. */
void client_sync_close(struct client_sync *s);

/* In a new client: drop the parent's ends (the down pipe must have no
 * writer but the parent, or its end of file would never come). */
void client_sync_in_child(struct client_sync *s);

/* In the parent once every client is forked: drop the clients' read end. */
void client_sync_started(struct client_sync *s);

/* The slot's phase and state; client_sync_mark stores them and wakes the
 * parent (the slot's other fields written before it are then visible). */
void client_sync_read(const struct client_slot *slot, int *phase, int *state);
void client_sync_mark(struct client_sync *s, struct client_slot *slot, int phase, int state);

/* Client side: waits until the generation is no longer gen (0) or until a
 * stop, the end of the down pipe, a new parent or a signal to this process
 * (-1). */
int client_sync_wait(struct client_sync *s, unsigned gen, pid_t parent);

/* Parent side: releases the waiting clients (at most waiters of them),
 * with a common start lead_ns from now: the wake-ups reach the clients one
 * after another, the start does not (client_sync_go). */
void client_sync_release(struct client_sync *s, uint32_t waiters, uint64_t lead_ns);

/* Client side, once released: sleeps until the common start (returns at
 * once when it has passed, or on a stop request) and returns it. */
uint64_t client_sync_go(struct client_sync *s);

/* Client side, after client_sync_go: the start gate of a phase. On a
 * machine with fewer cores than clients, the clients woken at the common
 * start get a CPU one after another, and one that works (a create, a
 * per-char write) holds it for a whole time slice: the last of 100 got
 * its first one about 0.5 s late here (2 cores), so the phase's start was
 * spread by that much and its overlap low. Here each client only says it
 * has come, then gives up the CPU (sched_yield) until all n have: that
 * takes each one a moment, not a slice, and the last one to come writes
 * the time. Every client is then on its way and runnable, so the phase
 * starts for all at that time; which of them the scheduler runs first is
 * the contention the count measures. Returns that time, or 0 on a stop (a
 * stop request, a signal, no parent). */
uint64_t client_sync_gate(struct client_sync *s, uint32_t n, pid_t parent);

/* Parent side: every waiting client stops, now and at later barriers. */
void client_sync_stop(struct client_sync *s);

/* Parent side: sleeps until a client changed its slot, a signal arrives or
 * ms milliseconds passed. */
void client_sync_sleep(struct client_sync *s, int ms);

#endif

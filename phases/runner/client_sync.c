/* The clients' shared mapping and wake-up pipes; see client_sync.h. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "client_sync.h"
#include "../../lib/clock.h"
#include "../../lib/signals.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* Lock-free atomics are address-free, so they work across processes. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the clients' barrier needs lock-free atomic ints");

#define GATE_YIELD_NS 2000000000u /* the start gate yields this long, then naps */
#define CLIENT_POLL_MS 1000 /* a waiting client looks again at its parent and signals */

static unsigned pack(int phase, int state)
{
	return (unsigned)(phase + 1) << 2 | (unsigned)state;
}

void client_sync_read(const struct client_slot *slot, int *phase, int *state)
{
	unsigned m = atomic_load_explicit(&slot->mark, memory_order_acquire);

	*phase = (int)(m >> 2) - 1;
	*state = (int)(m & 3u);
}

/* A pipe whose ends never block and are not inherited by exec. */
static int wake_pipe(int fd[2])
{
	if (pipe(fd) != 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		int fl = fcntl(fd[i], F_GETFL);
		if (fl < 0 || fcntl(fd[i], F_SETFL, fl | O_NONBLOCK) != 0 || fcntl(fd[i], F_SETFD, FD_CLOEXEC) != 0)
			return -1;
	}
	return 0;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

int client_sync_open(struct client_sync *s, uint32_t n, struct op_error *e)
{
	s->up[0] = s->up[1] = s->down[0] = s->down[1] = -1;
	s->map_len = sizeof *s->sh + (size_t)n * sizeof s->sh->slot[0];
	s->sh = mmap(NULL, s->map_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s->sh == MAP_FAILED) {
		s->sh = NULL;
		op_error_set(e, errno, "mmap", "the clients' shared results", -1);
		return -1;
	}
	atomic_init(&s->sh->gen, 0);
	s->sh->made[0].expected = s->sh->made[1].expected = n;
	atomic_init(&s->sh->stop, 0);
	for (uint32_t i = 0; i < n; i++) {
		atomic_init(&s->sh->slot[i].mark, pack(-1, SLOT_IDLE));
		atomic_init(&s->sh->slot[i].done_phase[0], -1);
		atomic_init(&s->sh->slot[i].done_phase[1], -1);
		atomic_init(&s->sh->slot[i].own_signal, 0);
	}
	if (wake_pipe(s->up) != 0 || wake_pipe(s->down) != 0) {
		op_error_set(e, errno, "pipe", "the clients' barrier", -1);
		client_sync_close(s);
		return -1;
	}
	return 0;
}

void client_sync_close(struct client_sync *s)
{
	for (int i = 0; i < 2; i++) {
		close_fd(&s->up[i]);
		close_fd(&s->down[i]);
	}
	if (s->sh != NULL)
		munmap(s->sh, s->map_len);
	s->sh = NULL;
}

void client_sync_in_child(struct client_sync *s)
{
	close_fd(&s->up[0]);
	close_fd(&s->down[1]);
}

void client_sync_started(struct client_sync *s)
{
	close_fd(&s->down[0]);
}

/* A full pipe already holds more wake-ups than anyone waits for. */
static void wake(int fd)
{
	char b = 0;
	ssize_t w = write(fd, &b, 1);

	(void)w;
}

void client_sync_mark(struct client_sync *s, struct client_slot *slot, int phase, int state)
{
	atomic_store_explicit(&slot->mark, pack(phase, state), memory_order_release);
	wake(s->up[1]);
}

/* A byte that another waiter took, or one left from an earlier release
 * (a client that saw the new generation before reading), only makes a
 * waiter look again; after a release each waiter takes at most one byte
 * before it sees the new generation, so the bytes written are enough. */
int client_sync_wait(struct client_sync *s, unsigned gen, pid_t parent)
{
	struct pollfd p = {s->down[0], POLLIN, 0};
	char b;

	for (;;) {
		if (atomic_load(&s->sh->gen) != gen)
			return 0;
		if (atomic_load(&s->sh->stop) || getppid() != parent || signals_stop_level() != STOP_NONE)
			return -1;
		if (poll(&p, 1, CLIENT_POLL_MS) > 0 && read(s->down[0], &b, 1) == 0)
			return atomic_load(&s->sh->gen) != gen ? 0 : -1; /* closed: a stop, or no parent */
	}
}

void client_sync_release(struct client_sync *s, uint32_t waiters, uint64_t lead_ns)
{
	char bytes[256] = {0};

	s->sh->go_ns = clock_now_ns() + lead_ns;
	atomic_store(&s->sh->wall_ns, 0); /* every client is at the barrier: none reads it now */
	atomic_store(&s->sh->gate_in, 0);
	atomic_store(&s->sh->gate_ns, 0);
	atomic_store(&s->sh->line_in, 0);
	atomic_fetch_add(&s->sh->gen, 1u); /* seq_cst: go_ns is visible to whoever sees the new gen */
	while (waiters > 0 && s->down[1] >= 0) {
		ssize_t w = write(s->down[1], bytes, waiters < sizeof bytes ? waiters : sizeof bytes);
		if (w <= 0)
			break; /* full: see client_sync_wait; waiters also look every second */
		waiters -= (uint32_t)w;
	}
}

uint64_t client_sync_go(struct client_sync *s)
{
	uint64_t go = s->sh->go_ns;
	struct timespec ts = {(time_t)(go / 1000000000u), (long)(go % 1000000000u)};

	while (clock_now_ns() < go && signals_stop_level() == STOP_NONE)
		if (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0 && errno != EINTR)
			break;
	return go;
}

/* Yields while the others come; a gate held longer (a client stopped or
 * held) is looked at every millisecond instead, so the waiting clients do
 * not keep the CPU from the one that is late. */
uint64_t client_sync_gate(struct client_sync *s, uint32_t n, pid_t parent)
{
	uint64_t t, since = clock_now_ns();
	struct timespec nap = {0, 1000000};

	if (atomic_fetch_add(&s->sh->gate_in, 1u) + 1u >= n) {
		t = clock_now_ns();
		atomic_store(&s->sh->gate_ns, t);
		return t;
	}
	while ((t = atomic_load(&s->sh->gate_ns)) == 0) {
		if (atomic_load(&s->sh->stop) || signals_stop_level() != STOP_NONE || getppid() != parent)
			return 0;
		if (clock_now_ns() - since < GATE_YIELD_NS)
			sched_yield();
		else
			nanosleep(&nap, NULL);
	}
	return t;
}

void client_sync_stop(struct client_sync *s)
{
	atomic_store(&s->sh->stop, 1);
	close_fd(&s->down[1]);
}

void client_sync_sleep(struct client_sync *s, int ms)
{
	struct pollfd p = {s->up[0], POLLIN, 0};
	char buf[256];

	if (poll(&p, 1, ms) > 0)
		while (read(s->up[0], buf, sizeof buf) > 0)
			;
}

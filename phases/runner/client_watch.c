/* The parent's watch over its clients; see client_watch.h. */
#include "client_watch.h"
#include "../../lib/clock.h"
#include "../../lib/signals.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#define NS_PER_S 1000000000ull

int client_watch_open(struct client_watch *w, uint32_t n, struct client_sync *sync, const struct runner_hooks *hooks)
{
	w->kid = calloc(n, sizeof *w->kid);
	w->started = 0;
	w->sync = sync;
	w->hooks = hooks;
	w->died = w->stopping = w->killed = false;
	w->stop_ns = 0;
	return w->kid == NULL ? -1 : 0;
}

void client_watch_close(struct client_watch *w)
{
	free(w->kid);
	w->kid = NULL;
}

void client_watch_add(struct client_watch *w, pid_t pid)
{
	w->kid[w->started++].pid = pid;
}

static struct child *child_of(struct client_watch *w, pid_t pid)
{
	for (uint32_t i = 0; i < w->started; i++)
		if (w->kid[i].pid == pid)
			return &w->kid[i];
	return NULL;
}

/* A client that ended: one that did not say GONE died, unless our own
 * SIGKILL ended it (then it was asked). */
static void ended(struct client_watch *w, struct child *k, int st)
{
	struct client_slot *slot = &w->sync->sh->slot[k - w->kid];
	int phase, state;

	k->reaped = true;
	k->wstatus = st;
	k->stopped_ns = 0;
	client_sync_read(slot, &phase, &state);
	if (state != SLOT_GONE && !(k->sent_kill && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL))
		w->died = k->died = true;
	client_sync_mark(w->sync, slot, phase, SLOT_GONE);
}

/* Collects what happened to the clients: ended, stopped, continued. */
static void reap(struct client_watch *w)
{
	int st;
	pid_t pid;

	while ((pid = waitpid(-1, &st, WNOHANG | WUNTRACED | WCONTINUED)) > 0) {
		struct child *k = child_of(w, pid);
		if (k == NULL)
			continue;
		if (WIFSTOPPED(st)) {
			k->stopped_ns = clock_now_ns();
			k->told = false;
		} else if (WIFCONTINUED(st)) {
			k->stopped_ns = 0;
		} else {
			ended(w, k, st);
		}
	}
}

/* A client stopped for CLIENT_STOPPED_S is named once per stop: the run
 * waits for it (a stop request to us resumes and ends it). */
static void name_stopped(struct client_watch *w)
{
	uint64_t now = clock_now_ns();

	for (uint32_t i = 0; i < w->started; i++) {
		struct child *k = &w->kid[i];
		if (k->reaped || k->stopped_ns == 0 || k->told || now - k->stopped_ns < CLIENT_STOPPED_S * NS_PER_S)
			continue;
		k->told = true;
		if (w->hooks && w->hooks->client_stopped)
			w->hooks->client_stopped(w->hooks->arg, i, (long)k->pid);
	}
}

static void signal_all(struct client_watch *w, int sig)
{
	for (uint32_t i = 0; i < w->started; i++) {
		if (w->kid[i].reaped)
			continue;
		kill(w->kid[i].pid, sig);
		if (sig == SIGKILL)
			w->kid[i].sent_kill = true;
	}
}

/* Every client stops: those at the barrier at once, those inside a phase
 * at its next stop check (SIGTERM; SIGCONT after it, so that a stopped
 * client resumes and takes it); a second signal to us, or the grace
 * running out, kills them. */
void client_watch_stop(struct client_watch *w)
{
	if (!w->stopping) {
		client_sync_stop(w->sync);
		signal_all(w, SIGTERM);
		signal_all(w, SIGCONT);
		w->stopping = true;
		w->stop_ns = clock_now_ns();
	}
	if (!w->killed && (signals_stop_level() == STOP_NOW || clock_now_ns() - w->stop_ns >= STOP_GRACE_S * NS_PER_S)) {
		signal_all(w, SIGKILL);
		w->killed = true;
	}
}

void client_watch_look(struct client_watch *w)
{
	reap(w);
	name_stopped(w);
	if (w->died || w->stopping || signals_stop_level() != STOP_NONE)
		client_watch_stop(w);
}

void client_watch_finish(struct client_watch *w)
{
	client_sync_stop(w->sync);
	for (;;) {
		uint32_t left = 0;

		client_watch_look(w);
		for (uint32_t i = 0; i < w->started; i++)
			left += !w->kid[i].reaped;
		if (left == 0)
			return;
		client_sync_sleep(w->sync, PARENT_POLL_MS);
	}
}

/* The parent's watch over its clients (-c N): it collects the ones that
 * ended or were stopped, names a client stopped for CLIENT_STOPPED_S
 * seconds, and stops them all when one died or a signal came. Called
 * between the parent's waits (each at most PARENT_POLL_MS), so nothing a
 * client does can keep the parent from seeing its own signals. */
#ifndef BONNIE_CLIENT_WATCH_H
#define BONNIE_CLIENT_WATCH_H

#include "client_sync.h"
#include "runner.h"

#include <stdbool.h>
#include <sys/types.h>

#define PARENT_POLL_MS 50    /* the longest the parent sleeps between looks */
#define CLIENT_STOPPED_S 10  /* a client stopped this long is named once */
#define STOP_GRACE_S 10      /* clients not ended this long after a stop are killed */

struct child {
	pid_t pid;
	bool reaped;
	bool died;           /* ended without finishing, and not by our SIGKILL */
	bool sent_kill;      /* we sent it SIGKILL */
	bool told;           /* this stop of it was reported */
	uint64_t stopped_ns; /* when it was seen stopped, 0 while it runs */
	int wstatus;
};

struct client_watch {
	struct child *kid;   /* one per client, in client order */
	uint32_t started;    /* the first started entries are in use */
	struct client_sync *sync;
	const struct runner_hooks *hooks; /* client_stopped, if set */
	bool died;           /* a client ended without being asked */
	bool stopping;       /* the stop is set and SIGTERM sent */
	bool killed;         /* SIGKILL sent: a second signal, or the grace ran out */
	uint64_t stop_ns;    /* when stopping began */
};

/* Room for n clients: 0, or -1 (out of memory). */
int client_watch_open(struct client_watch *w, uint32_t n, struct client_sync *sync, const struct runner_hooks *hooks);
void client_watch_close(struct client_watch *w);

/* Records the next client started. */
void client_watch_add(struct client_watch *w, pid_t pid);

/* Collects ended and stopped clients (a dead one's slot becomes GONE),
 * names long-stopped ones and, after a death or a signal to us, stops all:
 * the barrier is closed, each client gets SIGTERM and then SIGCONT (a
 * stopped one takes its SIGTERM as it resumes), and SIGKILL on a second
 * signal or STOP_GRACE_S seconds later. */
void client_watch_look(struct client_watch *w);

/* Stops every client now (as after a death), for a phase that cannot go on. */
void client_watch_stop(struct client_watch *w);

/* Waits until every client has ended, watching as above. */
void client_watch_finish(struct client_watch *w);

#endif

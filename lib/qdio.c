/* The engine-neutral part of queue-depth I/O: picking the engine and
 * counting what is in flight. */
#include "qdio.h"

#include <errno.h>
#include <stdlib.h>

struct qdio {
	enum qdio_engine engine;
	unsigned depth, in_flight, max_in_flight;
	void *impl;
	const struct qdio_ops *ops;
};

const char *qdio_engine_name(enum qdio_engine e)
{
	switch (e) {
	case QDIO_URING: return "io_uring";
	case QDIO_THREADS: return "threads";
	case QDIO_SYNC: return "psync";
	case QDIO_AUTO: break;
	}
	return "auto";
}

const char *qdio_engine_call(enum qdio_engine e)
{
	return e == QDIO_URING ? "io_uring_enter" : "queue I/O";
}

int qdio_open_limit(struct qdio **out, int fd, unsigned depth, enum qdio_engine want, struct qdio_limit *lim)
{
	struct qdio *q;
	int rc = -ENOSYS;

	*out = NULL;
	lim->what[0] = lim->which[0] = lim->why[0] = '\0';
	if (depth < 1 || depth > QDIO_MAX_DEPTH)
		return -EINVAL;
	q = calloc(1, sizeof(*q));
	if (q == NULL)
		return -ENOMEM;
	q->depth = depth;
	/* a queue of one is one system call at a time; asked for by name,
	 * io_uring or threads still run it */
	if (want == QDIO_AUTO && depth == 1)
		want = QDIO_SYNC;
	if (want == QDIO_SYNC) {
		rc = qdio_sync_open(&q->impl, fd, depth, &q->ops);
		q->engine = QDIO_SYNC;
	} else {
		if (want != QDIO_THREADS) {
			rc = uring_open(&q->impl, fd, depth, &q->ops, lim);
			q->engine = QDIO_URING;
		}
		if (rc != 0 && want != QDIO_URING && lim->what[0] == '\0') {
			rc = qdio_threads_open(&q->impl, fd, depth, &q->ops, lim);
			q->engine = QDIO_THREADS;
		}
	}
	if (rc != 0) {
		free(q);
		return rc;
	}
	*out = q;
	return 0;
}

int qdio_open(struct qdio **out, int fd, unsigned depth, enum qdio_engine want)
{
	struct qdio_limit lim;

	return qdio_open_limit(out, fd, depth, want, &lim);
}

enum qdio_engine qdio_engine_probe(enum qdio_engine want)
{
	struct qdio *q;
	enum qdio_engine e;

	/* depth 2: under auto, depth 1 is always psync */
	if (qdio_open(&q, -1, 2, want) != 0)
		return QDIO_AUTO;
	e = q->engine;
	qdio_close(q);
	return e;
}

enum qdio_engine qdio_engine_of(const struct qdio *q)
{
	return q->engine;
}

int qdio_submit(struct qdio *q, const struct qdio_req *req)
{
	int rc;

	if (q->in_flight >= q->depth)
		return -EBUSY;
	rc = q->ops->submit(q->impl, req);
	if (rc != 0)
		return rc;
	if (++q->in_flight > q->max_in_flight)
		q->max_in_flight = q->in_flight;
	return 0;
}

int qdio_wait(struct qdio *q, struct qdio_done *done)
{
	int rc;

	if (q->in_flight == 0)
		return -EINVAL;
	rc = q->ops->wait(q->impl, done);
	if (rc == 0)
		q->in_flight--;
	return rc;
}

unsigned qdio_in_flight(const struct qdio *q)
{
	return q->in_flight;
}

unsigned qdio_max_in_flight(const struct qdio *q)
{
	return q->max_in_flight;
}

void qdio_close(struct qdio *q)
{
	struct qdio_done d;

	if (q == NULL)
		return;
	while (q->in_flight > 0 && qdio_wait(q, &d) == 0)
		;
	q->ops->close(q->impl);
	free(q);
}

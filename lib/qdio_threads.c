/* The portable queue-depth engine: depth worker threads, each taking one
 * request at a time from a queue and doing pread or pwrite, so that depth
 * requests are in the kernel at once, as io_uring keeps them from one
 * thread. Two FIFOs of depth slots under one mutex: the pending requests
 * and the completions. */
#include "qdio.h"
#include "limit_reason.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct fifo {
	unsigned head, count;
};

struct qthreads {
	int fd;
	unsigned depth, started;
	bool stopping;
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	struct fifo pend, comp;
	struct qdio_req *reqs;
	struct qdio_done *dones;
	pthread_t *threads;
};

static unsigned fifo_push(struct fifo *f, unsigned size)
{
	return (f->head + f->count++) % size;
}

static unsigned fifo_pop(struct fifo *f, unsigned size)
{
	unsigned i = f->head;

	f->head = (f->head + 1) % size;
	f->count--;
	return i;
}

static void *worker(void *arg)
{
	struct qthreads *t = arg;

	pthread_mutex_lock(&t->lock);
	for (;;) {
		struct qdio_req r;
		int64_t res;
		unsigned i;

		while (t->pend.count == 0 && !t->stopping)
			pthread_cond_wait(&t->work, &t->lock);
		if (t->pend.count == 0)
			break;
		r = t->reqs[fifo_pop(&t->pend, t->depth)];
		pthread_mutex_unlock(&t->lock);
		res = qdio_do_io(t->fd, &r);
		pthread_mutex_lock(&t->lock);
		i = fifo_push(&t->comp, t->depth);
		t->dones[i].tag = r.tag;
		t->dones[i].res = res;
		pthread_cond_signal(&t->done);
	}
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

static int threads_submit(void *impl, const struct qdio_req *req)
{
	struct qthreads *t = impl;

	pthread_mutex_lock(&t->lock);
	t->reqs[fifo_push(&t->pend, t->depth)] = *req;
	pthread_cond_signal(&t->work);
	pthread_mutex_unlock(&t->lock);
	return 0;
}

static int threads_wait(void *impl, struct qdio_done *done)
{
	struct qthreads *t = impl;

	pthread_mutex_lock(&t->lock);
	while (t->comp.count == 0)
		pthread_cond_wait(&t->done, &t->lock);
	*done = t->dones[fifo_pop(&t->comp, t->depth)];
	pthread_mutex_unlock(&t->lock);
	return 0;
}

static void threads_close(void *impl)
{
	struct qthreads *t = impl;

	pthread_mutex_lock(&t->lock);
	t->stopping = true;
	pthread_cond_broadcast(&t->work);
	pthread_mutex_unlock(&t->lock);
	for (unsigned i = 0; i < t->started; i++)
		pthread_join(t->threads[i], NULL);
	pthread_cond_destroy(&t->work);
	pthread_cond_destroy(&t->done);
	pthread_mutex_destroy(&t->lock);
	free(t->threads);
	free(t->reqs);
	free(t->dones);
	free(t);
}

static const struct qdio_ops threads_ops = { threads_submit, threads_wait, threads_close };

/* A worker that could not start: the limit line, as for seek threads. The
 * workers started wait for requests until threads_close, so the user's
 * tasks counted now still hold them all: no count beforehand (seek
 * threads need one, theirs end when done). */
static void limit_of(struct qdio_limit *lim, int err, unsigned started, unsigned depth)
{
	snprintf(lim->what, sizeof lim->what, "start queue-depth thread");
	snprintf(lim->which, sizeof lim->which, "%u of %u", started + 1, depth);
	thread_limit_why(err, lim->why, sizeof lim->why);
}

int qdio_threads_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops, struct qdio_limit *lim)
{
	struct qthreads *t = calloc(1, sizeof(*t));
	int rc = 0;

	if (t == NULL)
		return -ENOMEM;
	t->fd = fd;
	t->depth = depth;
	pthread_mutex_init(&t->lock, NULL);
	pthread_cond_init(&t->work, NULL);
	pthread_cond_init(&t->done, NULL);
	t->reqs = calloc(depth, sizeof(*t->reqs));
	t->dones = calloc(depth, sizeof(*t->dones));
	t->threads = calloc(depth, sizeof(*t->threads));
	if (t->reqs == NULL || t->dones == NULL || t->threads == NULL)
		rc = -ENOMEM;
	while (rc == 0 && t->started < depth) {
		rc = -pthread_create(&t->threads[t->started], NULL, worker, t);
		if (rc == 0)
			t->started++;
		else
			limit_of(lim, -rc, t->started, depth);
	}
	if (rc != 0) {
		threads_close(t);
		return rc;
	}
	*impl = t;
	*ops = &threads_ops;
	return 0;
}

/* The depth-1 engine: each request is a pread or pwrite done at submission,
 * its result held for the wait. A queue of one has nothing to keep in
 * flight, and the plain system call is the cheapest way to do one I/O at a
 * time: on a RAM-backed loop device (docs/qd.md) io_uring at depth 1 cost
 * 1.08 of fio's psync CPU per I/O for bonnie and 1.16-1.27 for fio's own
 * io_uring engine. Also the transfer that the threads engine's workers do. */
#include "qdio.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

int64_t qdio_do_io(int fd, const struct qdio_req *r)
{
	size_t done = 0;

	while (done < r->len) {
		char *p = (char *)r->buf + done;
		ssize_t n = r->write ? pwrite(fd, p, r->len - done, (off_t)(r->off + done))
		                     : pread(fd, p, r->len - done, (off_t)(r->off + done));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		done += (size_t)n;
	}
	return (int64_t)done;
}

struct qsync {
	int fd;
	struct qdio_done held;
};

static int sync_submit(void *impl, const struct qdio_req *req)
{
	struct qsync *s = impl;

	s->held.tag = req->tag;
	s->held.res = qdio_do_io(s->fd, req);
	return 0;
}

static int sync_wait(void *impl, struct qdio_done *done)
{
	*done = ((struct qsync *)impl)->held;
	return 0;
}

static void sync_close(void *impl)
{
	free(impl);
}

static const struct qdio_ops sync_ops = { sync_submit, sync_wait, sync_close };

int qdio_sync_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops)
{
	struct qsync *s;

	if (depth != 1)
		return -EINVAL;
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return -ENOMEM;
	s->fd = fd;
	*impl = s;
	*ops = &sync_ops;
	return 0;
}

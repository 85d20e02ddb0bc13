/* io_uring by its system calls (io_uring_setup, io_uring_enter and mmap of
 * the rings), libc only: the kernel's ABI from <linux/io_uring.h>, no
 * liburing. Built only where that header and the system call numbers
 * exist; elsewhere uring_open says ENOSYS and qdio.c uses threads.
 *
 * Each submission is handed to the kernel at once (one io_uring_enter
 * that does not wait), as fio does by default (iodepth_batch_submit=1):
 * held back until the next wait, the refills of a burst of completions
 * left the device below the depth meanwhile, and RND4K Q32T1 read ran at
 * 0.85 of fio's IOPS (docs/qd.md). The ring is set up for one issuer
 * whose completions wait for its next enter (DEFER_TASKRUN, 6.1+), or at
 * least run cooperatively (COOP_TASKRUN, 5.19+), so a completion does
 * not interrupt the submitting thread; older kernels get neither. */
#define _DEFAULT_SOURCE /* syscall */
#include "qdio.h"

#include <errno.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/io_uring.h>)
#include <sys/syscall.h>
#if defined(__NR_io_uring_setup) && defined(__NR_io_uring_enter)
#define HAVE_URING 1
#endif
#endif
#endif

#ifdef HAVE_URING
#include "limit_reason.h"

#include <linux/io_uring.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

struct uring {
	int ring_fd, fd;
	unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
	unsigned *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	void *sq_map, *cq_map;
	size_t sq_len, cq_len, sqes_len;
	unsigned to_submit;   /* queued in the SQ ring, not yet entered */
	struct iovec *iov;    /* one per tag slot: the kernel reads it at submission */
	unsigned depth;
	bool plain_rw;        /* IORING_OP_READ/WRITE (5.6+): no iovec for the kernel to import */
};

static unsigned load_acquire(const unsigned *p)
{
	return atomic_load_explicit((const _Atomic unsigned *)p, memory_order_acquire);
}

static void store_release(unsigned *p, unsigned v)
{
	atomic_store_explicit((_Atomic unsigned *)p, v, memory_order_release);
}

static int uring_enter(struct uring *u, unsigned submit, unsigned wait)
{
	long rc = syscall(__NR_io_uring_enter, u->ring_fd, submit, wait, wait ? IORING_ENTER_GETEVENTS : 0,
	                  NULL, 0);

	return rc < 0 ? -errno : (int)rc;
}

/* Hands what is queued to the kernel without waiting. A busy kernel
 * (EAGAIN, EBUSY) or a signal leaves it queued for the next enter. */
static int uring_flush(struct uring *u)
{
	int rc = uring_enter(u, u->to_submit, 0);

	if (rc > 0)
		u->to_submit -= (unsigned)rc < u->to_submit ? (unsigned)rc : u->to_submit;
	return rc >= 0 || rc == -EINTR || rc == -EAGAIN || rc == -EBUSY ? 0 : rc;
}

static int uring_submit(void *impl, const struct qdio_req *req)
{
	struct uring *u = impl;
	unsigned tail = *u->sq_tail, idx = tail & *u->sq_mask;
	struct io_uring_sqe *sqe = &u->sqes[idx];
	struct iovec *iov = &u->iov[idx];
	int rc;

	memset(sqe, 0, sizeof(*sqe));
	sqe->fd = u->fd;
	sqe->off = req->off;
	if (u->plain_rw) {
		/* the buffer itself, as fio does where the kernel has these */
		sqe->opcode = req->write ? IORING_OP_WRITE : IORING_OP_READ;
		sqe->addr = (uint64_t)(uintptr_t)req->buf;
		sqe->len = (uint32_t)req->len;
	} else {
		iov->iov_base = req->buf;
		iov->iov_len = req->len;
		sqe->opcode = req->write ? IORING_OP_WRITEV : IORING_OP_READV;
		sqe->addr = (uint64_t)(uintptr_t)iov;
		sqe->len = 1;
	}
	sqe->user_data = req->tag;
	u->sq_array[idx] = idx;
	store_release(u->sq_tail, tail + 1);
	u->to_submit++;
	/* At depth 1 the caller's next step is the wait for this one request:
	 * its enter hands it over and waits in one system call, as a pread
	 * would (entered apart, RND4K Q1T1 read cost 1.05 of fio's psync CPU
	 * per I/O). Deeper queues enter each at once (see the top). */
	if (u->depth == 1)
		return 0;
	rc = uring_flush(u);
	if (rc != 0) {
		/* refused (an enter that fails took none): take it back, so the
		 * next enter does not hand over a request the caller counts failed */
		store_release(u->sq_tail, tail);
		u->to_submit--;
	}
	return rc;
}

/* One completion off the CQ ring, if there is one. */
static bool uring_reap(struct uring *u, struct qdio_done *done)
{
	unsigned head = *u->cq_head;
	const struct io_uring_cqe *cqe;

	if (head == load_acquire(u->cq_tail))
		return false;
	cqe = &u->cqes[head & *u->cq_mask];
	done->tag = (uint32_t)cqe->user_data;
	done->res = cqe->res;
	store_release(u->cq_head, head + 1);
	return true;
}

static int uring_wait(void *impl, struct qdio_done *done)
{
	struct uring *u = impl;

	for (;;) {
		int rc;

		/* completions already there first: the submissions queued meanwhile
		 * then go to the kernel together, in the one enter that waits */
		if (uring_reap(u, done))
			return 0;
		rc = uring_enter(u, u->to_submit, 1);
		if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY)
			return rc;
		if (rc > 0)
			u->to_submit -= (unsigned)rc < u->to_submit ? (unsigned)rc : u->to_submit;
		if (uring_reap(u, done))
			return 0;
	}
}

static void uring_close(void *impl)
{
	struct uring *u = impl;

	if (u->sqes != NULL && u->sqes != MAP_FAILED)
		munmap(u->sqes, u->sqes_len);
	if (u->cq_map != NULL && u->cq_map != MAP_FAILED && u->cq_map != u->sq_map)
		munmap(u->cq_map, u->cq_len);
	if (u->sq_map != NULL && u->sq_map != MAP_FAILED)
		munmap(u->sq_map, u->sq_len);
	if (u->ring_fd >= 0)
		close(u->ring_fd);
	free(u->iov);
	free(u);
}

static const struct qdio_ops uring_ops = { uring_submit, uring_wait, uring_close };

static int uring_map(struct uring *u, const struct io_uring_params *p)
{
	char *sq, *cq;

	u->sq_len = p->sq_off.array + p->sq_entries * sizeof(unsigned);
	u->cq_len = p->cq_off.cqes + p->cq_entries * sizeof(struct io_uring_cqe);
	if (p->features & IORING_FEAT_SINGLE_MMAP)
		u->sq_len = u->cq_len = u->sq_len > u->cq_len ? u->sq_len : u->cq_len;
	u->sq_map = mmap(NULL, u->sq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, u->ring_fd,
	                 IORING_OFF_SQ_RING);
	if (u->sq_map == MAP_FAILED)
		return -errno;
	u->cq_map = (p->features & IORING_FEAT_SINGLE_MMAP)
	                    ? u->sq_map
	                    : mmap(NULL, u->cq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, u->ring_fd,
	                           IORING_OFF_CQ_RING);
	if (u->cq_map == MAP_FAILED)
		return -errno;
	u->sqes_len = p->sq_entries * sizeof(struct io_uring_sqe);
	u->sqes = mmap(NULL, u->sqes_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, u->ring_fd,
	               IORING_OFF_SQES);
	if (u->sqes == MAP_FAILED)
		return -errno;
	sq = u->sq_map;
	cq = u->cq_map;
	u->sq_head = (unsigned *)(void *)(sq + p->sq_off.head);
	u->sq_tail = (unsigned *)(void *)(sq + p->sq_off.tail);
	u->sq_mask = (unsigned *)(void *)(sq + p->sq_off.ring_mask);
	u->sq_array = (unsigned *)(void *)(sq + p->sq_off.array);
	u->cq_head = (unsigned *)(void *)(cq + p->cq_off.head);
	u->cq_tail = (unsigned *)(void *)(cq + p->cq_off.tail);
	u->cq_mask = (unsigned *)(void *)(cq + p->cq_off.ring_mask);
	u->cqes = (struct io_uring_cqe *)(void *)(cq + p->cq_off.cqes);
	return 0;
}

/* The setup flags to try, best first: a kernel that does not know one
 * refuses it with EINVAL, and the next is tried. */
static const unsigned setup_flags[] = {
#if defined(IORING_SETUP_DEFER_TASKRUN) && defined(IORING_SETUP_SINGLE_ISSUER)
	IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
#endif
#ifdef IORING_SETUP_COOP_TASKRUN
	IORING_SETUP_COOP_TASKRUN,
#endif
	0,
};

static int uring_setup(unsigned depth, struct io_uring_params *p)
{
	int fd = -1;

	for (size_t i = 0; i < sizeof setup_flags / sizeof setup_flags[0]; i++) {
		memset(p, 0, sizeof(*p));
		p->flags = setup_flags[i];
		fd = (int)syscall(__NR_io_uring_setup, depth, p);
		if (fd >= 0 || errno != EINVAL)
			break;
	}
	return fd;
}

/* io_uring hands a request it cannot start at once (an O_DIRECT write
 * that ext4 must allocate for, say) to kernel worker threads of this
 * process (io-wq). They count against the user's RLIMIT_NPROC as any
 * thread does, and when none can start the kernel cancels the request:
 * ECANCELED, mid-phase. One no-op sent to a worker (IOSQE_ASYNC) at setup
 * finds that out before anything is timed; the worker it starts stays
 * for the rings to come (io-wq keeps its last one). A kernel without
 * IOSQE_ASYNC (before 5.6) fails the no-op otherwise: not a limit. */
static int uring_probe_worker(struct uring *u, struct qdio_limit *lim)
{
#ifdef IOSQE_ASYNC
	unsigned tail = *u->sq_tail, idx = tail & *u->sq_mask;
	struct io_uring_sqe *sqe = &u->sqes[idx];
	struct qdio_done d;
	int rc;

	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_NOP;
	sqe->flags = IOSQE_ASYNC;
	sqe->fd = -1;
	u->sq_array[idx] = idx;
	store_release(u->sq_tail, tail + 1);
	u->to_submit++;
	rc = uring_wait(u, &d);
	if (rc != 0 || d.res != -ECANCELED)
		return rc;
	snprintf(lim->what, sizeof lim->what, "start io_uring's worker thread");
	snprintf(lim->which, sizeof lim->which, "(io-wq)");
	proc_limit_why(EAGAIN, lim->why, sizeof lim->why);
	return -EAGAIN;
#else
	(void)u;
	(void)lim;
	return 0;
#endif
}

/* A ring of depth entries for fd, mapped; *out is NULL on an error. */
static int uring_ring(struct uring **out, int fd, unsigned depth)
{
	struct io_uring_params p;
	struct uring *u = calloc(1, sizeof(*u));
	int rc;

	*out = NULL;
	if (u == NULL)
		return -ENOMEM;
	u->fd = fd;
	u->depth = depth;
	u->ring_fd = uring_setup(depth, &p);
	if (u->ring_fd < 0) {
		rc = -errno;
		free(u);
		return rc;
	}
	/* IORING_FEAT_RW_CUR_POS came with IORING_OP_READ and _WRITE (5.6) */
#ifdef IORING_FEAT_RW_CUR_POS
	u->plain_rw = (p.features & IORING_FEAT_RW_CUR_POS) != 0;
#endif
	u->iov = calloc(p.sq_entries, sizeof(*u->iov));
	rc = u->iov == NULL ? -ENOMEM : uring_map(u, &p);
	if (rc != 0) {
		uring_close(u);
		return rc;
	}
	*out = u;
	return 0;
}

int uring_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops, struct qdio_limit *lim)
{
	struct uring *u;
	int rc = uring_ring(&u, fd, depth);

	if (rc == 0)
		rc = uring_probe_worker(u, lim);
	/* The probe's own io_uring_enter refused (a seccomp policy, say): not
	 * a limit, and io_uring is there. A fresh ring, with no no-op left
	 * queued in it: its first submit fails the row with io_uring_enter's
	 * error (exit 3), which says what happened. */
	if (rc != 0 && u != NULL && lim->what[0] == '\0') {
		uring_close(u);
		rc = uring_ring(&u, fd, depth);
	}
	if (rc != 0) {
		if (u != NULL)
			uring_close(u);
		return rc;
	}
	*impl = u;
	*ops = &uring_ops;
	return 0;
}

#else

int uring_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops, struct qdio_limit *lim)
{
	(void)impl;
	(void)fd;
	(void)depth;
	(void)ops;
	(void)lim;
	return -ENOSYS;
}

#endif

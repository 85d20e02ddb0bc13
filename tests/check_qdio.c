/* qdio: the queue-depth engines (io_uring where the kernel allows it, the
 * threads fallback everywhere) on a temporary file: N writes then N reads
 * at depth D all complete, move the right bytes, read back what was
 * written, and the depth is honoured (never more in flight than asked,
 * and at depth D with more than D requests, D at once). Bad depths are
 * refused. Nothing is timed. */
#include "suites.h"
#include "../lib/qdio.h"
#include "../phases/qd.h"
#include "../phases/loop/io_common.h"
#include "../lib/platform.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLK 4096u
#define NBLK 64u

static int temp_file(char *path, size_t cap)
{
	const char *tmp = getenv("TMPDIR");
	int fd;

	snprintf(path, cap, "%s/check_qdio.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	return fd;
}

static void fill(unsigned char *b, uint32_t blk)
{
	for (unsigned i = 0; i < BLK; i++)
		b[i] = (unsigned char)(blk * 31u + i * 7u + (i >> 8));
}

/* Runs all NBLK blocks through q at its depth, in the order of perm,
 * keeping the queue full; returns when all completed. */
static void pump(struct qdio *q, unsigned char *bufs, const uint32_t *perm, bool write, unsigned depth)
{
	unsigned next = 0, done_n = 0;
	struct qdio_done d;

	while (done_n < NBLK) {
		while (next < NBLK && qdio_in_flight(q) < depth) {
			uint32_t b = perm[next++];
			struct qdio_req r = {bufs + (size_t)b * BLK, BLK, (uint64_t)b * BLK, write, b};

			ck_assert_int_eq(qdio_submit(q, &r), 0);
		}
		ck_assert_int_le(qdio_in_flight(q), depth);
		ck_assert_int_eq(qdio_wait(q, &d), 0);
		ck_assert_int_eq(d.res, BLK);
		ck_assert_uint_lt(d.tag, NBLK);
		done_n++;
	}
}

static void round_trip(enum qdio_engine want, unsigned depth)
{
	char path[4096];
	int fd = temp_file(path, sizeof path);
	unsigned char *out = malloc((size_t)NBLK * BLK), *in = calloc(NBLK, BLK);
	uint32_t perm[NBLK];
	struct qdio *q;
	int rc;

	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(in);
	for (uint32_t i = 0; i < NBLK; i++) {
		fill(out + (size_t)i * BLK, i);
		perm[i] = (i * 37u) % NBLK; /* 37 is prime to 64: every block once, out of order */
	}
	rc = qdio_open(&q, fd, depth, want);
#ifndef __linux__
	if (want == QDIO_URING) { /* io_uring is Linux's: elsewhere it is refused as missing */
		ck_assert_int_eq(rc, -ENOSYS);
	} else
#endif
	{
		/* On Linux the round trip must run: a kernel or seccomp policy
		 * without io_uring fails here, rather than passing on its error
		 * code alone (tests/qd.sh tests the refusals themselves). */
		ck_assert_msg(rc == 0, "qdio_open(%s, depth %u): %s", qdio_engine_name(want), depth, strerror(-rc));
		ck_assert(qdio_engine_of(q) != QDIO_AUTO);
		if (want != QDIO_AUTO)
			ck_assert_int_eq(qdio_engine_of(q), want);
		pump(q, out, perm, true, depth);
		pump(q, in, perm, false, depth);
		ck_assert_int_eq(qdio_in_flight(q), 0);
		ck_assert_int_eq(qdio_max_in_flight(q), depth);
		qdio_close(q);
		ck_assert_int_eq(memcmp(in, out, (size_t)NBLK * BLK), 0);
		ck_assert_int_eq(lseek(fd, 0, SEEK_END), (off_t)NBLK * BLK);
	}
	close(fd);
	unlink(path);
	free(out);
	free(in);
}

START_TEST(threads_depths)
{
	round_trip(QDIO_THREADS, 1);
	round_trip(QDIO_THREADS, 8);
	round_trip(QDIO_THREADS, 32);
}
END_TEST

START_TEST(uring_depths)
{
	round_trip(QDIO_URING, 1);
	round_trip(QDIO_URING, 8);
	round_trip(QDIO_URING, 32);
}
END_TEST

START_TEST(auto_engine)
{
	round_trip(QDIO_AUTO, 32);
}
END_TEST

/* A queue of one under auto is pread/pwrite: every block written and read
 * back in the permuted order, one in flight; psync refuses any deeper
 * queue; the probe (what the plan names) is the deeper rows' engine. */
START_TEST(depth_one_is_psync)
{
	struct qdio *q;

	round_trip(QDIO_SYNC, 1);
	round_trip(QDIO_AUTO, 1);
	ck_assert_int_eq(qdio_open(&q, -1, 1, QDIO_AUTO), 0);
	ck_assert_int_eq(qdio_engine_of(q), QDIO_SYNC);
	qdio_close(q);
	ck_assert_int_eq(qdio_open(&q, -1, 2, QDIO_SYNC), -EINVAL);
	ck_assert_int_ne(qdio_engine_probe(QDIO_AUTO), QDIO_SYNC);
	ck_assert_str_eq(qdio_engine_name(QDIO_SYNC), "psync");
}
END_TEST

START_TEST(bad_depth_refused)
{
	struct qdio *q = (struct qdio *)1;

	ck_assert_int_eq(qdio_open(&q, 0, 0, QDIO_THREADS), -EINVAL);
	ck_assert_ptr_null(q);
	ck_assert_int_eq(qdio_open(&q, 0, QDIO_MAX_DEPTH + 1, QDIO_AUTO), -EINVAL);
	ck_assert_str_eq(qdio_engine_name(QDIO_URING), "io_uring");
	ck_assert_str_eq(qdio_engine_name(QDIO_THREADS), "threads");
}
END_TEST

START_TEST(full_queue_and_errors)
{
	char path[4096];
	int fd = temp_file(path, sizeof path);
	static unsigned char buf[BLK];
	struct qdio_req r = {buf, BLK, 0, false, 7};
	struct qdio_done d;
	struct qdio *q;

	ck_assert_int_eq(qdio_open(&q, fd, 1, QDIO_THREADS), 0);
	ck_assert_int_eq(qdio_wait(q, &d), -EINVAL); /* nothing in flight */
	ck_assert_int_eq(qdio_submit(q, &r), 0);
	ck_assert_int_eq(qdio_submit(q, &r), -EBUSY);
	ck_assert_int_eq(qdio_wait(q, &d), 0);
	ck_assert_uint_eq(d.tag, 7);
	ck_assert_int_eq(d.res, 0); /* an empty file: end of file at once */
	qdio_close(q);
	close(fd);
	/* no descriptor (-1, which no later open can reuse): the error comes
	 * back as the completion's */
	ck_assert_int_eq(qdio_open(&q, -1, 2, QDIO_AUTO), 0);
	ck_assert_int_eq(qdio_submit(q, &r), 0);
	ck_assert_int_eq(qdio_wait(q, &d), 0);
	ck_assert_int_eq(d.res, -EBADF);
	qdio_close(q);
	unlink(path);
}
END_TEST

/* A timed profile phase goes round its file: the sequential offsets wrap
 * at the file's end, and the phase goes on past one pass until its
 * deadline; without one (--qd-time 0) it is one pass exactly. */
START_TEST(timed_phase_goes_round_the_file)
{
	struct qd_shape seq = qd_shape_of(PHASE_SEQ1M_Q8T1_READ);
	uint64_t blocks = 3;

	ck_assert_uint_eq(qd_seq_offset(seq, blocks, 0), 0);
	ck_assert_uint_eq(qd_seq_offset(seq, blocks, 2), 2 * (uint64_t)QD_SEQ_BLOCK);
	ck_assert_uint_eq(qd_seq_offset(seq, blocks, 3), 0);
	ck_assert_uint_eq(qd_seq_offset(seq, blocks, 7), (uint64_t)QD_SEQ_BLOCK);
	/* timed: past a pass while before the deadline, not after it */
	ck_assert(qd_goes_on(1000, 999, 10 * blocks, blocks, 8));
	ck_assert(!qd_goes_on(1000, 1000, 8, blocks, 8));
	/* however late, the first queue goes out whole: no row of 0 operations */
	ck_assert(qd_goes_on(1000, 5000, 0, blocks, 1));
	ck_assert(qd_goes_on(1000, 5000, 31, blocks, 32));
	ck_assert(!qd_goes_on(1000, 5000, 32, blocks, 32));
	/* untimed: one pass */
	ck_assert(qd_goes_on(0, 5000, blocks - 1, blocks, 8));
	ck_assert(!qd_goes_on(0, 0, blocks, blocks, 8));
}
END_TEST

/* The VmFlags line of the mapping in /proc/self/smaps that holds p; empty
 * where there is no such file (not Linux). */
static void vm_flags_of(const void *p, char *out, size_t cap)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	bool inside = false;

	out[0] = '\0';
	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		unsigned long lo, hi;

		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2)
			inside = (uintptr_t)p >= lo && (uintptr_t)p < hi;
		else if (inside && strncmp(line, "VmFlags:", 8) == 0)
			snprintf(out, cap, "%s", line + 8);
	}
	if (f != NULL)
		fclose(f);
}

/* A 1 MiB O_DIRECT buffer in scattered 4 KiB pages is more segments than a
 * virtio disk takes, and every request is split (docs/qd.md): buffers of
 * a huge page or more start on a huge-page boundary and, on Linux, carry
 * the advice for huge pages ("hg" in the mapping's VmFlags). */
START_TEST(large_buffers_ask_for_huge_pages)
{
	struct config cfg;
	struct phase_ctx ctx;
	struct phase_result res;
	char flags[512];
	unsigned char *big, *small;

	memset(&cfg, 0, sizeof cfg);
	memset(&ctx, 0, sizeof ctx);
	memset(&res, 0, sizeof res);
	ctx.cfg = &cfg;
	ctx.mem_align = 512;
	big = data_buffer(&ctx, &res, 8u << 20);
	small = data_buffer(&ctx, &res, 4096);
	ck_assert_ptr_nonnull(big);
	ck_assert_ptr_nonnull(small);
	ck_assert_uint_eq((uintptr_t)big % PLAT_HUGE_PAGE, 0);
	ck_assert_uint_eq((uintptr_t)small % 512, 0);
#if defined(__linux__)
	vm_flags_of(big + (4u << 20), flags, sizeof flags);
	ck_assert_msg(strstr(flags, " hg") != NULL, "VmFlags of the 8 MiB buffer:%s", flags);
#else
	(void)flags;
#endif
	free(big);
	free(small);
}
END_TEST

Suite *suite_qdio(void)
{
	Suite *s = suite_create("qdio");
	TCase *tc = tcase_create("qdio");

	tcase_add_test(tc, threads_depths);
	tcase_add_test(tc, uring_depths);
	tcase_add_test(tc, auto_engine);
	tcase_add_test(tc, depth_one_is_psync);
	tcase_add_test(tc, bad_depth_refused);
	tcase_add_test(tc, full_queue_and_errors);
	tcase_add_test(tc, timed_phase_goes_round_the_file);
	tcase_add_test(tc, large_buffers_ask_for_huge_pages);
	suite_add_tcase(s, tc);
	return s;
}

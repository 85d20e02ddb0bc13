/* The per-char calibration; see perchar_auto.h. */
#include "perchar_auto.h"
#include "../../lib/clock.h"
#include "../../lib/fileio.h"
#include "../interface/phase_list.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The fastest slice of at least PERCHAR_SLICE_NS: other jobs taking the
 * CPU for part of a 0.15 s calibration would otherwise size the phases to
 * a fraction of what they do (seen at a load average of 13 on 2 cores). */
#define PERCHAR_SLICE_NS 30000000ull

struct slices {
	uint64_t t0, n0;          /* where the current slice began */
	uint64_t best_calls, best_ns;
};

static void slice_note(struct slices *s, uint64_t n, uint64_t now)
{
	uint64_t calls = n - s->n0, ns = now - s->t0;

	if (ns < PERCHAR_SLICE_NS)
		return;
	/* calls / ns > best_calls / best_ns, without division */
	if (s->best_ns == 0 || (double)calls * (double)s->best_ns > (double)s->best_calls * (double)ns) {
		s->best_calls = calls;
		s->best_ns = ns;
	}
	s->t0 = now;
	s->n0 = n;
}

/* One byte a call until PERCHAR_CAL_NS passed or the file ends (read);
 * *calls in *ns is the fastest slice, or the whole pass when it was too
 * short for one: the calls alone, not the close, which on a share is a
 * round trip that would make a read of the few hundred bytes written
 * there look as slow as the writes (it read at 161 KiB/s through sshfs,
 * where writes ran at 2 KiB/s). */
static int one_byte_calls(int fd, bool writing, uint64_t *calls, uint64_t *ns)
{
	uint64_t t0 = clock_now_ns(), n = 0, now = t0;
	struct slices sl = {t0, 0, 0, 0};
	unsigned char c = 'b';

	for (;;) {
		ssize_t r = writing ? write(fd, &c, 1) : read(fd, &c, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		n++;
		if ((n & 63) == 0) {
			now = clock_now_ns();
			slice_note(&sl, n, now);
			if (now - t0 >= PERCHAR_CAL_NS)
				break;
		}
	}
	*calls = sl.best_ns ? sl.best_calls : n;
	*ns = sl.best_ns ? sl.best_ns : clock_now_ns() - t0 + 1;
	return 0;
}

/* Where one-byte writes are round trips (a share), the write pass leaves a
 * few hundred bytes: too few to time reads by, whose first call fetches
 * the file and the rest come from the cache. The file is made
 * PERCHAR_READ_CAL_BYTES longer, in one untimed write through the same
 * descriptor (smbnetfs fails a file opened again for writing with EIO). */
static int pad_for_reading(int fd)
{
	unsigned char *pad = calloc(1, PERCHAR_READ_CAL_BYTES);
	int rc, err;

	if (pad == NULL)
		return -1;
	rc = io_write_all(fd, pad, PERCHAR_READ_CAL_BYTES);
	err = errno;
	free(pad);
	errno = err;
	return rc;
}

static int cal_pass(int scratch_fd, bool writing, uint64_t *calls, uint64_t *ns)
{
	int flags = writing ? O_WRONLY | O_CREAT | O_EXCL : O_RDONLY;
	int fd = openat(scratch_fd, PERCHAR_CAL_FILE, flags | O_NOFOLLOW | O_CLOEXEC, 0600);
	int rc, err;

	if (fd < 0)
		return -1;
	rc = one_byte_calls(fd, writing, calls, ns);
	if (rc == 0 && writing)
		rc = pad_for_reading(fd);
	err = errno;
	if (close(fd) != 0 && rc == 0)
		return -1;
	errno = err;
	return rc;
}

int perchar_auto_calibrate(int scratch_fd, struct perchar_cal *out)
{
	int rc, err;

	memset(out, 0, sizeof *out);
	rc = cal_pass(scratch_fd, true, &out->write_calls, &out->write_ns);
	if (rc == 0)
		rc = cal_pass(scratch_fd, false, &out->read_calls, &out->read_ns);
	err = errno;
	if (io_unlinkat_settled(scratch_fd, PERCHAR_CAL_FILE, 0) != 0 && rc == 0)
		return -1;
	errno = err;
	return rc;
}

static double rate_of(uint64_t calls, uint64_t ns)
{
	return ns ? (double)calls * 1e9 / (double)ns : 1e18;
}

/* Bytes at bps in ns nanoseconds, in whole KiB (no overflow: capped). */
static uint64_t bytes_in(double bps, uint64_t ns)
{
	double b = bps * (double)ns / 1e9;

	return b >= 1e18 ? (uint64_t)1e18 : (uint64_t)b / 1024 * 1024;
}

static bool too_slow(double bps, uint64_t floor_bytes)
{
	return (double)floor_bytes > bps * (double)PERCHAR_MAX_NS / 1e9;
}

void perchar_auto_size(const struct perchar_cal *cal, uint32_t chunk, uint64_t cap, struct perchar_size *out)
{
	double fast, slow;
	uint64_t b;

	out->write_bps = rate_of(cal->write_calls, cal->write_ns);
	out->read_bps = rate_of(cal->read_calls, cal->read_ns);
	out->floor_bytes = (uint64_t)PERCHAR_MIN_OPS * (chunk ? chunk : 1);
	if (cap && out->floor_bytes > cap)
		out->floor_bytes = cap;
	out->skip_write = too_slow(out->write_bps, out->floor_bytes);
	out->skip_read = too_slow(out->read_bps, out->floor_bytes);
	out->bytes = 0;
	if (out->skip_write && out->skip_read)
		return;
	/* the phases kept: the faster runs PERCHAR_AUTO_NS, the slower longer */
	fast = slow = out->skip_write ? out->read_bps : out->write_bps;
	if (!out->skip_write && !out->skip_read) {
		fast = out->write_bps > out->read_bps ? out->write_bps : out->read_bps;
		slow = out->write_bps > out->read_bps ? out->read_bps : out->write_bps;
	}
	b = bytes_in(fast, PERCHAR_AUTO_NS);
	if (b > bytes_in(slow, PERCHAR_MAX_NS))
		b = bytes_in(slow, PERCHAR_MAX_NS);
	if (b < out->floor_bytes)
		b = out->floor_bytes;
	if (b < PERCHAR_AUTO_MIN)
		b = PERCHAR_AUTO_MIN;
	out->bytes = cap && b > cap ? cap : b;
}

uint32_t perchar_skipped(const struct perchar_size *p)
{
	uint32_t writes = phase_mask_is(FACT_PERCHAR | FACT_WRITES);

	return (p->skip_write ? writes : 0) | (p->skip_read ? phase_mask_is(FACT_PERCHAR) & ~writes : 0);
}

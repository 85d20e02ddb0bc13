/* The per-char calibration; see perchar_auto.h. */
#include "perchar_auto.h"
#include "../lib/clock.h"
#include "../lib/fileio.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
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
 * *calls in *ns is the fastest slice, or the whole pass (close included)
 * when it was too short for one. */
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
	if (close(fd) != 0)
		return -1;
	*calls = sl.best_ns ? sl.best_calls : n;
	*ns = sl.best_ns ? sl.best_ns : clock_now_ns() - t0 + 1;
	return 0;
}

static int cal_pass(int scratch_fd, bool writing, uint64_t *calls, uint64_t *ns)
{
	int flags = writing ? O_WRONLY | O_CREAT | O_EXCL : O_RDONLY;
	int fd = openat(scratch_fd, PERCHAR_CAL_FILE, flags | O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	return one_byte_calls(fd, writing, calls, ns);
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

/* calls in ns, scaled to PERCHAR_AUTO_NS (no overflow: calls of a 150 ms
 * calibration are far under 2^32). */
static uint64_t in_phase_time(uint64_t calls, uint64_t ns)
{
	if (ns == 0)
		return UINT64_MAX;
	return (uint64_t)((double)calls * (double)PERCHAR_AUTO_NS / (double)ns);
}

uint64_t perchar_auto_bytes(const struct perchar_cal *cal, uint64_t cap)
{
	uint64_t w = in_phase_time(cal->write_calls, cal->write_ns);
	uint64_t r = in_phase_time(cal->read_calls, cal->read_ns);
	uint64_t b = (w < r ? w : r) / 1024 * 1024;

	if (b < PERCHAR_AUTO_MIN)
		b = PERCHAR_AUTO_MIN;
	if (cap && b > cap)
		b = cap;
	return b;
}

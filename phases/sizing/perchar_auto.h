/* Sizing the per-char phases by time when -f is not given: one byte per
 * write(2) and read(2) costs a round trip to the server on a network
 * share (a few thousand a second), so a fixed 3 MiB would take many
 * minutes there and about a second on a local disk. */
#ifndef BONNIE_PERCHAR_AUTO_H
#define BONNIE_PERCHAR_AUTO_H

#include <stdbool.h>
#include <stdint.h>

#include "../../verdict/verdict.h"

#define PERCHAR_CAL_FILE "perchar.cal"    /* inside the scratch directory */
#define PERCHAR_CAL_NS 150000000ull       /* writing, then reading, for this long */
#define PERCHAR_READ_CAL_BYTES (256u << 10) /* added to the file before the read pass */
/* Each per-char phase is sized to give a figure bonnie does not mark: the
 * faster of the two runs PERCHAR_AUTO_NS (over the 2 s the verdict needs,
 * verdict/verdict.h), and both do at least PERCHAR_MIN_OPS operations of a
 * chunk (a cell of under 100 is marked '#', report/model/confidence.h). Where
 * that floor would hold a phase past PERCHAR_MAX_NS (one byte a call is a
 * round trip to the server on a share: about 1.6 KB/s through sshfs) the
 * phase is skipped, and the run says so once, rather than showing a
 * marked figure of one or two operations. */
#define PERCHAR_AUTO_NS VERDICT_AIM_NS
#define PERCHAR_MIN_OPS 128u
#define PERCHAR_MAX_NS 15000000000ull
#define PERCHAR_AUTO_MIN 1024u            /* never under 1 KiB */

struct perchar_cal {
	uint64_t write_calls, write_ns;   /* one-byte writes and their time (fastest slice) */
	uint64_t read_calls, read_ns;     /* one-byte reads of the same file */
};

/* Writes then reads PERCHAR_CAL_FILE one byte a call for about
 * PERCHAR_CAL_NS each and removes it; each rate is that of the pass's
 * fastest 30 ms slice (the whole pass when shorter). Returns 0, or -1
 * with errno. */
int perchar_auto_calibrate(int scratch_fd, struct perchar_cal *out);

/* What the calibration decided. */
struct perchar_size {
	uint64_t bytes;             /* the per-char size; 0: both phases skipped */
	bool skip_write, skip_read; /* PERCHAR_MIN_OPS chunks would take over PERCHAR_MAX_NS */
	uint64_t floor_bytes;       /* PERCHAR_MIN_OPS chunks (at most cap) */
	double write_bps, read_bps; /* the calibrated rates, bytes a second */
};

/* The per-char size for cal, chunk-byte operations and a data file of cap
 * bytes (0: no cap): what the faster of the phases kept does in
 * PERCHAR_AUTO_NS, at most what the slower does in PERCHAR_MAX_NS, at
 * least floor_bytes, in whole KiB, never past cap. */
void perchar_auto_size(const struct perchar_cal *cal, uint32_t chunk, uint64_t cap, struct perchar_size *out);

/* The phases p skips (bits 1u << id): the per-char phases that write, or
 * that read (the phase table's flags). */
uint32_t perchar_skipped(const struct perchar_size *p);

#endif

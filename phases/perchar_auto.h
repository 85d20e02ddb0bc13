/* Sizing the per-char phases by time when -f is not given: one byte per
 * write(2) and read(2) costs a round trip to the server on a network
 * share (a few thousand a second), so a fixed 3 MiB would take many
 * minutes there and about a second on a local disk. */
#ifndef BONNIE_PERCHAR_AUTO_H
#define BONNIE_PERCHAR_AUTO_H

#include <stdint.h>

#define PERCHAR_CAL_FILE "perchar.cal"    /* inside the scratch directory */
#define PERCHAR_CAL_NS 150000000ull       /* writing, then reading, for this long */
#define PERCHAR_AUTO_NS 2000000000ull     /* what each per-char phase aims at */
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

/* The per-char size for cal: what the slower of writing and reading does
 * in PERCHAR_AUTO_NS, in whole KiB, at least PERCHAR_AUTO_MIN and at most
 * cap (the data file; 0: no cap). */
uint64_t perchar_auto_bytes(const struct perchar_cal *cal, uint64_t cap);

#endif

/* Sizing the data file by time where its default size serves nothing: on
 * a network share the server's cache cannot be evicted from here, so a
 * file of many GiB proves no more than a small one and takes minutes to
 * write (about 20 MB/s through smbnetfs). */
#ifndef BONNIE_DATA_AUTO_H
#define BONNIE_DATA_AUTO_H

#include <stdint.h>

#include "../../verdict/verdict.h"

#define DATA_CAL_FILE "data.cal"          /* inside the scratch directory */
#define DATA_CAL_NS 400000000ull          /* writing chunks for this long, then fsync; reading as long */
#define DATA_AUTO_NS VERDICT_AIM_NS       /* what the block write aims at (verdict.h) */
/* ... and the block read, the fastest data phase (through sshfs reads ran
 * 1.5 to 5 times as fast as writes): twice the 0.5 s under which a figure
 * is marked '~' (report/model/metrics.h) */
#define DATA_READ_NS 1000000000ull
/* ... but no longer than this for the rewrite, the slowest (through sshfs
 * a tenth of the block write's rate), nor than DATA_MAX_NS for the block
 * write whatever the read rate */
#define DATA_REWRITE_MAX_NS 15000000000ull
#define DATA_MAX_NS 20000000000ull
#define DATA_AUTO_MIN (8ull << 20)        /* never under 8 MiB (or what the clients need) */

/* What the calibration measured: chunks written for DATA_CAL_NS with the
 * fsync after them, then read back after the file was evicted, then
 * rewritten (read, seek back, write) with an fsync after. */
struct data_cal {
	uint64_t write_bytes, write_ns;
	uint64_t read_bytes, read_ns;
	uint64_t rewrite_bytes, rewrite_ns;
};

/* Writes DATA_CAL_FILE in chunk-byte writes for about DATA_CAL_NS, syncs
 * it, evicts it from the page cache, reads it back and rewrites it (each
 * for at most as long), and removes it. 0, or -1 with errno. */
int data_auto_calibrate(int scratch_fd, uint32_t chunk, struct data_cal *out);

/* The data file size for cal: what DATA_AUTO_NS writes, or less when
 * that would take the rewrite over DATA_REWRITE_MAX_NS, but never so
 * little that the block read runs under DATA_READ_NS, and never more than
 * DATA_MAX_NS writes; in whole MiB and chunks, at least least (and
 * DATA_AUTO_MIN), at most most. */
uint64_t data_auto_size(const struct data_cal *cal, uint32_t chunk, uint64_t least, uint64_t most);

#endif

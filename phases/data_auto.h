/* Sizing the data file by time where its default size serves nothing: on
 * a network share the server's cache cannot be evicted from here, so a
 * file of many GiB proves no more than a small one and takes minutes to
 * write (about 20 MB/s through smbnetfs). */
#ifndef BONNIE_DATA_AUTO_H
#define BONNIE_DATA_AUTO_H

#include <stdint.h>

#define DATA_CAL_FILE "data.cal"          /* inside the scratch directory */
#define DATA_CAL_NS 400000000ull          /* writing chunks for this long, then fsync */
#define DATA_AUTO_NS 4000000000ull        /* what the block write aims at */
#define DATA_AUTO_MIN (8ull << 20)        /* never under 8 MiB (or what the clients need) */

/* Writes DATA_CAL_FILE in chunk-byte writes for about DATA_CAL_NS, syncs
 * it and removes it: *bytes written in *ns. 0, or -1 with errno. */
int data_auto_calibrate(int scratch_fd, uint32_t chunk, uint64_t *bytes, uint64_t *ns);

/* The data file size for bytes written in ns: what DATA_AUTO_NS writes, in
 * whole MiB and chunks, at least least (and DATA_AUTO_MIN), at most most. */
uint64_t data_auto_size(uint64_t bytes, uint64_t ns, uint32_t chunk, uint64_t least, uint64_t most);

#endif

/* What the kernel charged to this process as storage I/O, so that a
 * device's counters (every process's I/O, and the file system's own) can
 * be set against bonnie's own share of them. Linux: /proc/self/io. */
#include "env.h"

#include <stdio.h>
#include <string.h>

#if defined(__linux__)
int env_self_io(uint64_t *read_bytes, uint64_t *write_bytes)
{
	char line[128];
	unsigned long long v;
	int found = 0;
	FILE *f = fopen("/proc/self/io", "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "read_bytes: %llu", &v) == 1) {
			*read_bytes = v;
			found |= 1;
		} else if (sscanf(line, "write_bytes: %llu", &v) == 1) {
			*write_bytes = v;
			found |= 2;
		}
	}
	fclose(f);
	return found == 3 ? 0 : -1;
}
#else
int env_self_io(uint64_t *read_bytes, uint64_t *write_bytes)
{
	*read_bytes = *write_bytes = 0;
	return -1;
}
#endif

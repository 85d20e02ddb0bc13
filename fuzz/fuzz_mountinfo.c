/* libFuzzer target: /proc/self/mountinfo lines, the one file bonnie parses
 * that another program writes, and the share detection that reads the
 * parsed entry (a directory under the mount point, as env/env.c passes). */
#include "../env/mountinfo.h"
#include "../env/netshare.h"

#include <stdio.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	struct mount_entry e;

	if (line == NULL)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	if (mountinfo_parse_line(line, &e) == 0) {
		struct env_share sh;
		char dir[600];

		snprintf(dir, sizeof dir, "%s/%s", e.mount_point, e.source);
		share_detect(e.fs_type, e.source, e.mount_point, dir, &sh);
		share_detect("fuse.smbnetfs", e.source, e.mount_point, dir, &sh);
		share_detect("cifs", e.source, e.mount_point, dir, &sh);
	}
	free(line);
	return 0;
}

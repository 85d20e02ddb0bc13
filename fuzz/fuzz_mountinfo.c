/* libFuzzer target: /proc/self/mountinfo lines, the one file bonnie parses
 * that another program writes. */
#include "../lib/mountinfo.h"

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
	(void)mountinfo_parse_line(line, &e);
	free(line);
	return 0;
}

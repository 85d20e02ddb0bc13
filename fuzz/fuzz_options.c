/* libFuzzer target: the command-line parser and the size/number parsers it
 * uses. The input is split at NUL or newline bytes into arguments. Any
 * crash, leak, overflow or undefined behaviour is a finding. */
#include "../options/options.h"
#include "../lib/units.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *argv[MAX_ARGS + 2], err[512];
	struct config cfg;
	int argc = 1;
	uint64_t v;

	if (buf == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "bonnie";
	argv[argc++] = buf;
	for (size_t i = 0; i < size && argc <= MAX_ARGS; i++) {
		if (buf[i] == '\n' || buf[i] == '\0') {
			buf[i] = '\0';
			argv[argc++] = buf + i + 1;
		}
	}
	argv[argc] = NULL;
	(void)options_parse(argc, argv, "fuzzhost", &cfg, err, sizeof err);
	for (int i = 1; i < argc; i++) {
		(void)units_parse_size(argv[i], 20, &v);
		(void)units_parse_uint(argv[i], &v);
	}
	free(buf);
	return 0;
}

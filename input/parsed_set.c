/* The parsed_set every input/ reader fills: its growing lists of runs and
 * of warnings (each warning sanitized, as it quotes the input, or handed
 * to the set's on_warning), and their freeing. */
#include "internal.h"
#include "../lib/grow.h"
#include "../lib/str.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int input_add_run(struct parsed_set *set, const struct parsed_run *run)
{
	struct parsed_run *r = grow(set->run, &set->cap, set->count, sizeof *r, 8);

	if (r == NULL)
		return -1;
	set->run = r;
	set->run[set->count++] = *run;
	return 0;
}

int input_warn(struct parsed_set *set, const char *name, unsigned line, const char *fmt, ...)
{
	char raw[512], msg[4 * sizeof raw];
	int at;
	va_list ap;

	at = snprintf(raw, sizeof raw, "%s:%u: ", name, line);
	if (at < 0 || (size_t)at >= sizeof raw)
		at = 0;
	va_start(ap, fmt);
	vsnprintf(raw + at, sizeof raw - (size_t)at, fmt, ap);
	va_end(ap);
	str_sanitize(msg, sizeof msg, raw); /* it quotes the input */
	if (set->on_warning) {
		set->on_warning(msg, set->warning_arg);
		return 0;
	}
	char **w = grow(set->warning, &set->warncap, set->nwarn, sizeof *w, 8);
	if (w == NULL)
		return -1;
	set->warning = w;
	set->warning[set->nwarn] = strdup(msg);
	if (set->warning[set->nwarn] == NULL)
		return -1;
	set->nwarn++;
	return 0;
}

void input_free(struct parsed_set *set)
{
	for (size_t i = 0; i < set->nwarn; i++)
		free(set->warning[i]);
	free(set->warning);
	for (size_t i = 0; i < set->count; i++)
		free(set->run[i].result);
	free(set->run);
	memset(set, 0, sizeof *set);
}

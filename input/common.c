/* Small pieces the input/ readers share: number and latency text, and the
 * growing lists of runs and warnings in a parsed_set. */
#include "internal.h"
#include "../lib/str.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decimal text without strtod, so the user's locale cannot change it. */
int input_parse_decimal(const char *s, size_t len, double *out)
{
	double v = 0, scale = 1;
	size_t i = 0, digits = 0;

	for (; i < len && s[i] >= '0' && s[i] <= '9' && digits < 30; i++, digits++)
		v = v * 10 + (s[i] - '0');
	if (digits == 0 || digits >= 30)
		return -1;
	if (i < len && s[i] == '.') {
		size_t frac = 0;
		for (i++; i < len && s[i] >= '0' && s[i] <= '9' && frac < 30; i++, frac++) {
			scale /= 10;
			v += (s[i] - '0') * scale;
		}
		if (frac == 0 || frac >= 30)
			return -1;
	}
	if (i != len)
		return -1;
	*out = v;
	return 0;
}

int input_parse_rate(const char *s, double *out)
{
	if (input_parse_decimal(s, strlen(s), out) != 0)
		return -1;
	return *out > INPUT_MAX_RATE ? 1 : 0;
}

static const struct {
	const char *suffix;
	double ns;
} latency_units[] = {
	{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9},
};

int input_parse_latency(const char *s, int64_t *ns)
{
	size_t n = strlen(s), num = 0;
	double v;

	while (num < n && ((s[num] >= '0' && s[num] <= '9') || s[num] == '.'))
		num++;
	for (size_t i = 0; i < sizeof latency_units / sizeof latency_units[0]; i++) {
		const char *unit = s + num + (s[num] == ' ');
		if (strcmp(unit, latency_units[i].suffix) != 0)
			continue;
		if (input_parse_decimal(s, num, &v) != 0 || v * latency_units[i].ns > 9e18)
			return -1;
		*ns = (int64_t)(v * latency_units[i].ns + 0.5);
		return 0;
	}
	return -1;
}

int input_add_run(struct parsed_set *set, const struct parsed_run *run)
{
	if (set->count == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 8;
		struct parsed_run *r = realloc(set->run, cap * sizeof *r);
		if (r == NULL)
			return -1;
		set->run = r;
		set->cap = cap;
	}
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
	if (set->nwarn == set->warncap) {
		size_t cap = set->warncap ? 2 * set->warncap : 8;
		char **w = realloc(set->warning, cap * sizeof *w);
		if (w == NULL)
			return -1;
		set->warning = w;
		set->warncap = cap;
	}
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

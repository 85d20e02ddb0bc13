/* Numbers as every input/ reader takes them from text: a decimal, a rate
 * and bonnie++'s latency text, read without strtod so the user's locale
 * cannot change them. */
#include "internal.h"

#include <stdint.h>
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

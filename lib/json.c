/* Streaming JSON writer; see json.h. */
#include "json.h"
#include "str.h"
#include "units.h"

#include <math.h>
#include <string.h>

void json_init(struct json *j, FILE *out)
{
	memset(j, 0, sizeof *j);
	j->out = out;
	j->first[0] = true;
}

void json_write_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");

	fputc('"', out);
	while (*s) {
		size_t n = str_char_len((const char *)s);
		if (n == 0) {
			fputs("\\ufffd", out);
			s++;
		} else if (*s == '"' || *s == '\\') {
			fprintf(out, "\\%c", *s++);
		} else if (*s == '\n') {
			fputs("\\n", out), s++;
		} else if (*s == '\t') {
			fputs("\\t", out), s++;
		} else if (str_char_unsafe((const char *)s, n)) { /* kept, but not raw */
			fprintf(out, "\\u%04x", (unsigned)str_char_code((const char *)s, n));
			s += n;
		} else {
			fwrite(s, 1, n, out);
			s += n;
		}
	}
	fputc('"', out);
}

static void indent(struct json *j)
{
	fputc('\n', j->out);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->out);
}

/* Separator, newline/indent and "key": before a value. */
static void member(struct json *j, const char *key)
{
	bool inl = j->depth > 0 && j->inline_[j->depth];

	if (!j->first[j->depth])
		fputc(',', j->out);
	if (j->depth > 0) {
		if (inl && !j->first[j->depth])
			fputc(' ', j->out);
		else if (!inl)
			indent(j);
	}
	j->first[j->depth] = false;
	if (key) {
		json_write_string(j->out, key);
		fputs(": ", j->out);
	}
}

static void open_level(struct json *j, const char *key, char c, bool inl)
{
	member(j, key);
	fputc(c, j->out);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
	j->inline_[j->depth] = inl || (j->depth > 0 && j->inline_[j->depth - 1]);
}

static void close_level(struct json *j, char c)
{
	bool empty = j->first[j->depth];
	bool inl = j->inline_[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (!empty && !inl)
		indent(j);
	fputc(c, j->out);
	if (j->depth == 0)
		fputc('\n', j->out);
}

void json_object_begin(struct json *j, const char *key)
{
	open_level(j, key, '{', false);
}

void json_object_end(struct json *j)
{
	close_level(j, '}');
}

void json_array_begin(struct json *j, const char *key)
{
	open_level(j, key, '[', false);
}

void json_array_begin_inline(struct json *j, const char *key)
{
	open_level(j, key, '[', true);
}

void json_array_end(struct json *j)
{
	close_level(j, ']');
}

void json_string(struct json *j, const char *key, const char *value)
{
	member(j, key);
	json_write_string(j->out, value);
}

void json_u64(struct json *j, const char *key, uint64_t value)
{
	member(j, key);
	fprintf(j->out, "%llu", (unsigned long long)value);
}

void json_i64(struct json *j, const char *key, int64_t value)
{
	member(j, key);
	fprintf(j->out, "%lld", (long long)value);
}

void json_double(struct json *j, const char *key, double value, int decimals)
{
	member(j, key);
	if (isfinite(value))
		fprintf(j->out, "%.*f", decimals, value);
	else
		fputs("null", j->out);
}

void json_double_cut(struct json *j, const char *key, double value, int decimals)
{
	json_double(j, key, units_cut(value, decimals), decimals);
}

void json_bool(struct json *j, const char *key, bool value)
{
	member(j, key);
	fputs(value ? "true" : "false", j->out);
}

void json_null(struct json *j, const char *key)
{
	member(j, key);
	fputs("null", j->out);
}

/* A small streaming JSON writer: objects, arrays, strings (escaped, with
 * invalid UTF-8 replaced by U+FFFD), integers, fixed-point doubles and
 * booleans, pretty-printed two spaces per level. Numbers are printed by
 * hand-picked printf formats; callers switch to the C locale around it. */
#ifndef BONNIE_JSON_H
#define BONNIE_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 16

struct json {
	FILE *out;
	int depth;
	bool first[JSON_MAX_DEPTH]; /* no member written yet at this level */
	bool inline_[JSON_MAX_DEPTH]; /* this array prints on one line */
};

void json_init(struct json *j, FILE *out);

/* key is the member name inside an object, NULL inside an array or at top level. */
void json_object_begin(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key);
/* An array whose elements print on one line: [1, 2, 3]. */
void json_array_begin_inline(struct json *j, const char *key);
void json_array_end(struct json *j);

void json_string(struct json *j, const char *key, const char *value);
void json_u64(struct json *j, const char *key, uint64_t value);
void json_i64(struct json *j, const char *key, int64_t value);
/* A finite double with the given number of decimals (NaN/inf print as null). */
void json_double(struct json *j, const char *key, double value, int decimals);
/* json_double cut toward zero to the decimals, not rounded: a reader that
 * cuts the value to an integer (bonnie++'s CSV rate, as the run's own CSV
 * line does) gets the run's integer; 411675.9997 rounded to 3 decimals
 * would read as 411676 beside the CSV's 411675. */
void json_double_cut(struct json *j, const char *key, double value, int decimals);
void json_bool(struct json *j, const char *key, bool value);
void json_null(struct json *j, const char *key);

/* Writes s as a JSON string literal (with quotes). */
void json_write_string(FILE *out, const char *s);

#endif

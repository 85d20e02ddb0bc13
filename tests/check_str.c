/* The one rule for text from outside (lib/str.c): which bytes are UTF-8
 * (strict: no overlong form, surrogate, code point past U+10FFFF or cut
 * sequence) and which characters are unsafe to show (controls, C1,
 * bidirectional controls); the message sanitiser escapes them, the machine
 * name gets '_', the JSON writer JSON escapes (U+FFFD for a byte that is
 * not UTF-8). */
#include "suites.h"
#include "../lib/json.h"
#include "../options/options.h"
#include "../lib/str.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct utf8_case {
	const char *in;
	size_t len;          /* str_char_len of in */
	const char *escaped; /* str_sanitize */
	const char *named;   /* options_sanitize_name */
};

static const struct utf8_case utf8_cases[] = {
	/* well-formed characters of every length are kept */
	{"a", 1, "a", "a"},
	{"\xc3\xa9", 2, "\xc3\xa9", "\xc3\xa9"},                 /* U+00E9 */
	{"\xc2\xa0", 2, "\xc2\xa0", "\xc2\xa0"},                 /* U+00A0, past the C1 range */
	{"\xe0\xa0\x80", 3, "\xe0\xa0\x80", "\xe0\xa0\x80"},     /* U+0800, the shortest 3-byte */
	{"\xe4\xb8\xad", 3, "\xe4\xb8\xad", "\xe4\xb8\xad"},     /* U+4E2D */
	{"\xed\x9f\xbf", 3, "\xed\x9f\xbf", "\xed\x9f\xbf"},     /* U+D7FF, below the surrogates */
	{"\xee\x80\x80", 3, "\xee\x80\x80", "\xee\x80\x80"},     /* U+E000, above them */
	{"\xef\xbf\xbd", 3, "\xef\xbf\xbd", "\xef\xbf\xbd"},     /* U+FFFD */
	{"\xe2\x80\x8d", 3, "\xe2\x80\x8d", "\xe2\x80\x8d"},     /* U+200D joiner (emoji) */
	{"\xe2\x80\xaf", 3, "\xe2\x80\xaf", "\xe2\x80\xaf"},     /* U+202F, after the overrides */
	{"\xf0\x90\x80\x80", 4, "\xf0\x90\x80\x80", "\xf0\x90\x80\x80"}, /* U+10000 */
	{"\xf0\x9f\x98\x80", 4, "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"}, /* U+1F600 */
	{"\xf4\x8f\xbf\xbf", 4, "\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf"}, /* U+10FFFF, the last */
	/* overlong forms */
	{"\xc0\xaf", 0, "\\xc0\\xaf", "__"},
	{"\xc1\xbf", 0, "\\xc1\\xbf", "__"},
	{"\xe0\x80\xaf", 0, "\\xe0\\x80\\xaf", "___"},
	{"\xe0\x9f\xbf", 0, "\\xe0\\x9f\\xbf", "___"},
	{"\xf0\x80\x80\xaf", 0, "\\xf0\\x80\\x80\\xaf", "____"},
	{"\xf0\x8f\xbf\xbf", 0, "\\xf0\\x8f\\xbf\\xbf", "____"},
	/* UTF-16 surrogates */
	{"\xed\xa0\x80", 0, "\\xed\\xa0\\x80", "___"},
	{"\xed\xbf\xbf", 0, "\\xed\\xbf\\xbf", "___"},
	/* past U+10FFFF */
	{"\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80", "____"},
	{"\xf5\x80\x80\x80", 0, "\\xf5\\x80\\x80\\x80", "____"},
	{"\xff", 0, "\\xff", "_"},
	/* cut sequences and stray continuation bytes */
	{"\xe4\xb8", 0, "\\xe4\\xb8", "__"},
	{"\xf0\x9f\x98", 0, "\\xf0\\x9f\\x98", "___"},
	{"\xc3" "a", 0, "\\xc3" "a", "_a"},
	{"\x80", 0, "\\x80", "_"},
	{"\xbf\xbf", 0, "\\xbf\\xbf", "__"},
	/* controls: C0, DEL, C1 */
	{"\x1b", 1, "\\x1b", "_"},
	{"\n", 1, "\\n", "_"},
	{"\x7f", 1, "\\x7f", "_"},
	{"\xc2\x80", 2, "\\xc2\\x80", "_"},
	{"\xc2\x9b", 2, "\\xc2\\x9b", "_"},
	/* bidirectional controls and the line and paragraph separators */
	{"\xd8\x9c", 2, "\\xd8\\x9c", "_"},                  /* U+061C */
	{"\xe2\x80\x8e", 3, "\\xe2\\x80\\x8e", "_"},         /* U+200E */
	{"\xe2\x80\x8f", 3, "\\xe2\\x80\\x8f", "_"},         /* U+200F */
	{"\xe2\x80\xaa", 3, "\\xe2\\x80\\xaa", "_"},         /* U+202A */
	{"\xe2\x80\xae", 3, "\\xe2\\x80\\xae", "_"},         /* U+202E */
	{"\xe2\x81\xa6", 3, "\\xe2\\x81\\xa6", "_"},         /* U+2066 */
	{"\xe2\x81\xa9", 3, "\\xe2\\x81\\xa9", "_"},         /* U+2069 */
	{"\xe2\x80\xa8", 3, "\\xe2\\x80\\xa8", "_"},         /* U+2028 */
	{"\xe2\x80\xa9", 3, "\\xe2\\x80\\xa9", "_"},         /* U+2029 */
	/* the name's own rule: a comma */
	{",", 1, ",", "_"},
};

#define NUTF8_CASES ((int)(sizeof utf8_cases / sizeof utf8_cases[0]))

/* "a, b and c": the separator before each item of a list. */
START_TEST(list_separators)
{
	ck_assert_str_eq(str_list_sep(0, 1), "");
	ck_assert_str_eq(str_list_sep(0, 3), "");
	ck_assert_str_eq(str_list_sep(1, 3), ", ");
	ck_assert_str_eq(str_list_sep(2, 3), " and ");
	ck_assert_str_eq(str_list_sep(1, 2), " and ");
}
END_TEST

START_TEST(utf8_table)
{
	const struct utf8_case *c = &utf8_cases[_i];
	char in[32], escaped[64], named[64];

	/* between two letters, so a cut sequence is not only cut by the end */
	snprintf(in, sizeof in, "x%sy", c->in);
	ck_assert_uint_eq(str_char_len(c->in), c->len);
	ck_assert(str_sanitize(escaped, sizeof escaped, c->in));
	ck_assert_str_eq(escaped, c->escaped);
	options_sanitize_name(named, sizeof named, c->in);
	ck_assert_str_eq(named, c->named);
	ck_assert(str_sanitize(escaped, sizeof escaped, in));
	ck_assert(strncmp(escaped, "x", 1) == 0 && strcmp(escaped + strlen(escaped) - 1, "y") == 0);
	ck_assert_uint_eq(strlen(escaped), strlen(c->escaped) + 2);
	options_sanitize_name(named, sizeof named, in);
	ck_assert_uint_eq(strlen(named), strlen(c->named) + 2);
}
END_TEST

/* A rate written cut to 3 decimals cuts to the run's own CSV integer:
 * 1 MiB in 2487393 ns is 411675.9997 KiB/s, which rounded would read
 * back as 411676 beside the CSV line's 411675 (seen in tests/names.sh). */
START_TEST(json_cut_rate_keeps_the_integer)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct json j;
	double rate = 1048576 / 1024.0 * 1e9 / 2487393;

	ck_assert_ptr_nonnull(out);
	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_double_cut(&j, "r", rate, 3);
	json_double_cut(&j, "s", 12.5, 1);
	json_double_cut(&j, "n", -0.25, 1);
	json_object_end(&j);
	fclose(out);
	ck_assert_msg(strstr(buf, "\"r\": 411675.999") != NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "\"s\": 12.5") != NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "\"n\": -0.2") != NULL, "%s", buf);
	free(buf);
}
END_TEST

/* The JSON writer keeps what is UTF-8 and safe, writes an unsafe character
 * as its JSON escape and U+FFFD for each byte that is not UTF-8. */
START_TEST(json_strings_follow_the_rule)
{
	char *buf = NULL;
	size_t len = 0;

	for (int i = 0; i < NUTF8_CASES; i++) {
		const struct utf8_case *c = &utf8_cases[i];
		FILE *out = open_memstream(&buf, &len);

		ck_assert_ptr_nonnull(out);
		json_write_string(out, c->in);
		fclose(out);
		if (c->len == 0)
			ck_assert_msg(strstr(buf, "\\ufffd") != NULL, "case %d: %s", i, buf);
		else if (strcmp(c->named, "_") == 0 && c->in[0] != ',') /* unsafe: an escape */
			ck_assert_msg(buf[1] == '\\' && strlen(buf) <= 8, "case %d: %s", i, buf);
		else
			ck_assert_msg(strncmp(buf + 1, c->in, c->len) == 0, "case %d: %s", i, buf);
		free(buf);
		buf = NULL;
	}
}
END_TEST

/* Columns of text under LC_ALL (str_columns_locale then takes it). */
static size_t columns_under(const char *locale, const char *text)
{
	size_t cols;

	ck_assert_int_eq(setenv("LC_ALL", locale, 1), 0);
	str_columns_locale();
	str_fit_columns(text, SIZE_MAX, &cols);
	return cols;
}

/* Widths as the user's terminal counts them (issue 51): wcwidth(3) under
 * a UTF-8 LC_CTYPE, the built-in table under C. glibc's wcwidth gives
 * U+1F680 (an emoji) two columns and U+0483 (a combining Cyrillic mark)
 * none; the table lists neither, so counts one each: which one measured
 * shows. Japanese and U+0301 are the same to both. */
START_TEST(columns_follow_the_locale)
{
	static const char *const rocket = "\xf0\x9f\x9a\x80", *const titlo = "\xd0\xb4\xd2\x83";
	static const char *const tokyo = "\xe6\x9d\xb1\xe4\xba\xac", *const acute = "e\xcc\x81";
	size_t cols, fit;

	ck_assert_uint_eq(columns_under("C.UTF-8", rocket), 2);
	ck_assert_uint_eq(columns_under("C.UTF-8", titlo), 1);
	ck_assert_uint_eq(columns_under("C.UTF-8", tokyo), 4);
	ck_assert_uint_eq(columns_under("C.UTF-8", acute), 1);
	fit = str_fit_columns("ab\xf0\x9f\x9a\x80" "c", 3, &cols); /* the emoji does not fit in the third */
	ck_assert_uint_eq(fit, 2);
	ck_assert_uint_eq(cols, 2);
	ck_assert_uint_eq(columns_under("C", rocket), 1);
	ck_assert_uint_eq(columns_under("C", titlo), 2);
	ck_assert_uint_eq(columns_under("C", tokyo), 4);
	ck_assert_uint_eq(columns_under("C", acute), 1);
	ck_assert_uint_eq(columns_under("C", "\\x1b["), 5); /* an escape is counted whole, as before */
	unsetenv("LC_ALL"); /* the table again, as in the tests before: LC_ALL=C was the last taken */
}
END_TEST

/* A list of phase words: the first word they share is said once; words
 * sharing none stay whole; a list cut short stays terminated. */
START_TEST(and_lists_say_a_shared_word_once)
{
	char b[64] = "", c[64] = "", tiny[12] = "";

	str_append_and(b, sizeof b, "per-char write");
	ck_assert_str_eq(b, "per-char write");
	str_append_and(b, sizeof b, "per-char read");
	ck_assert_str_eq(b, "per-char write and read");
	str_append_and(c, sizeof c, "block write");
	str_append_and(c, sizeof c, "rewrite");
	str_append_and(c, sizeof c, "block read");
	ck_assert_str_eq(c, "block write and rewrite and read");
	str_append_and(tiny, sizeof tiny, "per-char write");
	ck_assert_str_eq(tiny, "per-char wr");
}
END_TEST

Suite *suite_str(void)
{
	Suite *s = suite_create("str");
	TCase *tc = tcase_create("utf8");

	tcase_add_loop_test(tc, utf8_table, 0, NUTF8_CASES);
	tcase_add_test(tc, json_strings_follow_the_rule);
	tcase_add_test(tc, list_separators);
	tcase_add_test(tc, json_cut_rate_keeps_the_integer);
	tcase_add_test(tc, columns_follow_the_locale);
	tcase_add_test(tc, and_lists_say_a_shared_word_once);
	suite_add_tcase(s, tc);
	return s;
}

/* cmd/say.c: every message is one line "bonnie: ..." on stderr, with what
 * the user typed sanitized; say_status returns its status; the first
 * failure's exit status stands. */
#include "suites.h"
#include "util_capture.h"
#include "../cmd/say.h"
#include "../lib/exitcodes.h"

#include <errno.h>
#include <string.h>

static char out[16384];

START_TEST(say_is_one_prefixed_line)
{
	struct capture c;

	capture_begin(&c, 2);
	say("cannot use %s: %d", "-d /x", 7);
	capture_end(&c, out, sizeof out);
	ck_assert_str_eq(out, "bonnie: cannot use -d /x: 7\n");
}
END_TEST

START_TEST(say_sanitizes_what_it_quotes)
{
	struct capture c;

	capture_begin(&c, 2);
	say("bad name '%s'", "a\nb\033[31mc\td");
	capture_end(&c, out, sizeof out);
	ck_assert_str_eq(out, "bonnie: bad name 'a\\nb\\x1b[31mc\\td'\n");
	ck_assert_ptr_null(strchr(out, '\033'));
	ck_assert_ptr_eq(strchr(out, '\n'), out + strlen(out) - 1); /* one line */
}
END_TEST

START_TEST(say_keeps_a_long_message_on_one_line)
{
	char name[3000];
	struct capture c;
	size_t n;

	memset(name, '\n', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	capture_begin(&c, 2);
	say("%s", name);
	n = capture_end(&c, out, sizeof out);
	ck_assert_uint_gt(n, 100);
	ck_assert_ptr_eq(strchr(out, '\n'), out + n - 1);
	ck_assert(strncmp(out, "bonnie: \\n\\n", 12) == 0);
}
END_TEST

START_TEST(say_status_says_and_returns)
{
	struct capture c;
	int st;

	capture_begin(&c, 2);
	st = say_status(EXIT_USAGE, "-s %s: not a size", "huge");
	capture_end(&c, out, sizeof out);
	ck_assert_int_eq(st, EXIT_USAGE);
	ck_assert_str_eq(out, "bonnie: -s huge: not a size\n");
	capture_begin(&c, 2);
	st = say_status(-1, "x");
	capture_end(&c, out, sizeof out);
	ck_assert_int_eq(st, -1);
}
END_TEST

START_TEST(say_error_puts_what_before_the_error)
{
	struct op_error e = {0};
	struct capture c;

	op_error_set(&e, ENOSPC, "write", "/mnt/x/Bonnie.1", -1);
	capture_begin(&c, 2);
	say_error("block write: ", &e);
	capture_end(&c, out, sizeof out);
	ck_assert_msg(strncmp(out, "bonnie: block write: ", 21) == 0, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "/mnt/x/Bonnie.1"));
	ck_assert_ptr_nonnull(strstr(out, strerror(ENOSPC)));
	ck_assert_ptr_eq(strchr(out, '\n'), out + strlen(out) - 1);
}
END_TEST

START_TEST(the_first_failure_stands)
{
	ck_assert_int_eq(status_first(EXIT_OK, EXIT_OK), EXIT_OK);
	ck_assert_int_eq(status_first(EXIT_OK, EXIT_REPORT), EXIT_REPORT);
	ck_assert_int_eq(status_first(EXIT_IO, EXIT_REPORT), EXIT_IO);
	ck_assert_int_eq(status_first(EXIT_INTERRUPTED, EXIT_OK), EXIT_INTERRUPTED);
	ck_assert_int_eq(status_first(status_first(EXIT_OK, EXIT_SETUP), EXIT_VERIFY), EXIT_SETUP);
}
END_TEST

Suite *suite_cmd_say(void)
{
	Suite *s = suite_create("cmd_say");
	TCase *tc = tcase_create("say");

	tcase_add_test(tc, say_is_one_prefixed_line);
	tcase_add_test(tc, say_sanitizes_what_it_quotes);
	tcase_add_test(tc, say_keeps_a_long_message_on_one_line);
	tcase_add_test(tc, say_status_says_and_returns);
	tcase_add_test(tc, say_error_puts_what_before_the_error);
	tcase_add_test(tc, the_first_failure_stands);
	suite_add_tcase(s, tc);
	return s;
}

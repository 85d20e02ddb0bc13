/* The commands' one message path and their exit statuses (say.h). */
#include "say.h"

#include "../lib/exitcodes.h"
#include "../lib/reportfile.h"
#include "../lib/reportstdout.h"
#include "../lib/signals.h"
#include "../lib/str.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void say_v(const char *fmt, va_list ap)
{
	char raw[2048], safe[4 * sizeof raw];

	vsnprintf(raw, sizeof raw, fmt, ap);
	str_sanitize(safe, sizeof safe, raw);
	fprintf(stderr, "bonnie: %s\n", safe);
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_v(fmt, ap);
	va_end(ap);
}

int say_status(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_v(fmt, ap);
	va_end(ap);
	return status;
}

void say_error(const char *what, const struct op_error *e)
{
	char msg[OP_ERROR_TEXT_MAX];

	op_error_format(e, msg, sizeof msg);
	say("%s%s", what, msg);
}

int status_first(int status, int later)
{
	return status == EXIT_OK ? later : status;
}

void say_start(void)
{
	signals_ignore_file_size();
	report_stdout_begin();
}

int say_finish(int status)
{
	bool bad;
	int err;
	char why[200];

	report_stdout_hold();
	if (signals_stream_cut(STDOUT_FILENO)) {
		fclose(stdout);
		report_stdout_end(true);
		say("standard output: %s", REPORT_CUT_WHY);
		return status_first(status, EXIT_REPORT);
	}
	bad = fflush(stdout) != 0 || ferror(stdout);
	err = errno;
	if (fclose(stdout) != 0 && !bad) {
		bad = true;
		err = errno;
	}
	report_stdout_end(bad); /* after fclose, which may still have written a part */
	if (bad) {
		report_write_why(err, why, sizeof why);
		say("cannot write the report to standard output: %s", why);
		return status_first(status, EXIT_REPORT);
	}
	return status;
}

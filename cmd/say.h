/* What bonnie's commands (the run, compare) say on stderr and how they
 * end: one way for both. Every message is one line, "bonnie: ...",
 * sanitized (messages quote -d, file names and other user input, which
 * must neither split the line nor reach the terminal as a control
 * sequence), and every failure maps to one status of lib/exitcodes.h. */
#ifndef BONNIE_SAY_H
#define BONNIE_SAY_H

#include "../lib/operr.h"

#if defined(__GNUC__)
#define SAY_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SAY_PRINTF(a, b)
#endif

/* One line on stderr: "bonnie: <message>". */
void say(const char *fmt, ...) SAY_PRINTF(1, 2);

/* The same, then returns status: `return say_status(EXIT_USAGE, ...)`. */
int say_status(int status, const char *fmt, ...) SAY_PRINTF(2, 3);

/* what, then the error as op_error_format words it. */
void say_error(const char *what, const struct op_error *e);

/* The exit status once a later step failed with later: the first failure
 * stands (a report not written after an I/O error is still exit 3). */
int status_first(int status, int later);

/* First, before anything is written: SIGXFSZ ignored, so a write past the
 * file size limit is EFBIG, said naming the limit (lib/signals.h); where
 * standard output begins noted (lib/reportstdout.h). */
void say_start(void);

/* Flushes and closes stdout last: a report that could not be written is
 * EXIT_REPORT (unless something failed before), said once, naming the
 * file size limit when that was hit; a regular file is cut back to where
 * it began (say_start). */
int say_finish(int status);

#endif

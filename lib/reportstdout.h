/* Standard output as a report: when it is a regular file (the shell's
 * > or >>), a report that could not be written in full is cut back to
 * where bonnie began writing, as report_file_close does for a report
 * file, so no half-written table, CSV or JSON is left looking whole. */
#ifndef BONNIE_REPORTSTDOUT_H
#define BONNIE_REPORTSTDOUT_H

#include <stdbool.h>

/* Notes where standard output begins, before anything is written to it:
 * its offset (its size when it appends). Nothing is noted when it is not
 * a regular file, or is the file standard error writes to (the messages
 * saying why would go too). */
void report_stdout_begin(void);

/* Before standard output is closed: takes the descriptor that
 * report_stdout_end cuts the file back through (none is held before). */
void report_stdout_hold(void);

/* After standard output was closed: when failed (a write error), cuts the
 * file back to where it began. Nothing when report_stdout_begin noted
 * nothing, or report_stdout_hold could not take a descriptor. */
void report_stdout_end(bool failed);

#endif

/* Ctrl-C and friends. The handlers only set a level that phases poll
 * between operations; all cleanup happens in normal code:
 *   level 1 (first SIGINT, SIGTERM or SIGQUIT): finish nothing more,
 *           report what completed, clean up, exit 4;
 *   level 2 (second SIGINT/SIGTERM/SIGQUIT, or SIGHUP): skip the report,
 *           clean up,
 *           exit 4.
 * Either level also ends a report write that waits on a reader who does
 * not read (signals_guard_stream). */
#ifndef BONNIE_SIGNALS_H
#define BONNIE_SIGNALS_H

#include <stdbool.h>

enum stop_level {
	STOP_NONE = 0,
	STOP_GRACEFUL = 1,
	STOP_NOW = 2,
};

/* Installs the handlers and ignores SIGPIPE (a closed stdout becomes an
 * EPIPE write error, reported with exit status 5) and SIGXFSZ (a write
 * past the file size limit becomes an EFBIG error that names the limit,
 * instead of a death that leaves the scratch directory). */
void signals_install(void);

/* Only the SIGXFSZ part, for the commands that install no handlers
 * (compare, merge): their reports over the limit fail as the run's do. */
void signals_ignore_file_size(void);

enum stop_level signals_stop_level(void);

/* Report streams. A write to a pipe, FIFO, socket or terminal whose reader
 * does not read waits for ever, and SA_RESTART restarts it after the
 * handler. At each signal the handler polls the streams guarded here: one
 * that cannot take a byte now gets /dev/null in its place (dup2, in this
 * process only), so the waiting write ends at once and what follows goes
 * nowhere; signals_stream_cut tells the writer. A regular file or block
 * device is not guarded (its writes wait on no reader). Unguard a stream
 * before closing it: its number may be reused. At most 8 streams. */
void signals_guard_stream(int fd);
void signals_unguard_stream(int fd);
void signals_unguard_all(void); /* a client: the streams are its parent's */
bool signals_stream_cut(int fd);

/* The first signal that set the stop level (SIGINT, SIGTERM, SIGQUIT,
 * SIGHUP), 0
 * before any: a client names what stopped it. */
int signals_first(void);

/* Forgets received signals (for tests). */
void signals_reset(void);

#endif

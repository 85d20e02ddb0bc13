/* Ctrl-C and friends. The handlers only set a level that phases poll
 * between operations; all cleanup happens in normal code:
 *   level 1 (first SIGINT or SIGTERM): finish nothing more, report what
 *           completed, clean up, exit 4;
 *   level 2 (second SIGINT/SIGTERM, or SIGHUP): skip the report, clean up,
 *           exit 4. */
#ifndef BONNIE_SIGNALS_H
#define BONNIE_SIGNALS_H

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

enum stop_level signals_stop_level(void);

/* The first signal that set the stop level (SIGINT, SIGTERM, SIGHUP), 0
 * before any: a client names what stopped it. */
int signals_first(void);

/* Forgets received signals (for tests). */
void signals_reset(void);

#endif

/* Exit statuses of bonnie, shared by main and the tests.
 * Documented in README.md and bonnie.1; never renumber them. */
#ifndef BONNIE_EXITCODES_H
#define BONNIE_EXITCODES_H

enum exit_status {
	EXIT_OK = 0,          /* every requested phase ran */
	EXIT_USAGE = 1,       /* bad option or configuration */
	EXIT_SETUP = 2,       /* cannot create the scratch directory, not enough space... */
	EXIT_IO = 3,          /* an I/O error stopped a phase */
	EXIT_INTERRUPTED = 4, /* SIGINT, SIGTERM, SIGQUIT or SIGHUP */
	EXIT_REPORT = 5,      /* the report could not be written */
	EXIT_VERIFY = 6,      /* --verify found data that differs from what was written */
};

#endif

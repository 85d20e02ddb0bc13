/* Running a system tool (zpool, zfs, zdb, sysctl) for its output: found by
 * absolute path in the system directories, started without a shell,
 * bounded in time and in what it may print. */
#ifndef BONNIE_TOOL_H
#define BONNIE_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#define TOOL_TIMEOUT_MS 5000

/* The absolute path of the executable name in /sbin, /usr/sbin,
 * /usr/local/sbin, /bin or /usr/bin (in that order) into path. False if
 * none is there. */
bool tool_find(const char *name, char *path, size_t len);

/* Runs argv (argv[0] an absolute path; NULL-terminated) with its stdout
 * into out (cap bytes, NUL-terminated, cut beyond), stderr and stdin on
 * /dev/null, under LC_ALL=C, killed after timeout_ms. Returns its exit
 * status (0..255), or -1 if it could not be started, was killed or timed
 * out (why: "timed out", "not started"). */
int tool_run(char *const argv[], char *out, size_t cap, int timeout_ms, const char **why);

#endif

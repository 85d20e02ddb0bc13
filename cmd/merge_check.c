/* merge_files_apart, merge_read_hosts, merge_check_measured: see
 * merge_check.h. A merge that counts a host twice, or sums phases some
 * hosts never measured, would be a wrong number with exit 0. */
#include "merge_check.h"
#include "say.h"

#include "../lib/exitcodes.h"
#include "../lib/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A FILE's identity ("-": standard input's); false when it cannot be
 * stat'ed (its read then says why). */
static bool identity(const char *path, struct stat *st)
{
	return (strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, st) : stat(path, st)) == 0;
}

int merge_files_apart(char **files, size_t n)
{
	struct stat *st = calloc(n ? n : 1, sizeof *st);
	bool *known = calloc(n ? n : 1, sizeof *known);
	int status = EXIT_OK;

	if (st == NULL || known == NULL) {
		free(st);
		free(known);
		return say_status(EXIT_SETUP, "merge: cannot allocate memory");
	}
	for (size_t i = 0; i < n; i++) /* each file stat'ed once */
		known[i] = identity(files[i], &st[i]);
	for (size_t i = 1; i < n && status == EXIT_OK; i++)
		for (size_t k = 0; k < i; k++)
			if (strcmp(files[k], files[i]) == 0 || (known[k] && known[i] && st[k].st_dev == st[i].st_dev &&
			                                        st[k].st_ino == st[i].st_ino)) {
				status = say_status(EXIT_USAGE, "merge: %s and %s are one file: name each host's result once",
				                    files[k], files[i]);
				break;
			}
	free(st);
	free(known);
	return status;
}

int merge_read_hosts(struct host_read *hosts, char **texts, char **files, size_t n, size_t run)
{
	for (size_t i = 0; i < n; i++) {
		char err[200];
		if (host_read(&hosts[i], texts[i], run, err, sizeof err) < 0)
			return say_status(EXIT_SETUP, "merge: %s: %s", files[i], err);
		if (!hosts[i].name[0])
			str_sanitize(hosts[i].name, sizeof hosts[i].name, files[i]);
		const char *differs = i ? host_setup_differs(&hosts[0], &hosts[i]) : NULL;
		if (differs)
			return say_status(EXIT_SETUP, "merge: %s and %s are not of one setup: %s differs", files[0],
			                  files[i], differs);
		for (size_t k = 0; k < i; k++)
			if (strcmp(hosts[k].name, hosts[i].name) == 0)
				return say_status(EXIT_USAGE, "merge: %s and %s are one host's result (machine %s, the same "
				                  "--start-at): name each host once", files[k], files[i], hosts[i].name);
	}
	return EXIT_OK;
}

/* The first host that did not measure phase id, or n when all did. */
static size_t unmeasured_on(const struct host_read *hosts, size_t n, int id, size_t *others)
{
	size_t first = n;

	*others = 0;
	for (size_t h = 0; h < n; h++)
		if (!hosts[h].phase[id].done) {
			if (first == n)
				first = h;
			else
				(*others)++;
		}
	return first;
}

int merge_check_measured(const struct host_read *hosts, char **files, size_t n, bool sweep, bool *partial)
{
	size_t measured = 0;
	char at[48] = "";

	if (sweep)
		snprintf(at, sizeof at, " (at %llu clients per host)", (unsigned long long)hosts[0].setup.clients);
	for (int id = 0; id < PHASE_COUNT; id++) {
		size_t others, h = unmeasured_on(hosts, n, id, &others);
		bool planned = (hosts[0].setup.phase_mask >> id) & 1u;
		if (h == n) {
			measured++;
			continue;
		}
		if (!planned && others + 1 == n)
			continue; /* no host ran it */
		*partial = true;
		say("merge: %s%s not measured on %s (%s): %s%s; left out of the merge", phase_name((enum phase_id)id), at,
		    hosts[h].name, files[h], hosts[h].phase[id].why[0] ? hosts[h].phase[id].why : "not in its result",
		    others ? "; nor on other hosts" : "");
	}
	if (measured == 0)
		return say_status(EXIT_IO, "merge: no phase was measured on every host%s: nothing to merge", at);
	return EXIT_OK;
}

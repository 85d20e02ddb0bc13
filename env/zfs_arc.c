/* Reading the ARC's counters from the text each system publishes them
 * in; see zfs.h. Pure. */
#include "zfs.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void zfs_arc_set(struct zfs_arc *a, const char *name, uint64_t value)
{
	if (strcmp(name, "size") == 0) {
		a->size = value;
		a->valid = true;
	} else if (strcmp(name, "c_max") == 0) {
		a->c_max = value;
		a->valid = true;
	} else if (strcmp(name, "hits") == 0) {
		a->hits = value;
		a->has_hits = true;
	} else if (strcmp(name, "misses") == 0) {
		a->misses = value;
	} else if (strcmp(name, "l2_size") == 0) {
		a->l2_size = value;
	}
}

/* Each line of text through fmt ("%63s %*u %" SCNu64 or the sysctl form). */
static int parse_lines(const char *text, struct zfs_arc *a, bool sysctl)
{
	const char *prefix = "kstat.zfs.misc.arcstats.";
	char line[256], name[96];
	uint64_t v;

	memset(a, 0, sizeof *a);
	while (*text) {
		size_t n = strcspn(text, "\n");
		size_t keep = n < sizeof line ? n : sizeof line - 1;
		memcpy(line, text, keep);
		line[keep] = '\0';
		text += n + (text[n] == '\n');
		if (sysctl) {
			char *colon = strchr(line, ':');
			if (strncmp(line, prefix, strlen(prefix)) != 0 || colon == NULL ||
			    sscanf(colon + 1, " %" SCNu64, &v) != 1)
				continue;
			*colon = '\0';
			zfs_arc_set(a, line + strlen(prefix), v);
		} else if (sscanf(line, "%95s %*u %" SCNu64, name, &v) == 2) {
			zfs_arc_set(a, name, v);
		}
	}
	return a->valid || a->has_hits ? 0 : -1;
}

int zfs_parse_arcstats(const char *text, struct zfs_arc *a)
{
	return parse_lines(text, a, false);
}

int zfs_parse_arc_sysctl(const char *text, struct zfs_arc *a)
{
	return parse_lines(text, a, true);
}

int zfs_arc_hit_pct(const struct zfs_arc *before, const struct zfs_arc *after)
{
	uint64_t hits, misses;

	if (!before->has_hits || !after->has_hits || after->hits < before->hits || after->misses < before->misses)
		return -1;
	hits = after->hits - before->hits;
	misses = after->misses - before->misses;
	if (hits + misses == 0)
		return -1;
	return (int)(hits * 100 / (hits + misses));
}

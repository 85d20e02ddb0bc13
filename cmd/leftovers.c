/* One note per scratch directory an earlier run left in -d (killed before
 * it could remove it): where, how big, how old, and how to remove it.
 * bonnie never removes it: nothing proves it is this run's to remove. */
#include "leftovers.h"
#include "say.h"

#include "../scratch/leftover.h"
#include "../lib/units.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* Notes beyond this are one line that counts them. */
#define NOTES_MAX 10

struct note_ctx {
	const char *prefix; /* -d as given, with the '/' before the scratch name */
	bool share;
	time_t now;
	int seen;
};

/* "40 s", "12 min", "3 h", "5 days". */
static void format_age(time_t secs, char *buf, size_t len)
{
	if (secs < 0)
		secs = 0;
	if (secs < 120)
		snprintf(buf, len, "%lld s", (long long)secs);
	else if (secs < 2 * 3600)
		snprintf(buf, len, "%lld min", (long long)secs / 60);
	else if (secs < 2 * 86400)
		snprintf(buf, len, "%lld h", (long long)secs / 3600);
	else
		snprintf(buf, len, "%lld days", (long long)secs / 86400);
}

/* s in single quotes for a shell, each ' as '\'' (say() then keeps the
 * line one line). */
static void shell_quote(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	if (len < 3) {
		buf[0] = '\0';
		return;
	}
	buf[n++] = '\'';
	for (; *s && n + 6 < len; s++) {
		if (*s == '\'') {
			memcpy(buf + n, "'\\''", 4);
			n += 4;
		} else {
			buf[n++] = *s;
		}
	}
	buf[n++] = '\'';
	buf[n] = '\0';
}

static void note_one(void *arg, const struct leftover *l)
{
	struct note_ctx *c = arg;
	char size[32], age[32], path[4200], quoted[8400];

	if (++c->seen > NOTES_MAX)
		return;
	units_format_human(l->bytes, size, sizeof size);
	format_age(c->now - l->mtime, age, sizeof age);
	snprintf(path, sizeof path, "%s%s", c->prefix, l->name);
	shell_quote(path, quoted, sizeof quoted);
	say("note: %s (%s%s, last changed %s ago) is left from an earlier run that was killed%s; bonnie leaves it: "
	    "remove it with rm -r %s",
	    path, l->partial ? "at least " : "", size, age,
	    c->share ? ", or is a run's on another host (on a network share bonnie cannot tell)" : "", quoted);
}

void leftovers_note(const struct scratch *own, bool share)
{
	char prefix[sizeof own->path];
	size_t n = strlen(own->path), name = strlen(own->name);
	struct note_ctx c = {prefix, share, time(NULL), 0};

	/* own->path is -d as given, then '/' unless it ended so, then the name */
	if (own->parentfd < 0 || n <= name || strcmp(own->path + n - name, own->name) != 0)
		return;
	snprintf(prefix, sizeof prefix, "%.*s", (int)(n - name), own->path);
	leftover_scan(own->parentfd, own->dev, own->ino, note_one, &c);
	if (c.seen > NOTES_MAX)
		say("note: %d more directories %sbonnie.* are left from earlier runs that were killed; bonnie leaves them",
		    c.seen - NOTES_MAX, prefix);
}

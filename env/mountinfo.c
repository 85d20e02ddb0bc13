/* /proc/self/mountinfo parsing; see mountinfo.h. Line format (proc(5)):
 * id parent major:minor root mount-point options [tags...] - type source super-options */
#include "mountinfo.h"
#include "../lib/str.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 32

/* Decodes the octal escapes mountinfo uses for blanks (\040) in place. */
static void unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' && s[3] >= '0' &&
		    s[3] <= '7') {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

static void copy_field(char *dst, size_t cap, const char *src)
{
	str_copy(dst, cap, src);
	unescape(dst);
}

/* True if the comma-separated list has the option opt. */
static bool has_option(const char *list, const char *opt)
{
	size_t n = strlen(opt);

	for (const char *p = list; p != NULL && *p;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == n && strncmp(p, opt, n) == 0)
			return true;
		p = comma ? comma + 1 : NULL;
	}
	return false;
}

/* Appends the super options that the per-mount options do not already list. */
static void merge_options(char *dst, size_t cap, const char *super)
{
	char buf[512], *tok, *save;

	str_copy(buf, sizeof buf, super);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t len = strlen(dst);
		if (has_option(dst, tok) || len + strlen(tok) + 2 > cap)
			continue;
		if (len)
			dst[len++] = ',';
		strcpy(dst + len, tok);
	}
}

int mountinfo_parse_line(const char *line, struct mount_entry *e)
{
	char buf[4096], *f[MAX_FIELDS], *save, *tok;
	int n = 0, dash = -1;

	str_copy(buf, sizeof buf, line);
	buf[strcspn(buf, "\n")] = '\0';
	for (tok = strtok_r(buf, " ", &save); tok && n < MAX_FIELDS; tok = strtok_r(NULL, " ", &save)) {
		if (strcmp(tok, "-") == 0 && dash < 0 && n >= 6)
			dash = n;
		f[n++] = tok;
	}
	if (dash < 0 || n < dash + 3)
		return -1;
	if (sscanf(f[2], "%u:%u", &e->major, &e->minor) != 2)
		return -1;
	copy_field(e->mount_point, sizeof e->mount_point, f[4]);
	copy_field(e->fs_type, sizeof e->fs_type, f[dash + 1]);
	copy_field(e->source, sizeof e->source, f[dash + 2]);
	copy_field(e->options, sizeof e->options, f[5]);
	if (n > dash + 3)
		merge_options(e->options, sizeof e->options, f[dash + 3]);
	return 0;
}

/* Length of mount point mp if it contains path, else -1. */
static long prefix_len(const char *mp, const char *path)
{
	size_t len = strlen(mp);

	if (strcmp(mp, "/") == 0)
		return 1;
	if (strncmp(mp, path, len) == 0 && (path[len] == '\0' || path[len] == '/'))
		return (long)len;
	return -1;
}

int mountinfo_find(const char *mountinfo, unsigned major, unsigned minor, const char *real_dir,
                   struct mount_entry *out)
{
	FILE *f = fopen(mountinfo, "r");
	struct mount_entry by_path;
	char line[4096];
	long best = -1, best_path = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f)) {
		struct mount_entry e;
		long len;

		if (mountinfo_parse_line(line, &e) != 0)
			continue;
		len = prefix_len(e.mount_point, real_dir);
		/* later entries stack on top of earlier ones: >= keeps the last */
		if (len >= 0 && len >= best_path) {
			best_path = len;
			by_path = e;
		}
		if (e.major == major && e.minor == minor && len >= best) {
			best = len;
			*out = e;
		}
	}
	fclose(f);
	/* btrfs subvolumes report an st_dev of their own: fall back to the path */
	if (best < 0 && best_path >= 0) {
		*out = by_path;
		best = best_path;
	}
	return best >= 0 ? 0 : -1;
}

/* Reading zpool status, zdb -C, zpool get and zfs get text; see zfs.h.
 * Pure: the text in, the facts out. */
#include "zfs.h"
#include "../lib/str.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The n bytes at s into buf (len > 0), cut to fit, terminated. */
static void copy_cut(char *buf, size_t len, const char *s, size_t n)
{
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/* The line at *p into buf (without its newline); advances *p. False at the end. */
static bool next_line(const char **p, char *buf, size_t len)
{
	size_t n;

	if (**p == '\0')
		return false;
	n = strcspn(*p, "\n");
	copy_cut(buf, len, *p, n);
	*p += n + ((*p)[n] == '\n');
	return true;
}

static size_t indent_of(const char *line)
{
	return strspn(line, " \t");
}

/* The first blank-separated word of s into buf. */
static void first_word(const char *s, char *buf, size_t len)
{
	size_t n;

	s += strspn(s, " \t");
	n = strcspn(s, " \t\r");
	copy_cut(buf, len, s, n);
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A top-level vdev that groups leaves: mirror-0, raidz1-0, raidz-0, draid2:... */
static bool is_group(const char *name)
{
	return starts(name, "mirror") || starts(name, "raidz") || starts(name, "draid");
}

/* Nested groups whose leaves belong to the enclosing top-level vdev. */
static bool is_nested_group(const char *name)
{
	return starts(name, "replacing") || starts(name, "spare-");
}

static bool is_section(const char *name)
{
	return strcmp(name, "logs") == 0 || strcmp(name, "cache") == 0 || strcmp(name, "spares") == 0 ||
	       strcmp(name, "special") == 0 || strcmp(name, "dedup") == 0;
}

static void add_leaf(struct zfs_layout *l, const char *name, const char *group, bool data, bool extra)
{
	struct zfs_vdev *v;

	if (l->nvdev == ZFS_VDEV_MAX) {
		l->cut = true;
		return;
	}
	v = &l->vdev[l->nvdev++];
	memset(v, 0, sizeof *v);
	str_copy(v->name, sizeof v->name, name);
	str_copy(v->group, sizeof v->group, group);
	v->data = data;
	v->extra = extra;
	v->is_file = name[0] == '/' && !starts(name, "/dev/");
}

int zfs_parse_status(const char *text, const char *pool, struct zfs_layout *out)
{
	char line[512], word[128], section[24] = "", group[24] = "";
	size_t base = 0, pair = 0; /* pair: the depth of a replacing/spare group, 0 none */
	bool in_config = false, in_pool = false, pair_first = false;

	memset(out, 0, sizeof *out);
	while (next_line(&text, line, sizeof line)) {
		size_t ind = indent_of(line);
		size_t depth;
		first_word(line, word, sizeof word);
		if (!in_config) {
			in_config = starts(line + ind, "config:");
			continue;
		}
		if (!in_pool) {
			if (strcmp(word, pool) == 0 && ind > 0) {
				in_pool = true;
				base = ind;
			}
			continue;
		}
		if (word[0] == '\0' || ind == 0 || ind < base)
			break; /* the blank line, or "errors:", ends the config */
		depth = ind - base;
		if (pair && depth <= pair)
			pair = 0;
		if (depth == 0) { /* logs, cache, spares: beside the pool's own vdevs */
			str_copy(section, sizeof section, is_section(word) ? word : "other");
			group[0] = '\0';
		} else if (depth <= 2 && is_group(word)) {
			str_copy(group, sizeof group, word);
		} else if (depth <= 2) {
			group[0] = '\0';
			add_leaf(out, word, section, section[0] == '\0', false);
		} else if (is_nested_group(word)) {
			pair = depth;
			pair_first = true;
		} else {
			add_leaf(out, word, group[0] ? group : section, section[0] == '\0', pair && !pair_first);
			pair_first = false;
		}
	}
	if (!in_pool)
		return -1;
	zfs_layout_describe(out);
	return 0;
}

/* The parity of a raidz group's name: raidz2-0 -> 2, raidz-0 -> 1; 0 not raidz. */
static unsigned parity_of(const char *group)
{
	if (!starts(group, "raidz"))
		return 0;
	return group[5] >= '1' && group[5] <= '3' ? (unsigned)(group[5] - '0') : 1;
}

/* Leaves of the top-level vdev named group (a leaf alone: 1). */
static unsigned width_of(const struct zfs_layout *l, const char *group)
{
	unsigned n = 0;

	if (group[0] == '\0')
		return 1;
	for (unsigned i = 0; i < l->nvdev; i++)
		n += l->vdev[i].data && !l->vdev[i].extra && strcmp(l->vdev[i].group, group) == 0;
	return n;
}

/* Whether data vdev i is the first leaf of its top-level vdev. */
static bool first_of_top(const struct zfs_layout *l, unsigned i)
{
	if (l->vdev[i].group[0] == '\0')
		return true;
	for (unsigned j = 0; j < i; j++)
		if (l->vdev[j].data && strcmp(l->vdev[j].group, l->vdev[i].group) == 0)
			return false;
	return true;
}

static void words_of(struct zfs_layout *l)
{
	const char *kind = l->mirror ? "mirror" : "raidz";
	char many[16] = "";

	if (l->top > 1)
		snprintf(many, sizeof many, "%u x ", l->top);
	if (l->mixed || l->top == 0)
		snprintf(l->words, sizeof l->words, l->top ? "mixed" : "unknown");
	else if (l->width == 1)
		snprintf(l->words, sizeof l->words, l->top == 1 ? "single disk" : "stripe of %u", l->top);
	else if (l->parity)
		snprintf(l->words, sizeof l->words, "%s%s%u of %u", many, kind, l->parity, l->width);
	else
		snprintf(l->words, sizeof l->words, "%s%s of %u", many, kind, l->width);
}

void zfs_layout_describe(struct zfs_layout *l)
{
	bool first = true;

	l->top = l->width = l->parity = 0;
	l->mirror = l->mixed = false;
	for (unsigned i = 0; i < l->nvdev; i++) {
		const struct zfs_vdev *v = &l->vdev[i];
		unsigned w = width_of(l, v->group), p = parity_of(v->group);
		bool m = starts(v->group, "mirror");
		if (!v->data || !first_of_top(l, i))
			continue;
		l->top++;
		if (starts(v->group, "draid") || (!first && (w != l->width || p != l->parity || m != l->mirror)))
			l->mixed = true;
		l->width = w;
		l->parity = p;
		l->mirror = m;
		first = false;
	}
	words_of(l);
	l->write_copies_pct = 0;
	if (l->mixed || l->top == 0 || l->cut)
		return;
	if (l->mirror)
		l->write_copies_pct = 100 * l->width;
	else if (l->parity && l->width > l->parity) /* rounded: raidz1 of 3 -> 150 */
		l->write_copies_pct = (200 * l->width / (l->width - l->parity) + 1) / 2;
	else if (!l->parity)
		l->write_copies_pct = 100;
}

int zfs_parse_zdb_ashift(const char *text)
{
	char line[256];
	int least = -1;

	while (next_line(&text, line, sizeof line)) {
		const char *s = line + indent_of(line);
		int v;
		if (sscanf(s, "ashift: %d", &v) == 1 && v >= 9 && v <= 16 && (least < 0 || v < least))
			least = v;
	}
	return least;
}

int zfs_parse_pool_ashift(const char *text)
{
	char line[256], name[64], prop[32];
	int v;

	while (next_line(&text, line, sizeof line))
		if (sscanf(line, "%63s %31s %d", name, prop, &v) == 3 && strcmp(prop, "ashift") == 0)
			return v >= 9 && v <= 16 ? v : -1;
	return -1;
}

int zfs_parse_props(const char *text, struct env_zfs *z)
{
	static const struct {
		const char *name;
		size_t off;
	} props[] = {
		{"recordsize", offsetof(struct env_zfs, recordsize)},
		{"compression", offsetof(struct env_zfs, compression)},
		{"primarycache", offsetof(struct env_zfs, primarycache)},
		{"sync", offsetof(struct env_zfs, sync)},
	};
	char line[512], name[64], value[64];
	int found = 0;

	while (next_line(&text, line, sizeof line)) {
		if (sscanf(line, "%63s %63s", name, value) != 2)
			continue;
		for (size_t i = 0; i < sizeof props / sizeof props[0]; i++)
			if (strcmp(name, props[i].name) == 0) {
				str_copy((char *)z + props[i].off, sizeof z->recordsize, value);
				found++;
			}
	}
	return found;
}

uint64_t zfs_parse_referenced(const char *text)
{
	char line[512], name[64];
	unsigned long long v;

	while (next_line(&text, line, sizeof line))
		if (sscanf(line, "%63s %llu", name, &v) == 2 && strcmp(name, "referenced") == 0)
			return (uint64_t)v;
	return 0;
}

double zfs_parse_compressratio(const char *text)
{
	char line[512], name[64];
	double v;

	while (next_line(&text, line, sizeof line))
		if (sscanf(line, "%63s %lf", name, &v) == 2 && strcmp(name, "compressratio") == 0 && v > 0)
			return v;
	return -1.0;
}

uint32_t zfs_largest_physical(const struct env_zfs *z)
{
	uint32_t most = 0;

	for (unsigned i = 0; i < z->layout.nvdev; i++) {
		const struct zfs_vdev *v = &z->layout.vdev[i];
		uint32_t p = v->under_physical > v->physical ? v->under_physical : v->physical;
		if (v->data && p > most)
			most = p;
	}
	return most;
}

int zfs_ashift_short(const struct env_zfs *z)
{
	uint32_t phys = zfs_largest_physical(z);

	if (z->ashift < 0 || phys == 0)
		return -1;
	return (1ull << z->ashift) < phys ? 1 : 0;
}

bool zfs_arc_may_hold(const struct zfs_arc *a, uint64_t file_bytes)
{
	return a->valid && a->c_max > 0 && file_bytes > 0 && file_bytes <= a->c_max + a->l2_size;
}

uint64_t zfs_default_size(const struct zfs_arc *a, uint64_t base)
{
	uint64_t most = a->valid ? a->c_max + a->l2_size : 0, gib = 1ull << 30;

	if (most == 0 || base > 2 * most)
		return base;
	return (2 * most + gib - 1) / gib * gib; /* twice what the ARC may hold, in whole GiB */
}

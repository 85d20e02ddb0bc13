/* Category names under a bar chart's groups (svg_charts.c), wrapped to
 * the room each group has. */
#include "svg.h"
#include "svg_internal.h"

#include <stdbool.h>
#include <string.h>

/* A category name on one line when it is no wider than its bars (bars_w,
 * 6.5 px a character), else broken after its first word and the rest in
 * lines no wider than room (WORD_CHAR_W a character), at most NAME_LINES
 * (the last takes the rest): the queue-depth rows' "SEQ1M Q8T1 read"
 * under a 24 px slot went on two lines whose second ran into its
 * neighbours' ("Q8T1 reaQ8T1 wr..."). Returns how many. */
int svg_name_lines(const char *name, double bars_w, double room, char lines[NAME_LINES][NAME_LINE_MAX])
{
	int n = 0;

	snprintf(lines[0], NAME_LINE_MAX, "%s", name);
	if (strchr(name, ' ') == NULL || 6.5 * (double)strlen(name) <= bars_w)
		return 1;
	lines[0][0] = '\0';
	while (*name) {
		size_t w = strcspn(name, " "), have = strlen(lines[n]);
		bool fits = have == 0 || (n > 0 && WORD_CHAR_W * (double)(have + 1 + w) <= room);
		if (!fits && n + 1 < NAME_LINES)
			lines[++n][0] = '\0';
		have = strlen(lines[n]);
		snprintf(lines[n] + have, NAME_LINE_MAX - have, "%s%.*s", have ? " " : "", (int)w, name);
		name += w;
		name += strspn(name, " ");
	}
	return n + 1;
}

/* The room a category's name has: its bars and most of the gaps beside. */
double svg_name_room(size_t bars, double slot)
{
	return (double)bars * slot + 0.7 * slot;
}

/* The most lines any category's name takes (1..NAME_LINES). */
int svg_most_name_lines(const struct bar_chart *c, double slot)
{
	char lines[NAME_LINES][NAME_LINE_MAX];
	int most = 1;

	for (size_t i = 0, first = 0; i < c->nbars; i++) {
		if (i + 1 < c->nbars && strcmp(c->bars[i + 1].category, c->bars[i].category) == 0)
			continue;
		int n = svg_name_lines(c->bars[i].category, (double)(i + 1 - first) * slot,
		                       svg_name_room(i + 1 - first, slot), lines);
		most = n > most ? n : most;
		first = i + 1;
	}
	return most;
}

/* Category names under the middle of each group of bars, on as many
 * lines as their room needs. */
void svg_category_label(FILE *out, const struct svg_frame *f, const char *name, double x0, double x1,
                        double room)
{
	char lines[NAME_LINES][NAME_LINE_MAX];
	int n = svg_name_lines(name, x1 - x0, room, lines);

	if (n == 1) {
		svg_text(out, (x0 + x1) / 2, f->y + f->h + 16, "middle", "bar-label", name);
		return;
	}
	for (int k = 0; k < n; k++)
		svg_text(out, (x0 + x1) / 2, f->y + f->h + 14 + 14 * k, "middle", "bar-label", lines[k]);
}


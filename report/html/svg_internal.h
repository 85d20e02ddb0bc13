/* What the chart files (svg_charts.c, svg_pct.c) share: series colours
 * and dashes, legends and number lists. Not for callers of svg.h. */
#ifndef BONNIE_SVG_INTERNAL_H
#define BONNIE_SVG_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PLOT_X 84.0 /* left of the plot: room for the y tick labels and axis label */
#define PLOT_Y 40.0
#define LEGEND_ROW 16.0
#define WORD_CHAR_W 6.6 /* 12 px sans-serif, letters and digits, with room */

struct svg_frame;
struct bar_chart;

/* A bar chart's category names (svg_names.c): name on one line when as
 * wide as its bars (bars_w), else broken after its first word and the
 * rest in lines no wider than room, at most NAME_LINES, returning how many; the room of a group of bars in slots of slot; the
 * most lines any of c's names takes; and a name drawn under x0..x1. */
#define NAME_LINES 3
#define NAME_LINE_MAX 64
int svg_name_lines(const char *name, double bars_w, double room, char lines[NAME_LINES][NAME_LINE_MAX]);
double svg_name_room(size_t bars, double slot);
int svg_most_name_lines(const struct bar_chart *c, double slot);
void svg_category_label(FILE *out, const struct svg_frame *f, const char *name, double x0, double x1,
                        double room);

/* Dash patterns tell series apart without colour; colour i of the palette. */
extern const char *const svg_dashes[4];
const char *svg_colour(int i);

/* Rows a legend of n names takes in a chart w wide (0 when n < 2), and
 * the legend itself (line samples, or boxes when lines is false). */
int svg_legend_rows(const char *const *names, size_t n, double w);
void svg_legend(FILE *out, const char *const *names, size_t n, bool lines, double w);

/* The reasons a bar is drawn with: hatched (CONF_SHORT striped, the others
 * dotted) and named, the first in the reasons' order under it. */
#define BAR_DRAWN (CONF_SHORT | CONF_CACHED | CONF_NOT_EVICTED)

/* A bar's marks named (svg_marks.c), in the confidence table's words:
 * the first drawn mark's word under the bar and in its title ("~ under
 * 0.5 s", "cached"; false, buf empty: none); the data-marks tokens of
 * marks; and the footnote's line of one drawn bit ("dotted: cached"). */
bool svg_mark_word(unsigned marks, char *buf, size_t len);
void svg_mark_tokens(FILE *out, unsigned marks);
void svg_mark_note(unsigned bit, char *buf, size_t len);

/* attr="v0 v1 ..." with each value exact. */
void svg_number_list(FILE *out, const char *attr, const double *v, size_t n);

/* Opens series idx: a group of class cls named name carrying its exact
 * numbers (xattr and yattr lists of n), then its line's path up to the
 * open d=" the caller fills with the points and closes with "\"/>". */
void svg_series_open(FILE *out, const char *cls, const char *name, const char *xattr, const double *x,
                     const char *yattr, const double *y, size_t n, int idx);

#endif

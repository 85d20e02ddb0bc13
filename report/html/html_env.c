/* What was tested, as the report's text says it (report_env and the
 * alignment probe's line): the page's "What was tested" <pre>, and at the
 * top of the page the lines a reader must see before scrolling (the
 * device, its alignment, the probe, every warning) as flowing text. */
#include "html.h"
#include "../report.h"
#include "svg.h"
#include "../model/view.h"

#include <stdlib.h>
#include <string.h>

void html_env_text(FILE *m, const void *arg)
{
	const struct html_report *rep = arg;

	report_env(m, rep->env);
	if (rep->nruns)
		report_zfs_after(m, &rep->views[0]);
	if (rep->align)
		report_align(m, rep->align);
}

/* The lines of the text that say something about the device. */
static bool first_screen_line(const char *line)
{
	static const char *const heads[] = {"Device:", "Alignment:", "Align probe:", "Counted:", "Share:", "Space:", "Pool:", "Vdev:", "Dataset:", "ARC:",
	                                     "Not read:", "Compressed:", "Daemon:"};

	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		if (strncmp(line, heads[i], strlen(heads[i])) == 0)
			return true;
	return false;
}

/* A line that qualifies every figure on the page. */
static bool warning_line(const char *line)
{
	return strstr(line, "WARNING") || strstr(line, "not device-true") || strstr(line, "not measured") ||
	       strstr(line, "read-modify-write") || strncmp(line, "Space:", 6) == 0 || strstr(line, "cannot evict");
}

/* line without its padding: "Device:      vda" -> "Device: vda"; a
 * number keeps its unit ("139 us") on a narrow screen. */
static void flowing(FILE *out, const char *line)
{
	char *one = malloc(strlen(line) + 1);
	size_t n = 0;
	bool blank = false;

	if (one == NULL)
		return;
	for (; *line; line++) {
		if (*line == ' ') {
			blank = true;
			continue;
		}
		if (blank)
			one[n++] = ' ';
		blank = false;
		one[n++] = *line;
	}
	one[n] = '\0';
	html_escape_figures(out, one);
	free(one);
}

/* Each kept line is a sentence of its own; a continuation line (indented)
 * belongs to the line above. */
static void tested_lines(FILE *out, char *text)
{
	bool keep = false, open = false;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		bool cont = line[0] == ' ';
		if (!cont)
			keep = first_screen_line(line);
		if (!keep)
			continue;
		if (!cont) {
			fputs(open ? ".</span> " : "", out);
			fputs(warning_line(line) ? "<span class=\"warn\">" : "<span>", out);
			open = true;
		}
		flowing(out, line);
		if (cont && warning_line(line))
			fputs(" &#9888;", out);
	}
	if (open)
		fputs(".</span>", out);
}

void html_tested_on(FILE *out, const struct html_report *rep)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (rep->env == NULL) /* a merged result: no one machine was tested */
		return;
	if ((m = open_memstream(&buf, &len)) == NULL)
		return;
	html_env_text(m, rep);
	if (fclose(m) == 0 && buf != NULL && len > 0) {
		fputs("<p class=\"tested-on\">", out);
		tested_lines(out, buf);
		fputs("</p>\n", out);
	}
	free(buf);
}

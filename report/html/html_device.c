/* The page's "From device" note: the text's notes (device_why.c) are in
 * the page's text block phase by phase; here each reason is one line with
 * the phases it holds for and their figures, and each cause that the
 * counters cannot tell apart is said once. */
#include "html.h"
#include "../model/device_why.h"
#include "../model/metrics.h"
#include "svg.h"
#include "../model/view.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>

#define NAMED_MAX 8 /* phases named in one line; the rest are counted */

/* What a reason says after the phases it holds for; v is the view of the
 * first of them. */
static void reason_tail(FILE *out, enum device_why w, const struct phase_view *v)
{
	unsigned want = v->expected_write_pct;
	const char *layout = v->dev_layout[0] ? v->dev_layout : "one device";

	switch (w) {
	case DEV_WHY_CACHED:
		fputs(": ", out);
		svg_escape(out, v->dev_cached_reason);
		break;
	case DEV_WHY_READ_AHEAD:
		fprintf(out, ": the device read more than was asked for, within two read-ahead windows (read_ahead_kb %u "
		        "on /dev/", v->dev_read_ahead_kb);
		svg_escape(out, v->dev_read_ahead_dev);
		fputs(")", out);
		break;
	case DEV_WHY_OTHER_READS:
		fputs(": the device read more than read-ahead explains; other readers of the device count too", out);
		break;
	case DEV_WHY_LAYOUT:
		fputs(": ", out);
		html_escape_figures(out, layout);
		fprintf(out, " writes %u%% of each byte given", want);
		break;
	case DEV_WHY_OTHER_WRITES:
		fprintf(out, ": the devices wrote more than the %u%% ", want);
		html_escape_figures(out, layout);
		fputs(" writes (the table&#39;s notes above give each phase&#39;s figures)", out);
		break;
	case DEV_WHY_FEWER_WRITES:
		fprintf(out, ": the devices wrote less than the %u%% ", want);
		html_escape_figures(out, layout);
		fputs(" writes: part may have reached them after the phase ended, or the file system stored less than "
		      "it was given (compression)", out);
		break;
	case DEV_WHY_NONE:
		break;
	}
}

/* One reason's line: "putc 1268%, seq_create 6689%: ...". */
static void reason_line(FILE *out, const struct html_report *rep, enum device_why w, const char **causes)
{
	const struct phase_view *first = NULL;
	unsigned n = 0;

	for (size_t i = 0; i < rep->nruns; i++)
		for (int id = 0; id < PHASE_COUNT; id++) {
			const struct phase_view *v = &rep->views[i].phase[id];
			const char *cause;
			if (v->dev_why != w)
				continue;
			cause = v->dev_why_cause;
			if (cause && causes[0] != cause && causes[1] != cause)
				causes[causes[0] != NULL] = cause;
			if (n == 0) {
				fputs("<li>", out);
				first = v;
			}
			if (n++ < NAMED_MAX)
				fprintf(out, "%s%s %d%%", n > 1 ? ", " : "", phase_name((enum phase_id)id), v->conf.device_pct);
			if (n <= NAMED_MAX && rep->nruns > 1)
				fprintf(out, " (run %zu)", i + 1);
		}
	if (n > NAMED_MAX)
		fprintf(out, " and %u more", n - NAMED_MAX);
	if (first) {
		reason_tail(out, w, first);
		fputs(".</li>\n", out);
	}
}

/* Whether any phase of the page's runs has a reason. */
static bool any_reason(const struct html_report *rep)
{
	for (size_t i = 0; i < rep->nruns; i++)
		for (int id = 0; id < PHASE_COUNT; id++)
			if (rep->views[i].phase[id].dev_why != DEV_WHY_NONE)
				return true;
	return false;
}

void html_device_note(FILE *out, const struct html_report *rep)
{
	static const enum device_why order[] = {DEV_WHY_LAYOUT,       DEV_WHY_OTHER_WRITES, DEV_WHY_FEWER_WRITES,
	                                        DEV_WHY_CACHED,       DEV_WHY_READ_AHEAD,   DEV_WHY_OTHER_READS};
	const char *causes[2] = {NULL, NULL};

	if (!any_reason(rep))
		return;
	fputs("<ul class=\"note device-note\">\n", out);
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
		reason_line(out, rep, order[k], causes);
	for (int i = 0; i < 2 && causes[i]; i++) {
		fprintf(out, "<li>%c", toupper((unsigned char)causes[i][0]));
		html_escape_figures(out, causes[i] + 1);
		fputs(".</li>\n", out);
	}
	fputs("</ul>\n", out);
}

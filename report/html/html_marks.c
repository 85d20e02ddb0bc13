/* The confidence marks' words on a run's page (the legend and the
 * captions); the figures they mark are the page's model's (page_model.h). */
#include "html.h"
#include "svg.h"
#include "../model/view.h"

#include <string.h>

/* "~" -> "ran under 0.5 s ...": each reason's legend line, joined. */
void html_marks_legend(FILE *out, unsigned reasons)
{
	bool any = false;

	for (int i = 0; i < CONF_REASONS; i++) {
		if (!(reasons & (1u << i)))
			continue;
		fprintf(out, "%s<span class=\"mark\">%c</span> ", any ? "; " : "", confidence_reason_mark(i));
		svg_escape(out, confidence_reason_text(i));
		any = true;
	}
}

const char *html_mark_words(int i)
{
	return confidence_reason_brief(i);
}

/* The same in a few words, for captions: "~ under 0.5 s, # few operations". */
void html_marks_short(FILE *out, unsigned reasons)
{
	bool any = false;

	for (int i = 0; i < CONF_REASONS; i++) {
		if (!(reasons & (1u << i)))
			continue;
		fprintf(out, "%s<span class=\"mark\">%c</span> %s", any ? ", " : "", confidence_reason_mark(i),
		        confidence_reason_brief(i));
		any = true;
	}
}

/* A bar's marks as the charts name them (svg_internal.h): every word of
 * a confidence reason is the confidence table's (confidence.c), so that
 * one mark reads the same under a bar, in its title, in the chart's
 * footnote, in the page's captions and in the text. What is drawn (the
 * hatching) is svg_charts.c's. */
#include "svg.h"
#include "svg_internal.h"

#include <string.h>

/* The reason index (confidence.h) of one reason bit. */
static int reason_of(unsigned bit)
{
	int i = 0;

	while (i < CONF_REASONS && !(bit & (1u << i)))
		i++;
	return i;
}

bool svg_mark_word(unsigned marks, char *buf, size_t len)
{
	buf[0] = '\0';
	if (marks & CHART_TOO_FAST) {
		snprintf(buf, len, "too fast to measure");
		return true;
	}
	for (int r = 0; r < CONF_REASONS; r++) {
		if (!(marks & BAR_DRAWN & (1u << r)))
			continue;
		/* striped: with its mark, which the bar's value carries on every page */
		if ((1u << r) == CONF_SHORT)
			snprintf(buf, len, "%c %s", confidence_reason_mark(r), confidence_reason_brief(r));
		else
			snprintf(buf, len, "%s", confidence_reason_brief(r));
		return true;
	}
	return false;
}

void svg_mark_tokens(FILE *out, unsigned marks)
{
	for (int r = 0; r < CONF_REASONS; r++)
		if (marks & BAR_DRAWN & (1u << r))
			fprintf(out, "%s ", confidence_reason_token(r));
	if (marks & CHART_TOO_FAST)
		fputs("too-fast", out);
}

void svg_mark_note(unsigned bit, char *buf, size_t len)
{
	int r = reason_of(bit);

	if (bit == CHART_TOO_FAST)
		snprintf(buf, len, "+++++: too fast for bonnie++ to measure");
	else if (bit == CONF_SHORT)
		snprintf(buf, len, "striped, %c: ran %s", confidence_reason_mark(r), confidence_reason_brief(r));
	else
		snprintf(buf, len, "dotted: %s", confidence_reason_brief(r));
}

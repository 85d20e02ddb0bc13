/* What every section of a run's page says about a phase, computed once:
 * the (median) rate, its spread, the (median) p99 and the confidence
 * marks, from the same repeat statistics the text and JSON use, so the
 * summary, the charts and the captions cannot disagree. */
#include "html.h"
#include "../model/metrics.h"
#include "../model/repeat.h"
#include "svg.h"
#include "../model/view.h"

#include <string.h>

static void phase_facts(const struct repeat_set *rs, enum phase_id id,
                        struct html_facts *f)
{
	struct repeat_summary sum;

	memset(f, 0, sizeof *f);
	f->mark = ' ';
	if (!repeat_summarise(rs, id, &sum))
		return;
	f->done = true;
	f->rate = sum.rate.median;
	f->lo = sum.rate.min;
	f->hi = sum.rate.max;
	f->cv_pct = rs->n > 1 ? sum.rate.cv_pct : -1;
	f->p99 = sum.has_lat[VIEW_P99] ? sum.lat_ns[VIEW_P99] : -1;
	f->spread_pct = sum.rate.spread_pct;
	f->cpu = sum.cpu_pct;
	f->iops = view_qd_iops(id, f->rate);
	f->reasons = sum.conf.reasons; /* one run: its own (no CV, so never unstable) */
	f->mark = sum.conf.mark;
}

int html_facts_of(const struct html_report *rep, struct html_facts facts[PHASE_COUNT])
{
	struct repeat_set rs = {0};
	int rc = 0;

	for (size_t i = 0; i < rep->nruns && rc == 0; i++)
		rc = repeat_add(&rs, &rep->views[i]);
	for (int id = 0; id < PHASE_COUNT; id++)
		phase_facts(&rs, (enum phase_id)id, &facts[id]);
	repeat_free(&rs);
	return rc;
}

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

/* Trust reasons and their marks; see confidence.h. */
#include "confidence.h"
#include "device_why.h"
#include "metrics.h"

#include <stdio.h>
#include <string.h>

static const struct {
	char mark;
	const char *name;
	const char *text;
	const char *words; /* in a cell where marks are markup (--share) */
	const char *brief; /* the HTML page's captions and notes, the words under a chart's bar */
	const char *token; /* the charts' data-marks token */
} reasons[CONF_REASONS] = {
	{MARK_SHORT, "short", "ran under " METRIC_MIN_TRUSTED_TEXT ": low confidence", "under " METRIC_MIN_TRUSTED_TEXT,
	 "under " METRIC_MIN_TRUSTED_TEXT, "low-confidence"},
	{MARK_FEW_OPS, "few_operations", "under " STR_OF(CONF_MIN_OPS) " timed operations: few samples behind the figure",
	 "under " STR_OF(CONF_MIN_OPS) " operations",
	 "few operations", "few-operations"},
	{MARK_UNSTABLE, "unstable", "unstable: the runs of -x differ by a CV over 10%", "unstable", "unstable", "unstable"},
	{MARK_CACHED, "cached", "read most of its data from a cache, not the device", "from the page cache", "cached",
	 "cached"},
	{MARK_NOT_EVICTED, "not_evicted", "page cache not dropped before it: the rate may come from RAM", "cache not dropped",
	 "cache not dropped", "not-evicted"},
};

void confidence_of(enum phase_id id, const struct phase_result *r, double cv_pct, struct confidence *c)
{
	c->duration_ns = r->elapsed_ns;
	c->operations = r->latency.count;
	c->device_pct = metric_device_pct(r);
	c->cv_pct = cv_pct;
	c->reasons = 0;
	if (metric_low_confidence(r))
		c->reasons |= CONF_SHORT;
	if (r->latency.count < CONF_MIN_OPS)
		c->reasons |= CONF_FEW_OPS;
	if (cv_pct > CONF_MAX_CV_PCT)
		c->reasons |= CONF_UNSTABLE;
	c->cached_words = NULL;
	if (metric_cached(id, r)) {
		c->reasons |= CONF_CACHED;
		c->cached_words = device_cached_words(r);
	}
	if (r->flags & RESULT_NOT_EVICTED)
		c->reasons |= CONF_NOT_EVICTED;
	c->mark = confidence_mark(c->reasons);
}

char confidence_mark(unsigned bits)
{
	for (int i = 0; i < CONF_REASONS; i++)
		if (bits & (1u << i))
			return reasons[i].mark;
	return ' ';
}

char confidence_reason_mark(int i)
{
	return reasons[i].mark;
}

const char *confidence_reason_name(int i)
{
	return reasons[i].name;
}

const char *confidence_reason_text(int i)
{
	return reasons[i].text;
}

const char *confidence_reason_words(int i)
{
	return reasons[i].words;
}

const char *confidence_reason_brief(int i)
{
	return reasons[i].brief;
}

const char *confidence_reason_token(int i)
{
	return reasons[i].token;
}

void confidence_words(const struct confidence *c, char *buf, size_t cap)
{
	const char *sep = " (";
	unsigned bits = c->reasons;

	for (int i = 0; i < CONF_REASONS; i++)
		if (bits & (1u << i)) {
			/* which cache is device_why's to say (the ARC on ZFS) */
			const char *w = (1u << i) == CONF_CACHED && c->cached_words ? c->cached_words : reasons[i].words;
			snprintf(buf + strlen(buf), cap - strlen(buf), "%s%s", sep, w);
			sep = ", ";
		}
	if (bits)
		snprintf(buf + strlen(buf), cap - strlen(buf), ")");
}

unsigned confidence_reasons_named(const char *names)
{
	unsigned bits = 0;

	while (*names) {
		size_t n = strcspn(names, " ");
		for (int i = 0; i < CONF_REASONS; i++)
			if (strlen(reasons[i].name) == n && strncmp(names, reasons[i].name, n) == 0)
				bits |= 1u << i;
		names += n;
		names += strspn(names, " ");
	}
	return bits;
}

/* What compare shows of its runs besides their figures, decided once for
 * every writer: each run's name, size, kind of input, per-char method,
 * setup texts and other rows (compare_shown), and which phases and rows
 * the tables have and which setup facts differ (compare_result). Pure: no
 * output; the writers read these and never the input. */
#include "compare_model.h"
#include "../../phases/qd.h"

#include <stdio.h>
#include <string.h>

const char *compare_input_kind(const struct parsed_run *r)
{
	if (strcmp(r->format, "json") == 0)
		return "bonnie JSON";
	if (strcmp(r->format, "tool") == 0) /* CrystalDiskMark, KDiskMark, fio */
		return "disk benchmark text";
	if (strcmp(r->format, "table") == 0)
		return "table";
	return strstr(r->origin, "(table)") ? "CSV line and table" : "CSV line";
}

static enum compare_source source_of(const struct parsed_run *r)
{
	if (strcmp(r->format, "json") == 0)
		return SOURCE_JSON;
	if (strcmp(r->format, "1.0x") == 0)
		return SOURCE_CSV10;
	if (strcmp(r->format, "tool") == 0)
		return SOURCE_TOOL;
	if (strcmp(r->format, "table") == 0)
		return SOURCE_TABLE;
	return SOURCE_CSV;
}

/* "16", or "16:100000:16/64" when the file sizes or directories are not
 * the defaults: the file counts as the notes on a setup say them. */
static void files_text(const struct parsed_run *r, char *buf, size_t cap)
{
	const char *max = r->meta[META_MAX_SIZE][0] ? r->meta[META_MAX_SIZE] : "0";
	const char *min = r->meta[META_MIN_SIZE][0] ? r->meta[META_MIN_SIZE] : "0";
	const char *dirs = r->meta[META_NUM_DIRS][0] ? r->meta[META_NUM_DIRS] : "1";

	if (strcmp(max, "0") == 0 && strcmp(min, "0") == 0 && strcmp(dirs, "1") == 0)
		snprintf(buf, cap, "%s", r->meta[META_NUM_FILES]);
	else
		snprintf(buf, cap, "%s:%s:%s/%s", r->meta[META_NUM_FILES], max, min, dirs);
}

/* Text number f of s, after those before it (the sum stays within
 * COMPARE_SHOWN_TEXT: see there). */
static void text_put(struct compare_shown *s, int f, size_t *used, const char *text)
{
	size_t room = sizeof s->text - *used;

	s->at[f] = (unsigned short)*used;
	snprintf(s->text + *used, room, "%s", text);
	*used += strlen(s->text + *used) + 1;
	if (*used >= sizeof s->text) /* never, by the bound: an empty text rather than past the end */
		*used = sizeof s->text - 1;
}

bool compare_reasons_known(const struct compare_run *r)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (!r->view.phase[i].reasons_unknown)
			return true;
	return false;
}

void compare_shown_of(const struct parsed_run *r, struct compare_run *run)
{
	struct compare_shown *s = &run->shown;
	char v[4 * PARSED_META_LEN];
	size_t used = 0;

	s->name = r->meta[META_NAME];
	s->size = r->meta[META_SIZE];
	s->chunk = r->meta[META_CHUNK];
	s->version = r->meta[META_VERSION];
	s->format = r->format;
	s->origin = r->origin;
	s->io_mode = r->io_mode;
	s->meta = r->meta;
	s->source = source_of(r);
	s->kind = compare_input_kind(r);
	s->perchar = compare_perchar_method(r);
	s->reasons_known = compare_reasons_known(run);
	s->setup_known = 0;
	s->nother = r->nother < PARSED_OTHER_ROWS ? r->nother : PARSED_OTHER_ROWS;
	for (int i = 0; i < s->nother; i++)
		s->other[i] = (struct compare_other){r->other[i].name, r->other[i].rate};
	for (int f = 0; f < COMPARE_SETUP_FACTS; f++) {
		compare_setup_value(r, (enum compare_setup_fact)f, v, sizeof v);
		text_put(s, f, &used, v);
		s->setup_known |= compare_setup_known(v) ? 1u << f : 0u;
	}
	files_text(r, v, sizeof v);
	text_put(s, SHOWN_FILES, &used, v);
}

void compare_ratios_said(struct compare_run *run)
{
	static const enum compare_ratio_kind kinds[] = {COMPARE_RATIO_RATE, COMPARE_RATIO_MAX};

	run->perchar_nc = false;
	run->setup_in_ratios = 0;
	for (int i = 0; i < PHASE_COUNT; i++)
		for (size_t q = 0; q < sizeof kinds / sizeof *kinds; q++) {
			const struct compare_vs_base *v = &run->vs[i][kinds[q]];
			if (!v->has)
				continue;
			if (v->d.not_comparable)
				run->perchar_nc |= phase_is((enum phase_id)i, FACT_PERCHAR);
			else
				run->setup_in_ratios |= v->d.setup_differs;
		}
}

bool compare_phase_shown(const struct compare_run *runs, size_t n, enum phase_id id)
{
	for (size_t k = 0; k < n; k++)
		if (runs[k].view.phase[id].state != CELL_NOT_RUN || view_has_pct(&runs[k].view.phase[id], VIEW_MAX))
			return true;
	return false;
}

bool compare_row_shown(const struct compare_run *runs, size_t n, enum phase_id id, enum compare_ratio_kind row)
{
	if (row == COMPARE_RATIO_RATE)
		return true;
	if (row == COMPARE_RATIO_MEAN && !qd_is(id))
		return false;
	for (size_t k = 0; k < n; k++)
		if (row == COMPARE_RATIO_MEAN ? runs[k].view.phase[id].lat_mean_ns > 0
		                              : view_has_pct(&runs[k].view.phase[id], VIEW_MAX))
			return true;
	return false;
}

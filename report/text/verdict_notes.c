/* The verdicts under the text table, in the --share block and in the -x
 * summary: the sentences of report/text/verdict_text.c, nothing computed here. */
#include "../report.h"
#include "../model/repeat.h"
#include "verdict_text.h"
#include "../model/view.h"

/* Too short to judge and nothing else to say: no event, no long flush. */
static bool only_too_short(const struct verdict *v)
{
	return v->kind == VERDICT_TOO_SHORT && v->nevents == 0 && !verdict_flush_said(v);
}

/* What makes a phase of each kind longer: per-char by -f, the data file's
 * phases (seeks too) by -s, the file phases by -n, the queue-depth
 * profile's (timed) by --qd-time. */
enum length_kind { LEN_PERCHAR, LEN_DATA, LEN_FILES, LEN_QD, LEN_KINDS };

static enum length_kind length_kind_of(enum phase_id id)
{
	if (phase_group(id) == GROUP_QD)
		return LEN_QD;
	if (phase_is(id, FACT_PERCHAR))
		return LEN_PERCHAR;
	return phase_is(id, FACT_DATA_FILE) ? LEN_DATA : LEN_FILES;
}

/* Whether bonnie chose the size behind a kind (its option not given): the
 * advice then says so rather than telling the user to enlarge an option
 * they did not set. The queue-depth time is always an option's. */
static bool length_chosen(enum length_kind k, const struct run_counts *c)
{
	switch (k) {
	case LEN_PERCHAR: return c->perchar_auto;
	case LEN_DATA: return c->size_auto;
	case LEN_FILES: return c->files_auto;
	case LEN_QD:
	case LEN_KINDS: break;
	}
	return false;
}

/* "-s, -n" then " makes " and "data, file": the options and the words of
 * the kinds listed whose chosen-ness is chosen. */
static void length_list(FILE *out, const bool *kinds, const bool *chosen, bool want, const char *join)
{
	static const char *const option[LEN_KINDS] = {"-f", "-s", "-n", "--qd-time"};
	static const char *const words[LEN_KINDS] = {"per-char", "data", "file", "queue-depth"};
	const char *sep = "";

	for (int k = 0; k < LEN_KINDS; k++)
		if (kinds[k] && chosen[k] == want) {
			fprintf(out, "%s%s", sep, option[k]);
			sep = ", ";
		}
	sep = join;
	for (int k = 0; k < LEN_KINDS; k++)
		if (kinds[k] && chosen[k] == want) {
			fprintf(out, "%s%s", sep, words[k]);
			sep = ", ";
		}
	fputs(" phases", out);
}

/* "a larger -s, -n makes data, file phases longer" for the kinds whose
 * size an option set, and "-f not given: bonnie sized per-char phases" for
 * those bonnie sized, naming only the kinds of the phases listed (a
 * --phases qd run is lengthened by --qd-time, not by -f or -n). */
static void length_advice(FILE *out, const bool *kinds, const struct run_counts *c)
{
	bool chosen[LEN_KINDS], any_given = false, any_chosen = false;

	for (int k = 0; k < LEN_KINDS; k++) {
		chosen[k] = length_chosen((enum length_kind)k, c);
		any_given |= kinds[k] && !chosen[k];
		any_chosen |= kinds[k] && chosen[k];
	}
	if (any_given) {
		fputs("a larger ", out);
		length_list(out, kinds, chosen, false, " makes ");
		fputs(" longer", out);
	}
	if (any_chosen) {
		fputs(any_given ? "; " : "", out);
		length_list(out, kinds, chosen, true, " not given: bonnie sized ");
	}
}

/* The phases too short to judge with nothing else to say, in one line that says why once and what
 * makes them longer; the phases last, so the line reads the same however
 * many there are. */
static void too_short_line(FILE *out, const struct run_view *run)
{
	bool kinds[LEN_KINDS] = {false};

	for (int i = 0; i < PHASE_COUNT; i++)
		if (only_too_short(&run->phase[i].verdict))
			kinds[length_kind_of((enum phase_id)i)] = true;
	fprintf(out, "over time, too short to judge (under %u s of operations; ", (unsigned)(VERDICT_MIN_NS / 1000000000u));
	length_advice(out, kinds, &run->counts);
	fputs("):", out);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (only_too_short(&run->phase[i].verdict))
			fprintf(out, " %s", phase_name((enum phase_id)i));
	fputc('\n', out);
}

/* "over time, put_block: fell 75% after ..." for each phase that has a
 * verdict; those too short to judge with nothing else to say share one line. */
void report_verdict_notes(FILE *out, const struct run_view *run)
{
	char sentence[VERDICT_SENTENCE_MAX];
	bool any_short = false;

	for (int i = 0; i < PHASE_COUNT; i++) {
		const struct verdict *v = &run->phase[i].verdict;

		if (only_too_short(v))
			any_short = true;
		if (v->kind == VERDICT_NONE || only_too_short(v))
			continue;
		verdict_sentence((enum phase_id)i, v, sentence, sizeof sentence);
		fprintf(out, "over time, %s: %s\n", phase_name((enum phase_id)i), sentence);
	}
	if (any_short)
		too_short_line(out, run);
}

/* "over time, put_block: fell in 3 of 5 runs, steady in 2 of 5 runs". */
void report_verdict_counts(FILE *out, enum phase_id id, const struct repeat_summary *s)
{
	static const enum verdict_kind order[] = {VERDICT_STALLED, VERDICT_FELL, VERDICT_ROSE, VERDICT_WARMUP,
	                                          VERDICT_NOISY, VERDICT_STEADY, VERDICT_TOO_SHORT,
	                                          VERDICT_INTERRUPTED};
	static const char *const words[VERDICT_KINDS] = {
		[VERDICT_TOO_SHORT] = "too short to judge", [VERDICT_STEADY] = "steady",
		[VERDICT_NOISY] = "noisy", [VERDICT_WARMUP] = "warm-up", [VERDICT_FELL] = "fell",
		[VERDICT_ROSE] = "rose", [VERDICT_STALLED] = "stalled", [VERDICT_INTERRUPTED] = "interrupted",
	};
	const char *sep = ":";

	if (s->verdicts[VERDICT_NONE] == s->rate.n)
		return;
	fprintf(out, "over time, %s", phase_name(id));
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
		if (s->verdicts[order[k]] == 0)
			continue;
		fprintf(out, "%s %s in %u of %zu runs", sep, words[order[k]], s->verdicts[order[k]], s->rate.n);
		sep = ",";
	}
	fputc('\n', out);
}

void report_verdict_counts_json(struct json *j, const struct repeat_summary *s)
{
	json_array_begin(j, "verdicts");
	for (int k = VERDICT_TOO_SHORT; k < VERDICT_KINDS; k++) {
		if (s->verdicts[k] == 0)
			continue;
		json_object_begin(j, NULL);
		json_string(j, "kind", verdict_kind_name((enum verdict_kind)k));
		json_u64(j, "runs", s->verdicts[k]);
		json_object_end(j);
	}
	json_array_end(j);
}

/* The sizes bonnie chose once for the invocation, above the table. */
#include "report.h"
#include "../lib/units.h"

#include <stdio.h>

/* The per-char phase the sizing left out (the other one runs), or NULL. */
static const char *skipped_phase(uint32_t skipped)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if ((skipped & (1u << i)) && phase_is((enum phase_id)i, FACT_PERCHAR))
			return phase_words((enum phase_id)i);
	return NULL;
}

void report_sizes(FILE *out, const struct config *cfg)
{
	char size[32];
	const char *sep = "";
	bool perchar = cfg->decided.perchar_timed;

	if (!perchar && !cfg->decided.file_size_timed && !cfg->decided.files_by_rate)
		return;
	fprintf(out, "Sized:       ");
	if (cfg->decided.file_size_timed) {
		units_format_size(cfg->file_size, size, sizeof size);
		fprintf(out, "data file %s by time on a share (no -s)", size);
		sep = "; ";
	}
	if (perchar) {
		units_format_size(cfg->perchar_size, size, sizeof size);
		if (cfg->perchar_size == 0)
			fprintf(out, "%sper-char skipped, too slow (no -f)", sep);
		else if (skipped_phase(cfg->decided.auto_skipped))
			fprintf(out, "%sper-char %s by time (no -f), %s skipped, too slow", sep, size,
			        skipped_phase(cfg->decided.auto_skipped));
		else
			fprintf(out, "%sper-char %s by time (no -f)", sep, size);
		sep = "; ";
	}
	if (cfg->decided.files_by_rate)
		fprintf(out, "%sfiles %u x 1024 by the delete rate (no -n)", sep, cfg->files_k);
	if (cfg->decided.files_pool_k)
		fprintf(out, ", a time-based level's creates up to %u x 1024", cfg->decided.files_pool_k);
	fputs(", once for every run and client\n", out);
}

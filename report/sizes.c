/* The sizes bonnie chose once for the invocation, above the table. */
#include "report.h"
#include "../lib/units.h"

#include <stdio.h>

/* A per-char phase the sizing left out (the other one runs). */
static const char *skipped_words(uint32_t skipped)
{
	if (skipped & (1u << PHASE_PUTC))
		return ", per-char write skipped, too slow";
	if (skipped & (1u << PHASE_GETC))
		return ", per-char read skipped, too slow";
	return "";
}

void report_sizes(FILE *out, const struct config *cfg)
{
	char size[32];
	const char *sep = "";
	bool perchar = cfg->perchar_timed;

	if (!perchar && !cfg->file_size_timed && !cfg->files_decided)
		return;
	fprintf(out, "Sized:       ");
	if (cfg->file_size_timed) {
		units_format_size(cfg->file_size, size, sizeof size);
		fprintf(out, "data file %s by time on a share (no -s)", size);
		sep = "; ";
	}
	if (perchar) {
		units_format_size(cfg->perchar_size, size, sizeof size);
		if (cfg->perchar_size == 0)
			fprintf(out, "%sper-char skipped, too slow (no -f)", sep);
		else
			fprintf(out, "%sper-char %s by time (no -f)%s", sep, size, skipped_words(cfg->auto_skipped));
		sep = "; ";
	}
	if (cfg->files_decided)
		fprintf(out, "%sfiles %u x 1024 by the delete rate (no -n)", sep, cfg->files_k);
	if (cfg->files_pool_k)
		fprintf(out, ", a time-based level's creates up to %u x 1024", cfg->files_pool_k);
	fputs(", once for every run and client\n", out);
}

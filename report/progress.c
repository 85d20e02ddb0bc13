/* bonnie++-style progress lines: "Rewriting...done". */
#include "report.h"

void report_progress_begin(FILE *out, enum phase_id id)
{
	fprintf(out, "%s...", phase_title(id));
	fflush(out);
}

void report_progress_end(FILE *out, const struct phase_result *res)
{
	switch (res->status) {
	case PHASE_DONE: fputs("done\n", out); break;
	case PHASE_FAILED: fputs("failed\n", out); break;
	case PHASE_INTERRUPTED: fputs("interrupted\n", out); break;
	case PHASE_NOT_RUN: fputs("skipped\n", out); break;
	}
	fflush(out);
}

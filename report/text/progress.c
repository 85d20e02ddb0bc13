/* bonnie++-style progress lines: "Rewriting...done". */
#include "../report.h"

void report_progress_begin(FILE *out, enum phase_id id)
{
	fprintf(out, "%s...", phase_title(id));
	fflush(out);
}

void report_progress_end(FILE *out, const struct phase_result *res)
{
	fprintf(out, "%s\n", phase_status_name(res->status));
	fflush(out);
}

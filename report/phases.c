/* --list-phases: the phase list, titles, units, CSV positions, words and
 * groups as the binary knows them, for scripts (tests/phases.sh, bench/) to read instead
 * of keeping copies. */
#include "report.h"

static const char *unit_name(enum rate_unit u)
{
	switch (u) {
	case RATE_BYTES: return "KiB/s";
	case RATE_SEEKS: return "seeks/s";
	case RATE_FILES: return "files/s";
	}
	return "?";
}

void report_phase_list(FILE *out)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		int rate, cpu, lat;
		char fields[48] = "-\t-\t-"; /* a phase bonnie++'s CSV has no place for */

		if (report_csv_phase_fields(id, &rate, &cpu, &lat))
			snprintf(fields, sizeof fields, "%d\t%d\t%d", rate, cpu, lat);
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", phase_name(id), phase_title(id), unit_name(phase_unit(id)),
		        fields, phase_words(id), phase_group_words(phase_group(id)));
	}
}

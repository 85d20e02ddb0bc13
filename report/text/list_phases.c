/* --list-phases: the phase list, titles, units, CSV positions, words and
 * groups as the binary knows them, for scripts (tests/phases.sh, bench/) to read instead
 * of keeping copies. */
#include "../report.h"

const char *report_unit_name(enum rate_unit u)
{
	switch (u) {
	case RATE_BYTES: return "KiB/s";
	case RATE_SEEKS: return "seeks/s";
	case RATE_FILES: return "files/s";
	}
	return "?";
}

/* A CSV field number, or "-" for a field the 1.98 line does not have. */
static const char *field_text(int field, char *buf, size_t cap)
{
	if (field < 0)
		return "-";
	snprintf(buf, cap, "%d", field);
	return buf;
}

void report_phase_list(FILE *out)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		int rate, cpu, lat;
		char r[16], c[16], l[16];

		csv_layout_phase_fields(&csv_layout_198, id, &rate, &cpu, &lat);
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", phase_name(id), phase_title(id),
		        report_unit_name(phase_unit(id)), field_text(rate, r, sizeof r), field_text(cpu, c, sizeof c),
		        field_text(lat, l, sizeof l), phase_words(id), phase_group_words(phase_group(id)));
	}
}

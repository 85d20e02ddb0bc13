/* bonnie_doc.h: the parts of a bonnie --json document (report/text/json.c
 * writes it) that its readers find alike. */
#include "bonnie_doc.h"

#include <string.h>

const char *const bonnie_doc_bulk[] = {"histogram_ns", "timeline", NULL};

bool bonnie_doc_is(const struct jt *t)
{
	char tool[16];

	jt_string(t, jt_get(t, 0, "tool"), tool, sizeof tool);
	return strcmp(tool, "bonnie") == 0;
}

int bonnie_doc_run(const struct jt *t, size_t i)
{
	return jt_at(t, jt_get(t, 0, "runs"), i);
}

size_t bonnie_doc_runs(const struct jt *t)
{
	return jt_count(t, jt_get(t, 0, "runs"));
}

enum phase_id bonnie_doc_phase(const struct jt *t, int node)
{
	char name[PHASE_NAME_MAX];

	jt_string(t, jt_get(t, node, "name"), name, sizeof name);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (strcmp(name, phase_name((enum phase_id)i)) == 0)
			return (enum phase_id)i;
	return PHASE_COUNT;
}

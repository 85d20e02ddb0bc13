/* Name, title and unit tables generated from the one phase list. */
#include "phase_list.h"

#define PHASE_NAME(id, name, title, unit, sym) name,
#define PHASE_TITLE(id, name, title, unit, sym) title,
#define PHASE_UNIT(id, name, title, unit, sym) RATE_##unit,

static const char *const names[PHASE_COUNT] = {PHASES(PHASE_NAME)};
static const char *const titles[PHASE_COUNT] = {PHASES(PHASE_TITLE)};
static const enum rate_unit units[PHASE_COUNT] = {PHASES(PHASE_UNIT)};

const char *phase_name(enum phase_id id)
{
	return names[id];
}

const char *phase_title(enum phase_id id)
{
	return titles[id];
}

enum rate_unit phase_unit(enum phase_id id)
{
	return units[id];
}

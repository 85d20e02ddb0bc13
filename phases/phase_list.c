/* Name, title, words, group and unit tables generated from the one phase
 * list. */
#include "phase_list.h"

#define PHASE_NAME(id, name, title, words, group, unit, sym) name,
#define PHASE_TITLE(id, name, title, words, group, unit, sym) title,
#define PHASE_WORDS(id, name, title, words, group, unit, sym) words,
#define PHASE_GROUP(id, name, title, words, group, unit, sym) GROUP_##group,
#define PHASE_UNIT(id, name, title, words, group, unit, sym) RATE_##unit,

static const char *const names[PHASE_COUNT] = {PHASES(PHASE_NAME)};
static const char *const titles[PHASE_COUNT] = {PHASES(PHASE_TITLE)};
static const char *const words_of[PHASE_COUNT] = {PHASES(PHASE_WORDS)};
static const enum phase_group groups[PHASE_COUNT] = {PHASES(PHASE_GROUP)};
static const enum rate_unit units[PHASE_COUNT] = {PHASES(PHASE_UNIT)};

static const char *const group_words[GROUP_COUNT] = {
	[GROUP_SEQ_OUTPUT] = "sequential output", [GROUP_SEQ_INPUT] = "sequential input",
	[GROUP_SEEKS] = "random seeks",           [GROUP_SEQ_CREATE] = "sequential create",
	[GROUP_RAN_CREATE] = "random create",
};

const char *phase_name(enum phase_id id)
{
	return names[id];
}

const char *phase_title(enum phase_id id)
{
	return titles[id];
}

/* Out-of-range ids read "?": the words go into messages about bad input. */
const char *phase_words(enum phase_id id)
{
	return (unsigned)id < PHASE_COUNT ? words_of[id] : "?";
}

enum phase_group phase_group(enum phase_id id)
{
	return groups[id];
}

enum rate_unit phase_unit(enum phase_id id)
{
	return units[id];
}

const char *phase_group_words(enum phase_group g)
{
	return group_words[g];
}

/* The fact table generated from the one phase list, and what is derived
 * from it. */
#include "phase_list.h"

#define PHASE_FACTS(id, name, title, words, group, unit, sym, block, col, chart, flags, needs, shape) \
	{name, title, words, GROUP_##group, RATE_##unit, BLOCK_##block, col, CHART_##chart, flags, needs, shape},

static const struct phase_facts facts[] = {PHASES(PHASE_FACTS)};
_Static_assert(sizeof facts / sizeof facts[0] == PHASE_COUNT, "one row of facts a phase");

/* What a row cannot say: checked when it is compiled. */
#define PHASE_CHECK(id, name, title, words, group, unit, sym, block, col, chart, flags, needs, shape)                   \
	_Static_assert(((flags) & FACT_BONNIE_CSV) == 0 || (BLOCK_##block < BLOCK_OTHER && (col) < BLOCK_COLUMNS),  \
	               name ": bonnie++'s CSV places a phase by its column in one of bonnie++'s blocks");           \
	_Static_assert(BLOCK_##block >= BLOCK_OTHER || (col) < BLOCK_COLUMNS, name ": bonnie++'s blocks are six wide"); \
	_Static_assert(BLOCK_##block >= BLOCK_OTHER || ((flags) & FACT_BONNIE_CSV),                                \
	               name ": bonnie++'s CSV has fields for every column of its blocks");                        \
	_Static_assert(((flags) & FACT_SYNC_SPLIT) == 0 || ((flags) & FACT_WRITES), name ": a sync split ends writing"); \
	_Static_assert(sizeof name <= PHASE_NAME_MAX, name ": longer than PHASE_NAME_MAX");                       \
	_Static_assert(((flags) & FACT_EVICT_BEFORE) == 0 || ((flags) & FACT_EVICT_PREPARED) == 0,                \
	               name ": its data file is evicted at one moment");                                          \
	_Static_assert(((flags) & (FACT_EVICT_BEFORE | FACT_EVICT_PREPARED)) == 0 || ((flags) & FACT_DATA_FILE),   \
	               name ": what is evicted is the data file");                                     \
	_Static_assert(((flags) & FACT_CREATES) == 0 || ((flags) & FACT_WRITES), name ": making files writes");  \
	_Static_assert(((flags) & FACT_LOADS_SERVER) == 0 || ((flags) & FACT_PERCHAR) == 0,                       \
	               name ": a byte a call measures one client's CPU, not the server");
PHASES(PHASE_CHECK)

static const char *const group_words[] = {
	[GROUP_SEQ_OUTPUT] = "sequential output", [GROUP_SEQ_INPUT] = "sequential input",
	[GROUP_SEEKS] = "random seeks",           [GROUP_SEQ_CREATE] = "sequential create",
	[GROUP_RAN_CREATE] = "random create",    [GROUP_QD] = "queue-depth profile",
#ifdef BONNIE_TEST_PHASE
	[GROUP_TEST] = "test phase",
#endif
};
_Static_assert(sizeof group_words / sizeof group_words[0] == GROUP_COUNT, "words for every group");

const struct phase_facts *phase_facts_of(enum phase_id id)
{
	return &facts[id];
}

bool phase_is(enum phase_id id, unsigned f)
{
	return (facts[id].flags & f) == f;
}

uint32_t phase_mask_is(unsigned f)
{
	uint32_t m = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_is((enum phase_id)i, f))
			m |= 1u << i;
	return m;
}

enum evict_moment phase_evict_moment(enum phase_id id)
{
	if (facts[id].flags & FACT_EVICT_BEFORE)
		return EVICT_BEFORE_PREPARE;
	return facts[id].flags & FACT_EVICT_PREPARED ? EVICT_AFTER_PREPARE : EVICT_NEVER;
}

const char *phase_name(enum phase_id id)
{
	return facts[id].name;
}

const char *phase_title(enum phase_id id)
{
	return facts[id].title;
}

/* Out-of-range ids read "?": the words go into messages about bad input. */
const char *phase_words(enum phase_id id)
{
	return (unsigned)id < PHASE_COUNT ? facts[id].words : "?";
}

enum phase_group phase_group(enum phase_id id)
{
	return facts[id].group;
}

enum rate_unit phase_unit(enum phase_id id)
{
	return facts[id].unit;
}

double phase_rate_shown(enum phase_id id, double per_s)
{
	return phase_unit(id) == RATE_BYTES ? per_s / 1024.0 : per_s;
}

const char *phase_group_words(enum phase_group g)
{
	return group_words[g];
}

int phase_block_columns(enum table_block b, enum phase_id *cols)
{
	int n = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (facts[i].block == b)
			cols[n++] = (enum phase_id)i;
	/* in column order: a column out of pipeline order moves to its place */
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && facts[cols[k]].col < facts[cols[k - 1]].col; k--) {
			enum phase_id t = cols[k];
			cols[k] = cols[k - 1];
			cols[k - 1] = t;
		}
	return n;
}

uint32_t phase_with_needs(uint32_t mask)
{
	uint32_t before;

	do {
		before = mask;
		for (int i = 0; i < PHASE_COUNT; i++)
			if (mask & (1u << i))
				mask |= facts[i].needs;
	} while (mask != before);
	return mask;
}

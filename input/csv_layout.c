/* The bonnie++ CSV layouts (csv_layout.h): each version's fields in order. */
#include "csv_layout.h"

#include <stdio.h>

#define TAG {CSV_HOLDS_TAG, 0, CSV_TEXT}
#define SET(notation, meta) {CSV_HOLDS_SETTING, META_##meta, CSV_##notation}
/* The figures of the phase in column col of block (IO, FILES) of the
 * phase table: which phase a field holds is the table's, where each
 * block's columns start is the version's. */
#define RATE_CPU(block, col) \
	{CSV_HOLDS_RATE, PHASE_AT_##block##_##col, CSV_TEXT}, {CSV_HOLDS_CPU, PHASE_AT_##block##_##col, CSV_TEXT}
#define LATENCY(block, col) {CSV_HOLDS_LATENCY, PHASE_AT_##block##_##col, CSV_TEXT}
#define COUNT_OF(a) ((int)(sizeof(a) / sizeof(a)[0]))

/* A block's columns in order, rate and %CPU each, as every version
 * writes them; then the latencies, as 1.92a and later write them. */
_Static_assert(BLOCK_COLUMNS == 6, "a block's fields below are six columns'");
#define BLOCK_RATES(b) RATE_CPU(b, 0), RATE_CPU(b, 1), RATE_CPU(b, 2), RATE_CPU(b, 3), RATE_CPU(b, 4), RATE_CPU(b, 5)
#define BLOCK_LATENCIES(b) LATENCY(b, 0), LATENCY(b, 1), LATENCY(b, 2), LATENCY(b, 3), LATENCY(b, 4), LATENCY(b, 5)
#define IO_RATES BLOCK_RATES(IO)
#define FILE_RATES BLOCK_RATES(FILES)
#define FILE_SETTINGS SET(FILES, NUM_FILES), SET(FILE_SIZE, MAX_SIZE), SET(FILE_SIZE, MIN_SIZE), \
	SET(COUNT, NUM_DIRS), SET(CHUNK, FILE_CHUNK)
#define LATENCIES BLOCK_LATENCIES(IO), BLOCK_LATENCIES(FILES)

/* 1.98 (bonnie++ 1.98, 2.00a): README "CSV fields". */
static const struct csv_field fields_198[] = {
	TAG, SET(TEXT, VERSION), SET(TEXT, NAME), SET(COUNT, CONCURRENCY), SET(COUNT, SEED), SET(SIZE, SIZE),
	SET(CHUNK, CHUNK), SET(COUNT, SEEKS), SET(COUNT, SEEK_PROCS),
	IO_RATES,
	FILE_SETTINGS,
	FILE_RATES,
	LATENCIES,
};

/* 1.93c, 1.96 and 1.97: 1.98 without the seek count and seek workers. */
static const struct csv_field fields_196[] = {
	TAG, SET(TEXT, VERSION), SET(TEXT, NAME), SET(COUNT, CONCURRENCY), SET(COUNT, SEED), SET(SIZE, SIZE),
	SET(CHUNK, CHUNK),
	IO_RATES,
	FILE_SETTINGS,
	FILE_RATES,
	LATENCIES,
};

/* 1.92a: 1.96 without the concurrency and the chunk size (46 fields, as
 * its lines in linux-kernel posts of 2001 show). */
static const struct csv_field fields_192a[] = {
	TAG, SET(TEXT, VERSION), SET(TEXT, NAME), SET(COUNT, SEED), SET(SIZE, SIZE),
	IO_RATES,
	FILE_SETTINGS,
	FILE_RATES,
	LATENCIES,
};

/* 1.0x (1.02, 1.03): no tag, no version, no latencies; the file count
 * field may hold the file sizes and directories too. */
static const struct csv_field fields_10x[] = {
	SET(TEXT, NAME), SET(SIZE, SIZE),
	IO_RATES,
	SET(FILES, NUM_FILES),
	FILE_RATES,
};

/* Field counts as bonnie++ writes them: a field lost or doubled above fails here. */
_Static_assert(COUNT_OF(fields_198) == 50, "a bonnie++ 1.98 line has 50 fields");
_Static_assert(COUNT_OF(fields_196) == 48, "a bonnie++ 1.96 line has 48 fields");
_Static_assert(COUNT_OF(fields_192a) == 46, "a bonnie++ 1.92a line has 46 fields");
_Static_assert(COUNT_OF(fields_10x) == 27, "a bonnie++ 1.0x line has 27 fields");
/* readers split a line into at most CSV_MAX_FIELDS */
_Static_assert(COUNT_OF(fields_198) <= CSV_MAX_FIELDS && COUNT_OF(fields_196) <= CSV_MAX_FIELDS &&
                   COUNT_OF(fields_10x) <= CSV_MAX_FIELDS,
               "CSV_MAX_FIELDS holds every layout");

/* What 1.93c to 1.97 ran without saying: bonnie++'s seek defaults. */
static const struct csv_default defaults_196[] = {
	{META_SEEKS, "8192", true},
	{META_SEEK_PROCS, "5", true},
};

static const struct csv_default defaults_10x[] = {
	{META_VERSION, "1.0x", false},
};

const struct csv_layout csv_layout_198 = {"1.98", "1.98", COUNT_OF(fields_198), fields_198, NULL, 0, false};

#define LAYOUT_196(tag) {tag, tag, COUNT_OF(fields_196), fields_196, defaults_196, COUNT_OF(defaults_196), true}
static const struct csv_layout layout_197 = LAYOUT_196("1.97");
static const struct csv_layout layout_196 = LAYOUT_196("1.96");
static const struct csv_layout layout_193c = LAYOUT_196("1.93c"); /* 1.96's layout under its own tag */
/* no defaults: which seek count and workers 1.92a used is not known here */
static const struct csv_layout layout_192a = {"1.92a", "1.92a", COUNT_OF(fields_192a), fields_192a, NULL, 0, false};
static const struct csv_layout layout_10x = {NULL, "1.0x", COUNT_OF(fields_10x), fields_10x, defaults_10x,
                                             COUNT_OF(defaults_10x), false};

const struct csv_layout *const csv_layouts[] = {&csv_layout_198, &layout_197, &layout_196, &layout_193c, &layout_192a,
                                             &layout_10x};
const int csv_layout_count = COUNT_OF(csv_layouts);

int csv_layout_find(const struct csv_layout *l, enum csv_holds holds, int what)
{
	for (int i = 0; i < l->nfields; i++)
		if (l->field[i].holds == holds && l->field[i].what == what)
			return i;
	return -1;
}

bool csv_layout_phase_fields(const struct csv_layout *l, enum phase_id id, int *rate, int *cpu, int *latency)
{
	*rate = csv_layout_find(l, CSV_HOLDS_RATE, (int)id);
	*cpu = csv_layout_find(l, CSV_HOLDS_CPU, (int)id);
	*latency = csv_layout_find(l, CSV_HOLDS_LATENCY, (int)id);
	return *rate >= 0;
}

/* Whole GiB as G, else M, else K: as bonnie++ writes the file size. */
void input_size_meta(uint64_t bytes, char *buf, size_t cap)
{
	if (bytes % (1ull << 30) == 0)
		snprintf(buf, cap, "%lluG", (unsigned long long)(bytes >> 30));
	else if (bytes % (1ull << 20) == 0)
		snprintf(buf, cap, "%lluM", (unsigned long long)(bytes >> 20));
	else
		snprintf(buf, cap, "%lluK", (unsigned long long)(bytes >> 10));
}

/* schedule: --start-at's times (lib/wallclock.c) and the slots of the
 * shared schedule (phases/runner/schedule.c): the same options give the same
 * planned starts, a phase's slot is its rank among the phases with one,
 * later runs and --clients levels follow whole levels of slots. */
#include "suites.h"
#include "../options/config.h"
#include "../lib/wallclock.h"
#include "../phases/interface/phase_list.h"
#include "../phases/runner/schedule.h"

#include <string.h>

#define SEC 1000000000ull

START_TEST(test_parse_times)
{
	uint64_t ns = 0;

	ck_assert_int_eq(wallclock_parse("1796220000", &ns), 0);
	ck_assert_uint_eq(ns, 1796220000ull * SEC);
	ck_assert_int_eq(wallclock_parse("1796220000.25", &ns), 0);
	ck_assert_uint_eq(ns, 1796220000ull * SEC + SEC / 4);
	ck_assert_int_eq(wallclock_parse("2026-12-02T14:00:00Z", &ns), 0);
	ck_assert_uint_eq(ns, 1796220000ull * SEC); /* date -u -d 2026-12-02T14:00:00Z +%s */
	ck_assert_int_eq(wallclock_parse("2024-02-29T00:00:00Z", &ns), 0);
	ck_assert_uint_eq(ns, 1709164800ull * SEC);
}
END_TEST

static const char *const bad_times[] = {
	"", "x", "12x", "1.", ".5", "1.2.3", "-5", "2026-12-02T14:00:00", "2026-12-02 14:00:00Z",
	"2026-13-02T14:00:00Z", "2026-11-31T14:00:00Z", "2025-02-29T00:00:00Z", "2026-12-02T24:00:00Z",
	"123456789012",
};

START_TEST(test_parse_refuses)
{
	uint64_t ns = 7;

	ck_assert_msg(wallclock_parse(bad_times[_i], &ns) == -1, "'%s' parsed", bad_times[_i]);
	ck_assert_uint_eq(ns, 7);
}
END_TEST

/* A plan with three phases in the schedule: block write, rewrite, seeks. */
static struct config planned(void)
{
	struct config c;

	memset(&c, 0, sizeof c);
	c.start_at_ns = 1000 * SEC;
	c.decided.slot_ns = schedule_slot_ns(SEC);
	c.decided.sched_mask = 1u << PHASE_PUT_BLOCK | 1u << PHASE_REWRITE | 1u << PHASE_SEEKS;
	return c;
}

START_TEST(test_slots)
{
	struct config c = planned();
	uint64_t slot = 3 * SEC; /* 1 s level + the 2 s least gap */

	ck_assert_uint_eq(c.decided.slot_ns, slot);
	ck_assert_uint_eq(schedule_slot_ns(10 * SEC), 15 * SEC);
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 4, PHASE_PUT_BLOCK), 1000 * SEC);
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 4, PHASE_REWRITE), 1000 * SEC + slot);
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 4, PHASE_SEEKS), 1000 * SEC + 2 * slot);
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 4, PHASE_GET_BLOCK), 0); /* no slot */
	ck_assert_uint_eq(schedule_planned_ns(&c, 2, 4, PHASE_PUT_BLOCK), 1000 * SEC + 3 * slot);
	c.start_at_ns = 0;
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 4, PHASE_PUT_BLOCK), 0);
}
END_TEST

START_TEST(test_sweep_levels)
{
	struct config c = planned();
	uint64_t slot = c.decided.slot_ns;

	c.sweep_levels = 3;
	c.sweep[0] = 1, c.sweep[1] = 4, c.sweep[2] = 16;
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 4, PHASE_PUT_BLOCK), 1000 * SEC + 3 * slot);
	ck_assert_uint_eq(schedule_planned_ns(&c, 1, 16, PHASE_SEEKS), 1000 * SEC + 8 * slot);
	ck_assert_uint_eq(schedule_planned_ns(&c, 2, 1, PHASE_PUT_BLOCK), 1000 * SEC + 9 * slot);
}
END_TEST

Suite *suite_schedule(void)
{
	Suite *s = suite_create("schedule");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_parse_times);
	tcase_add_loop_test(tc, test_parse_refuses, 0, (int)(sizeof bad_times / sizeof bad_times[0]));
	tcase_add_test(tc, test_slots);
	tcase_add_test(tc, test_sweep_levels);
	suite_add_tcase(s, tc);
	return s;
}

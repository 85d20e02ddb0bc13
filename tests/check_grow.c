/* grow (lib/grow.h), the one rule of the growing lists: the room doubles
 * only when full, the items stay, and a room that would overflow is
 * refused with the array untouched. */
#include "suites.h"
#include "../lib/grow.h"

#include <stdint.h>
#include <stdlib.h>

START_TEST(grow_doubles_when_full_and_keeps_items)
{
	size_t cap = 0;
	int *a = grow(NULL, &cap, 0, sizeof *a, 4);

	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(cap, 4);
	for (int i = 0; i < 4; i++)
		a[i] = i * 7;
	ck_assert_ptr_eq(grow(a, &cap, 3, sizeof *a, 4), a); /* room left: the same array */
	ck_assert_uint_eq(cap, 4);
	a = grow(a, &cap, 4, sizeof *a, 4);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(cap, 8);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(a[i], i * 7);
	size_t huge = SIZE_MAX / 2 + 1;
	ck_assert_ptr_null(grow(a, &huge, huge, 1, 4));
	ck_assert_uint_eq(huge, SIZE_MAX / 2 + 1);
	size_t big = SIZE_MAX / 16;
	ck_assert_ptr_null(grow(a, &big, big, 16, 4)); /* twice the room in bytes overflows */
	ck_assert_uint_eq(big, SIZE_MAX / 16);
	ck_assert_int_eq(a[3], 21); /* still the caller's */
	free(a);
}
END_TEST

Suite *suite_grow(void)
{
	Suite *s = suite_create("grow");
	TCase *t = tcase_create("grow");

	tcase_add_test(t, grow_doubles_when_full_and_keeps_items);
	suite_add_tcase(s, t);
	return s;
}

/* Runs every check suite. Each tests/check_<module>.c exports one
 * Suite *suite_<module>(void); add it to the list below. */
#include "suites.h"

#include <check.h>
#include <stdlib.h>

int main(void)
{
	Suite *(*const suites[])(void) = {
#define SUITE_ENTRY(name) suite_##name,
		TEST_SUITES(SUITE_ENTRY)
#undef SUITE_ENTRY
	};
	SRunner *sr = srunner_create(NULL);
	int failed;

	for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
		srunner_add_suite(sr, suites[i]());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

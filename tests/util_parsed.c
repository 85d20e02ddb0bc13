/* See util_parsed.h. */
#include "util_parsed.h"
#include "suites.h"
#include "../report/compare.h"

#include <stdio.h>
#include <string.h>

void parsed_parse(struct parsed_set *set, const char *text)
{
	input_free(set);
	ck_assert_int_eq(input_parse(set, "t.txt", text, strlen(text)), 0);
}

char *parsed_csv_of(const struct parsed_run *r)
{
	static char buf[1024];
	FILE *f = fmemopen(buf, sizeof buf, "w");

	ck_assert_ptr_nonnull(f);
	report_compare_csv_line(f, r);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* Shared by the compare-input suites: parse a text into a set (asserting
 * it parsed) and a found run's 1.98 CSV line as compare writes it. */
#ifndef BONNIE_TEST_PARSED_H
#define BONNIE_TEST_PARSED_H

#include "../input/input.h"

/* Frees what set held, then parses text as the file "t.txt". */
void parsed_parse(struct parsed_set *set, const char *text);

/* r's CSV line without its line end, in a static buffer (valid until the
 * next call). */
char *parsed_csv_of(const struct parsed_run *r);

#endif

/* Formatting numbers for machines (CSV, JSON) must not depend on the user's
 * locale: a German LC_NUMERIC would turn 12.5 into 12,5 and break the CSV.
 * Reports switch the calling thread to the C locale while they print. */
#ifndef BONNIE_CLOCALE_H
#define BONNIE_CLOCALE_H

#include <locale.h>

struct c_locale {
	locale_t c;
	locale_t previous;
};

void c_locale_enter(struct c_locale *g);
void c_locale_leave(struct c_locale *g);

#endif

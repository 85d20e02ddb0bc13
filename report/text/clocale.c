/* Per-thread switch to the C locale around report formatting. */
#include "clocale.h"

void c_locale_enter(struct c_locale *g)
{
	g->c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	g->previous = g->c ? uselocale(g->c) : (locale_t)0;
}

void c_locale_leave(struct c_locale *g)
{
	if (g->c) {
		uselocale(g->previous);
		freelocale(g->c);
		g->c = (locale_t)0;
	}
}

/* --phases parsing and phase dependencies; see phase_select.h. */
#include "phase_select.h"
#include "interface/phase.h"
#include "interface/phase_list.h"
#include "qd.h"

#include <stdio.h>
#include <string.h>

static int phase_by_name(const char *name, size_t len)
{
	for (int i = 0; i < PHASE_COUNT; i++)
		if (strlen(phase_name((enum phase_id)i)) == len && strncmp(phase_name((enum phase_id)i), name, len) == 0)
			return i;
	return -1;
}

/* "putc, put_block, ...": every phase's name, from the list. */
static void all_names(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < PHASE_COUNT && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", phase_name((enum phase_id)i));
}

int phase_select_parse(const char *list, uint32_t *mask, char *err, size_t errlen)
{
	const char *p = list;
	uint32_t m = 0;

	do {
		size_t len = strcspn(p, ",");
		int id = phase_by_name(p, len);

		if (len == 2 && strncmp(p, "qd", 2) == 0) { /* the queue-depth profile's eight */
			m |= qd_mask();
			p += len;
			continue;
		}
		if (id < 0) {
			char names[PHASE_COUNT * 16];
			all_names(names, sizeof names);
			snprintf(err, errlen, "--phases: unknown phase '%.*s' (phases: qd, %s)", (int)(len > 40 ? 40 : len), p,
			         names);
			return -1;
		}
		m |= 1u << id;
		p += len;
	} while (*p++ == ',');
	*mask = phase_with_needs(m);
	return 0;
}

int phase_select_check(const char *list, uint32_t mask, const struct config *cfg, char *err, size_t errlen)
{
	struct config c = *cfg;

	if (!c.file_size_given)
		c.file_size = 1; /* sized later, never 0 */
	for (int i = 0; i < PHASE_COUNT; i++)
		if ((mask & (1u << i)) && phase_table[i]->enabled(&c))
			return 0;
	snprintf(err, errlen, "--phases %.64s: nothing to test: -s 0, -n 0 or -f skips every phase chosen", list);
	return -1;
}

uint32_t phase_select_without(uint32_t mask, uint32_t drop)
{
	if (mask == 0)
		mask = (1u << PHASE_COUNT) - 1;
	return mask & ~drop;
}

bool phase_select_asks_bonnie(const struct config *cfg, bool data_file)
{
	return phase_mask_asks_bonnie(cfg->decided.phase_mask, data_file);
}

bool phase_mask_asks_bonnie(uint32_t mask, bool data_file)
{
	if (mask == 0)
		return true;
	for (int i = 0; i < PHASE_COUNT; i++)
		if ((mask & (1u << i)) && phase_is((enum phase_id)i, FACT_BONNIE_CSV) &&
		    phase_is((enum phase_id)i, FACT_DATA_FILE) == data_file)
			return true;
	return false;
}

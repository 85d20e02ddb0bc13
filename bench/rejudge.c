/* The verdict (verdict/verdict.c) of timelines stored in bonnie JSON results,
 * judged again by the code of this tree, so that a change to the verdict is
 * held against every real run kept (bench/rejudge.py feeds it, then
 * tests/verdict_check.py judges the sentences). Not part of bonnie.
 *
 * stdin: per phase a line "NAME INTERVAL_NS LAST_NS N SYNC SYNC_NS P50_NS
 * INTERRUPTED DEV_VALID", then N lines "BYTES OPS MAX_NS DEV_READ DEV_WRITE";
 * stdout: per phase "NAME\tKIND\tWINDOW_NS\tSENTENCE". */
#include "../verdict/verdict.h"
#include "../phases/interface/phase_list.h"
#include "../report/text/verdict_text.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static struct tl_series s;

int main(void)
{
	char name[64];
	unsigned long long iv, last, sync, synclen, p50;
	unsigned n;
	int intr, devv;

	while (scanf("%63s %llu %llu %u %llu %llu %llu %d %d", name, &iv, &last, &n, &sync, &synclen, &p50, &intr, &devv) == 9) {
		enum phase_id id = PHASE_COUNT;
		struct verdict v;
		char buf[VERDICT_SENTENCE_MAX];
		for (int i = 0; i < PHASE_COUNT; i++)
			if (strcmp(phase_name((enum phase_id)i), name) == 0)
				id = (enum phase_id)i;
		memset(&s, 0, sizeof s);
		s.present = true;
		s.dev_valid = devv;
		s.width_ns = iv;
		s.last_len_ns = last;
		s.n = n;
		s.sync.present = sync;
		s.sync.len_ns = synclen;
		for (unsigned i = 0; i < n; i++) {
			unsigned long long b, o, m, r, w;
			if (scanf("%llu %llu %llu %llu %llu", &b, &o, &m, &r, &w) != 5)
				return 1;
			s.pt[i] = (struct tl_point){b, o, 0, 0, m, r, w};
		}
		if (id == PHASE_COUNT)
			continue;
		verdict_judge(&s, phase_unit(id) == RATE_BYTES, phase_is(id, FACT_WRITES), p50, &v);
		if (phase_is(id, FACT_NO_FALL_CAUSE))
			verdict_drop_causes(&v);
		if (intr)
			verdict_mark_interrupted(&v);
		verdict_sentence(id, &v, buf, sizeof buf);
		printf("%s\t%s\t%llu\t%s\n", name, verdict_kind_name((enum verdict_kind)v.kind), (unsigned long long)v.window_ns, buf);
	}
	return 0;
}

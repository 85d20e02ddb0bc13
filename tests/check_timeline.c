/* timeline: the sums over intervals are the phase's totals exactly (bytes,
 * operations, histogram counts, device bytes) however long the phase and
 * however the intervals were merged; an operation lands in the interval it
 * completed in; stalls leave empty intervals; the sync is its own segment;
 * the coarse percentiles keep their stated error; merging two timelines on
 * the common clock keeps the sums. */
#include "suites.h"
#include "../lib/timeline.h"
#include "../phases/runner/client_window.h"
#include "../phases/loop/phase_timeline.h"
#include "../report/text/verdict_text.h"

#include <stdlib.h>
#include <string.h>

#define MS 1000000ull
#define S 1000000000ull

/* A fake phase: its counters and a device that writes what it is told. */
struct fake {
	uint64_t bytes;
	struct hist lat;
	uint64_t dev_r, dev_w;
};

static struct timeline *tla, *tlb;
static struct fake fa, fb;

static int fake_device(const void *arg, uint64_t *r, uint64_t *w)
{
	const struct fake *f = arg;

	*r = f->dev_r;
	*w = f->dev_w;
	return 0;
}

static void setup(void)
{
	tla = calloc(1, sizeof *tla);
	tlb = calloc(1, sizeof *tlb);
	ck_assert_ptr_nonnull(tla);
	ck_assert_ptr_nonnull(tlb);
	memset(&fa, 0, sizeof fa);
	memset(&fb, 0, sizeof fb);
	hist_init(&fa.lat);
	hist_init(&fb.lat);
}

static void teardown(void)
{
	free(tla);
	free(tlb);
}

/* One operation that took lat and completed at now, as op_timer_lap and
 * a phase loop record it: crossing first, then the histogram, then bytes. */
static void op(struct timeline *tl, struct fake *f, uint64_t now, uint64_t lat, uint64_t bytes)
{
	if (now >= tl->edge)
		timeline_cross(tl, now);
	hist_add(&f->lat, lat);
	f->bytes += bytes;
	f->dev_w += bytes / 2;
}

struct sums {
	uint64_t bytes, ops, hist, dev_w, span;
};

static struct sums sums_of(const struct timeline *tl)
{
	struct sums s = {0, 0, 0, 0, 0};

	for (uint32_t i = 0; i < tl->n; i++) {
		s.bytes += tl->iv[i].bytes;
		s.ops += tl->iv[i].ops;
		s.dev_w += tl->iv[i].dev_write;
		s.span += timeline_len_of(tl, i);
		for (unsigned b = 0; b < TL_HB; b++)
			s.hist += tl->iv[i].hist[b];
	}
	return s;
}

START_TEST(sums_are_the_totals_over_a_long_phase)
{
	uint64_t t0 = 5 * S, t = t0, seed = 12345;
	struct sums s;

	/* 300 s of operations of varying size and latency (up to 0.4 s): the
	 * 100 ms grid must be merged twice to stay under TL_MAX intervals */
	timeline_begin(tla, t0, &fa.bytes, &fa.lat, fake_device, &fa);
	while (t < t0 + 300 * S) {
		uint64_t lat, bytes;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		lat = 1000 + (seed >> 33) % (400 * MS);
		bytes = 512 + (seed >> 20) % 100000;
		t += lat;
		op(tla, &fa, t, lat, bytes);
	}
	timeline_stop(tla, t + 3 * MS);
	fa.dev_w += 777; /* written during the sync */
	timeline_sync(tla, t + 3 * MS, t + 50 * MS);
	timeline_finish(tla, t + 50 * MS);
	s = sums_of(tla);
	ck_assert_uint_le(tla->n, TL_MAX);
	ck_assert_uint_ge(tla->n, TL_MAX / 2);
	ck_assert_uint_eq(tla->width, 4 * TL_BASE_NS);
	ck_assert_uint_eq(s.bytes, fa.bytes);
	ck_assert_uint_eq(s.ops, fa.lat.count);
	ck_assert_uint_eq(s.hist, fa.lat.count);
	ck_assert_uint_eq(s.dev_w + tla->sync.dev_write, fa.dev_w);
	ck_assert_uint_eq(tla->sync.dev_write, 777);
	ck_assert_uint_eq(s.span, t + 3 * MS - t0);
	ck_assert(tla->sync.present);
	ck_assert_uint_eq(tla->sync.start_ns, t + 3 * MS - t0);
	ck_assert_uint_eq(tla->sync.len_ns, 47 * MS);
}
END_TEST

START_TEST(an_operation_is_in_the_interval_it_completed_in)
{
	timeline_begin(tla, S, &fa.bytes, &fa.lat, NULL, NULL);
	op(tla, &fa, S + 50 * MS, 10, 100);   /* interval 0 */
	op(tla, &fa, S + 150 * MS, 10, 200);  /* interval 1 */
	op(tla, &fa, S + 199 * MS, 10, 300);  /* interval 1 */
	op(tla, &fa, S + 1650 * MS, 1450 * MS, 400); /* a stall: 2..15 empty, 16 */
	timeline_stop(tla, S + 1700 * MS);
	ck_assert_uint_eq(tla->n, 17);
	ck_assert_uint_eq(tla->iv[0].bytes, 100);
	ck_assert_uint_eq(tla->iv[1].bytes, 500);
	ck_assert_uint_eq(tla->iv[1].ops, 2);
	for (uint32_t i = 2; i < 16; i++)
		ck_assert_uint_eq(tla->iv[i].ops, 0);
	ck_assert_uint_eq(tla->iv[16].ops, 1);
	ck_assert_uint_eq(tla->iv[16].bytes, 400);
	/* the phase's new maximum is the interval's, exactly */
	ck_assert_uint_eq(tla->iv[16].max_ns, 1450 * MS);
	ck_assert_uint_eq(timeline_len_of(tla, 16), 100 * MS);
	ck_assert_uint_eq(timeline_start_of(tla, 16), 1600 * MS);
}
END_TEST

START_TEST(a_partial_last_interval_has_its_own_length)
{
	timeline_begin(tla, 0, &fa.bytes, &fa.lat, NULL, NULL);
	op(tla, &fa, 30 * MS, 5, 1);
	op(tla, &fa, 130 * MS, 5, 1);
	timeline_stop(tla, 142 * MS);
	ck_assert_uint_eq(tla->n, 2);
	ck_assert_uint_eq(timeline_len_of(tla, 1), 42 * MS);
	ck_assert(!tla->sync.present);
}
END_TEST

START_TEST(coarse_percentiles_within_an_eighth)
{
	uint64_t v[] = {150, 1000, 12345, 999999, 3 * MS, 70 * MS, 2 * S};

	for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
		uint64_t got, err;

		setup();
		timeline_begin(tla, 0, &fa.bytes, &fa.lat, NULL, NULL);
		for (int i = 0; i < 100; i++)
			op(tla, &fa, (uint64_t)i + 1, v[k], 1);
		/* and one bigger: the maximum, which p50 must not take */
		op(tla, &fa, 200, v[k] * 3, 1);
		timeline_stop(tla, 300);
		got = timeline_percentile(&tla->iv[0], 50.0);
		err = got > v[k] ? got - v[k] : v[k] - got;
		ck_assert_msg(err * 8 <= v[k], "p50 of %llu read as %llu", (unsigned long long)v[k],
		              (unsigned long long)got);
		ck_assert_uint_eq(timeline_percentile(&tla->iv[0], 100.0), v[k] * 3);
		teardown();
	}
}
END_TEST

START_TEST(merging_keeps_the_sums_on_the_common_clock)
{
	struct timeline *dst = calloc(1, sizeof *dst);
	struct sums s;

	ck_assert_ptr_nonnull(dst);
	timeline_begin(tla, 10 * S, &fa.bytes, &fa.lat, NULL, NULL);
	timeline_begin(tlb, 10 * S + 250 * MS, &fb.bytes, &fb.lat, NULL, NULL);
	for (uint64_t i = 1; i <= 50; i++) {
		op(tla, &fa, 10 * S + i * 20 * MS, 20 * MS, 1000);
		op(tlb, &fb, 10 * S + 250 * MS + i * 40 * MS, 40 * MS, 3000);
	}
	timeline_stop(tla, 10 * S + 1000 * MS);
	timeline_stop(tlb, 10 * S + 2250 * MS);
	timeline_begin(dst, 10 * S, NULL, NULL, NULL, NULL);
	timeline_merge(dst, tla);
	timeline_merge(dst, tlb);
	s = sums_of(dst);
	ck_assert_uint_eq(s.ops, 100);
	ck_assert_uint_eq(s.hist, 100);
	ck_assert_uint_eq(s.bytes, 50 * 1000 + 50 * 3000);
	ck_assert_uint_eq(dst->n, 23);
	ck_assert_uint_eq(s.span, 2250 * MS);
	/* b's interval 0 ([250, 350) ms) went where its midpoint is: dst's 3 */
	ck_assert_uint_eq(dst->iv[3].bytes, tla->iv[3].bytes + tlb->iv[0].bytes);
	ck_assert_uint_eq(dst->iv[3].max_ns, 40 * MS);
	free(dst);
}
END_TEST

/* 700 clients' stats on 2 cores (the sweep of 2026-12-07): 5 s of
 * stats to the level's end, then 2.3 s of the clients finishing the
 * stat each had begun (a few a tenth of a second). Judged whole, that
 * said "fell 100% after 8942373 stats (5.0 s)"; up to the level's end
 * (the clients' merged cut) it is the phase's own steady rate, and the
 * series stays whole for the outputs. */
START_TEST(a_client_level_is_judged_to_its_end)
{
	struct tl_series *s = calloc(1, sizeof *s);
	struct phase_result one, all;
	char said[VERDICT_SENTENCE_MAX];

	ck_assert_ptr_nonnull(s);
	s->present = true;
	s->start_ns = 10 * S;
	s->width_ns = s->last_len_ns = 100 * MS;
	s->n = 73;
	for (uint32_t i = 0; i < s->n; i++) {
		s->pt[i].ops = i < 50 ? 170000 + 9000 * (i % 3) : 15;
		s->pt[i].p50_ns = s->pt[i].p99_ns = s->pt[i].max_ns = i < 50 ? 20000 : 2400 * MS;
	}
	memset(&one, 0, sizeof one);
	memset(&all, 0, sizeof all);
	one.status = PHASE_DONE;
	one.units = 1;
	one.start_ns = 10 * S;
	one.elapsed_ns = 7300 * MS;
	one.cut_ns = 15 * S;
	hist_init(&one.latency);
	hist_add(&one.latency, 20000);
	phase_result_add_client(&all, &one);
	ck_assert_uint_eq(all.cut_ns, 15 * S);
	phase_verdict(PHASE_SEQ_STAT, s, &all);
	verdict_sentence(PHASE_SEQ_STAT, &all.verdict, said, sizeof said);
	ck_assert_msg(strstr(said, "fell 100%") != NULL, "judged whole: '%s'", said);
	phase_verdict_to_cut(PHASE_SEQ_STAT, s, &all);
	verdict_sentence(PHASE_SEQ_STAT, &all.verdict, said, sizeof said);
	ck_assert_msg(strncmp(said, "steady", 6) == 0, "to the cut: '%s'", said);
	ck_assert_uint_eq(all.verdict.span_ns, 5100 * MS);
	ck_assert_uint_eq(s->n, 73);
	ck_assert_uint_eq(s->last_len_ns, 100 * MS);
	free(s);
}
END_TEST

Suite *suite_timeline(void)
{
	Suite *s = suite_create("timeline");
	TCase *t = tcase_create("record");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, sums_are_the_totals_over_a_long_phase);
	tcase_add_test(t, an_operation_is_in_the_interval_it_completed_in);
	tcase_add_test(t, a_partial_last_interval_has_its_own_length);
	tcase_add_test(t, merging_keeps_the_sums_on_the_common_clock);
	suite_add_tcase(s, t);
	t = tcase_create("percentiles");
	tcase_add_test(t, coarse_percentiles_within_an_eighth);
	tcase_add_test(t, a_client_level_is_judged_to_its_end);
	suite_add_tcase(s, t);
	return s;
}

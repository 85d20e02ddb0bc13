/* verdict: synthetic timelines give the golden sentences (steady, noisy
 * but steady, fell, fell at the page cache's dirty limit, stalled,
 * warm-up, too short), and noise alone never reads as a fall. */
#include "suites.h"
#include "../lib/verdict.h"
#include "../report/report.h"
#include "../report/verdict_text.h"

#include <stdlib.h>
#include <string.h>

#define MS 1000000ull
#define MB 1000000ull

static struct tl_series *ser;
static uint64_t rng_state, window_seed;

static void setup(void)
{
	ser = calloc(1, sizeof *ser);
	ck_assert_ptr_nonnull(ser);
	rng_state = 42;
	window_seed = 7;
}

static void teardown(void)
{
	free(ser);
}

/* Uniform in [-1, 1): fixed pseudo-noise, the same every run. */
static double noise(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(rng_state >> 11) / (double)(1ull << 52) - 1.0;
}

/* n 100 ms intervals at rate(i) bytes/s (1 MiB operations of 5 ms). */
static void make(uint32_t n, double (*rate)(uint32_t i))
{
	ser->present = true;
	ser->width_ns = 100 * MS;
	ser->last_len_ns = 100 * MS;
	ser->n = n;
	for (uint32_t i = 0; i < n; i++) {
		struct tl_point *p = &ser->pt[i];
		p->bytes = (uint64_t)(rate(i) / 10.0);
		p->ops = p->bytes / (1 << 20);
		p->p50_ns = p->p99_ns = p->max_ns = p->ops ? 5 * MS : 0;
	}
}

static char *judge(enum phase_id id, struct verdict *v)
{
	static char buf[200];

	verdict_judge(ser, phase_unit(id) == RATE_BYTES, id == PHASE_PUT_BLOCK, 5 * MS, v);
	verdict_sentence(id, v, buf, sizeof buf);
	return buf;
}

/* The same in [-1, 1) for every interval of 1 s window w: noise that
 * windows do not average away. */
static double window_noise(uint32_t i)
{
	uint64_t h = ((uint64_t)(i / 10) + window_seed) * 0x9e3779b97f4a7c15ull;

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;

	return (double)(h >> 11) / (double)(1ull << 52) - 1.0;
}

static double steady_rate(uint32_t i)
{
	return 500.0 * MB * (1.0 + 0.03 * window_noise(i) + 0.1 * noise());
}

static double noisy_rate(uint32_t i)
{
	return 500.0 * MB * (1.0 + 0.45 * window_noise(i) + 0.1 * noise());
}

static double fell_rate(uint32_t i)
{
	return (i < 100 ? 1000.0 : 250.0) * MB * (1.0 + 0.05 * noise());
}

static double warmup_rate(uint32_t i)
{
	return (i < 20 ? 200.0 : 500.0) * MB * (1.0 + 0.02 * noise());
}

START_TEST(steady)
{
	struct verdict v;

	make(200, steady_rate);
	ck_assert_str_eq(judge(PHASE_PUT_BLOCK, &v), "steady (1 s rates within 3%)");
	ck_assert_int_eq(v.kind, VERDICT_STEADY);
}
END_TEST

START_TEST(noisy_but_steady)
{
	struct verdict v;

	make(300, noisy_rate);
	ck_assert_str_eq(judge(PHASE_GET_BLOCK, &v), "noisy but steady (1 s rates within 33%, no lasting change)");
	ck_assert_int_eq(v.kind, VERDICT_NOISY);
}
END_TEST

START_TEST(fell)
{
	struct verdict v;

	make(400, fell_rate);
	ck_assert_str_eq(judge(PHASE_PUT_BLOCK, &v),
	                 "fell 75% after 9.3 GiB (10.0 s) and stayed there: a write cache filled?");
	ck_assert_int_eq(v.kind, VERDICT_FELL);
	ck_assert_uint_eq(v.at_ns, 10000 * MS);
	ck_assert_str_eq(judge(PHASE_GET_BLOCK, &v), "fell 75% after 9.3 GiB (10.0 s) and stayed there");
}
END_TEST

/* A dip that recovered before the fall (the machine starved the phase
 * for half a second) is not where it fell. */
START_TEST(a_dip_before_the_fall_is_not_the_fall)
{
	struct verdict v;

	make(400, fell_rate);
	for (uint32_t i = 90; i < 95; i++)
		ser->pt[i].bytes = ser->pt[i].ops = 0;
	judge(PHASE_PUT_BLOCK, &v);
	ck_assert_int_eq(v.kind, VERDICT_FELL);
	ck_assert_uint_eq(v.at_ns, 10000 * MS);
}
END_TEST

START_TEST(fell_at_the_dirty_limit)
{
	struct verdict v;

	make(400, fell_rate);
	ser->dev_valid = true;
	/* the devices wrote a tenth while it was fast, all of it once slow */
	for (uint32_t i = 0; i < ser->n; i++)
		ser->pt[i].dev_write = i < 100 ? ser->pt[i].bytes / 10 : ser->pt[i].bytes;
	ck_assert_str_eq(judge(PHASE_PUT_BLOCK, &v),
	                 "fell 75% after 9.3 GiB (10.0 s): page cache dirty limit reached after 9.3 GiB");
	ck_assert_int_eq(v.cause, VERDICT_CAUSE_DIRTY_LIMIT);
}
END_TEST

/* A read phase falls while the devices write: someone else's I/O. */
START_TEST(fell_under_other_io)
{
	struct verdict v;

	make(400, fell_rate);
	ser->dev_valid = true;
	for (uint32_t i = 0; i < ser->n; i++) {
		ser->pt[i].dev_read = ser->pt[i].bytes;
		ser->pt[i].dev_write = i < 100 ? 0 : ser->pt[i].bytes;
	}
	ck_assert_str_eq(judge(PHASE_GET_BLOCK, &v),
	                 "fell 75% after 9.3 GiB (10.0 s) and stayed there: the device was busy with other I/O");
	ck_assert_int_eq(v.cause, VERDICT_CAUSE_OTHER_IO);
}
END_TEST

/* A read phase falls while the devices read its bytes and nothing else,
 * before and after: the device itself got slower (seen on this VM's disk
 * after about 3 GiB of a 4 GiB block read). */
START_TEST(fell_with_the_device)
{
	struct verdict v;

	make(400, fell_rate);
	ser->dev_valid = true;
	for (uint32_t i = 0; i < ser->n; i++)
		ser->pt[i].dev_read = ser->pt[i].bytes;
	ck_assert_str_eq(judge(PHASE_GET_BLOCK, &v),
	                 "fell 75% after 9.3 GiB (10.0 s) and stayed there: the device itself read slower (it served "
	                 "the reads before and after, and no other I/O)");
	ck_assert_int_eq(v.cause, VERDICT_CAUSE_DEVICE_READS);
	/* reads from the page cache before the fall: not the device's doing */
	for (uint32_t i = 0; i < 100; i++)
		ser->pt[i].dev_read = 0;
	judge(PHASE_GET_BLOCK, &v);
	ck_assert_int_eq(v.cause, VERDICT_CAUSE_NONE);
}
END_TEST

START_TEST(stalled)
{
	struct verdict v;

	make(200, steady_rate);
	/* nothing completed from 12.0 s until the one that took 1.54 s, in 13.5..13.6 s */
	for (uint32_t i = 120; i < 135; i++)
		ser->pt[i] = (struct tl_point){0, 0, 0, 0, 0, 0, 0};
	ser->pt[135].max_ns = 1540 * MS; /* placed at 13.55 s - 1.54 s */
	ck_assert_str_eq(judge(PHASE_REWRITE, &v), "stalled 1.5 s at 12.0 s (no operation completed)");
	ck_assert_int_eq(v.kind, VERDICT_STALLED);
}
END_TEST

START_TEST(a_slow_operation_among_others_is_no_stall)
{
	struct verdict v;

	make(200, steady_rate);
	ser->pt[135].max_ns = 1500 * MS; /* others completed meanwhile (threads) */
	judge(PHASE_SEEKS, &v);
	ck_assert_int_ne(v.kind, VERDICT_STALLED);
}
END_TEST

START_TEST(warm_up)
{
	struct verdict v;

	make(150, warmup_rate);
	ck_assert_str_eq(judge(PHASE_GET_BLOCK, &v), "first 2.0 s at 40% of the rest (warm-up)");
}
END_TEST

START_TEST(too_short)
{
	struct verdict v;

	make(12, steady_rate);
	ck_assert_str_eq(judge(PHASE_PUT_BLOCK, &v), "too short to judge");
	ser->present = false;
	ck_assert_str_eq(judge(PHASE_PUT_BLOCK, &v), "");
	ck_assert_int_eq(v.kind, VERDICT_NONE);
}
END_TEST

/* The phases too short to judge share one line that says why once and
 * which options make them longer; judged phases keep their own line. */
START_TEST(too_short_phases_in_one_line)
{
	struct run_result *run = calloc(1, sizeof *run);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(run);
	ck_assert_ptr_nonnull(out);
	run->phase[PHASE_SEEKS].verdict.kind = VERDICT_TOO_SHORT;
	run->phase[PHASE_SEQ_DEL].verdict.kind = VERDICT_TOO_SHORT;
	run->phase[PHASE_RAN_STAT].verdict.kind = VERDICT_TOO_SHORT;
	run->phase[PHASE_PUT_BLOCK].verdict.kind = VERDICT_STEADY;
	run->phase[PHASE_PUT_BLOCK].verdict.window_ns = 1000000000ull;
	report_verdict_notes(out, run);
	fclose(out);
	ck_assert_str_eq(text, "over time, put_block: steady (1 s rates within 0%)\n"
	                       "over time, too short to judge (under 2 s of operations; a larger -f, -s, -n makes "
	                       "per-char, data, file phases longer): seeks seq_del ran_stat\n");
	free(text);
	free(run);
}
END_TEST

/* Many noisy steady timelines: not one reads as a change or a stall. */
START_TEST(noise_never_cries_wolf)
{
	for (int k = 0; k < 200; k++) {
		struct verdict v;

		rng_state = (uint64_t)k * 7919 + 1;
		window_seed = (uint64_t)k;
		make(50 + (uint32_t)k * 3, k % 2 ? steady_rate : noisy_rate);
		judge(PHASE_PUT_BLOCK, &v);
		ck_assert_msg(!verdict_is_event(&v), "timeline %d: %s", k, verdict_kind_name((enum verdict_kind)v.kind));
	}
}
END_TEST

Suite *suite_verdict(void)
{
	Suite *s = suite_create("verdict");
	TCase *t = tcase_create("golden");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, steady);
	tcase_add_test(t, noisy_but_steady);
	tcase_add_test(t, fell);
	tcase_add_test(t, a_dip_before_the_fall_is_not_the_fall);
	tcase_add_test(t, fell_at_the_dirty_limit);
	tcase_add_test(t, fell_under_other_io);
	tcase_add_test(t, fell_with_the_device);
	tcase_add_test(t, stalled);
	tcase_add_test(t, a_slow_operation_among_others_is_no_stall);
	tcase_add_test(t, warm_up);
	tcase_add_test(t, too_short);
	tcase_add_test(t, too_short_phases_in_one_line);
	tcase_add_test(t, noise_never_cries_wolf);
	suite_add_tcase(s, t);
	return s;
}

/* A phase's timeline; see timeline.h for the grid, the costs and the error. */
#include "timeline.h"

#include <stddef.h>
#include <string.h>

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static void interval_add(struct tl_interval *dst, const struct tl_interval *src)
{
	dst->bytes += src->bytes;
	dst->ops += src->ops;
	dst->max_ns = max_u64(dst->max_ns, src->max_ns);
	dst->dev_read += src->dev_read;
	dst->dev_write += src->dev_write;
	for (unsigned b = 0; b < TL_HB; b++)
		dst->hist[b] += src->hist[b];
}

/* Merges neighbours pairwise: half the intervals, twice as wide. The grid
 * stays aligned to t0, so every operation stays in the interval it
 * completed in. */
static void coarsen(struct timeline *tl)
{
	uint32_t half = (tl->hw + 1) / 2;

	for (uint32_t i = 0; i < half; i++) {
		tl->iv[i] = tl->iv[2 * i];
		if (2 * i + 1 < tl->hw)
			interval_add(&tl->iv[i], &tl->iv[2 * i + 1]);
	}
	tl->hw = half;
	tl->dev_from /= 2;
	tl->width *= 2;
	tl->cur /= 2;
	tl->n = (tl->n + 1) / 2;
	tl->edge = tl->t0 + (uint64_t)(tl->cur + 1) * tl->width;
}

/* The interval holding absolute time t, coarsening until it fits. */
static uint32_t index_of(struct timeline *tl, uint64_t t)
{
	uint64_t rel = t > tl->t0 ? t - tl->t0 : 0;

	uint32_t k;

	while (rel / tl->width >= TL_MAX)
		coarsen(tl);
	k = (uint32_t)(rel / tl->width);
	/* intervals are zeroed as they are reached: only those used are touched */
	if (k >= tl->hw) {
		memset(&tl->iv[tl->hw], 0, sizeof tl->iv[0] * (k + 1 - tl->hw));
		tl->hw = k + 1;
	}
	return k;
}

/* What the phase counted since the last crossing goes to interval i. */
static void take(struct timeline *tl, uint32_t i)
{
	const struct hist *h = tl->hist_src;
	struct tl_interval *iv = &tl->iv[i];
	size_t lo, hi, top = 0;
	bool any = false;

	if (tl->bytes_src) {
		iv->bytes += *tl->bytes_src - tl->bytes_seen;
		tl->bytes_seen = *tl->bytes_src;
	}
	if (h == NULL || h->count == tl->seen.count)
		return;
	lo = hist_bucket_of(h->min);
	hi = hist_bucket_of(h->max);
	for (size_t b = lo; b <= hi; b++) {
		uint64_t d = h->bucket[b] - tl->seen.bucket[b];

		if (d == 0)
			continue;
		iv->hist[min_u64(b >> TL_HB_SHIFT, TL_HB - 1)] += d;
		iv->ops += d;
		tl->seen.bucket[b] = h->bucket[b];
		tl->seen_lo = b < tl->seen_lo ? (uint32_t)b : tl->seen_lo;
		tl->seen_hi = b > tl->seen_hi ? (uint32_t)b : tl->seen_hi;
		top = b;
		any = true;
	}
	if (any) {
		uint64_t low, high;

		hist_bucket_range(top, &low, &high);
		/* a new maximum of the phase is this interval's, exactly */
		iv->max_ns = max_u64(iv->max_ns, h->max > tl->seen.max ? h->max : min_u64(high, h->max));
	}
	tl->seen.count = h->count;
	tl->seen.max = h->max;
}

/* Samples the devices; what they moved since the last sample is spread
 * evenly over the intervals from the first not yet given any up to to. */
static void device(struct timeline *tl, uint32_t to)
{
	uint32_t from = tl->dev_from;
	uint64_t r, w, dr, dw, k;

	if (!tl->dev_valid)
		return;
	if (tl->dev_fn(tl->dev_arg, &r, &w) != 0) {
		tl->dev_valid = false;
		return;
	}
	dr = r - tl->dev_r;
	dw = w - tl->dev_w;
	tl->dev_r = r;
	tl->dev_w = w;
	if (to < from)
		from = to;
	k = (uint64_t)(to - from + 1);
	for (uint32_t i = from; i <= to; i++) {
		tl->iv[i].dev_read += dr / k + (i == to ? dr % k : 0);
		tl->iv[i].dev_write += dw / k + (i == to ? dw % k : 0);
	}
	tl->dev_from = to + 1;
}

/* The seen histogram made lat's (empty without lat), clearing only what an
 * earlier phase wrote. The struct comes zeroed from calloc: seen_lo >
 * seen_hi marks "nothing written" once a timeline has been begun. */
static void seen_reset(struct timeline *tl, const struct hist *lat)
{
	if (tl->seen_lo <= tl->seen_hi && tl->seen.count + tl->seen_hi > 0)
		memset(&tl->seen.bucket[tl->seen_lo], 0, sizeof tl->seen.bucket[0] * (tl->seen_hi - tl->seen_lo + 1));
	tl->seen_lo = HIST_BUCKETS;
	tl->seen_hi = 0;
	tl->seen.count = tl->seen.sum = tl->seen.max = 0;
	tl->seen.min = UINT64_MAX;
	if (lat == NULL || lat->count == 0)
		return;
	for (size_t b = hist_bucket_of(lat->min); b <= hist_bucket_of(lat->max); b++) {
		tl->seen.bucket[b] = lat->bucket[b];
		tl->seen_lo = b < tl->seen_lo ? (uint32_t)b : tl->seen_lo;
		tl->seen_hi = b > tl->seen_hi ? (uint32_t)b : tl->seen_hi;
	}
	tl->seen.count = lat->count;
	tl->seen.sum = lat->sum;
	tl->seen.min = lat->min;
	tl->seen.max = lat->max;
}

void timeline_begin(struct timeline *tl, uint64_t t0, const uint64_t *bytes, const struct hist *lat,
                    tl_device_fn dev, const void *dev_arg)
{
	memset(tl, 0, offsetof(struct timeline, seen_lo));
	memset(&tl->iv[0], 0, sizeof tl->iv[0]);
	tl->hw = 1;
	seen_reset(tl, lat);
	tl->t0 = t0;
	tl->width = TL_BASE_NS;
	tl->edge = t0 + TL_BASE_NS;
	tl->active = true;
	tl->bytes_src = bytes;
	tl->hist_src = lat;
	tl->bytes_seen = bytes ? *bytes : 0;
	tl->dev_fn = dev;
	tl->dev_arg = dev_arg;
	tl->dev_valid = dev && dev(dev_arg, &tl->dev_r, &tl->dev_w) == 0;
}

uint64_t timeline_cross(struct timeline *tl, uint64_t now)
{
	uint32_t k;

	if (!tl->active)
		return UINT64_MAX;
	if (now < tl->edge)
		return tl->edge; /* a copy of an older edge: nothing ended */
	k = index_of(tl, now);
	take(tl, tl->cur);
	device(tl, k - 1);
	tl->cur = k;
	tl->n = k + 1;
	tl->edge = tl->t0 + (uint64_t)(k + 1) * tl->width;
	return tl->edge;
}

void timeline_stop(struct timeline *tl, uint64_t now)
{
	if (!tl->active)
		return;
	now = max_u64(now, tl->t0);
	if (now >= tl->edge)
		timeline_cross(tl, now);
	take(tl, tl->cur);
	device(tl, tl->cur);
	tl->n = tl->cur + 1;
	tl->last_len_ns = now - tl->t0 - (uint64_t)tl->cur * tl->width;
	if (tl->last_len_ns == 0 && tl->cur > 0 && tl->iv[tl->cur].ops == 0 && tl->iv[tl->cur].bytes == 0) {
		tl->n--;
		tl->last_len_ns = tl->width;
	}
	tl->active = false;
	tl->stopped = true;
}

void timeline_sync(struct timeline *tl, uint64_t start, uint64_t end)
{
	uint64_t r, w;

	if (!tl->stopped)
		return;
	if (!tl->sync.present)
		tl->sync.start_ns = start > tl->t0 ? start - tl->t0 : 0;
	tl->sync.present = true;
	tl->sync.len_ns = (end > tl->t0 ? end - tl->t0 : 0) - tl->sync.start_ns;
	if (tl->dev_valid && tl->dev_fn(tl->dev_arg, &r, &w) == 0) {
		tl->sync.dev_read += r - tl->dev_r;
		tl->sync.dev_write += w - tl->dev_w;
		tl->dev_r = r;
		tl->dev_w = w;
	} else {
		tl->dev_valid = false;
	}
}

void timeline_resume(struct timeline *tl)
{
	if (tl->active || !tl->stopped)
		return;
	/* that flush's device bytes were the interval's where it ran */
	tl->iv[tl->cur].dev_read += tl->sync.dev_read;
	tl->iv[tl->cur].dev_write += tl->sync.dev_write;
	memset(&tl->sync, 0, sizeof tl->sync);
	tl->stopped = false;
	tl->active = true;
}

void timeline_finish(struct timeline *tl, uint64_t now)
{
	if (tl->active)
		timeline_stop(tl, now);
	if (tl->stopped && tl->n > 0)
		take(tl, tl->n - 1);
}

uint64_t timeline_start_of(const struct timeline *tl, uint32_t i)
{
	return (uint64_t)i * tl->width;
}

uint64_t timeline_len_of(const struct timeline *tl, uint32_t i)
{
	return i + 1 == tl->n ? tl->last_len_ns : tl->width;
}

uint64_t timeline_percentile(const struct tl_interval *iv, double p)
{
	/* no minimum is kept per interval: the middle is capped at max alone */
	struct hist_counts c = {iv->hist, TL_HB, TL_HB_SHIFT, iv->ops, 0, iv->max_ns, true};

	return hist_counts_percentile(&c, p);
}

void timeline_merge(struct timeline *dst, const struct timeline *src)
{
	uint64_t end = dst->t0 + (dst->n ? timeline_start_of(dst, dst->n - 1) + dst->last_len_ns : 0);
	uint64_t src_end = src->t0 + (src->n ? timeline_start_of(src, src->n - 1) + src->last_len_ns : 0);
	uint32_t last;

	for (uint32_t i = 0; i < src->n; i++) {
		uint64_t mid = src->t0 + timeline_start_of(src, i) + timeline_len_of(src, i) / 2;
		uint32_t k = index_of(dst, mid);

		interval_add(&dst->iv[k], &src->iv[i]);
		dst->n = k + 1 > dst->n ? k + 1 : dst->n;
	}
	end = max_u64(end, src_end);
	last = index_of(dst, end > dst->t0 ? end - 1 : end);
	if (last + 1 > dst->n)
		dst->n = last + 1;
	dst->last_len_ns = end - dst->t0 - timeline_start_of(dst, dst->n - 1);
	if (src->sync.present) {
		uint64_t s0 = src->t0 + src->sync.start_ns, s1 = s0 + src->sync.len_ns;
		uint64_t d0 = dst->t0 + dst->sync.start_ns, d1 = d0 + dst->sync.len_ns;

		if (!dst->sync.present)
			d0 = s0, d1 = s1;
		d0 = min_u64(d0, s0);
		d1 = max_u64(d1, s1);
		dst->sync.present = true;
		dst->sync.start_ns = d0 > dst->t0 ? d0 - dst->t0 : 0;
		dst->sync.len_ns = d1 - (dst->t0 + dst->sync.start_ns);
		dst->sync.dev_read += src->sync.dev_read;
		dst->sync.dev_write += src->sync.dev_write;
	}
	dst->stopped = true;
	dst->active = false;
}

void timeline_resync(struct timeline *tl)
{
	if (tl->bytes_src)
		tl->bytes_seen = *tl->bytes_src;
	if (tl->hist_src)
		seen_reset(tl, tl->hist_src);
}

void timeline_series(const struct timeline *tl, struct tl_series *out)
{
	out->present = tl->stopped;
	out->dev_valid = tl->dev_valid;
	out->start_ns = tl->t0;
	out->width_ns = tl->width;
	out->last_len_ns = tl->last_len_ns;
	out->n = tl->stopped ? tl->n : 0;
	out->sync = tl->sync;
	for (uint32_t i = 0; i < out->n; i++) {
		const struct tl_interval *iv = &tl->iv[i];
		struct tl_point *p = &out->pt[i];

		p->bytes = iv->bytes;
		p->ops = iv->ops;
		p->p50_ns = timeline_percentile(iv, 50.0);
		p->p99_ns = timeline_percentile(iv, 99.0);
		p->max_ns = iv->max_ns;
		p->dev_read = iv->dev_read;
		p->dev_write = iv->dev_write;
	}
}

void tl_series_copy(struct tl_series *d, const struct tl_series *s)
{
	memcpy(d, s, offsetof(struct tl_series, pt));
	memcpy(d->pt, s->pt, sizeof s->pt[0] * s->n);
}

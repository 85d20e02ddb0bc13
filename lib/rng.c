/* xoshiro256** seeded through splitmix64, plus counter-based draws. */
#include "rng.h"

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;

	for (int i = 0; i < 4; i++) {
		x += 0x9e3779b97f4a7c15u;
		r->s[i] = rng_mix64(x);
	}
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Rejects the top partial range so every residue is equally likely. */
static uint64_t reduce(uint64_t (*draw)(void *), void *arg, uint64_t n)
{
	uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
	uint64_t v;

	do
		v = draw(arg);
	while (v > limit);
	return v % n;
}

static uint64_t draw_stream(void *arg)
{
	return rng_next(arg);
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	return reduce(draw_stream, r, n);
}

struct counter {
	uint64_t key;
	uint64_t index;
	uint64_t round;
};

static uint64_t draw_counter(void *arg)
{
	struct counter *c = arg;

	return rng_mix64(c->key ^ rng_mix64(c->index * 0x100000001b3u + c->round++));
}

uint64_t rng_at(uint64_t key, uint64_t index, uint64_t n)
{
	struct counter c = {key, index, 0};

	return reduce(draw_counter, &c, n);
}

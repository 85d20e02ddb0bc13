/* The project's own pseudo-random numbers, so a seed (-z) gives the same
 * offsets, names and sizes on every libc and platform. Not for cryptography. */
#ifndef BONNIE_RNG_H
#define BONNIE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4]; /* xoshiro256** state */
};

/* splitmix64 finaliser: a fast, well-mixed 64-bit hash of x. Inline: the
 * data pattern calls it for every sector written. */
static inline uint64_t rng_mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15u;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

/* Seeds the generator; different seeds give unrelated streams. */
void rng_seed(struct rng *r, uint64_t seed);

uint64_t rng_next(struct rng *r);

/* Uniform integer in [0, n) without modulo bias; n > 0. */
uint64_t rng_below(struct rng *r, uint64_t n);

/* Uniform integer in [0, n) derived only from (key, index): the i-th draw of
 * a counter-based stream, so any worker can compute any element. */
uint64_t rng_at(uint64_t key, uint64_t index, uint64_t n);

#endif

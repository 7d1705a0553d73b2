/* The seeded generator every game draws from (rng.c), and the Zobrist keys
 * of the games' position hashes. */
#ifndef HERD_RNG_H
#define HERD_RNG_H

#include <stddef.h>
#include <stdint.h>

/* xoshiro256** seeded through SplitMix64: small, fast, and the same numbers
 * on every platform because it uses only fixed-width integer arithmetic. */
typedef struct herd_rng {
    uint64_t s[4];
} herd_rng;

void herdi_rng_seed(herd_rng *r, uint64_t seed);
uint64_t herdi_rng_next(herd_rng *r);
/* Uniform in 0..n-1 (n >= 1) without modulo bias. */
uint32_t herdi_rng_below(herd_rng *r, uint32_t n);
/* A fixed pseudo-random 64-bit key for each index (SplitMix64 of the index):
 * the Zobrist keys of every game's position hash, computed, not stored. */
uint64_t herdi_zobrist(uint64_t index);
/* Index 0..n-1 drawn with probability weights[i] / total (the weights sum to
 * total): how every chance outcome is drawn. */
size_t herdi_rng_pick(herd_rng *r, const uint32_t *weights, size_t n, uint32_t total);
/* Index 0..n-1 (n >= 1) drawn uniformly among those of the highest score:
 * how the games' own players choose among equally good actions. */
size_t herdi_rng_pick_best(herd_rng *r, const int *score, size_t n);

#endif /* HERD_RNG_H */

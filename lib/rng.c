/* The seeded generator every game draws from: xoshiro256** (Blackman and
 * Vigna), its state filled by SplitMix64 from the 64-bit seed. Only
 * fixed-width unsigned arithmetic, so every platform gives the same numbers. */
#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void herdi_rng_seed(herd_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t herdi_rng_next(herd_rng *r)
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

uint32_t herdi_rng_below(herd_rng *r, uint32_t n)
{
    /* Rejection sampling on the top 32 bits: draws below the largest
     * multiple of n are uniform modulo n. */
    uint32_t limit = UINT32_MAX - UINT32_MAX % n;
    for (;;) {
        uint32_t x = (uint32_t)(herdi_rng_next(r) >> 32);
        if (x < limit)
            return x % n;
    }
}

uint64_t herdi_zobrist(uint64_t index)
{
    uint64_t x = index ^ UINT64_C(0x6865726421); /* a fixed seed: "herd!" */
    return splitmix64(&x);
}

size_t herdi_rng_pick(herd_rng *r, const uint32_t *weights, size_t n, uint32_t total)
{
    uint32_t x = herdi_rng_below(r, total);
    size_t i = 0;
    while (i + 1 < n && x >= weights[i])
        x -= weights[i++];
    return i;
}

size_t herdi_rng_pick_best(herd_rng *r, const int *score, size_t n)
{
    int best = score[0];
    uint32_t ties = 0;
    for (size_t i = 0; i < n; i++) {
        if (score[i] > best) {
            best = score[i];
            ties = 0;
        }
        ties += score[i] == best;
    }
    uint32_t pick = herdi_rng_below(r, ties);
    size_t i = 0;
    while (score[i] != best || pick-- != 0)
        i++;
    return i;
}

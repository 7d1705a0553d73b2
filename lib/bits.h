/* Bit tricks shared by the games' bit sets (lib/actions.c, lib/hunt.h,
 * lib/games/horses/horses.c, lib/games/hex/hex.c, lib/games/flock/flock.c, lib/batch.c). */
#ifndef HERD_BITS_H
#define HERD_BITS_H

#include <stdint.h>

#include "portable.h"

/* The number of the lowest bit set in x (x != 0). */
static inline int herd_lowest_bit(uint64_t x)
{
    return herd_ctz64(x);
}

/* Byte b of the answer: the bits set in byte b of x. Plain arithmetic,
 * which a build for any x86-64 runs inline, where a popcount without the
 * POPCNT instruction is a call. */
static inline uint64_t herd_byte_counts(uint64_t x)
{
    const uint64_t ones = UINT64_C(0x0101010101010101);
    x -= x >> 1 & ones * 0x55;
    x = (x & ones * 0x33) + (x >> 2 & ones * 0x33);
    return (x + (x >> 4)) & ones * 0x0f;
}

/* The sum of the bytes of x, when every sum of its lowest bytes is below
 * 256 (the multiplication then carries nothing into the top byte). */
static inline int herd_byte_sum(uint64_t x)
{
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Byte b of the answer: the bits set in bytes 0 to b of x (so the top byte
 * is all of them). */
static inline uint64_t herd_byte_prefix_counts(uint64_t x)
{
    return herd_byte_counts(x) * UINT64_C(0x0101010101010101);
}

/* The bits set in x (herd_byte_prefix_counts()' top byte). */
static inline int herd_bit_count(uint64_t x)
{
    return (int)(herd_byte_prefix_counts(x) >> 56);
}

/* The number of the k-th bit set in x (k below the bits set), without a
 * branch that depends on x: its byte is the number of bytes up to which
 * at most k bits are set (each byte's k + 128 - count keeps its top bit
 * then, and borrows from no other byte), and in that byte it is the
 * lowest bit left once the k less those before are cleared. */
static inline int herd_nth_bit(uint64_t x, unsigned k)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), tops = ones * 0x80;
    uint64_t sums = herd_byte_prefix_counts(x);
    uint64_t up_to_k = ((ones * k | tops) - sums) & tops;
    int byte = (int)(((up_to_k >> 7) * ones) >> 56);
    k -= (unsigned)((sums << 8) >> 8 * byte & 0xff);
    uint64_t rest = x >> 8 * byte;
    for (unsigned c = 0; c < 7; c++)
        rest &= rest - (c < k); /* arithmetic: a compiler may make `?:` a branch on k */
    return 8 * byte + herd_lowest_bit(rest);
}

/* A function over bit sets of a constant number of words: inlined always,
 * so that the words stay in registers (a compiler may judge a large one
 * not worth it). */
#define HERD_SET_INLINE HERD_ALWAYS_INLINE

/* For the function that calls those over sets of more than one word:
 * GCC's vectorizer packs such a set's words into one SSE register through
 * memory, which stalls at every shift across words (twice the time of
 * plain registers, on a 12x12 Flock board). */
#define HERD_SET_SCALAR HERD_NO_VECTORIZE

/* Bit sets of n words, bit i of a set being bit i % 64 of word i / 64:
 * x moved k bits up (bit i to bit i + k) or down (to bit i - k), 0 < k <
 * 64, the bits moved past either end lost. out may be x. Inline with a
 * constant n, so that a compiler keeps the words in registers. */
HERD_SET_INLINE void herd_set_up(uint64_t *out, const uint64_t *x, int n, int k)
{
    for (int i = n - 1; i > 0; i--)
        out[i] = x[i] << k | x[i - 1] >> (64 - k);
    out[0] = x[0] << k;
}

HERD_SET_INLINE void herd_set_down(uint64_t *out, const uint64_t *x, int n, int k)
{
    for (int i = 0; i < n - 1; i++)
        out[i] = x[i] >> k | x[i + 1] << (64 - k);
    out[n - 1] = x[n - 1] >> k;
}

/* A full adder on each bit of three words: a + b + c is the answer plus
 * twice *carry. */
static inline uint64_t herd_full_add(uint64_t a, uint64_t b, uint64_t c, uint64_t *carry)
{
    uint64_t half = a ^ b;
    *carry = (a & b) | (half & c);
    return half ^ c;
}

#endif

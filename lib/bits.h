/* Bit tricks shared by the games' bit sets (lib/actions.c, lib/hunt.h,
 * lib/horses.c, lib/hex.c, lib/flock.c). */
#ifndef HERD_BITS_H
#define HERD_BITS_H

#include <stdint.h>

/* The number of the lowest bit set in x (x != 0). */
static inline int herd_lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    while (!(x >> k & 1))
        k++;
    return k;
#endif
}

/* Byte b of the answer: the bits set in bytes 0 to b of x (so the top byte
 * is all of them). Plain arithmetic, which a build for any x86-64 runs
 * inline, where a popcount without the POPCNT instruction is a call. */
static inline uint64_t herd_byte_prefix_counts(uint64_t x)
{
    const uint64_t ones = UINT64_C(0x0101010101010101);
    x -= x >> 1 & ones * 0x55;
    x = (x & ones * 0x33) + (x >> 2 & ones * 0x33);
    x = (x + (x >> 4)) & ones * 0x0f;
    return x * ones;
}

/* The bits set in x (herd_byte_prefix_counts()' top byte). */
static inline int herd_bit_count(uint64_t x)
{
    return (int)(herd_byte_prefix_counts(x) >> 56);
}

#endif

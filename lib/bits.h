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

/* The bits set in x. */
static inline int herd_bit_count(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int k = 0;
    for (; x; x &= x - 1)
        k++;
    return k;
#endif
}

#endif

/* The one place of the library's compiler builtins, CPU intrinsics and
 * byte-order facts (docs/building.md, "Portability"). Everything else in
 * lib/ calls these and stays plain C11, so that any C11 compiler builds it.
 *
 * Each builtin has a portable fallback in plain C, which compilers without
 * the GNU builtins (MSVC) take; HERD_PORTABLE (the CMake option of the same
 * name) forces the fallbacks everywhere, so that one test build runs them
 * (tools/cross.sh linux-i386).
 *
 * Byte order: words are built from bytes, and bytes from words, by
 * arithmetic (herd_load_le64(), herd_store_le64()), never by reading memory
 * through another type, so that a big-endian machine gives the same
 * answers. GCC and Clang compile the arithmetic into one load or store
 * (a byte-reversing one on big-endian machines). */
#ifndef HERD_PORTABLE_H
#define HERD_PORTABLE_H

#include <stdint.h>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(HERD_PORTABLE)
#    define HERD_GNU_BUILTINS 1
#else
#    define HERD_GNU_BUILTINS 0
#endif

/* The x86-64 paths chosen at run time (lib/games/fox/fox_solve.c): BMI2's bit
 * deposit and extract, with SSE2, which every x86-64 has. Elsewhere, and
 * with HERD_PORTABLE, only the plain paths exist, which the tests also run
 * on x86-64 (fox_solve_options.plain). */
#if HERD_GNU_BUILTINS && defined(__x86_64__)
#    define HERD_X86_64_BMI2 1
#    define HERD_TARGET_BMI2 __attribute__((target("bmi2,popcnt")))
/* Whether this processor has BMI2 and POPCNT, asked of the CPU. */
static inline int herd_cpu_has_bmi2(void)
{
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}
#else
#    define HERD_X86_64_BMI2 0
#    define HERD_TARGET_BMI2
#endif

/* A function that must be inlined, so that its words stay in registers (a
 * compiler may judge a large one not worth it). */
#if defined(__GNUC__) || defined(__clang__)
#    define HERD_ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#    define HERD_ALWAYS_INLINE static __forceinline
#else
#    define HERD_ALWAYS_INLINE static inline
#endif

/* GCC's vectorizer off for one function (lib/bits.h says why). */
#if defined(__GNUC__) && !defined(__clang__)
#    define HERD_NO_VECTORIZE __attribute__((optimize("no-tree-vectorize")))
#else
#    define HERD_NO_VECTORIZE
#endif

/* printf-style checking of a function's format (lib/text.h). On MinGW,
 * `printf` means Microsoft's format, without %zu; the library's vsnprintf
 * there is C99's (GNU's) with __USE_MINGW_ANSI_STDIO, which the build
 * defines (cmake/herd_flags.cmake). */
#if defined(__MINGW32__)
#    define HERD_PRINTF(fmt, first) __attribute__((format(gnu_printf, fmt, first)))
#elif defined(__GNUC__) || defined(__clang__)
#    define HERD_PRINTF(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#    define HERD_PRINTF(fmt, first)
#endif

/* The number of the lowest bit set in x (x != 0). */
static inline int herd_ctz64(uint64_t x)
{
#if HERD_GNU_BUILTINS
    return __builtin_ctzll(x);
#else
    /* De Bruijn: the lowest bit alone, times the sequence, indexes a table. */
    static const unsigned char index[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
        22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
        23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};
    return index[((x & (0 - x)) * UINT64_C(0x022fdd63cc95386d)) >> 58];
#endif
}

/* The number of the highest bit set in x (x != 0). */
static inline int herd_top_bit64(uint64_t x)
{
#if HERD_GNU_BUILTINS
    return 63 - __builtin_clzll(x);
#else
    int p = 0;
    for (int k = 32; k; k >>= 1)
        if (x >> k) {
            x >>= k;
            p += k;
        }
    return p;
#endif
}

/* The bits set in x. */
static inline int herd_popcount64(uint64_t x)
{
#if HERD_GNU_BUILTINS
    return __builtin_popcountll(x);
#else
    const uint64_t ones = UINT64_C(0x0101010101010101);
    x -= x >> 1 & ones * 0x55;
    x = (x & ones * 0x33) + (x >> 2 & ones * 0x33);
    return (int)((((x + (x >> 4)) & ones * 0x0f) * ones) >> 56);
#endif
}

/* Asks the caches for the line at p ahead of its use; only a hint. */
static inline void herd_prefetch(const void *p)
{
#if HERD_GNU_BUILTINS
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/* The word whose byte i (bits 8i to 8i + 7) is p[i]: a little-endian read,
 * the same on any machine. */
static inline uint64_t herd_load_le64(const unsigned char *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

/* p[i] = byte i of v, herd_load_le64()'s inverse. */
static inline void herd_store_le64(unsigned char *p, uint64_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
    p[4] = (unsigned char)(v >> 32);
    p[5] = (unsigned char)(v >> 40);
    p[6] = (unsigned char)(v >> 48);
    p[7] = (unsigned char)(v >> 56);
}

#endif

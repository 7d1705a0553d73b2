/* Included first in every file of the WebAssembly build (tools/web.sh,
 * -include): memcpy() of a size known only at run time, a few 8-byte words
 * long, as loads and stores in place. With -mbulk-memory clang makes every
 * such memcpy WebAssembly's memory.copy, which V8 runs as a call out of the
 * module into C++: for a small copy that call costs more than the copy, and
 * perft and herd_apply() copy a whole game state (56 bytes for Hare and
 * Hounds, 64 for Fox and Geese) at every action. A size known when
 * compiling, or larger, or not whole words, is memcpy() as before. */
#ifndef HERD_WEB_COPY_H
#define HERD_WEB_COPY_H

#include <stddef.h>
#include <string.h>

/* The most 8-byte words copied in place: the states of the games above. */
#define HERD_WEB_COPY_WORDS 8

static inline void *herd_web_memcpy(void *restrict dest, const void *restrict src, size_t n)
{
    if (__builtin_constant_p(n) || n % 8 || n > 8 * HERD_WEB_COPY_WORDS)
        return __builtin_memcpy(dest, src, n);
    unsigned char *d = dest;
    const unsigned char *s = src;
    /* Word k of the copy, then the words below it: one straight run of
     * code entered at the count's word, where a loop would be turned back
     * into memcpy. */
#define HERD_WEB_WORD(k)                             \
    case (k) + 1:                                    \
        __builtin_memcpy(d + 8 * (k), s + 8 * (k), 8); \
        /* fall through */
    switch (n / 8) {
        HERD_WEB_WORD(7)
        HERD_WEB_WORD(6)
        HERD_WEB_WORD(5)
        HERD_WEB_WORD(4)
        HERD_WEB_WORD(3)
        HERD_WEB_WORD(2)
        HERD_WEB_WORD(1)
        HERD_WEB_WORD(0)
    default:
        break;
    }
#undef HERD_WEB_WORD
    return dest;
}

#define memcpy(dest, src, n) herd_web_memcpy(dest, src, n)

#endif

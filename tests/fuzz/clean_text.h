/* What every text the library writes for people must be, checked the same
 * way by the fuzzers and the CMocka tests: one line that a terminal shows and
 * never executes (docs/reliability.md, "Echoed input"). Written from
 * Unicode's table of well-formed UTF-8, independently of lib/text.c. */
#ifndef HERD_TESTS_CLEAN_TEXT_H
#define HERD_TESTS_CLEAN_TEXT_H

#include <stddef.h>

/* Whether the n bytes at s are well-formed UTF-8 without a control
 * character (C0, DEL, C1) and without U+2028 or U+2029, which line readers
 * split on. */
static inline int clean_line(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7F)
                return 0;
            i++;
            continue;
        }
        size_t len = c >= 0xC2 && c <= 0xDF   ? 2
                     : c >= 0xE0 && c <= 0xEF ? 3
                     : c >= 0xF0 && c <= 0xF4 ? 4
                                              : 0;
        if (len == 0 || i + len > n)
            return 0;
        unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
        unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        if (u[i + 1] < lo || u[i + 1] > hi)
            return 0;
        for (size_t k = 2; k < len; k++)
            if (u[i + k] < 0x80 || u[i + k] > 0xBF)
                return 0;
        if (c == 0xC2 && u[i + 1] < 0xA0) /* C1 */
            return 0;
        if (c == 0xE2 && u[i + 1] == 0x80 && (u[i + 2] == 0xA8 || u[i + 2] == 0xA9))
            return 0;
        i += len;
    }
    return 1;
}

#endif /* HERD_TESTS_CLEAN_TEXT_H */

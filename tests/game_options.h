/* The options of a game of the registry written out for herd_new(): every
 * option at its default, at its smallest or at its largest value (a range's
 * ends, a choice's first or last value; a board point keeps its default),
 * and the seed given. Shared by the CMocka tests (test_games.h) and the
 * fuzzers' seed inputs (tests/fuzz), so that a game added to the registry
 * is played by both at once. Plain C, no test framework. */
#ifndef HERD_GAME_OPTIONS_H
#define HERD_GAME_OPTIONS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "herd/herd.h"

typedef enum option_pick {
    OPTIONS_DEFAULT,  /* every option at its default */
    OPTIONS_SMALLEST, /* the smallest board and fewest pieces: a quick game */
    OPTIONS_LARGEST   /* the largest board and most pieces */
} option_pick;

/* The value of one option for `pick`, as text. */
static inline void option_value(const herd_option_desc *o, option_pick pick, char *buf, size_t cap)
{
    uint64_t v = o->default_value;
    if (o->kind == HERD_OPTION_POINT) {
        snprintf(buf, cap, "%s", o->default_point);
        return;
    }
    if (o->kind == HERD_OPTION_CHOICE && pick != OPTIONS_DEFAULT)
        v = o->choices[pick == OPTIONS_SMALLEST ? 0 : o->choice_count - 1];
    else if (o->kind == HERD_OPTION_RANGE && pick != OPTIONS_DEFAULT)
        v = pick == OPTIONS_SMALLEST ? o->min : o->max;
    snprintf(buf, cap, "%llu", (unsigned long long)v);
}

/* "KEY=VALUE ..." of every option of d for `pick`, the seed `seed`, and
 * the option `key` (unless NULL) at `value` instead; the length written (at
 * most cap - 1). */
static inline size_t game_options_with(const herd_game_desc *d, option_pick pick, uint64_t seed,
                                       const char *key, uint64_t value, char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < d->option_count && k < cap; i++) {
        const herd_option_desc *o = &d->options[i];
        char text[32];
        if (strcmp(o->key, "seed") == 0)
            snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
        else if (key && strcmp(o->key, key) == 0)
            snprintf(text, sizeof text, "%llu", (unsigned long long)value);
        else
            option_value(o, pick, text, sizeof text);
        int n = snprintf(buf + k, cap - k, "%s%s=%s", i ? " " : "", o->key, text);
        k = n < 0 ? cap : k + (size_t)n;
    }
    return k < cap ? k : cap - 1;
}

static inline size_t game_options(const herd_game_desc *d, option_pick pick, uint64_t seed,
                                  char *buf, size_t cap)
{
    return game_options_with(d, pick, seed, NULL, 0, buf, cap);
}

#endif /* HERD_GAME_OPTIONS_H */

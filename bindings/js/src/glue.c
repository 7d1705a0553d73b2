/* The few C functions that the JavaScript API (herd.mjs) needs beside the
 * library's own, compiled into the same WebAssembly module:
 *  - actions as protocol texts, so that no herd_move (a 64-bit integer,
 *    which reaches JavaScript split in two halves) crosses to JavaScript;
 *  - the queries that take a herd_cell by value (the WebAssembly C ABI
 *    passes a struct by a hidden pointer), as a row and a column;
 *  - the heap in use, for the leak tests.
 * Texts come back in one buffer of the module (herd_js_text()): the module
 * runs one call at a time. */
#include <malloc.h>
#include <stddef.h>
#include <string.h>

#include <emscripten/emscripten.h>

#include <herd/flock.h>
#include <herd/fox.h>
#include <herd/herd.h>
#include <herd/horses.h>

#define GLUE EMSCRIPTEN_KEEPALIVE

/* Room for every legal action's text, which is the longest answer. */
static char text[HERD_MAX_MOVES * HERD_MAX_MOVE_TEXT];

GLUE char *herd_js_text(void)
{
    return text;
}

GLUE size_t herd_js_text_size(void)
{
    return sizeof text;
}

/* The bytes that malloc has handed out and not taken back. */
GLUE size_t herd_js_heap_in_use(void)
{
    return mallinfo().uordblks;
}

static int action_text(const herd_game *g, herd_move m)
{
    size_t len;
    return herd_move_to_text(g, m, text, sizeof text, &len);
}

/* The legal actions' texts in the game's generation order, each followed by
 * a space (the caller sorts them). */
GLUE int herd_js_legal(const herd_game *g)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n, len, at = 0;
    int rc = herd_legal_moves(g, moves, HERD_MAX_MOVES, &n);
    for (size_t i = 0; rc == HERD_OK && i < n; i++) {
        rc = herd_move_to_text(g, moves[i], text + at, sizeof text - at - 1, &len);
        at += len;
        text[at++] = ' ';
    }
    text[at] = '\0';
    return rc;
}

GLUE int herd_js_play(herd_game *g, const char *action)
{
    herd_move m;
    int rc = herd_move_from_text(g, action, &m);
    return rc == HERD_OK ? herd_apply(g, m) : rc;
}

GLUE int herd_js_is_legal(herd_game *g, const char *action)
{
    herd_move m;
    return herd_move_from_text(g, action, &m) == HERD_OK && herd_is_legal(g, m);
}

GLUE int herd_js_genmove(herd_game *g, int level)
{
    herd_move m;
    int rc = herd_play_genmove(g, level, &m);
    return rc == HERD_OK ? action_text(g, m) : rc;
}

GLUE int herd_js_roll(herd_game *g)
{
    herd_move m;
    int rc = herd_roll(g, &m);
    return rc == HERD_OK ? action_text(g, m) : rc;
}

/* herd_hint() is const and leaves no message; on a refusal the message is
 * the one herd_genmove() leaves on a copy, which refuses for the same
 * reasons, written to the text buffer. */
GLUE int herd_js_hint(const herd_game *g, int level)
{
    herd_move m;
    int rc = herd_hint(g, level, &m);
    if (rc == HERD_OK)
        return action_text(g, m);
    herd_game *copy;
    text[0] = '\0';
    if (herd_clone(g, &copy, NULL, NULL) == HERD_OK) {
        if (herd_genmove(copy, level, &m) != HERD_OK) {
            const char *why = herd_last_error(copy);
            size_t n = strlen(why) < sizeof text - 1 ? strlen(why) : sizeof text - 1;
            memcpy(text, why, n);
            text[n] = '\0';
        }
        herd_free(copy);
    }
    return rc;
}

GLUE int herd_js_horses_log_line(herd_game *g, unsigned number, const char *action)
{
    herd_move m;
    size_t len;
    int rc = herd_move_from_text(g, action, &m);
    return rc == HERD_OK ? herd_horses_log_line(g, number, m, text, sizeof text, &len) : rc;
}

GLUE int herd_js_fox_at(const herd_game *g, int row, int col, int *side)
{
    return herd_fox_at(g, (herd_cell){row, col}, side);
}

GLUE int herd_js_flock_at(const herd_game *g, int row, int col, int *side)
{
    return herd_flock_at(g, (herd_cell){row, col}, side);
}

GLUE int herd_js_flock_range(const herd_game *g, int row, int col, int *range)
{
    return herd_flock_range(g, (herd_cell){row, col}, range);
}

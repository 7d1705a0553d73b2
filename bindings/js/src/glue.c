/* The few C functions that the JavaScript API (herd.mjs) needs beside the
 * library's own, compiled into the same WebAssembly module:
 *  - the registry as JSON, and a game's options as KEY=VALUE text, so that
 *    JavaScript reads no struct layout of the headers;
 *  - actions as protocol texts, so that no herd_move (a 64-bit integer,
 *    which reaches JavaScript split in two halves) crosses to JavaScript;
 *  - the queries that take a herd_cell by value (the WebAssembly C ABI
 *    passes a struct by a hidden pointer), as a row and a column;
 *  - the heap in use, for the leak tests.
 * Texts come back in one buffer of the module (herd_js_text()): the module
 * runs one call at a time. */
#include <inttypes.h>
#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <emscripten/emscripten.h>

#include <herd/flock.h>
#include <herd/fox.h>
#include <herd/hare.h>
#include <herd/herd.h>
#include <herd/hex.h>
#include <herd/horses.h>
#include <herd/record.h>

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

/* Appending to the text buffer; `at` runs past the end when the text does
 * not fit, which end() reports. */
typedef struct {
    size_t at;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->at < sizeof text ? sizeof text - o->at : 0;
    int n = vsnprintf(room ? text + o->at : NULL, room, fmt, ap);
    va_end(ap);
    o->at += n > 0 ? (size_t)n : 0;
}

/* A JSON string: the registry's texts are plain ASCII, but quotes,
 * backslashes and control characters are escaped all the same. */
static void put_string(out *o, const char *s)
{
    put(o, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            put(o, "\\%c", c);
        else if (c < 0x20)
            put(o, "\\u%04x", c);
        else
            put(o, "%c", c);
    }
    put(o, "\"");
}

static int end(const out *o)
{
    return o->at < sizeof text ? HERD_OK : HERD_E_BUFFER;
}

static const char *const option_kinds[] = {
    [HERD_OPTION_RANGE] = "range", [HERD_OPTION_CHOICE] = "choice", [HERD_OPTION_POINT] = "point"};

/* uint64_t values go as JSON strings of their digits: a JSON number passes
 * through a double, which holds no seed past 2^53. */
static void put_option(out *o, const herd_option_desc *d)
{
    put(o, "{\"key\":");
    put_string(o, d->key);
    put(o, ",\"kind\":\"%s\"", option_kinds[d->kind]);
    if (d->kind == HERD_OPTION_RANGE)
        put(o, ",\"min\":\"%" PRIu64 "\",\"max\":\"%" PRIu64 "\"", d->min, d->max);
    if (d->kind == HERD_OPTION_CHOICE) {
        put(o, ",\"choices\":[");
        for (size_t i = 0; i < d->choice_count; i++)
            put(o, "%s\"%" PRIu64 "\"", i ? "," : "", d->choices[i]);
        put(o, "]");
    }
    if (d->kind == HERD_OPTION_POINT) {
        put(o, ",\"default\":");
        put_string(o, d->default_point);
    } else {
        put(o, ",\"default\":\"%" PRIu64 "\"", d->default_value);
    }
    put(o, ",\"description\":");
    put_string(o, d->description);
    put(o, "}");
}

static void put_game(out *o, const herd_game_desc *d)
{
    put(o, "{\"kind\":%d,\"name\":", (int)d->kind);
    put_string(o, d->name);
    put(o, ",\"title\":");
    put_string(o, d->title);
    put(o, ",\"sides\":[");
    put_string(o, d->side_names[0]);
    put(o, ",");
    put_string(o, d->side_names[1]);
    put(o, "],\"options\":[");
    for (size_t i = 0; i < d->option_count; i++) {
        put(o, i ? "," : "");
        put_option(o, &d->options[i]);
    }
    put(o, "],\"levels\":[");
    for (int level = 1; level <= d->level_count; level++) {
        const char *name = "", *description = "";
        herd_game_desc_level(d, level, &name, &description);
        put(o, "%s{\"level\":%d,\"name\":", level > 1 ? "," : "", level);
        put_string(o, name);
        put(o, ",\"description\":");
        put_string(o, description);
        put(o, "}");
    }
    put(o, "],\"defaultLevel\":%d,\"maxMoves\":%zu,\"hasChance\":%s,\"solvable\":%s}",
        d->default_level, d->max_moves, d->has_chance ? "true" : "false",
        d->solvable ? "true" : "false");
}

/* The registry (herd_game_desc_at()) as a JSON array, in its order. */
GLUE int herd_js_games(void)
{
    out o = {0};
    put(&o, "[");
    for (size_t i = 0; i < herd_game_count(); i++) {
        put(&o, i ? "," : "");
        put_game(&o, herd_game_desc_at(i));
    }
    put(&o, "]");
    return end(&o);
}

/* The bounds of the headers that a page shows beside a game's counters. */
GLUE int herd_js_limit(const char *name)
{
    static const struct {
        const char *name;
        int value;
    } limits[] = {
        {"hare.stall", HERD_HARE_STALL_LIMIT},
        {"fox.geese", HERD_FOX_GEESE_TO_WIN},
        {"fox.solve_default", HERD_FOX_SOLVE_DEFAULT},
        {"fox.solve_max", HERD_FOX_SOLVE_MAX},
        {"fox.level_limit_default", HERD_FOX_LEVEL_LIMIT_DEFAULT},
        {"flock.captures", HERD_FLOCK_CAPTURES_TO_WIN},
        {"flock.moves", HERD_FLOCK_MOVE_LIMIT},
    };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        if (strcmp(name, limits[i].name) == 0)
            return limits[i].value;
    return HERD_E_ARG;
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
    if (herd_clone(g, NULL, NULL, &copy) == HERD_OK) {
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

/* Action i of the undo history as its text, and who took it: side and
 * chance as herd_history_side() gives them. */
GLUE int herd_js_history_move(const herd_game *g, size_t i, int *side, int *chance)
{
    herd_move m;
    int rc = herd_history_move(g, i, &m);
    if (rc == HERD_OK)
        rc = herd_history_side(g, i, side, chance);
    return rc == HERD_OK ? action_text(g, m) : rc;
}

GLUE int herd_js_horses_log_line(herd_game *g, unsigned number, const char *action)
{
    herd_move m;
    size_t len;
    int rc = herd_move_from_text(g, action, &m);
    return rc == HERD_OK ? herd_horses_log_line(g, number, m, text, sizeof text, &len) : rc;
}

GLUE int herd_js_hex_at(const herd_game *g, int row, int col, int *side)
{
    return herd_hex_at(g, (herd_cell){row, col}, side);
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

/* One call per action for a JavaScript program that picks its own actions
 * (a random playout): plays moves[i] when i is not negative, as herd_apply()
 * does (a refusal is its code, the game unchanged), then writes what may
 * come next into moves (room for cap): the legal moves, or a chance event's
 * outcomes with their probabilities in probs. Returns twice their number,
 * plus one for a chance event: 0 once the game is over. The work of
 * herd_apply(), herd_get_status(), herd_is_chance() and herd_legal_moves()
 * or herd_chance_outcomes(), in one call into the module in place of four,
 * and the action passes as its place in the list, not as a 64-bit value in
 * two halves. */
GLUE int herd_js_step(herd_game *g, int i, herd_move *moves, double *probs, size_t cap)
{
    herd_status st;
    size_t n;
    int rc = i < 0 ? HERD_OK : (size_t)i < cap ? herd_apply(g, moves[i]) : HERD_E_ARG;
    if (rc == HERD_OK)
        rc = herd_get_status(g, &st);
    if (rc != HERD_OK || st.result != HERD_ONGOING)
        return rc;
    int chance = herd_is_chance(g);
    rc = chance ? herd_chance_outcomes(g, moves, probs, cap, &n) : herd_legal_moves(g, moves, cap, &n);
    return rc == HERD_OK ? (int)(2 * n) + chance : rc;
}

/* herd_record_set_clock() with the milliseconds as a double (negative
 * removes the clock): a 64-bit argument would reach JavaScript split in
 * two halves. */
GLUE int herd_js_record_set_clock(herd_record *r, size_t ply, double ms)
{
    return herd_record_set_clock(r, ply, ms < 0 ? -1 : (int64_t)ms);
}

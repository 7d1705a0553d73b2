/* The Lua module `herd`: libherd's games for Lua 5.4 and for LuaJIT (Lua 5.1)
 * from this one source (docs/lua.md).
 *
 *     local herd = require "herd"
 *     local g = herd.new("flock", "seed=3")
 *     while g:status() == "ongoing" do g:genmove() end
 *     print(g:status())           --> win black captured
 *
 * Actions, positions and saved games are the texts of protocol.md; a refusal
 * raises a Lua error whose value is the library's message (as the protocol's
 * `?` line). A game is a full userdata holding the handle: __gc frees it, and
 * so does __close on Lua 5.4 (`local g <close> = herd.new(...)`) and
 * g:close(); a closed game refuses every call. */
#include <lauxlib.h>
#include <lua.h>

#include <herd/flock.h>
#include <herd/fox.h>
#include <herd/hare.h>
#include <herd/herd.h>
#include <herd/hex.h>
#include <herd/horses.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GAME_META "herd.game"

/* ------------------------------------------------ Lua 5.1 and 5.4 alike */

#if LUA_VERSION_NUM < 502
static void set_funcs(lua_State *L, const luaL_Reg *l)
{
    for (; l->name; l++) {
        lua_pushcfunction(L, l->func);
        lua_setfield(L, -2, l->name);
    }
}
#else
#    define set_funcs(L, l) luaL_setfuncs((L), (l), 0)
#endif

/* ------------------------------------------------------------- errors */

/* Raises the message as the Lua error value, without a position prefix:
 * the library's words, as the protocol's `?` line has them. */
static int raise(lua_State *L, const char *message)
{
    lua_pushstring(L, message);
    return lua_error(L);
}

/* The game's own message when it has one, else the code's description. */
/* A failed call that took the handle non-const: its message, or the
 * code's name if it left none. */
static int raise_code(lua_State *L, const herd_game *g, int code)
{
    const char *m = g ? herd_last_error(g) : "";
    return raise(L, m && *m ? m : herd_strerror(code));
}

/* A failed call that took the handle const: it leaves no message, and the
 * handle's last one is an earlier call's. */
static int raise_const(lua_State *L, int code)
{
    return raise(L, herd_strerror(code));
}

/* A text argument for the library, which reads C strings: one with a NUL
 * byte inside would be read short, so it is refused. */
static const char *check_text(lua_State *L, int arg)
{
    size_t len;
    const char *text = luaL_checklstring(L, arg, &len);
    if (strlen(text) != len)
        raise(L, "the text has a NUL character");
    return text;
}

static const char *opt_text(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? NULL : check_text(L, arg);
}

/* -------------------------------------------------------------- games */

typedef struct {
    herd_game *g; /* NULL once closed */
} game_box;

static herd_game **new_box(lua_State *L)
{
    game_box *b = (game_box *)lua_newuserdata(L, sizeof *b);
    b->g = NULL;
    luaL_getmetatable(L, GAME_META);
    lua_setmetatable(L, -2);
    return &b->g;
}

static herd_game *check_game(lua_State *L)
{
    game_box *b = (game_box *)luaL_checkudata(L, 1, GAME_META);
    if (!b->g)
        raise(L, "the game is closed");
    return b->g;
}

static int l_close(lua_State *L)
{
    game_box *b = (game_box *)luaL_checkudata(L, 1, GAME_META);
    herd_free(b->g);
    b->g = NULL;
    return 0;
}

/* herd.new(name [, options]) */
static int l_new(lua_State *L)
{
    const char *name = check_text(L, 1);
    const char *options = opt_text(L, 2);
    herd_game **slot = new_box(L);
    herd_error err;
    if (herd_new(name, options, NULL, NULL, slot, &err) != HERD_OK)
        return raise(L, err.message);
    return 1;
}

/* herd.load(saved): a new game from herd_save()'s text. */
static int l_load(lua_State *L)
{
    const char *text = check_text(L, 1);
    herd_game **slot = new_box(L);
    herd_error err;
    if (herd_new_from_save(text, NULL, NULL, slot, &err) != HERD_OK)
        return raise(L, err.message);
    return 1;
}

static int l_clone(lua_State *L)
{
    herd_game *g = check_game(L);
    herd_game **slot = new_box(L);
    int rc = herd_clone(g, NULL, NULL, slot);
    if (rc != HERD_OK)
        return raise(L, herd_strerror(rc));
    return 1;
}

/* A text of the library's (position, save, board): cap is the first guess;
 * a buffer too small reports the length needed, and a second call has it. */
typedef int (*text_fn)(const herd_game *g, char *buf, size_t cap, size_t *len);

static int push_text(lua_State *L, const herd_game *g, text_fn fn, size_t cap)
{
    int rc = HERD_E_BUFFER;
    for (int tries = 0; rc == HERD_E_BUFFER && tries < 2; tries++) {
        char *buf = (char *)malloc(cap);
        size_t len = 0;
        if (!buf)
            return raise(L, herd_strerror(HERD_E_NOMEM));
        rc = fn(g, buf, cap, &len);
        if (rc == HERD_OK)
            lua_pushlstring(L, buf, len);
        free(buf);
        cap = len + 1;
    }
    return rc == HERD_OK ? 1 : raise_const(L, rc);
}

static int l_position(lua_State *L)
{
    return push_text(L, check_game(L), herd_position_to_text, HERD_MAX_POSITION_TEXT);
}

static int l_save(lua_State *L)
{
    return push_text(L, check_game(L), herd_save, HERD_MAX_SAVE_TEXT);
}

static int l_show(lua_State *L)
{
    return push_text(L, check_game(L), herd_show, HERD_MAX_POSITION_TEXT);
}

/* g:result_text(): how the game ended, in the library's words ("Red has no
 * move left: Green wins"); "" while it goes on. */
static int l_result_text(lua_State *L)
{
    return push_text(L, check_game(L), herd_result_text, 128);
}

static int l_name(lua_State *L)
{
    lua_pushstring(L, herd_game_name(check_game(L)));
    return 1;
}

static int push_move(lua_State *L, const herd_game *g, herd_move m)
{
    char buf[HERD_MAX_MOVE_TEXT];
    size_t len;
    int rc = herd_move_to_text(g, m, buf, sizeof buf, &len);
    if (rc != HERD_OK)
        return raise_const(L, rc);
    lua_pushlstring(L, buf, len);
    return 1;
}

static int by_bytes(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* g:legal(): the action texts, sorted in byte order as the protocol's
 * `legal` answers them. */
static int l_legal(lua_State *L)
{
    herd_game *g = check_game(L);
    size_t cap = herd_max_moves(g), n = 0;
    herd_move *moves = (herd_move *)malloc(cap * sizeof *moves);
    char *texts = (char *)malloc(cap * HERD_MAX_MOVE_TEXT + 1);
    const char **order = (const char **)malloc(cap * sizeof *order + 1);
    int rc = moves && texts && order ? herd_legal_moves(g, moves, cap, &n) : HERD_E_NOMEM;
    for (size_t i = 0; rc == HERD_OK && i < n; i++) {
        size_t len;
        order[i] = texts + i * HERD_MAX_MOVE_TEXT;
        rc = herd_move_to_text(g, moves[i], texts + i * HERD_MAX_MOVE_TEXT, HERD_MAX_MOVE_TEXT,
                               &len);
    }
    if (rc == HERD_OK) {
        qsort(order, n, sizeof *order, by_bytes);
        lua_createtable(L, (int)n, 0);
        for (size_t i = 0; i < n; i++) {
            lua_pushstring(L, order[i]);
            lua_rawseti(L, -2, (int)i + 1);
        }
    }
    free(moves);
    free(texts);
    free((void *)order);
    return rc == HERD_OK ? 1 : raise_const(L, rc);
}

/* g:play(text): checks and plays one action. */
static int l_play(lua_State *L)
{
    herd_game *g = check_game(L);
    herd_move m;
    int rc = herd_move_from_text(g, check_text(L, 2), &m);
    if (rc == HERD_OK)
        rc = herd_apply(g, m);
    return rc == HERD_OK ? 0 : raise_code(L, g, rc);
}

static int l_undo(lua_State *L)
{
    herd_game *g = check_game(L);
    int rc = herd_undo(g);
    return rc == HERD_OK ? 0 : raise_code(L, g, rc);
}

/* g:status(): "ongoing", SIDE | "win", SIDE, REASON | "draw", nil, REASON:
 * the words of the protocol's `status`. */
static int l_status(lua_State *L)
{
    herd_game *g = check_game(L);
    herd_status st;
    int rc = herd_get_status(g, &st);
    if (rc != HERD_OK)
        return raise_const(L, rc);
    static const char *const results[] = {"ongoing", "win", "draw"};
    lua_pushstring(L, results[st.result]);
    if (st.side >= 0)
        lua_pushstring(L, herd_side_name(g, st.side));
    else
        lua_pushnil(L);
    if (st.result == HERD_ONGOING)
        return 2;
    lua_pushstring(L, herd_reason_name(st.reason));
    return 3;
}

static int check_level(lua_State *L, int arg)
{
    lua_Integer level = luaL_optinteger(L, arg, 0);
    int max = herd_max_level(check_game(L));
    if (level < 0 || level > max) { /* the protocol's words, without a position */
        lua_pushfstring(L, "level must be a number from 0 to %d", max);
        return lua_error(L);
    }
    return (int)level;
}

/* g:genmove([level]): the computer's choice, played (the protocol's
 * `genmove`); returns its text. */
static int l_genmove(lua_State *L)
{
    herd_game *g = check_game(L);
    herd_move m;
    int rc = herd_play_genmove(g, check_level(L, 2), &m);
    return rc == HERD_OK ? push_move(L, g, m) : raise_code(L, g, rc);
}

/* g:hint([level]): what genmove would play; nothing changes. */
static int l_hint(lua_State *L)
{
    herd_game *g = check_game(L);
    herd_move m;
    herd_status st;
    int rc = herd_hint(g, check_level(L, 2), &m);
    if (rc == HERD_OK)
        return push_move(L, g, m);
    /* herd_hint() is const and leaves no message: the protocol's words. */
    if (rc == HERD_E_STATE && herd_get_status(g, &st) == HERD_OK)
        return raise(L, st.result != HERD_ONGOING ? "the game is over"
                                                  : "a chance event waits: roll first");
    return raise_const(L, rc);
}

/* g:roll(): a chance event's outcome drawn with the game's generator and
 * played (hex's dice); returns its text. */
static int l_roll(lua_State *L)
{
    herd_game *g = check_game(L);
    herd_move m;
    int rc = herd_roll(g, &m);
    return rc == HERD_OK ? push_move(L, g, m) : raise_code(L, g, rc);
}

static int l_is_chance(lua_State *L)
{
    lua_pushboolean(L, herd_is_chance(check_game(L)) == 1);
    return 1;
}

static int l_tostring(lua_State *L)
{
    game_box *b = (game_box *)luaL_checkudata(L, 1, GAME_META);
    if (!b->g) {
        lua_pushstring(L, "herd game (closed)");
        return 1;
    }
    return push_text(L, b->g, herd_position_to_text, HERD_MAX_POSITION_TEXT);
}

/* ------------------------------------------------------------- views */

static void set_int(lua_State *L, const char *key, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

static void set_side(lua_State *L, const herd_game *g, int side)
{
    lua_pushstring(L, herd_side_name(g, side));
    lua_setfield(L, -2, "side");
}

/* Who stands on a cell (-1: nobody), and the horse's number where a game
 * numbers its pieces. */
static int piece_at(const herd_game *g, herd_cell c, int *side, int *number)
{
    *number = 0;
    switch (herd_game_kind(g)) {
    case HERD_HORSES:
        return herd_horses_at(g, c, side, number);
    case HERD_HEX:
        return herd_hex_at(g, c, side);
    case HERD_HARE:
        return herd_hare_at(g, c, side);
    case HERD_FOX:
        return herd_fox_at(g, c, side);
    case HERD_FLOCK:
        return herd_flock_at(g, c, side);
    }
    return HERD_E_ARG;
}

/* The cells of a w x h grid, row by row. */
static size_t grid_cells(int w, int h, herd_cell *cells, size_t cap)
{
    size_t n = 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w && n < cap; c++)
            cells[n++] = (herd_cell){r, c};
    return n;
}

/* The board's cells in reading order: the grids row by row, hex row by
 * row, hare's and fox's points in the library's order; rows and cols
 * receive the board's extent. Returns how many (at most cap). */
static size_t board_cells(const herd_game *g, herd_cell *cells, size_t cap, int *rows, int *cols)
{
    size_t n = 0;
    *rows = *cols = 0;
    switch (herd_game_kind(g)) {
    case HERD_HORSES: {
        herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
        herd_horses_options_of(g, &o);
        *rows = o.height, *cols = o.width;
        return grid_cells(o.width, o.height, cells, cap);
    }
    case HERD_FLOCK: {
        herd_flock_options o = HERD_FLOCK_OPTIONS_INIT;
        herd_flock_options_of(g, &o);
        *rows = o.height, *cols = o.width;
        return grid_cells(o.width, o.height, cells, cap);
    }
    case HERD_HEX: {
        int size = 0, len = 0;
        herd_hex_size(g, &size);
        *rows = 2 * size - 1;
        for (int r = 0; r < *rows; r++) {
            herd_hex_row_length(g, r, &len);
            for (int c = 0; c < len && n < cap; c++)
                cells[n++] = (herd_cell){r, c};
            *cols = len > *cols ? len : *cols;
        }
        return n;
    }
    case HERD_HARE:
    case HERD_FOX: {
        int hare = herd_game_kind(g) == HERD_HARE;
        int count = hare ? HERD_HARE_POINTS : HERD_FOX_POINTS;
        for (int i = 0; i < count && n < cap; i++) {
            herd_cell c;
            if ((hare ? herd_hare_point(i, &c) : herd_fox_point(i, &c)) == HERD_OK) {
                cells[n++] = c;
                *rows = c.row + 1 > *rows ? c.row + 1 : *rows;
                *cols = c.col + 1 > *cols ? c.col + 1 : *cols;
            }
        }
        return n;
    }
    }
    return 0;
}

/* g:view(): what a front end draws. Every game: game, rows, cols and cells
 * ({row=, col=, side=, number=}: side and number where a piece stands, 0-based
 * rows and columns); horses also: lines ({side=, a=, b=}: the connected
 * horses' numbers) and progress ({[side]={distance=, parts=}}). */
static int l_view(lua_State *L)
{
    herd_game *g = check_game(L);
    enum { MAX_CELLS = HERD_HORSES_MAX_WIDTH * HERD_HORSES_MAX_HEIGHT };
    herd_cell *cells = (herd_cell *)malloc(MAX_CELLS * sizeof *cells);
    if (!cells)
        return raise(L, herd_strerror(HERD_E_NOMEM));
    int rows, cols;
    size_t n = board_cells(g, cells, MAX_CELLS, &rows, &cols);
    lua_createtable(L, 0, 6);
    lua_pushstring(L, herd_game_name(g));
    lua_setfield(L, -2, "game");
    set_int(L, "rows", rows);
    set_int(L, "cols", cols);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        int side = -1, number = 0;
        piece_at(g, cells[i], &side, &number);
        lua_createtable(L, 0, 4);
        set_int(L, "row", cells[i].row);
        set_int(L, "col", cells[i].col);
        if (side >= 0)
            set_side(L, g, side);
        if (number > 0)
            set_int(L, "number", number);
        lua_rawseti(L, -2, (int)i + 1);
    }
    lua_setfield(L, -2, "cells");
    free(cells);
    if (herd_game_kind(g) != HERD_HORSES)
        return 1;
    herd_horses_line lines[HERD_HORSES_MAX_LINES];
    int k = 0;
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 2);
    for (int side = 0; side < 2; side++) {
        size_t count = 0;
        int distance = 0, parts = 0;
        herd_horses_lines(g, side, lines, HERD_HORSES_MAX_LINES, &count);
        for (size_t i = 0; i < count; i++) {
            lua_createtable(L, 0, 3);
            set_side(L, g, side);
            set_int(L, "a", lines[i].a);
            set_int(L, "b", lines[i].b);
            lua_rawseti(L, -3, ++k);
        }
        herd_horses_progress(g, side, &distance, &parts);
        lua_createtable(L, 0, 2);
        set_int(L, "distance", distance);
        set_int(L, "parts", parts);
        lua_setfield(L, -2, herd_side_name(g, side));
    }
    lua_setfield(L, -3, "progress");
    lua_setfield(L, -2, "lines");
    return 1;
}

/* g:log_line(number, action): Herd of Horses' moves-log line of the action
 * just played as move `number` (from 1): `3. Green moved horse 0: a3 -> b5`. */
static int l_log_line(lua_State *L)
{
    herd_game *g = check_game(L);
    lua_Integer number = luaL_checkinteger(L, 2);
    herd_move m;
    char buf[HERD_MAX_MOVE_TEXT * 2];
    size_t len;
    if (number < 1 || number > 0xFFFFFFFFL)
        return luaL_argerror(L, 2, "a move number from 1");
    int rc = herd_move_from_text(g, check_text(L, 3), &m);
    if (rc != HERD_OK)
        return raise_code(L, g, rc);
    rc = herd_horses_log_line(g, (unsigned)number, m, buf, sizeof buf, &len);
    if (rc != HERD_OK)
        return raise_const(L, rc);
    lua_pushlstring(L, buf, len);
    return 1;
}

/* g:history_line(n): the moves-log line of the history's action n (from 1,
 * the oldest, as Lua counts), the line log_line(n, action) gave when it
 * was played: a log drawn from the history keeps no numbers of its own. */
static int l_history_line(lua_State *L)
{
    herd_game *g = check_game(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    char buf[HERD_MAX_MOVE_TEXT * 2];
    size_t len;
    if (n < 1 || (lua_Number)n > (lua_Number)herd_history_length(g))
        return luaL_argerror(L, 2, "an action of the history, from 1");
    int rc = herd_horses_history_line(g, (size_t)(n - 1), buf, sizeof buf, &len);
    if (rc != HERD_OK)
        return raise_const(L, rc);
    lua_pushlstring(L, buf, len);
    return 1;
}

/* ----------------------------------------------------------- registry */

/* Numbers past 2^53 (the seed's maximum) lose nothing as text. */
static void push_u64(lua_State *L, uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    lua_pushstring(L, buf);
}

static void push_option(lua_State *L, const herd_option_desc *o)
{
    static const char *const kinds[] = {"", "range", "choice", "point"};
    lua_createtable(L, 0, 6);
    lua_pushstring(L, o->key);
    lua_setfield(L, -2, "key");
    lua_pushstring(L, kinds[o->kind]);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, o->description);
    lua_setfield(L, -2, "description");
    if (o->kind == HERD_OPTION_POINT) {
        lua_pushstring(L, o->default_point);
        lua_setfield(L, -2, "default");
        return;
    }
    push_u64(L, o->default_value);
    lua_setfield(L, -2, "default");
    if (o->kind == HERD_OPTION_RANGE) {
        push_u64(L, o->min);
        lua_setfield(L, -2, "min");
        push_u64(L, o->max);
        lua_setfield(L, -2, "max");
        return;
    }
    lua_createtable(L, (int)o->choice_count, 0);
    for (size_t i = 0; i < o->choice_count; i++) {
        push_u64(L, o->choices[i]);
        lua_rawseti(L, -2, (int)i + 1);
    }
    lua_setfield(L, -2, "choices");
}

/* herd.games(): the library's games in its order, each {name=, title=,
 * sides={...}, options={...}, levels={{name=, description=}, ...},
 * default_level=, chance=}. Option values are texts (a seed reaches 2^64-1). */
static int l_games(lua_State *L)
{
    size_t count = herd_game_count();
    lua_createtable(L, (int)count, 0);
    for (size_t i = 0; i < count; i++) {
        const herd_game_desc *d = herd_game_desc_at(i);
        lua_createtable(L, 0, 7);
        lua_pushstring(L, d->name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, d->title);
        lua_setfield(L, -2, "title");
        lua_createtable(L, 2, 0);
        for (int s = 0; s < 2; s++) {
            lua_pushstring(L, d->side_names[s]);
            lua_rawseti(L, -2, s + 1);
        }
        lua_setfield(L, -2, "sides");
        lua_createtable(L, (int)d->option_count, 0);
        for (size_t k = 0; k < d->option_count; k++) {
            push_option(L, &d->options[k]);
            lua_rawseti(L, -2, (int)k + 1);
        }
        lua_setfield(L, -2, "options");
        lua_createtable(L, d->level_count, 0);
        for (int level = 1; level <= d->level_count; level++) {
            const char *name = "", *description = "";
            herd_game_desc_level(d, level, &name, &description);
            lua_createtable(L, 0, 2);
            lua_pushstring(L, name);
            lua_setfield(L, -2, "name");
            lua_pushstring(L, description);
            lua_setfield(L, -2, "description");
            lua_rawseti(L, -2, level);
        }
        lua_setfield(L, -2, "levels");
        set_int(L, "default_level", d->default_level);
        lua_pushboolean(L, d->has_chance);
        lua_setfield(L, -2, "chance");
        lua_rawseti(L, -2, (int)i + 1);
    }
    return 1;
}

/* ------------------------------------------------------------- module */

static const luaL_Reg game_methods[] = {{"legal", l_legal},
                                        {"play", l_play},
                                        {"undo", l_undo},
                                        {"status", l_status},
                                        {"genmove", l_genmove},
                                        {"hint", l_hint},
                                        {"roll", l_roll},
                                        {"is_chance", l_is_chance},
                                        {"position", l_position},
                                        {"save", l_save},
                                        {"clone", l_clone},
                                        {"show", l_show},
                                        {"name", l_name},
                                        {"view", l_view},
                                        {"log_line", l_log_line},
                                        {"history_line", l_history_line},
                                        {"result_text", l_result_text},
                                        {"close", l_close},
                                        {NULL, NULL}};

static const luaL_Reg module_functions[] = {
    {"new", l_new}, {"load", l_load}, {"games", l_games}, {NULL, NULL}};

#if defined(_WIN32)
__declspec(dllexport)
#elif defined(__GNUC__)
__attribute__((visibility("default")))
#endif
    int luaopen_herd(lua_State *L);

int luaopen_herd(lua_State *L)
{
    luaL_newmetatable(L, GAME_META);
    lua_createtable(L, 0, 16);
    set_funcs(L, game_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_close);
    lua_setfield(L, -2, "__gc");
#if LUA_VERSION_NUM >= 504
    lua_pushcfunction(L, l_close);
    lua_setfield(L, -2, "__close");
#endif
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);

    lua_createtable(L, 0, 5);
    set_funcs(L, module_functions);
    lua_pushstring(L, herd_version_string());
    lua_setfield(L, -2, "version");
    return 1;
}

/* The computer players: choosing an action at a level (the game's own
 * player, a search of lib/ai/ or the solution table), the hint that
 * chooses without changing anything, solving, and the levels' names. */
#include "ai/search.h"
#include "core.h"

/* --------------------------------------------------------- computers */

/* Why the computer player cannot choose now, in msg (which may have no
 * buffer, for the const calls); HERD_OK when it can. */
static int genmove_refusal(const herd_game *g, int level, herd_msg msg)
{
    if (herd_game_head(g)->result != HERD_ONGOING)
        return herd_fail(msg, HERD_E_STATE, "the game is over");
    if (level < 0 || level > g->rules->desc.level_count)
        return herd_fail(msg, HERD_E_RANGE, "level %d is out of range 0..%d", level,
                         g->rules->desc.level_count);
    if (herd_is_chance(g))
        return herd_fail(msg, HERD_E_STATE, "a chance event waits: roll first");
    return HERD_OK;
}

static int check_genmove(herd_game *g, int level)
{
    return genmove_refusal(g, level, herd_game_msg(g));
}

/* The level that `level` asks for: 0 is the game's default level, one of
 * its own players, which need no memory (no search, no table), so that it
 * plays at once and in caller memory too. */
static int level_of(const herd_game *g, int level)
{
    return level ? level : g->rules->desc.default_level;
}

/* A search's stop(): the interrupt flag and the progress handler. */
static int stop_work(void *w)
{
    return herd_work_check(w);
}

/* Builds the game's solution table unless the handle has it already. */
static int need_table(herd_game *g)
{
    if (g->table)
        return HERD_OK;
    if (!g->alloc)
        return herd_fail(herd_game_msg(g), HERD_E_NOMEM,
                         "a game in caller memory has no allocator for the solution table");
    void *t = g->alloc(g->ud, NULL, 0, g->rules->solve_table_size);
    if (!t)
        return herd_fail(herd_game_msg(g), HERD_E_NOMEM, "out of memory for the solution table");
    g->rules->solve_build(t);
    g->table = t;
    return HERD_OK;
}

void *herd_game_table(herd_game *g, herd_kind kind)
{
    if (!herd_game_state(g, kind) || !g->rules->solve_table_size)
        return NULL;
    return need_table(g) == HERD_OK ? g->table : NULL;
}

/* A table that the game builds itself (rules.table_fill), into the
 * handle's settings of it, for the position: for `solving` or for play. */
static int fill_table(herd_game *g, int solving)
{
    int rc = need_table(g);
    if (rc != HERD_OK)
        return rc;
    herd_work w;
    herd_work_begin(&w, g, herd_game_msg(g));
    return g->rules->table_fill(g->table, g->state, solving, g->alloc, g->ud, stop_work, &w,
                                herd_game_msg(g));
}

/* The computer player at `level` (0 for the game's default) chooses an
 * action for `state`, drawing from that state's generator. The searches
 * take their memory from the handle's allocator; a level that plays from
 * the solution table uses `table`, or builds one of its own for the call
 * when `table` is NULL (a const caller cannot keep it). `w`, begun by the
 * caller, is what stops a search: herd_interrupt() and the progress
 * handler. */
static int choose(const herd_game *g, void *state, int level, const void *table, herd_work *w,
                  herd_move *m)
{
    const herd_rules *r = g->rules;
    level = level_of(g, level);
    const herd_level *lv = &r->levels[level - 1];
    /* A search draws from a copy of the generator, kept only on success:
     * a search that fails changes nothing. */
    herd_rng *rng = &((herd_head *)state)->rng, drawn = *rng;
    herd_search search = {r, g->alloc, g->ud, &drawn, stop_work, w, 0, NULL, NULL};
    int rc;
    if (lv->kind != HERD_LEVEL_OWN && !g->alloc && !table)
        return HERD_E_NOMEM; /* a game in caller memory has no allocator */
    switch (lv->kind) {
    case HERD_LEVEL_ALPHABETA:
    case HERD_LEVEL_MCTS:
        rc = (lv->kind == HERD_LEVEL_MCTS ? herd_search_mcts : herd_search_alphabeta)(&search,
                                                                                      state, lv, m);
        if (rc == HERD_OK)
            *rng = drawn;
        return rc;
    case HERD_LEVEL_SOLVED:
        if (r->table_choose) {
            rc = r->table_choose(&search, state, table, lv, m);
            if (rc == HERD_OK)
                *rng = drawn;
            return rc;
        }
        if (table) {
            *m = r->table_genmove(state, table);
        } else {
            void *own = g->alloc(g->ud, NULL, 0, r->solve_table_size);
            if (!own)
                return HERD_E_NOMEM;
            r->solve_build(own);
            *m = r->table_genmove(state, own);
            g->alloc(g->ud, own, r->solve_table_size, 0);
        }
        return HERD_OK;
    default:
        *m = r->genmove(state, level);
        return HERD_OK;
    }
}

static int draw_genmove(herd_game *g, int level, herd_move *m)
{
    if (g->rules->levels[level_of(g, level) - 1].kind == HERD_LEVEL_SOLVED) {
        /* kept with the handle: herd_solve() uses it too */
        int rc = g->rules->table_fill ? fill_table(g, 0) : need_table(g);
        if (rc != HERD_OK)
            return rc;
    }
    herd_work w;
    herd_work_begin(&w, g, herd_game_msg(g));
    int rc = choose(g, g->state, level, g->table, &w, m);
    if (rc == HERD_E_NOMEM)
        herd_fail(herd_game_msg(g), rc, "out of memory for the computer player's search");
    return rc;
}

int herd_genmove(herd_game *g, int level, herd_move *m)
{
    if (!g)
        return HERD_E_ARG;
    if (!m)
        return herd_null_arg(g, "m");
    int rc = check_genmove(g, level);
    if (rc == HERD_OK)
        rc = draw_genmove(g, level, m);
    return rc;
}

int herd_play_genmove(herd_game *g, int level, herd_move *m)
{
    if (!g)
        return HERD_E_ARG;
    int rc = check_genmove(g, level);
    if (rc != HERD_OK)
        return rc;
    return herd_draw_and_play(g, draw_genmove, level, m);
}

/* ------------------------------------------------------------- solve */

int herd_solve(herd_game *g, int *winner, unsigned *plies)
{
    if (!g)
        return HERD_E_ARG;
    if (!winner || !plies)
        return herd_null_arg(g, !winner ? "winner" : "plies");
    const herd_rules *r = g->rules;
    if (!r->solve && !r->table_solve)
        return herd_fail(herd_game_msg(g), HERD_E_UNSUPPORTED, "%s is not solved exactly",
                         r->desc.name);
    int rc = r->table_fill ? fill_table(g, 1) : need_table(g);
    if (rc != HERD_OK)
        return rc;
    if (r->table_solve)
        return r->table_solve(g->state, g->table, winner, plies, herd_game_msg(g));
    r->solve(g->state, g->table, winner, plies);
    return HERD_OK;
}

/* ---------------------------------------------- hints, turns and levels */

int herd_hint(const herd_game *g, int level, herd_move *m)
{
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE];
    } copy;
    herd_msg none = {NULL, 0};
    if (!g || !m)
        return HERD_E_ARG;
    int rc = genmove_refusal(g, level, none);
    if (rc != HERD_OK)
        return rc;
    if (g->rules->state_size > sizeof copy.bytes)
        return HERD_E_NOMEM; /* no game has such a state: each asserts that it fits */
    /* The computer chooses on a copy, with a copy of the generator: the
     * game keeps its own, so the hint is what herd_genmove() would answer
     * now and asking for it changes nothing. */
    memcpy(copy.bytes, g->state, g->rules->state_size);
    herd_work w;
    herd_work_begin(&w, g, none);
    return choose(g, copy.bytes, level, g->table, &w, m);
}

int herd_level_name(const herd_game *g, int level, const char **name, const char **description)
{
    if (!g)
        return HERD_E_ARG;
    return herd_game_desc_level(&g->rules->desc, level, name, description);
}

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
        return herdi_fail(msg, HERD_E_STATE, "the game is over");
    if (level < 0 || level > g->rules->desc.level_count)
        return herdi_fail(msg, HERD_E_RANGE, "level %d is out of range 0..%d", level,
                          g->rules->desc.level_count);
    if (herd_is_chance(g))
        return herdi_fail(msg, HERD_E_STATE, "a chance event waits: roll first");
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

/* The handle's solution table, built unless it has one already (NULL when
 * it cannot be: no allocator, or the allocator failed). A hint may build
 * it, through a const handle, while other hints run: it publishes the table
 * with a compare-and-swap, and the loser of a race frees its own and takes
 * the winner's. The table is built from the rules alone, so either is the
 * same. */
static void *shared_table(const herd_game *g)
{
    void *t = atomic_load_explicit(&g->table, memory_order_acquire);
    if (t || !g->alloc)
        return t;
    void *own = g->alloc(g->ud, NULL, 0, g->rules->solver->size);
    if (!own)
        return NULL;
    g->rules->solver->init(own);
    /* The handle's pointer is atomic: written through a const handle, as
     * herd_interrupt()'s flag is. */
    herd_game *mut = (herd_game *)(uintptr_t)g;
    if (atomic_compare_exchange_strong_explicit(&mut->table, &t, own, memory_order_acq_rel,
                                                memory_order_acquire))
        return own;
    g->alloc(g->ud, own, g->rules->solver->size, 0);
    return t;
}

/* shared_table() for a non-const call, which says why it failed. */
static int need_table(herd_game *g)
{
    if (atomic_load(&g->table))
        return HERD_OK;
    int rc = herdi_memory_check(g, herd_bytes_add(herdi_tables_held(g), g->rules->solver->size),
                                "the solution table", herd_game_msg(g));
    if (rc != HERD_OK)
        return rc;
    if (!g->alloc)
        return herdi_fail(herd_game_msg(g), HERD_E_NOMEM,
                          "a game in caller memory has no allocator for the solution table");
    if (!shared_table(g))
        return herdi_fail(herd_game_msg(g), HERD_E_NOMEM, "out of memory for the solution table");
    return HERD_OK;
}

void *herdi_game_table(herd_game *g, herd_kind kind)
{
    if (!herdi_game_state(g, kind) || !g->rules->solver)
        return NULL;
    return need_table(g) == HERD_OK ? atomic_load(&g->table) : NULL;
}

/* The handle's table, made to cover the position (herd_solver.fill): for
 * `solving` or for play. */
static int fill_table(herd_game *g, int solving)
{
    int rc = need_table(g);
    if (rc != HERD_OK)
        return rc;
    herd_work w;
    herd_work_begin(&w, g, herd_game_msg(g));
    return g->rules->solver->fill(atomic_load(&g->table), g->state, solving, g->alloc, g->ud,
                                  stop_work, &w, herd_game_msg(g));
}

int herdi_whole_table_fill(void *table, const void *state, int solving, herd_alloc_fn alloc,
                           void *ud, int (*stop)(void *ctx), void *stop_ctx, herd_msg msg)
{
    (void)table, (void)state, (void)solving, (void)alloc, (void)ud, (void)stop, (void)stop_ctx,
        (void)msg;
    return HERD_OK;
}

int herdi_whole_table_free(void *table)
{
    (void)table;
    return 1;
}

size_t herdi_whole_table_bytes(const void *table)
{
    (void)table;
    return 0;
}

void herdi_whole_table_need(const void *table, const void *state, int solving, int replaces,
                            herd_table_need *need)
{
    (void)table, (void)state, (void)solving, (void)replaces;
    need->build = need->kept = 0;
    need->searches = 0;
}

/* The computer player at `level` (0 for the game's default) chooses an
 * action for `state`, drawing from that state's generator. The searches
 * take their memory from the handle's allocator; a level that plays from
 * the solution table uses `table`, the handle's. `w`, begun by the
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
    herd_search search = {r, g->alloc, g->ud, &drawn, stop_work, w, 0, NULL, NULL, NULL};
    if (r->repeats) {
        search.played = herdi_history_count;
        search.played_ctx = g;
    }
    int rc;
    if (lv->kind != HERD_LEVEL_OWN && !g->alloc && !table)
        return HERD_E_NOMEM; /* a game in caller memory has no allocator */
    switch (lv->kind) {
    case HERD_LEVEL_ALPHABETA:
    case HERD_LEVEL_MCTS:
        rc = (lv->kind == HERD_LEVEL_MCTS ? herdi_search_mcts
                                          : herdi_search_alphabeta)(&search, state, lv, m);
        if (rc == HERD_OK)
            *rng = drawn;
        return rc;
    case HERD_LEVEL_SOLVED:
        rc = r->solver->choose(&search, state, table, lv, m);
        if (rc == HERD_OK)
            *rng = drawn;
        return rc;
    default:
        *m = r->genmove(state, level);
        return HERD_OK;
    }
}

/* ------------------------------------------------------------ memory */

/* What a call holds at its peak of tables and work areas, the tables that
 * the handle keeps included, and what needs it, for a refusal. */
typedef struct call_need {
    size_t bytes;
    char what[96];
} call_need;

static size_t search_bytes(const herd_rules *r, const herd_level *lv)
{
    return lv->kind == HERD_LEVEL_MCTS ? herdi_search_mcts_bytes(r, lv)
                                       : herdi_search_alphabeta_bytes(r, lv);
}

static void describe_search(herd_sb *sb, int level, const herd_level *lv)
{
    herdi_sb_printf(sb, "the search of level %d (%s)", level, lv->name);
}

/* The need of herd_genmove() at `level` (0: the default) or, for
 * HERD_MEMORY_SOLVE, of herd_solve(), on g's position; of a hint when the
 * call does not `replace` a table that does not cover the position. */
static void need_of(const herd_game *g, int level, int replaces, call_need *n)
{
    const herd_rules *r = g->rules;
    int solving = level == HERD_MEMORY_SOLVE;
    const herd_level *lv = solving ? NULL : &r->levels[level_of(g, level) - 1];
    herd_sb sb;
    herdi_sb_init(&sb, n->what, sizeof n->what);
    n->bytes = 0;
    if (lv && lv->kind == HERD_LEVEL_OWN)
        return; /* allocates nothing */
    if (lv && lv->kind != HERD_LEVEL_SOLVED) {
        n->bytes = herd_bytes_add(herdi_tables_held(g), search_bytes(r, lv));
        describe_search(&sb, level_of(g, level), lv);
        return;
    }
    /* The handle's table, kept or made now, and what the game builds into
     * it for the position. */
    size_t settings = r->solver->size;
    herd_table_need t = {0, 0, 0, ""};
    r->solver->need(atomic_load_explicit(&g->table, memory_order_acquire), g->state, solving,
                  replaces, &t);
    size_t reading = herd_bytes_add(t.kept, t.searches ? herdi_search_alphabeta_bytes(r, lv) : 0);
    n->bytes = herd_bytes_add(settings, t.build > reading ? t.build : reading);
    if (t.build)
        herdi_sb_printf(&sb, "%s", t.what);
    if (t.searches && (!t.build || reading > t.build)) {
        herdi_sb_printf(&sb, "%s", t.build ? " and " : "");
        describe_search(&sb, level_of(g, level), lv);
    }
    if (!t.build && !t.searches)
        herdi_sb_printf(&sb, "the solution table");
}

int herd_memory_needed(const herd_game *g, int level, size_t *bytes)
{
    herd_msg none = {NULL, 0};
    if (!g || !bytes)
        return HERD_E_ARG;
    if (level == HERD_MEMORY_SOLVE) {
        if (!g->rules->solver)
            return HERD_E_UNSUPPORTED;
    } else {
        int rc = genmove_refusal(g, level, none);
        if (rc != HERD_OK)
            return rc;
    }
    call_need n;
    need_of(g, level, 1, &n);
    *bytes = n.bytes;
    return HERD_OK;
}

/* Refuses, before anything is allocated, a call whose need is over the
 * limit. */
static int check_need(const herd_game *g, int level, int replaces, herd_msg msg)
{
    call_need n;
    need_of(g, level, replaces, &n);
    return herdi_memory_check(g, n.bytes, n.what, msg);
}

/* ----------------------------------------------------------- genmove */

static int draw_genmove(herd_game *g, int level, herd_move *m)
{
    int rc = check_need(g, level, 1, herd_game_msg(g));
    if (rc != HERD_OK)
        return rc;
    if (g->rules->levels[level_of(g, level) - 1].kind == HERD_LEVEL_SOLVED) {
        /* kept with the handle: herd_solve() uses it too */
        rc = fill_table(g, 0);
        if (rc != HERD_OK)
            return rc;
    }
    herd_work w;
    herd_work_begin(&w, g, herd_game_msg(g));
    rc = choose(g, g->state, level, atomic_load(&g->table), &w, m);
    if (rc == HERD_E_NOMEM)
        herdi_fail(herd_game_msg(g), rc, "out of memory for the computer player's search");
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
    return herdi_draw_and_play(g, draw_genmove, level, m);
}

/* ------------------------------------------------------------- solve */

int herd_solve(herd_game *g, int *winner, unsigned *plies)
{
    if (!g)
        return HERD_E_ARG;
    if (!winner || !plies)
        return herd_null_arg(g, !winner ? "winner" : "plies");
    const herd_rules *r = g->rules;
    if (!r->solver)
        return herdi_fail(herd_game_msg(g), HERD_E_UNSUPPORTED, "%s is not solved exactly",
                          r->desc.name);
    int rc = check_need(g, HERD_MEMORY_SOLVE, 1, herd_game_msg(g));
    if (rc == HERD_OK)
        rc = fill_table(g, 1);
    if (rc != HERD_OK)
        return rc;
    return r->solver->solve(g->state, atomic_load(&g->table), winner, plies, herd_game_msg(g));
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
    rc = check_need(g, level, 0, none);
    if (rc != HERD_OK)
        return rc;
    /* A level that plays from the solution table takes the handle's, and
     * builds and publishes it when the handle has none yet (shared_table()),
     * so that the next hint finds it. */
    const void *table = atomic_load_explicit(&g->table, memory_order_acquire);
    if (g->rules->levels[level_of(g, level) - 1].kind == HERD_LEVEL_SOLVED && g->alloc &&
        !(table = shared_table(g)))
        return HERD_E_NOMEM;
    /* The computer chooses on a copy, with a copy of the generator: the
     * game keeps its own, so the hint is what herd_genmove() would answer
     * now and asking for it changes nothing. */
    memcpy(copy.bytes, g->state, g->rules->state_size);
    herd_work w;
    herd_work_begin(&w, g, none);
    return choose(g, copy.bytes, level, table, &w, m);
}

int herd_level_name(const herd_game *g, int level, const char **name, const char **description)
{
    if (!g)
        return HERD_E_ARG;
    return herd_game_desc_level(&g->rules->desc, level, name, description);
}

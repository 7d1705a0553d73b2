/* The generic game handle: allocation, history, errors, text, perft and
 * copies, written once for every game through its herd_rules. */
#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "internal.h"

struct herd_game {
    const herd_rules *rules;
    herd_alloc_fn alloc; /* NULL for a game in caller memory */
    void *ud;
    /* Undo records are whole states in a ring of hist_slots slots. One slot
     * is always kept free so that a record can be written before the move is
     * checked; a caller-memory game with a full ring drops its oldest record. */
    unsigned char *hist;
    size_t hist_slots, hist_start, hist_len;
    void *table; /* the game's solution table (rules->solve), built on first use */
    char err[HERD_ERROR_MESSAGE_SIZE];
    /* Stopping long calls (herd_work_check()): the flag that herd_interrupt()
     * sets from any thread or a signal handler, the progress handler, and
     * the countdown to its next call. */
    atomic_int interrupted;
    int (*progress)(void *ud);
    void *progress_ud;
    unsigned progress_every, progress_left;
    max_align_t state[]; /* rules->state_size bytes */
};

static const herd_rules *const all_rules[] = {
    &herd_horses_rules, &herd_hex_rules, &herd_hare_rules, &herd_fox_rules, &herd_flock_rules,
};

void *herd_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static size_t round_up(size_t n)
{
    size_t a = alignof(max_align_t);
    return (n + a - 1) / a * a;
}

static size_t base_size(const herd_rules *r)
{
    return round_up(offsetof(herd_game, state) + r->state_size);
}

static herd_msg game_msg(herd_game *g)
{
    herd_msg m = {g->err, sizeof g->err};
    return m;
}

static herd_head *head_of(const herd_game *g)
{
    return (herd_head *)(void *)g->state;
}

static void set_error(herd_error *err, int code, const char *message)
{
    if (!err)
        return;
    err->code = code;
    size_t n = strlen(message);
    if (n >= sizeof err->message)
        n = sizeof err->message - 1;
    memcpy(err->message, message, n);
    err->message[n] = '\0';
}

const char *herd_strerror(int code)
{
    switch (code) {
    case HERD_OK:
        return "success";
    case HERD_E_ARG:
        return "invalid argument";
    case HERD_E_NOMEM:
        return "out of memory";
    case HERD_E_RANGE:
        return "value out of range";
    case HERD_E_PARSE:
        return "malformed text";
    case HERD_E_ILLEGAL:
        return "illegal move";
    case HERD_E_BUFFER:
        return "buffer too small";
    case HERD_E_STATE:
        return "not possible in this state";
    case HERD_E_UNKNOWN:
        return "unknown name";
    case HERD_E_POSITION:
        return "position breaks the rules";
    case HERD_E_UNSUPPORTED:
        return "not supported by this game";
    case HERD_E_INTERRUPTED:
        return "interrupted";
    default:
        return "unknown error";
    }
}

int herd_version(void)
{
    return HERD_VERSION_NUMBER;
}

#define HERD_STR2(x) #x
#define HERD_STR(x) HERD_STR2(x)

const char *herd_version_string(void)
{
    return HERD_STR(HERD_VERSION_MAJOR) "." HERD_STR(HERD_VERSION_MINOR) "." HERD_STR(
        HERD_VERSION_PATCH);
}

/* ------------------------------------------------------------ creation */

/* Every field but the state: no history, no message, no interrupt pending,
 * no progress handler. Creation, clones and copies start so. */
static void init_handle(herd_game *g, const herd_rules *rules, herd_alloc_fn alloc, void *ud)
{
    g->rules = rules;
    g->alloc = alloc;
    g->ud = ud;
    g->hist = NULL;
    g->hist_slots = g->hist_start = g->hist_len = 0;
    g->table = NULL; /* built on first use; a copy builds its own */
    g->err[0] = '\0';
    atomic_init(&g->interrupted, 0);
    g->progress = NULL;
    g->progress_ud = NULL;
    g->progress_every = g->progress_left = 0;
}

int herd_game_create(herd_game **out, const herd_rules *rules, const herd_options *opt,
                     herd_alloc_fn alloc, void *ud, herd_error *err)
{
    char msgbuf[HERD_ERROR_MESSAGE_SIZE] = "";
    herd_msg msg = {msgbuf, sizeof msgbuf};
    if (!out) {
        set_error(err, HERD_E_ARG, "out must not be NULL");
        return HERD_E_ARG;
    }
    if (!alloc)
        alloc = herd_default_alloc;
    size_t size = base_size(rules);
    herd_game *g = alloc(ud, NULL, 0, size);
    if (!g) {
        set_error(err, HERD_E_NOMEM, "out of memory");
        return HERD_E_NOMEM;
    }
    memset(g->state, 0, rules->state_size);
    init_handle(g, rules, alloc, ud);
    int rc = rules->init(g->state, opt, msg);
    if (rc != HERD_OK) {
        alloc(ud, g, size, 0);
        set_error(err, rc, msgbuf);
        return rc;
    }
    *out = g;
    return HERD_OK;
}

int herd_new(herd_game **out, const char *game, const char *options, herd_alloc_fn alloc, void *ud,
             herd_error *err)
{
    char msgbuf[HERD_ERROR_MESSAGE_SIZE] = "";
    herd_msg msg = {msgbuf, sizeof msgbuf};
    if (!out || !game) {
        set_error(err, HERD_E_ARG, "out and game must not be NULL");
        return HERD_E_ARG;
    }
    const herd_rules *rules = NULL;
    for (size_t i = 0; i < sizeof all_rules / sizeof all_rules[0]; i++)
        if (strcmp(all_rules[i]->name, game) == 0)
            rules = all_rules[i];
    if (!rules) {
        char name[48];
        herd_fail(msg, HERD_E_UNKNOWN, "unknown game '%s'",
                  herd_quote_input(name, sizeof name, game, strlen(game)));
        set_error(err, HERD_E_UNKNOWN, msgbuf);
        return HERD_E_UNKNOWN;
    }
    herd_options opt;
    int rc = herd_options_parse(&opt, options, rules->option_keys, msg);
    if (rc != HERD_OK) {
        set_error(err, rc, msgbuf);
        return rc;
    }
    return herd_game_create(out, rules, &opt, alloc, ud, err);
}

static size_t history_bytes(const herd_game *g)
{
    return g->hist_slots * g->rules->state_size;
}

void herd_free(herd_game *g)
{
    if (!g || !g->alloc)
        return;
    if (g->hist)
        g->alloc(g->ud, g->hist, history_bytes(g), 0);
    if (g->table)
        g->alloc(g->ud, g->table, g->rules->solve_table_size, 0);
    g->alloc(g->ud, g, base_size(g->rules), 0);
}

const void *herd_game_state(const herd_game *g, herd_kind kind)
{
    if (!g || g->rules->kind != kind)
        return NULL;
    return g->state;
}

herd_kind herd_game_kind(const herd_game *g)
{
    return g ? g->rules->kind : (herd_kind)0;
}

const char *herd_game_name(const herd_game *g)
{
    return g ? g->rules->name : NULL;
}

const char *herd_last_error(const herd_game *g)
{
    return g ? g->err : "";
}

const char *herd_side_name(const herd_game *g, int side)
{
    if (!g || side < 0 || side > 1)
        return NULL;
    return g->rules->side_names[side];
}

size_t herd_max_moves(const herd_game *g)
{
    return g ? g->rules->max_moves : 0;
}

size_t herd_state_size(const herd_game *g)
{
    return g ? g->rules->state_size : 0;
}

int herd_max_level(const herd_game *g)
{
    return g ? g->rules->max_level : 0;
}

/* ------------------------------------------------------------- moves */

int herd_legal_moves(const herd_game *g, herd_move *buf, size_t cap, size_t *count)
{
    herd_move all[HERD_MAX_MOVES];
    if (!g || !count || (!buf && cap))
        return HERD_E_ARG;
    if (cap >= g->rules->max_moves) { /* room for any list: no copy */
        *count = g->rules->legal(g->state, buf);
        return HERD_OK;
    }
    size_t n = g->rules->legal(g->state, all);
    *count = n;
    if (cap < n)
        return HERD_E_BUFFER;
    if (n)
        memcpy(buf, all, n * sizeof *all);
    return HERD_OK;
}

int herd_is_legal(const herd_game *g, herd_move m)
{
    herd_move all[HERD_MAX_MOVES];
    if (!g)
        return 0;
    size_t n = g->rules->legal(g->state, all);
    for (size_t i = 0; i < n; i++)
        if (all[i] == m)
            return 1;
    return 0;
}

/* Makes sure the slot after the last record is free to write. */
static int reserve_record(herd_game *g)
{
    if (!g->alloc || g->hist_len + 1 < g->hist_slots)
        return HERD_OK;
    size_t slots = g->hist_slots ? g->hist_slots * 2 : 16;
    size_t ss = g->rules->state_size;
    if (slots > SIZE_MAX / ss)
        return herd_fail(game_msg(g), HERD_E_NOMEM, "the undo history is too long");
    unsigned char *h = g->alloc(g->ud, g->hist, history_bytes(g), slots * ss);
    if (!h)
        return herd_fail(game_msg(g), HERD_E_NOMEM, "out of memory for the undo history");
    g->hist = h;
    g->hist_slots = slots;
    return HERD_OK;
}

/* Writes the current state into the free slot (if there is one); the
 * record counts only once commit_record() is called. */
static unsigned char *begin_record(herd_game *g)
{
    if (g->hist_slots == 0)
        return NULL;
    size_t ss = g->rules->state_size;
    unsigned char *slot = g->hist + ((g->hist_start + g->hist_len) % g->hist_slots) * ss;
    memcpy(slot, g->state, ss);
    return slot;
}

static void commit_record(herd_game *g)
{
    if (g->hist_slots == 0)
        return;
    if (g->hist_len + 1 < g->hist_slots)
        g->hist_len++;
    else
        g->hist_start = (g->hist_start + 1) % g->hist_slots; /* full: drop the oldest */
}

static int check_ongoing(herd_game *g)
{
    if (head_of(g)->result != HERD_ONGOING)
        return herd_fail(game_msg(g), HERD_E_STATE, "the game is over");
    return HERD_OK;
}

int herd_apply(herd_game *g, herd_move m)
{
    if (!g)
        return HERD_E_ARG;
    int rc = check_ongoing(g);
    if (rc == HERD_OK)
        rc = reserve_record(g);
    if (rc != HERD_OK)
        return rc;
    begin_record(g);
    rc = g->rules->apply(g->state, m, game_msg(g));
    if (rc == HERD_OK)
        commit_record(g);
    return rc;
}

/* Draws an action with the game's generator and plays it, recording the
 * state from before the draw so that undo also rewinds the generator. */
static int draw_and_play(herd_game *g, int (*draw)(herd_game *g, int level, herd_move *m),
                         int level, herd_move *out)
{
    int rc = reserve_record(g);
    if (rc != HERD_OK)
        return rc;
    unsigned char *before = begin_record(g);
    herd_move m = 0;
    rc = draw(g, level, &m);
    if (rc == HERD_OK)
        rc = g->rules->apply(g->state, m, game_msg(g));
    if (rc != HERD_OK) {
        /* A drawn action is legal by construction; put the generator back
         * all the same, so that even this cannot change the game. */
        if (before)
            memcpy(g->state, before, g->rules->state_size);
        return rc;
    }
    commit_record(g);
    if (out)
        *out = m;
    return HERD_OK;
}

int herd_undo(herd_game *g)
{
    if (!g)
        return HERD_E_ARG;
    if (g->hist_len == 0)
        return herd_fail(game_msg(g), HERD_E_STATE, "there is nothing to undo");
    size_t ss = g->rules->state_size;
    g->hist_len--;
    memcpy(g->state, g->hist + ((g->hist_start + g->hist_len) % g->hist_slots) * ss, ss);
    return HERD_OK;
}

size_t herd_history_length(const herd_game *g)
{
    return g ? g->hist_len : 0;
}

/* ------------------------------------------------------------ status */

int herd_get_status(const herd_game *g, herd_status *st)
{
    if (!g || !st)
        return HERD_E_ARG;
    const herd_head *h = head_of(g);
    st->result = (herd_result)h->result;
    st->reason = (herd_reason)h->reason;
    st->side = h->result == HERD_ONGOING ? h->side : h->result == HERD_WIN ? h->winner : -1;
    return HERD_OK;
}

const char *herd_reason_name(herd_reason reason)
{
    static const char *const names[] = {"",         "corner",  "no-moves", "full",      "escaped",
                                        "stalling", "trapped", "captured", "move-limit"};
    if ((unsigned)reason >= sizeof names / sizeof names[0])
        return NULL;
    return names[reason];
}

/* -------------------------------------------------------------- text */

static int finish_text(const herd_sb *sb, size_t cap, size_t *len)
{
    *len = sb->len;
    return sb->len < cap ? HERD_OK : HERD_E_BUFFER;
}

/* Writes into a scratch buffer first so that a short caller buffer is
 * left untouched, as every other failing call leaves its outputs. */
typedef void (*write_fn)(const herd_game *g, const void *arg, herd_sb *sb);

static int write_text(const herd_game *g, write_fn fn, const void *arg, char *buf, size_t cap,
                      size_t *len)
{
    if (!g || !len || (!buf && cap))
        return HERD_E_ARG;
    herd_sb sb;
    herd_sb_init(&sb, NULL, 0);
    fn(g, arg, &sb);
    if (finish_text(&sb, cap, len) != HERD_OK)
        return HERD_E_BUFFER;
    herd_sb_init(&sb, buf, cap);
    fn(g, arg, &sb);
    return HERD_OK;
}

static void write_position(const herd_game *g, const void *arg, herd_sb *sb)
{
    (void)arg;
    g->rules->write_position(g->state, sb);
}

static void write_show(const herd_game *g, const void *arg, herd_sb *sb)
{
    (void)arg;
    g->rules->show(g->state, sb);
}

static void write_move(const herd_game *g, const void *arg, herd_sb *sb)
{
    g->rules->write_move(g->state, *(const herd_move *)arg, sb);
}

int herd_position_to_text(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return write_text(g, write_position, NULL, buf, cap, len);
}

int herd_show(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return write_text(g, write_show, NULL, buf, cap, len);
}

int herd_move_to_text(const herd_game *g, herd_move m, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return HERD_E_ARG;
    herd_sb sb;
    herd_sb_init(&sb, NULL, 0);
    if (g->rules->write_move(g->state, m, &sb) != HERD_OK)
        return HERD_E_ARG;
    return write_text(g, write_move, &m, buf, cap, len);
}

/* Reads a position text over `out`, a state of the game: the game reads it
 * into a fresh state that keeps out's generator, copied over `out` only
 * when the text is accepted, so a refused text changes nothing. */
static int read_position_into(const herd_rules *r, void *out, const char *text, herd_msg msg)
{
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE];
    } fresh;
    size_t at = offsetof(herd_head, rng);
    memset(fresh.bytes, 0, r->state_size);
    memcpy(fresh.bytes + at, (const unsigned char *)out + at, sizeof(herd_rng));
    int rc = r->read_position(fresh.bytes, text, msg);
    if (rc == HERD_OK)
        memcpy(out, fresh.bytes, r->state_size);
    return rc;
}

int herd_position_from_text(herd_game *g, const char *text)
{
    if (!g || !text)
        return HERD_E_ARG;
    int rc = read_position_into(g->rules, g->state, text, game_msg(g));
    if (rc != HERD_OK)
        return rc;
    g->hist_len = 0;
    g->hist_start = 0;
    return HERD_OK;
}

int herd_move_from_text(herd_game *g, const char *text, herd_move *m)
{
    if (!g || !text || !m)
        return HERD_E_ARG;
    return g->rules->read_move(g->state, text, m, game_msg(g));
}

/* ------------------------------------------------------------ chance */

int herd_is_chance(const herd_game *g)
{
    herd_move buf[HERD_MAX_MOVES];
    uint32_t w[HERD_MAX_MOVES];
    return g && g->rules->chance && g->rules->chance(g->state, buf, w) > 0;
}

int herd_chance_outcomes(const herd_game *g, herd_move *outcomes, double *probs, size_t cap,
                         size_t *count)
{
    herd_move buf[HERD_MAX_MOVES];
    uint32_t w[HERD_MAX_MOVES];
    if (!g || !count || (!outcomes && cap))
        return HERD_E_ARG;
    size_t n = g->rules->chance ? g->rules->chance(g->state, buf, w) : 0;
    if (n == 0)
        return HERD_E_STATE;
    *count = n;
    if (cap < n)
        return HERD_E_BUFFER;
    for (size_t i = 0; i < n; i++) {
        outcomes[i] = buf[i];
        if (probs)
            probs[i] = (double)w[i] / (double)g->rules->chance_total;
    }
    return HERD_OK;
}

static int draw_chance(herd_game *g, int level, herd_move *m)
{
    herd_move buf[HERD_MAX_MOVES];
    uint32_t w[HERD_MAX_MOVES];
    (void)level;
    size_t n = g->rules->chance(g->state, buf, w);
    *m = buf[herd_rng_pick(&head_of(g)->rng, w, n, g->rules->chance_total)];
    return HERD_OK;
}

int herd_roll(herd_game *g, herd_move *m)
{
    if (!g)
        return HERD_E_ARG;
    if (!herd_is_chance(g))
        return herd_fail(game_msg(g), HERD_E_STATE, "no chance event waits");
    return draw_and_play(g, draw_chance, 0, m);
}

/* --------------------------------------------------------- computers */

/* Why the computer player cannot choose now, in msg (which may have no
 * buffer, for the const calls); HERD_OK when it can. */
static int genmove_refusal(const herd_game *g, int level, herd_msg msg)
{
    if (head_of(g)->result != HERD_ONGOING)
        return herd_fail(msg, HERD_E_STATE, "the game is over");
    if (level < 0 || level > g->rules->max_level)
        return herd_fail(msg, HERD_E_RANGE, "level %d is out of range 0..%d", level,
                         g->rules->max_level);
    if (herd_is_chance(g))
        return herd_fail(msg, HERD_E_STATE, "a chance event waits: roll first");
    return HERD_OK;
}

static int check_genmove(herd_game *g, int level)
{
    return genmove_refusal(g, level, game_msg(g));
}

/* The level that `level` asks for. 0, the default, is the strongest of the
 * game's own players, which need no memory (no search, no table), so that
 * it plays at once and in caller memory too. */
static int level_of(const herd_game *g, int level)
{
    if (level == 0)
        for (level = g->rules->max_level; level > 1; level--)
            if (g->rules->levels[level - 1].kind == HERD_LEVEL_OWN)
                break;
    return level;
}

/* A search's stop(): the interrupt flag and the progress handler. */
static int stop_work(void *g)
{
    return herd_work_check(g);
}

/* Builds the game's solution table unless the handle has it already. */
static int need_table(herd_game *g)
{
    if (g->table)
        return HERD_OK;
    if (!g->alloc)
        return herd_fail(game_msg(g), HERD_E_NOMEM,
                         "a game in caller memory has no allocator for the solution table");
    void *t = g->alloc(g->ud, NULL, 0, g->rules->solve_table_size);
    if (!t)
        return herd_fail(game_msg(g), HERD_E_NOMEM, "out of memory for the solution table");
    g->rules->solve_build(t);
    g->table = t;
    return HERD_OK;
}

/* The computer player at `level` (0 for the game's default) chooses an
 * action for `state`, drawing from that state's generator. The searches
 * take their memory from the handle's allocator; a level that plays from
 * the solution table uses `table`, or builds one of its own for the call
 * when `table` is NULL (a const caller cannot keep it). `work` is the game
 * whose herd_interrupt() stops a search (NULL: a const call, which none
 * stops, since checking writes to the handle). */
static int choose(const herd_game *g, void *state, int level, const void *table, herd_game *work,
                  herd_move *m)
{
    const herd_rules *r = g->rules;
    level = level_of(g, level);
    const herd_level *lv = &r->levels[level - 1];
    /* A search draws from a copy of the generator, kept only on success:
     * a search that fails changes nothing. */
    herd_rng *rng = &((herd_head *)state)->rng, drawn = *rng;
    herd_search search = {r, g->alloc, g->ud, &drawn, work ? stop_work : NULL, work, 0};
    if (work)
        herd_work_begin(work);
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
        int rc = need_table(g); /* kept with the handle: herd_solve() uses it too */
        if (rc != HERD_OK)
            return rc;
    }
    int rc = choose(g, g->state, level, g->table, g, m);
    if (rc == HERD_E_NOMEM)
        herd_fail(game_msg(g), rc, "out of memory for the computer player's search");
    return rc;
}

int herd_genmove(herd_game *g, int level, herd_move *m)
{
    if (!g || !m)
        return HERD_E_ARG;
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
    return draw_and_play(g, draw_genmove, level, m);
}

/* ------------------------------------------------------------- solve */

int herd_solve(herd_game *g, int *winner, unsigned *plies)
{
    if (!g || !winner || !plies)
        return HERD_E_ARG;
    if (!g->rules->solve)
        return herd_fail(game_msg(g), HERD_E_UNSUPPORTED, "%s is not solved exactly",
                         g->rules->name);
    int rc = need_table(g);
    if (rc != HERD_OK)
        return rc;
    g->rules->solve(g->state, g->table, winner, plies);
    return HERD_OK;
}

/* ------------------------------------------------------ stopping work */

void herd_interrupt(herd_game *g)
{
    if (g)
        atomic_store(&g->interrupted, 1);
}

int herd_set_progress(herd_game *g, int (*fn)(void *ud), void *ud, unsigned every)
{
    if (!g)
        return HERD_E_ARG;
    g->progress = every ? fn : NULL;
    g->progress_ud = g->progress ? ud : NULL;
    g->progress_every = g->progress ? every : 0;
    return HERD_OK;
}

void herd_work_begin(herd_game *g)
{
    g->progress_left = g->progress_every;
}

int herd_work_check(herd_game *g)
{
    /* A relaxed load costs a plain read, so every check looks: a search
     * whose checks are far apart (a playout each) still stops at once. */
    if (atomic_load_explicit(&g->interrupted, memory_order_relaxed) &&
        atomic_exchange(&g->interrupted, 0))
        return herd_fail(game_msg(g), HERD_E_INTERRUPTED, "interrupted");
    if (g->progress && --g->progress_left == 0) {
        g->progress_left = g->progress_every;
        if (g->progress(g->progress_ud))
            return herd_fail(game_msg(g), HERD_E_INTERRUPTED,
                             "interrupted by the progress handler");
    }
    return HERD_OK;
}

/* ------------------------------------------------------------- perft */

typedef struct perft_ctx {
    herd_game *g;
    const herd_rules *r;
    int rc; /* HERD_OK until the work is stopped */
} perft_ctx;

static uint64_t perft_rec(perft_ctx *x, unsigned char *state, herd_move *moves, unsigned depth)
{
    const herd_rules *r = x->r;
    if ((x->rc = herd_work_check(x->g)) != HERD_OK)
        return 0;
    if (depth == 1 && r->count)
        return r->count(state);
    size_t n = r->legal(state, moves);
    if (depth == 1)
        return n;
    unsigned char *child = state + r->state_size;
    herd_move *next = moves + r->max_moves;
    void (*play)(void *state, herd_move m) = r->search_play ? r->search_play : r->play;
    uint64_t total = 0;
    for (size_t i = 0; i < n && x->rc == HERD_OK; i++) {
        memcpy(child, state, r->state_size);
        play(child, moves[i]);
        total += perft_rec(x, child, next, depth - 1);
    }
    return total;
}

int herd_perft(herd_game *g, unsigned depth, uint64_t *nodes)
{
    if (!g || !nodes)
        return HERD_E_ARG;
    if (depth > 64)
        return herd_fail(game_msg(g), HERD_E_ARG, "depth %u is out of range 0..64", depth);
    if (depth == 0) {
        *nodes = 1;
        return HERD_OK;
    }
    const herd_rules *r = g->rules;
    size_t states = round_up((size_t)depth * r->state_size);
    size_t bytes = states + (size_t)depth * r->max_moves * sizeof(herd_move);
    unsigned char *work = g->alloc ? g->alloc(g->ud, NULL, 0, bytes) : NULL;
    if (!work)
        return herd_fail(game_msg(g), HERD_E_NOMEM, "out of memory for perft");
    memcpy(work, g->state, r->state_size);
    perft_ctx x = {g, r, HERD_OK};
    herd_work_begin(g);
    uint64_t total = perft_rec(&x, work, (herd_move *)(void *)(work + states), depth);
    g->alloc(g->ud, work, bytes, 0);
    if (x.rc != HERD_OK)
        return x.rc;
    *nodes = total;
    return HERD_OK;
}

/* ------------------------------------------------------------ copies */

int herd_clone(const herd_game *src, herd_game **out, herd_alloc_fn alloc, void *ud)
{
    if (!src || !out)
        return HERD_E_ARG;
    if (!alloc)
        alloc = herd_default_alloc;
    size_t size = base_size(src->rules);
    herd_game *g = alloc(ud, NULL, 0, size);
    if (!g)
        return HERD_E_NOMEM;
    /* Field by field, not the whole handle: another thread may be setting
     * src's interrupt flag right now. */
    init_handle(g, src->rules, alloc, ud);
    memcpy(g->state, src->state, src->rules->state_size);
    if (src->hist_len) {
        size_t ss = src->rules->state_size;
        size_t slots = src->hist_len + 1;
        g->hist = alloc(ud, NULL, 0, slots * ss);
        if (!g->hist) {
            alloc(ud, g, size, 0);
            return HERD_E_NOMEM;
        }
        for (size_t i = 0; i < src->hist_len; i++)
            memcpy(g->hist + i * ss, src->hist + ((src->hist_start + i) % src->hist_slots) * ss,
                   ss);
        g->hist_slots = slots;
        g->hist_len = src->hist_len;
    }
    *out = g;
    return HERD_OK;
}

size_t herd_copy_size(const herd_game *g, size_t history)
{
    if (!g)
        return 0;
    /* One slot more than the records kept: the free slot of the ring. */
    size_t ss = g->rules->state_size, base = base_size(g->rules);
    if (history == 0)
        return base;
    if (history >= (SIZE_MAX - base) / ss - 1)
        return 0; /* does not fit in size_t */
    return base + (history + 1) * ss;
}

/* Whether the n bytes at a share a byte with the m bytes at b. */
static int overlaps(const void *a, size_t n, const void *b, size_t m)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return n && m && x < y + m && y < x + n;
}

int herd_copy_into(const herd_game *src, void *mem, size_t size, herd_game **out)
{
    if (!src || !mem || !out || (uintptr_t)mem % alignof(max_align_t) != 0)
        return HERD_E_ARG;
    size_t base = base_size(src->rules);
    /* The copy would overwrite the game it reads (or that game's history,
     * which a game in caller memory keeps right after itself). */
    if (overlaps(mem, size, src, base) || overlaps(mem, size, src->hist, history_bytes(src)))
        return HERD_E_ARG;
    if (size < base)
        return HERD_E_NOMEM;
    herd_game *g = mem;
    init_handle(g, src->rules, NULL, NULL);
    memcpy(g->state, src->state, src->rules->state_size);
    g->hist = (unsigned char *)mem + base;
    g->hist_slots = (size - base) / src->rules->state_size;
    if (g->hist_slots < 2)
        g->hist_slots = 0; /* no room for a record beside the free slot */
    *out = g;
    return HERD_OK;
}

int herd_copy_position(herd_game *dst, const herd_game *src)
{
    if (!dst || !src || dst->rules != src->rules)
        return HERD_E_ARG;
    if (dst != src)
        memcpy(dst->state, src->state, src->rules->state_size);
    dst->hist_len = dst->hist_start = 0;
    return HERD_OK;
}

int herd_same_position(const herd_game *a, const herd_game *b)
{
    if (!a || !b || a->rules != b->rules)
        return 0;
    /* Everything but the action count, which is history. */
    size_t skip = offsetof(herd_head, ply), after = skip + sizeof(uint32_t);
    const unsigned char *x = (const unsigned char *)a->state, *y = (const unsigned char *)b->state;
    return memcmp(x, y, skip) == 0 &&
           memcmp(x + after, y + after, a->rules->state_size - after) == 0;
}

/* ------------------------------------------------------- saved games */

/* The save format (docs/save.md): GAME save=1 ply=N rng=X,X,X,X [the game's
 * own fields] position=POSITION-TEXT, each X 16 lowercase hex digits. */
#define SAVE_VERSION 1
#define SAVE_HEAD "expected 'GAME save=1 ply=N rng=X,X,X,X ... position=POSITION'"

static void write_saved(const herd_game *g, const void *arg, herd_sb *sb)
{
    const herd_head *h = head_of(g);
    (void)arg;
    herd_sb_printf(sb, "%s save=%d ply=%lu rng=", g->rules->name, SAVE_VERSION,
                   (unsigned long)h->ply);
    for (int i = 0; i < 4; i++)
        herd_sb_printf(sb, "%s%016llx", i ? "," : "", (unsigned long long)h->rng.s[i]);
    if (g->rules->write_save)
        g->rules->write_save(g->state, sb);
    herd_sb_puts(sb, " position=");
    g->rules->write_position(g->state, sb);
}

int herd_save(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return write_text(g, write_saved, NULL, buf, cap, len);
}

/* Exactly 16 lowercase hex digits: one text per word. */
static int scan_word(herd_scan *sc, uint64_t *v)
{
    uint64_t x = 0;
    for (int i = 0; i < 16; i++) {
        char c = sc->p[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return 0;
        x = x << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
    }
    sc->p += 16;
    *v = x;
    return 1;
}

/* Reads a whole save into `state` (a copy of the game's state, which it may
 * spoil on refusal). */
static int read_saved(herd_game *g, const char *text, void *state)
{
    const herd_rules *r = g->rules;
    herd_msg msg = game_msg(g);
    herd_scan sc = {text};
    size_t name_len = strcspn(text, " ");
    if (name_len != strlen(r->name) || strncmp(text, r->name, name_len) != 0)
        return herd_fail(msg, HERD_E_PARSE, "'%.*s' is not a save of %s",
                         name_len < 20 ? (int)name_len : 20, text, r->name);
    sc.p += name_len;
    uint64_t version, ply, word[4];
    if (!herd_scan_lit(&sc, " save=") || !herd_scan_uint(&sc, UINT64_MAX, &version))
        return herd_fail(msg, HERD_E_PARSE, SAVE_HEAD);
    if (version != SAVE_VERSION)
        return herd_fail(msg, HERD_E_PARSE, "save version %llu is not read by this library (%d is)",
                         (unsigned long long)version, SAVE_VERSION);
    if (!herd_scan_lit(&sc, " ply=") || !herd_scan_uint(&sc, UINT32_MAX, &ply))
        return herd_fail(msg, HERD_E_PARSE, "ply must be a whole number in 0..%lu",
                         (unsigned long)UINT32_MAX);
    if (!herd_scan_lit(&sc, " rng="))
        return herd_fail(msg, HERD_E_PARSE, SAVE_HEAD);
    for (int i = 0; i < 4; i++)
        if ((i && !herd_scan_lit(&sc, ",")) || !scan_word(&sc, &word[i]))
            return herd_fail(msg, HERD_E_PARSE,
                             "rng must be four words of 16 lowercase hex digits, comma-separated");
    if ((word[0] | word[1] | word[2] | word[3]) == 0)
        return herd_fail(msg, HERD_E_POSITION,
                         "rng is all zeros, a state the generator never reaches");
    /* The game's fields run up to the position, which is read first so
     * that they can be checked against it. */
    const char *pos = strstr(sc.p, " position=");
    if (!pos)
        return herd_fail(msg, HERD_E_PARSE, "expected ' position=' and a position text");
    int rc = read_position_into(r, state, pos + strlen(" position="), msg);
    if (rc != HERD_OK)
        return rc;
    herd_head *h = state;
    for (int i = 0; i < 4; i++)
        h->rng.s[i] = word[i];
    h->ply = (uint32_t)ply;
    if (r->read_save && (rc = r->read_save(state, &sc, msg)) != HERD_OK)
        return rc;
    if (sc.p != pos)
        return herd_fail(msg, HERD_E_PARSE, "unexpected '%.*s' before position=",
                         pos - sc.p < 24 ? (int)(pos - sc.p) : 24, sc.p);
    return HERD_OK;
}

int herd_load(herd_game *g, const char *text)
{
    max_align_t scratch[HERD_MAX_STATE_SIZE / sizeof(max_align_t)];
    if (!g || !text)
        return HERD_E_ARG;
    size_t ss = g->rules->state_size;
    if (ss > sizeof scratch) /* a game too large for HERD_MAX_STATE_SIZE: never built */
        return herd_fail(game_msg(g), HERD_E_UNSUPPORTED, "this game's state is too large to load");
    memcpy(scratch, g->state, ss); /* read_position keeps what it does not read */
    int rc = read_saved(g, text, scratch);
    if (rc != HERD_OK)
        return rc;
    memcpy(g->state, scratch, ss);
    g->hist_len = 0;
    g->hist_start = 0;
    return HERD_OK;
}

int herd_new_from_save(herd_game **out, const char *text, herd_alloc_fn alloc, void *ud,
                       herd_error *err)
{
    char name[16];
    if (!out || !text) {
        set_error(err, HERD_E_ARG, "out and text must not be NULL");
        return HERD_E_ARG;
    }
    size_t n = strcspn(text, " ");
    if (n == 0 || n >= sizeof name) {
        set_error(err, HERD_E_PARSE, "a save begins with the game's name");
        return HERD_E_PARSE;
    }
    memcpy(name, text, n);
    name[n] = '\0';
    herd_game *g;
    int rc = herd_new(&g, name, NULL, alloc, ud, err);
    if (rc != HERD_OK)
        return rc;
    rc = herd_load(g, text);
    if (rc != HERD_OK) {
        set_error(err, rc, g->err);
        herd_free(g);
        return rc;
    }
    *out = g;
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
    return choose(g, copy.bytes, level, g->table, NULL, m);
}

/* The head of the state recorded before the back-th newest action. */
static const herd_head *record_head(const herd_game *g, size_t back)
{
    size_t slot = (g->hist_start + g->hist_len - back) % g->hist_slots;
    return (const herd_head *)(const void *)(g->hist + slot * g->rules->state_size);
}

int herd_undo_turn(herd_game *g, int side)
{
    if (!g)
        return HERD_E_ARG;
    if (side < 0 || side > 1)
        return herd_fail(game_msg(g), HERD_E_ARG, "side %d is not 0 or 1", side);
    /* Back over the other side's actions to the newest run of actions
     * taken with `side` to act, and to that run's first: the start of its
     * latest turn (or of the history). */
    size_t back = 0;
    for (size_t k = 1; k <= g->hist_len; k++) {
        if (record_head(g, k)->side == side)
            back = k;
        else if (back)
            break;
    }
    if (back == 0)
        return herd_fail(game_msg(g), HERD_E_STATE, "there is no turn of %s to take back",
                         g->rules->side_names[side]);
    size_t ss = g->rules->state_size;
    g->hist_len -= back;
    memcpy(g->state, g->hist + ((g->hist_start + g->hist_len) % g->hist_slots) * ss, ss);
    return HERD_OK;
}

int herd_level_name(const herd_game *g, int level, const char **name, const char **description)
{
    if (!g)
        return HERD_E_ARG;
    if (level < 0 || level > g->rules->max_level)
        return HERD_E_RANGE;
    const herd_level *l = &g->rules->levels[level_of(g, level) - 1];
    if (name)
        *name = l->name;
    if (description)
        *description = l->description;
    return HERD_OK;
}

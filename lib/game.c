/* The generic game handle: creation and errors, moves and status, texts,
 * chance events, stopping long work, perft and copies, written once for
 * every game through its herd_rules. Playing and undo are in history.c,
 * the computer players in players.c, saved games in save.c. */
#include <stdlib.h>

#include "core.h"

void *herdi_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
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

/* Whole on their own: a failed call on a const handle sets no message, so
 * the code's words are all a caller has (docs/api.md, "Errors"). */
const char *herd_strerror(int code)
{
    switch (code) {
    case HERD_OK:
        return "success";
    case HERD_E_ARG:
        return "invalid argument: a NULL pointer, or a value the call does not take";
    case HERD_E_NOMEM:
        return "out of memory: the allocator gave none, or the memory given is too small";
    case HERD_E_RANGE:
        return "value out of range";
    case HERD_E_PARSE:
        return "malformed text";
    case HERD_E_ILLEGAL:
        return "illegal move";
    case HERD_E_BUFFER:
        return "buffer too small: the length needed is reported";
    case HERD_E_STATE:
        return "not possible in this state: the game is over, a chance event waits, or there "
               "is nothing to undo";
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
    atomic_init(&g->table, NULL); /* built on first use; a copy builds its own */
    g->memory_limit = HERD_MEMORY_UNLIMITED;
    g->err[0] = '\0';
    atomic_init(&g->interrupted, 0);
    g->progress = NULL;
    g->progress_ud = NULL;
    g->progress_every = 0;
}

int herdi_state_start(const herd_rules *rules, void *state, const herd_option_values *values,
                      herd_msg msg)
{
    /* Every game has `seed`: the core seeds the generator before the game
     * sets up, so that a random start draws from it. */
    herd_head *h = state;
    memset(state, 0, rules->state_size);
    h->seed = values->number[herdi_option_index(&rules->desc, "seed")];
    herdi_rng_seed(&h->rng, h->seed);
    return rules->init(state, values, msg);
}

size_t herdi_game_handle_size(const herd_rules *rules)
{
    return base_size(rules);
}

herd_game *herdi_game_place(const herd_rules *rules, const void *state, void *mem)
{
    herd_game *g = mem;
    init_handle(g, rules, NULL, NULL);
    memcpy(g->state, state, rules->state_size);
    return g;
}

int herdi_game_create(const herd_rules *rules, const herd_options *opt, herd_alloc_fn alloc,
                      void *ud, herd_game **out, herd_error *err)
{
    char msgbuf[HERD_ERROR_MESSAGE_SIZE] = "";
    herd_msg msg = {msgbuf, sizeof msgbuf};
    if (!out)
        return herd_null_arg_error(err, "out");
    herd_option_values values;
    int rc = herdi_options_check(opt, &rules->desc, &values, msg);
    if (rc != HERD_OK) {
        herd_set_error(err, rc, msgbuf);
        return rc;
    }
    if (!alloc)
        alloc = herdi_default_alloc;
    size_t size = base_size(rules);
    herd_game *g = alloc(ud, NULL, 0, size);
    if (!g) {
        herd_set_error(err, HERD_E_NOMEM, "out of memory");
        return HERD_E_NOMEM;
    }
    init_handle(g, rules, alloc, ud);
    rc = herdi_state_start(rules, g->state, &values, msg);
    if (rc != HERD_OK) {
        alloc(ud, g, size, 0);
        herd_set_error(err, rc, msgbuf);
        return rc;
    }
    *out = g;
    return HERD_OK;
}

int herd_new(const char *game, const char *options, herd_alloc_fn alloc, void *ud, herd_game **out,
             herd_error *err)
{
    if (!out || !game)
        return herd_null_arg_error(err, !out ? "out" : "game");
    const herd_rules *rules;
    herd_options opt;
    int rc = herdi_game_options(game, options, &rules, &opt, err);
    if (rc != HERD_OK)
        return rc;
    return herdi_game_create(rules, &opt, alloc, ud, out, err);
}

int herdi_game_options(const char *game, const char *options, const herd_rules **rules,
                       herd_options *opt, herd_error *err)
{
    char msgbuf[HERD_ERROR_MESSAGE_SIZE] = "";
    herd_msg msg = {msgbuf, sizeof msgbuf};
    const herd_game_desc *desc = herd_game_desc_find(game);
    if (!desc) {
        char name[48];
        herdi_fail(msg, HERD_E_UNKNOWN, "unknown game '%s'",
                   herdi_quote_input(name, sizeof name, game, strlen(game)));
        herd_set_error(err, HERD_E_UNKNOWN, msgbuf);
        return HERD_E_UNKNOWN;
    }
    int rc = herdi_options_parse(opt, options, desc, msg);
    if (rc != HERD_OK) {
        herd_set_error(err, rc, msgbuf);
        return rc;
    }
    /* A description is the first member of its game's rules. */
    *rules = (const herd_rules *)(const void *)desc;
    return HERD_OK;
}

static size_t version_size(const herd_versions *v, unsigned version)
{
    return version >= 1 && version <= v->count ? v->size[version - 1] : 0;
}

size_t herdi_version_size(const herd_versions *v, const void *s)
{
    unsigned version;
    memcpy(&version, s, sizeof version);
    return version_size(v, version);
}

int herdi_versioned_read(void *full, const void *given, const herd_versions *v, herd_error *err)
{
    size_t n = herdi_version_size(v, given);
    if (n == 0) {
        unsigned version;
        memcpy(&version, given, sizeof version);
        char msgbuf[HERD_ERROR_MESSAGE_SIZE];
        herd_msg msg = {msgbuf, sizeof msgbuf};
        herdi_fail(msg, HERD_E_ARG, "%s version %u is not one this library reads (1..%u)", v->type,
                   version, v->count);
        herd_set_error(err, HERD_E_ARG, msgbuf);
        return HERD_E_ARG;
    }
    memcpy(full, given, n);
    return HERD_OK;
}

int herdi_versioned_write(void *dst, const void *full, unsigned version, const herd_versions *v)
{
    size_t n = version_size(v, version);
    if (n == 0)
        return HERD_E_ARG;
    memcpy(dst, full, n);
    memcpy(dst, &version, sizeof version);
    return HERD_OK;
}

/* ------------------------------------------------------ typed options */

/* The current version's struct, aligned for any field, in a buffer. */
typedef union typed_struct {
    max_align_t align;
    unsigned char bytes[HERD_TYPED_MAX_BYTES];
} typed_struct;

static size_t typed_size(const herd_typed_options *t)
{
    return t->versions->size[t->versions->count - 1];
}

int herdi_typed_init(const herd_typed_options *t, void *opt, unsigned version)
{
    return opt ? herdi_versioned_write(opt, t->defaults, version, t->versions) : HERD_E_ARG;
}

int herdi_typed_new(const herd_typed_options *t, const void *opt, herd_alloc_fn alloc, void *ud,
                    herd_game **out, herd_error *err)
{
    typed_struct d;
    memcpy(d.bytes, t->defaults, typed_size(t));
    if (opt) {
        int rc = herdi_versioned_read(d.bytes, opt, t->versions, err);
        if (rc != HERD_OK)
            return rc;
    }
    herd_options o = {.count = 0};
    for (size_t i = 0; i < t->count; i++) {
        const herd_typed_field *f = &t->fields[i];
        const unsigned char *at = d.bytes + f->offset;
        if (f->kind == HERD_FIELD_INT) {
            int v;
            memcpy(&v, at, sizeof v);
            herdi_options_add_int(&o, f->key, v);
        } else if (f->kind == HERD_FIELD_U64) {
            uint64_t v;
            memcpy(&v, at, sizeof v);
            herdi_options_add_unsigned(&o, f->key, v);
        } else {
            herd_cell v;
            memcpy(&v, at, sizeof v);
            herdi_options_add_cell(&o, f->key, v);
        }
    }
    return herdi_game_create(t->rules, &o, alloc, ud, out, err);
}

int herdi_typed_of(const herd_typed_options *t, const herd_game *g, void *opt)
{
    const herd_rules *r = t->rules;
    if (!herdi_game_state(g, r->desc.kind) || !opt)
        return HERD_E_ARG;
    herd_option_values v;
    memset(&v, 0, sizeof v);
    r->options_of(g->state, &v);
    typed_struct full;
    memcpy(full.bytes, t->defaults, typed_size(t));
    for (size_t i = 0; i < t->count; i++) {
        const herd_typed_field *f = &t->fields[i];
        unsigned char *at = full.bytes + f->offset;
        int k = herdi_option_index(&r->desc, f->key);
        if (f->kind == HERD_FIELD_INT) {
            int x = (int)v.number[k];
            memcpy(at, &x, sizeof x);
        } else if (f->kind == HERD_FIELD_U64) {
            /* the seed, the core's: the game's options_of() leaves it */
            uint64_t x = strcmp(f->key, "seed") == 0 ? herd_game_head(g)->seed : v.number[k];
            memcpy(at, &x, sizeof x);
        } else {
            memcpy(at, &v.cell[k], sizeof v.cell[k]);
        }
    }
    unsigned version;
    memcpy(&version, opt, sizeof version);
    return herdi_versioned_write(opt, full.bytes, version, t->versions);
}

void herd_free(herd_game *g)
{
    if (!g || !g->alloc)
        return;
    if (g->hist)
        g->alloc(g->ud, g->hist, herd_history_bytes(g), 0);
    void *table = atomic_load(&g->table);
    if (table) {
        g->rules->solver->free(table);
        g->alloc(g->ud, table, g->rules->solver->size, 0);
    }
    g->alloc(g->ud, g, base_size(g->rules), 0);
}

/* ------------------------------------------------------------ memory */

size_t herdi_tables_held(const herd_game *g)
{
    const void *table = atomic_load_explicit(&g->table, memory_order_acquire);
    if (!table)
        return 0;
    return herd_bytes_add(g->rules->solver->size, g->rules->solver->bytes(table));
}

/* A size for a message: in B, kB, MB or GB (powers of 1000), one decimal. */
static void write_bytes(herd_sb *sb, size_t n)
{
    static const char *const units[] = {"kB", "MB", "GB", "TB"};
    double x = (double)n;
    int u = -1;
    while (x >= 1000 && u < 3) {
        x /= 1000;
        u++;
    }
    if (u < 0)
        herdi_sb_printf(sb, "%zu B", n);
    else
        herdi_sb_printf(sb, "%.1f %s", x, units[u]);
}

int herdi_memory_check(const herd_game *g, size_t need, const char *what, herd_msg msg)
{
    if (need <= g->memory_limit)
        return HERD_OK;
    char a[32], b[32];
    herd_sb sa, sb;
    herdi_sb_init(&sa, a, sizeof a);
    herdi_sb_init(&sb, b, sizeof b);
    write_bytes(&sa, need);
    write_bytes(&sb, g->memory_limit);
    if (strcmp(a, b) == 0) /* too close to tell apart rounded: the bytes */
        return herdi_fail(msg, HERD_E_NOMEM,
                          "%s needs %zu bytes, over the memory limit of %zu bytes", what, need,
                          g->memory_limit);
    return herdi_fail(msg, HERD_E_NOMEM, "%s needs %s, over the memory limit of %s", what, a, b);
}

int herd_set_memory_limit(herd_game *g, size_t bytes)
{
    if (!g)
        return HERD_E_ARG;
    g->memory_limit = bytes;
    void *table = atomic_load(&g->table);
    if (table && herdi_tables_held(g) > bytes) {
        /* The tables are caches: freed now, built again when a call within
         * the limit needs them. The game's settings of its table stay. */
        if (g->rules->solver->free(table)) {
            g->alloc(g->ud, table, g->rules->solver->size, 0);
            atomic_store(&g->table, NULL);
        }
    }
    return HERD_OK;
}

size_t herd_memory_limit(const herd_game *g)
{
    return g ? g->memory_limit : 0;
}

const void *herdi_game_state(const herd_game *g, herd_kind kind)
{
    if (!g || g->rules->desc.kind != kind)
        return NULL;
    return g->state;
}

const void *herdi_game_table_made(const herd_game *g, herd_kind kind)
{
    if (!g || g->rules->desc.kind != kind)
        return NULL;
    return atomic_load_explicit(&g->table, memory_order_acquire);
}

herd_msg herdi_game_message(herd_game *g)
{
    return herd_game_msg(g);
}

const herd_game_desc *herd_game_desc_of(const herd_game *g)
{
    return g ? &g->rules->desc : NULL;
}

herd_kind herd_game_kind(const herd_game *g)
{
    return g ? g->rules->desc.kind : (herd_kind)0;
}

const char *herd_game_name(const herd_game *g)
{
    return g ? g->rules->desc.name : NULL;
}

const char *herd_last_error(const herd_game *g)
{
    return g ? g->err : "";
}

const char *herd_side_name(const herd_game *g, int side)
{
    if (!g || side < 0 || side > 1)
        return NULL;
    return g->rules->desc.side_names[side];
}

size_t herd_max_moves(const herd_game *g)
{
    return g ? g->rules->desc.max_moves : 0;
}

size_t herd_state_size(const herd_game *g)
{
    return g ? g->rules->state_size : 0;
}

int herd_max_level(const herd_game *g)
{
    return g ? g->rules->desc.level_count : 0;
}

/* ------------------------------------------------------------- moves */

int herd_legal_moves(const herd_game *g, herd_move *buf, size_t cap, size_t *count)
{
    herd_move all[HERD_MAX_MOVES];
    if (!g || (!buf && cap))
        return HERD_E_ARG;
    if (cap >= g->rules->desc.max_moves) { /* room for any list: no copy */
        herd_set_len(count, g->rules->legal(g->state, buf));
        return HERD_OK;
    }
    size_t n = g->rules->legal(g->state, all);
    herd_set_len(count, n);
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

/* ------------------------------------------------------------ status */

int herd_get_status(const herd_game *g, herd_status *st)
{
    if (!g || !st)
        return HERD_E_ARG;
    const herd_head *h = herd_game_head(g);
    st->result = (herd_result)h->result;
    st->reason = (herd_reason)h->reason;
    st->side = h->result == HERD_ONGOING ? h->side : h->result == HERD_WIN ? h->winner : -1;
    return HERD_OK;
}

const char *herd_reason_name(herd_reason reason)
{
    static const char *const names[] = {"",         "corner",   "no-moves",   "full",
                                        "escaped",  "stalling", "trapped",    "captured",
                                        "move-limit", "resigned", "time",     "agreed",
                                        "abandoned"};
    if ((unsigned)reason >= sizeof names / sizeof names[0])
        return NULL;
    return names[reason];
}

/* -------------------------------------------------------------- text */

static int finish_text(const herd_sb *sb, size_t cap, size_t *len)
{
    herd_set_len(len, sb->len);
    return sb->len < cap ? HERD_OK : HERD_E_BUFFER;
}

int herdi_write_text(const herd_game *g, herd_write_fn fn, const void *arg, char *buf, size_t cap,
                     size_t *len)
{
    if (!g || (!buf && cap))
        return HERD_E_ARG;
    herd_sb sb;
    herdi_sb_init(&sb, NULL, 0);
    fn(g, arg, &sb);
    if (finish_text(&sb, cap, len) != HERD_OK)
        return HERD_E_BUFFER;
    herdi_sb_init(&sb, buf, cap);
    fn(g, arg, &sb);
    return HERD_OK;
}

static void write_position(const herd_game *g, const void *arg, herd_sb *sb)
{
    (void)arg;
    g->rules->write_position(g->state, sb);
}

/* The game's board, then, for an ended game, its ending in the words every
 * front end uses (herdi_write_result()), whoever ended it. */
static void write_show(const herd_game *g, const void *arg, herd_sb *sb)
{
    (void)arg;
    g->rules->show(g->state, sb);
    if (herd_game_head(g)->result != HERD_ONGOING)
        herdi_write_result(g, NULL, sb);
}

static void write_move(const herd_game *g, const void *arg, herd_sb *sb)
{
    g->rules->write_move(g->state, *(const herd_move *)arg, sb);
}

/* The options as herd_new() takes them, in the description's order. */
static void write_options(const herd_game *g, const void *arg, herd_sb *sb)
{
    (void)arg;
    const herd_game_desc *d = &g->rules->desc;
    herd_option_values v;
    memset(&v, 0, sizeof v);
    g->rules->options_of(g->state, &v);
    v.number[herdi_option_index(d, "seed")] = herd_game_head(g)->seed;
    for (size_t i = 0; i < d->option_count; i++) {
        char name[HERD_CELL_NAME_SIZE];
        herdi_sb_printf(sb, "%s%s=", i ? " " : "", d->options[i].key);
        if (d->options[i].kind == HERD_OPTION_POINT)
            herdi_sb_printf(sb, "%s", herdi_cell_name(name, v.cell[i]));
        else
            herdi_sb_printf(sb, "%llu", (unsigned long long)v.number[i]);
    }
}

int herd_game_options_text(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return herdi_write_text(g, write_options, NULL, buf, cap, len);
}

int herd_position_to_text(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return herdi_write_text(g, write_position, NULL, buf, cap, len);
}

int herd_show(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return herdi_write_text(g, write_show, NULL, buf, cap, len);
}

int herd_move_to_text(const herd_game *g, herd_move m, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return HERD_E_ARG;
    herd_sb sb;
    herdi_sb_init(&sb, NULL, 0);
    if (g->rules->write_move(g->state, m, &sb) != HERD_OK)
        return HERD_E_ARG;
    return herdi_write_text(g, write_move, &m, buf, cap, len);
}

int herdi_read_position_into(const herd_rules *r, void *out, const char *text, herd_msg msg)
{
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE];
    } fresh;
    /* The generator and the creation seed (an option, as `seed=` of `new`)
     * go on as they were: a position text has neither. */
    size_t at = offsetof(herd_head, rng), end = offsetof(herd_head, seed) + sizeof(uint64_t);
    memset(fresh.bytes, 0, r->state_size);
    memcpy(fresh.bytes + at, (const unsigned char *)out + at, end - at);
    int rc = r->read_position(fresh.bytes, text, msg);
    if (rc == HERD_OK)
        memcpy(out, fresh.bytes, r->state_size);
    return rc;
}

static int is_line_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* One text per move and per position: a blank before or after it (a line
 * read with its newline) gets a message that says what to strip. `what`
 * is "move" or "position". */
static int refuse_blanks_around(herd_game *g, const char *text, const char *what)
{
    size_t n = strlen(text);
    if (!n || (!is_line_blank(text[0]) && !is_line_blank(text[n - 1])))
        return HERD_OK;
    char quoted[HERD_MAX_MOVE_TEXT + 16];
    return herdi_fail(herd_game_msg(g), HERD_E_PARSE,
                      "'%s': a %s text has no blanks around it (space, tab, CR, LF)",
                      herdi_quote_input(quoted, sizeof quoted, text, n), what);
}

int herd_position_from_text(herd_game *g, const char *text)
{
    if (!g)
        return HERD_E_ARG;
    if (!text)
        return herd_null_arg(g, "text");
    int rc = refuse_blanks_around(g, text, "position");
    if (rc == HERD_OK)
        rc = herdi_read_position_into(g->rules, g->state, text, herd_game_msg(g));
    if (rc != HERD_OK)
        return rc;
    g->hist_len = 0;
    g->hist_start = 0;
    return HERD_OK;
}

int herd_move_from_text(herd_game *g, const char *text, herd_move *m)
{
    if (!g)
        return HERD_E_ARG;
    if (!text || !m)
        return herd_null_arg(g, !text ? "text" : "m");
    int rc = refuse_blanks_around(g, text, "move");
    if (rc != HERD_OK)
        return rc;
    return g->rules->read_move(g->state, text, m, herd_game_msg(g));
}

/* ------------------------------------------------------------ chance */

int herd_is_chance(const herd_game *g)
{
    return g && herd_state_is_chance(g->rules, g->state);
}

int herd_chance_outcomes(const herd_game *g, herd_move *outcomes, double *probs, size_t cap,
                         size_t *count)
{
    herd_move buf[HERD_MAX_OUTCOMES];
    uint32_t w[HERD_MAX_OUTCOMES];
    if (!g || (!outcomes && cap))
        return HERD_E_ARG;
    size_t n = g->rules->chance ? g->rules->chance(g->state, buf, w) : 0;
    if (n == 0)
        return HERD_E_STATE;
    herd_set_len(count, n);
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
    herd_move buf[HERD_MAX_OUTCOMES];
    uint32_t w[HERD_MAX_OUTCOMES];
    (void)level;
    size_t n = g->rules->chance(g->state, buf, w);
    *m = buf[herdi_rng_pick(&herd_game_head(g)->rng, w, n, g->rules->chance_total)];
    return HERD_OK;
}

int herd_roll(herd_game *g, herd_move *m)
{
    if (!g)
        return HERD_E_ARG;
    if (!herd_is_chance(g))
        return herdi_fail(herd_game_msg(g), HERD_E_STATE, "no chance event waits");
    return herdi_draw_and_play(g, draw_chance, 0, m);
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

/* ------------------------------------------------------------- perft */

typedef struct perft_ctx {
    herd_work w;
    const herd_rules *r;
    int rc; /* HERD_OK until the work is stopped */
} perft_ctx;

static uint64_t perft_rec(perft_ctx *x, unsigned char *state, herd_move *moves, unsigned depth)
{
    const herd_rules *r = x->r;
    if ((x->rc = herd_work_check(&x->w)) != HERD_OK)
        return 0;
    if (depth == 1)
        return r->count(state);
    size_t n = r->fast ? r->fast->search_legal(state, moves) : r->legal(state, moves);
    unsigned char *child = state + r->state_size;
    herd_move *next = moves + r->desc.max_moves;
    void (*play)(void *state, herd_move m) = r->fast ? r->fast->search_play : r->play;
    /* The last two plies in one loop, without a call or a check per child:
     * most of perft's nodes are there, and a child's count is short work,
     * so that a request still stops the call within one node's moves. */
    if (depth == 2 && r->fast)
        return r->fast->perft_two(state, moves, n, child);
    if (depth == 2)
        return herd_perft_two_plies(state, moves, n, child, r->state_size, play, r->count);
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
    if (!g)
        return HERD_E_ARG;
    if (!nodes)
        return herd_null_arg(g, "nodes");
    if (depth > 64)
        return herdi_fail(herd_game_msg(g), HERD_E_ARG, "depth %u is out of range 0..64", depth);
    if (depth == 0) {
        *nodes = 1;
        return HERD_OK;
    }
    const herd_rules *r = g->rules;
    size_t states = round_up((size_t)depth * r->state_size);
    size_t bytes = states + (size_t)depth * r->desc.max_moves * sizeof(herd_move);
    int rc = herdi_memory_check(g, herd_bytes_add(herdi_tables_held(g), bytes),
                                "herd_perft's work area", herd_game_msg(g));
    if (rc != HERD_OK)
        return rc;
    unsigned char *area = g->alloc ? g->alloc(g->ud, NULL, 0, bytes) : NULL;
    if (!area)
        return herdi_fail(herd_game_msg(g), HERD_E_NOMEM, "out of memory for perft");
    memcpy(area, g->state, r->state_size);
    perft_ctx x = {.r = r, .rc = HERD_OK};
    herd_work_begin(&x.w, g, herd_game_msg(g));
    uint64_t total = perft_rec(&x, area, (herd_move *)(void *)(area + states), depth);
    g->alloc(g->ud, area, bytes, 0);
    if (x.rc != HERD_OK)
        return x.rc;
    *nodes = total;
    return HERD_OK;
}

/* ------------------------------------------------------------ copies */

int herd_clone(const herd_game *src, herd_alloc_fn alloc, void *ud, herd_game **out)
{
    if (!src || !out)
        return HERD_E_ARG;
    if (!alloc)
        alloc = herdi_default_alloc;
    size_t size = base_size(src->rules);
    herd_game *g = alloc(ud, NULL, 0, size);
    if (!g)
        return HERD_E_NOMEM;
    /* Field by field, not the whole handle: another thread may be setting
     * src's interrupt flag right now. */
    init_handle(g, src->rules, alloc, ud);
    g->memory_limit = src->memory_limit;
    memcpy(g->state, src->state, src->rules->state_size);
    if (src->hist_len) {
        size_t rs = herd_record_size(src->rules);
        size_t slots = src->hist_len + 1;
        g->hist = alloc(ud, NULL, 0, slots * rs);
        if (!g->hist) {
            alloc(ud, g, size, 0);
            return HERD_E_NOMEM;
        }
        for (size_t i = 0; i < src->hist_len; i++)
            memcpy(g->hist + i * rs, herd_undo_slot(src, i), rs);
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
    size_t rs = herd_record_size(g->rules), base = base_size(g->rules);
    if (history == 0)
        return base;
    if (history >= (SIZE_MAX - base) / rs - 1)
        return 0; /* does not fit in size_t */
    return base + (history + 1) * rs;
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
    if (overlaps(mem, size, src, base) || overlaps(mem, size, src->hist, herd_history_bytes(src)))
        return HERD_E_ARG;
    if (size < base)
        return HERD_E_NOMEM;
    herd_game *g = mem;
    init_handle(g, src->rules, NULL, NULL);
    g->memory_limit = src->memory_limit;
    memcpy(g->state, src->state, src->rules->state_size);
    g->hist = (unsigned char *)mem + base;
    g->hist_slots = (size - base) / herd_record_size(src->rules);
    if (g->hist_slots < 2)
        g->hist_slots = 0; /* no room for a record beside the free slot */
    *out = g;
    return HERD_OK;
}

int herd_copy_position(herd_game *dst, const herd_game *src)
{
    if (!dst)
        return HERD_E_ARG;
    if (!src)
        return herd_null_arg(dst, "src");
    if (dst->rules != src->rules)
        return herdi_fail(herd_game_msg(dst), HERD_E_ARG, "src is a %s game, dst a %s game",
                          src->rules->desc.name, dst->rules->desc.name);
    if (dst != src)
        memcpy(dst->state, src->state, src->rules->state_size);
    dst->hist_len = dst->hist_start = 0;
    return HERD_OK;
}

int herd_same_position(const herd_game *a, const herd_game *b)
{
    if (!a || !b || a->rules != b->rules)
        return 0;
    /* Everything but the creation seed (an option) and the action count
     * (history), which lie side by side in the head. */
    size_t skip = offsetof(herd_head, seed), after = offsetof(herd_head, ply) + sizeof(uint32_t);
    const unsigned char *x = (const unsigned char *)a->state, *y = (const unsigned char *)b->state;
    return memcmp(x, y, skip) == 0 &&
           memcmp(x + after, y + after, a->rules->state_size - after) == 0;
}

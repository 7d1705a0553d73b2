/* Saved games (docs/save.md): one line that restores a game exactly, its
 * generator, creation seed and the computer player's memory included. */
#include "core.h"

/* ------------------------------------------------------- saved games */

/* The save format (docs/save.md): GAME save=1 ply=N rng=X,X,X,X seed=S
 * [end=REASON[:SIDE]] [the game's own fields] position=POSITION-TEXT, each X
 * 16 lowercase hex digits. `end=` (since 1.1) only where the players ended the
 * game, so that every other save is written as 1.0 wrote it. */
#define SAVE_VERSION 1
#define SAVE_HEAD "expected 'GAME save=1 ply=N rng=X,X,X,X seed=S ... position=POSITION'"

static void write_saved(const herd_game *g, const void *arg, herd_sb *sb)
{
    const herd_head *h = herd_game_head(g);
    (void)arg;
    herdi_sb_printf(sb, "%s save=%d ply=%lu rng=", g->rules->desc.name, SAVE_VERSION,
                    (unsigned long)h->ply);
    for (int i = 0; i < 4; i++)
        herdi_sb_printf(sb, "%s%016llx", i ? "," : "", (unsigned long long)h->rng.s[i]);
    herdi_sb_printf(sb, " seed=%llu", (unsigned long long)h->seed);
    if (herd_head_ended_by_players(h)) {
        herdi_sb_printf(sb, " end=%s", herd_reason_name((herd_reason)h->reason));
        if (h->result == HERD_WIN) /* the side that resigned or ran out of time */
            herdi_sb_printf(sb, ":%s", g->rules->desc.side_names[1 - h->winner]);
    }
    if (g->rules->save)
        g->rules->save->write(g->state, sb);
    herdi_sb_puts(sb, " position=");
    g->rules->write_position(g->state, sb);
}

int herd_save(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return herdi_write_text(g, write_saved, NULL, buf, cap, len);
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

/* Reads ` end=REASON[:SIDE]`, the players' ending, if the cursor is at one:
 * *reason stays HERD_REASON_NONE without it. */
static int scan_end(const herd_rules *r, herd_scan *sc, herd_reason *reason, int *side,
                    herd_msg msg)
{
    if (!herdi_scan_lit(sc, " end="))
        return HERD_OK;
    for (int k = HERD_REASON_RESIGNED; k <= HERD_REASON_ABANDONED; k++) {
        herd_scan at = *sc;
        if (!herdi_scan_lit(&at, herd_reason_name((herd_reason)k)))
            continue;
        int sided = k == HERD_REASON_RESIGNED || k == HERD_REASON_TIME;
        for (int s = 0; sided && s < 2; s++) {
            herd_scan named = at;
            if (herdi_scan_lit(&named, ":") && herdi_scan_lit(&named, r->desc.side_names[s]) &&
                *named.p == ' ') {
                *side = s;
                at = named;
                break;
            }
        }
        if (*at.p != ' ' || (sided && *side < 0))
            continue;
        *reason = (herd_reason)k;
        *sc = at;
        return HERD_OK;
    }
    return herdi_fail(msg, HERD_E_PARSE,
                      "end must be resigned:SIDE, time:SIDE, agreed or abandoned (SIDE %s or %s)",
                      r->desc.side_names[0], r->desc.side_names[1]);
}

/* Reads a whole save into `state` (a copy of the game's state, which it may
 * spoil on refusal). */
static int read_saved(herd_game *g, const char *text, void *state)
{
    const herd_rules *r = g->rules;
    herd_msg msg = herd_game_msg(g);
    herd_scan sc = {text};
    char quoted[48]; /* a fragment of the text in a message, escaped */
    size_t name_len = strcspn(text, " ");
    if (name_len != strlen(r->desc.name) || strncmp(text, r->desc.name, name_len) != 0)
        return herdi_fail(msg, HERD_E_PARSE, "'%s' is not a save of %s",
                          herdi_quote_input(quoted, sizeof quoted, text, name_len), r->desc.name);
    sc.p += name_len;
    uint64_t version, ply, word[4], seed;
    if (!herdi_scan_lit(&sc, " save=") || !herdi_scan_uint(&sc, UINT64_MAX, &version))
        return herdi_fail(msg, HERD_E_PARSE, SAVE_HEAD);
    if (version != SAVE_VERSION)
        return herdi_fail(msg, HERD_E_PARSE,
                          "save version %llu is not read by this library (%d is)",
                          (unsigned long long)version, SAVE_VERSION);
    if (!herdi_scan_lit(&sc, " ply=") || !herdi_scan_uint(&sc, UINT32_MAX, &ply))
        return herdi_fail(msg, HERD_E_PARSE, "ply must be a whole number in 0..%lu",
                          (unsigned long)UINT32_MAX);
    if (!herdi_scan_lit(&sc, " rng="))
        return herdi_fail(msg, HERD_E_PARSE, SAVE_HEAD);
    for (int i = 0; i < 4; i++)
        if ((i && !herdi_scan_lit(&sc, ",")) || !scan_word(&sc, &word[i]))
            return herdi_fail(msg, HERD_E_PARSE,
                              "rng must be four words of 16 lowercase hex digits, comma-separated");
    if ((word[0] | word[1] | word[2] | word[3]) == 0)
        return herdi_fail(msg, HERD_E_POSITION,
                          "rng is all zeros, a state the generator never reaches");
    if (!herdi_scan_lit(&sc, " seed=") || !herdi_scan_uint(&sc, UINT64_MAX, &seed))
        return herdi_fail(msg, HERD_E_PARSE, "seed must be a whole number in 0..%llu",
                          (unsigned long long)UINT64_MAX);
    herd_reason end = HERD_REASON_NONE;
    int end_side = -1;
    int rc = scan_end(r, &sc, &end, &end_side, msg);
    if (rc != HERD_OK)
        return rc;
    /* The game's fields run up to the position, which is read first so
     * that they can be checked against it. */
    const char *pos = strstr(sc.p, " position=");
    if (!pos)
        return herdi_fail(msg, HERD_E_PARSE, "expected ' position=' and a position text");
    rc = herdi_read_position_into(r, state, pos + strlen(" position="), msg);
    if (rc != HERD_OK)
        return rc;
    herd_head *h = state;
    if (end != HERD_REASON_NONE) {
        if (h->result != HERD_ONGOING)
            return herdi_fail(msg, HERD_E_POSITION,
                              "end=%s: the position's game is over already (%s)",
                              herd_reason_name(end), herd_reason_name((herd_reason)h->reason));
        herd_head_set_ended(h, end, end_side);
    }
    for (int i = 0; i < 4; i++)
        h->rng.s[i] = word[i];
    h->ply = (uint32_t)ply;
    h->seed = seed;
    if (r->save && (rc = r->save->read(state, &sc, msg)) != HERD_OK)
        return rc;
    if (sc.p != pos)
        return herdi_fail(msg, HERD_E_PARSE, "unexpected '%s' before position=",
                          herdi_quote_input(quoted, sizeof quoted, sc.p, (size_t)(pos - sc.p)));
    return HERD_OK;
}

int herd_load(herd_game *g, const char *text)
{
    max_align_t scratch[HERD_MAX_STATE_SIZE / sizeof(max_align_t)];
    if (!g)
        return HERD_E_ARG;
    if (!text)
        return herd_null_arg(g, "text");
    size_t ss = g->rules->state_size;
    if (ss > sizeof scratch) /* a game too large for HERD_MAX_STATE_SIZE: never built */
        return herdi_fail(herd_game_msg(g), HERD_E_UNSUPPORTED,
                          "this game's state is too large to load");
    memcpy(scratch, g->state, ss); /* read_position keeps what it does not read */
    int rc = read_saved(g, text, scratch);
    if (rc != HERD_OK)
        return rc;
    memcpy(g->state, scratch, ss);
    g->hist_len = 0;
    g->hist_start = 0;
    return HERD_OK;
}

int herd_new_from_save(const char *text, herd_alloc_fn alloc, void *ud, herd_game **out,
                       herd_error *err)
{
    char name[16];
    if (!out || !text)
        return herd_null_arg_error(err, !out ? "out" : "text");
    size_t n = strcspn(text, " ");
    if (n == 0 || n >= sizeof name) {
        herd_set_error(err, HERD_E_PARSE, "a save begins with the game's name");
        return HERD_E_PARSE;
    }
    memcpy(name, text, n);
    name[n] = '\0';
    herd_game *g;
    int rc = herd_new(name, NULL, alloc, ud, &g, err);
    if (rc != HERD_OK)
        return rc;
    rc = herd_load(g, text);
    if (rc != HERD_OK) {
        herd_set_error(err, rc, g->err);
        herd_free(g);
        return rc;
    }
    *out = g;
    return HERD_OK;
}

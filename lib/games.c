/* The registry: the library's games, in order, and their public
 * descriptions (herd.h). A game is added here and in its own file; every
 * front end, binding and table-driven test reads it from here. */
#include <string.h>

#include "core.h"
#include "internal.h"

/* Each game's rules, defined at the end of its own file. */
extern const herd_rules herdi_horses_rules, herdi_hex_rules, herdi_hare_rules, herdi_fox_rules,
    herdi_flock_rules;

const herd_rules *const herdi_all_rules[] = {
    &herdi_horses_rules, &herdi_hex_rules, &herdi_hare_rules, &herdi_fox_rules, &herdi_flock_rules,
};

const size_t herdi_rules_count = sizeof herdi_all_rules / sizeof herdi_all_rules[0];

size_t herd_game_count(void)
{
    return herdi_rules_count;
}

const herd_game_desc *herd_game_desc_at(size_t index)
{
    return index < herdi_rules_count ? &herdi_all_rules[index]->desc : NULL;
}

const herd_game_desc *herd_game_desc_find(const char *name)
{
    for (size_t i = 0; name && i < herdi_rules_count; i++)
        if (strcmp(herdi_all_rules[i]->desc.name, name) == 0)
            return &herdi_all_rules[i]->desc;
    return NULL;
}

const herd_rules *herdi_rules_of(const herd_game_desc *desc)
{
    for (size_t i = 0; i < herdi_rules_count; i++)
        if (&herdi_all_rules[i]->desc == desc)
            return herdi_all_rules[i];
    return NULL;
}

int herd_game_desc_level(const herd_game_desc *desc, int level, const char **name,
                         const char **description)
{
    const herd_rules *r = herdi_rules_of(desc);
    if (!r)
        return HERD_E_ARG;
    if (level < 0 || level > desc->level_count)
        return HERD_E_RANGE;
    const herd_level *l = &r->levels[(level ? level : desc->default_level) - 1];
    if (name)
        *name = l->name;
    if (description)
        *description = l->description;
    return HERD_OK;
}

static void write_desc(const herd_game_desc *d, herd_sb *sb)
{
    herdi_sb_puts(sb, d->name);
    for (size_t i = 0; i < d->option_count; i++) {
        const herd_option_desc *o = &d->options[i];
        herdi_sb_printf(sb, " %s=", o->key);
        switch (o->kind) {
        case HERD_OPTION_POINT:
            herdi_sb_printf(sb, "point:%s", o->default_point);
            break;
        case HERD_OPTION_CHOICE:
            for (size_t k = 0; k < o->choice_count; k++)
                herdi_sb_printf(sb, "%s%llu", k ? "|" : "", (unsigned long long)o->choices[k]);
            herdi_sb_printf(sb, ":%llu", (unsigned long long)o->default_value);
            break;
        default:
            herdi_sb_printf(sb, "%llu..%llu:%llu", (unsigned long long)o->min,
                            (unsigned long long)o->max, (unsigned long long)o->default_value);
        }
    }
}

int herd_game_desc_to_text(const herd_game_desc *desc, char *buf, size_t cap, size_t *len)
{
    if (!herdi_rules_of(desc) || (!buf && cap))
        return HERD_E_ARG;
    herd_sb sb;
    herdi_sb_init(&sb, NULL, 0);
    write_desc(desc, &sb);
    herd_set_len(len, sb.len);
    if (sb.len >= cap)
        return HERD_E_BUFFER;
    herdi_sb_init(&sb, buf, cap);
    write_desc(desc, &sb);
    return HERD_OK;
}

/* ------------------------------------------------------- the contract */

/* Fails with "NAME: WHAT is missing" where `p` is NULL. */
#define NEED(p, what)                                                           \
    do {                                                                        \
        if (!(p))                                                               \
            return herdi_fail(msg, HERD_E_ARG, "%s: %s is missing", name, what); \
    } while (0)

int herdi_rules_check(const herd_rules *r, herd_msg msg)
{
    if (!r)
        return herdi_fail(msg, HERD_E_ARG, "no rules");
    const herd_game_desc *d = &r->desc;
    const char *name = d->name ? d->name : "(unnamed)";
    NEED(d->name, "desc.name");
    NEED(d->title, "desc.title");
    NEED(d->side_names[0] && d->side_names[1], "a side's name");
    NEED(r->init, "init");
    NEED(r->options_of, "options_of");
    NEED(r->legal, "legal");
    NEED(r->count, "count");
    NEED(r->apply, "apply");
    NEED(r->play, "play");
    NEED(r->write_position, "write_position");
    NEED(r->read_position, "read_position");
    NEED(r->write_move, "write_move");
    NEED(r->read_move, "read_move");
    NEED(r->show, "show");
    NEED(r->genmove, "genmove");
    NEED(r->levels, "levels");
    NEED(r->hash, "hash");
    NEED(r->evaluate, "evaluate");
    NEED(r->num_actions, "num_actions");
    NEED(r->action_index, "action_index");
    NEED(r->action_move, "action_move");
    NEED(r->observation_shape, "observation_shape");
    NEED(r->observe, "observe");
    if (r->fast) {
        NEED(r->fast->search_play, "fast.search_play");
        NEED(r->fast->search_legal, "fast.search_legal");
        NEED(r->fast->perft_two, "fast.perft_two");
    }
    if (r->sparse) {
        NEED(r->sparse->nth_legal, "sparse.nth_legal");
        NEED(r->sparse->legal_bits, "sparse.legal_bits");
        NEED(r->legal_indices, "legal_indices (sparse.legal_bits lists them in order)");
    }
    if (r->undo) {
        NEED(r->undo->record, "undo.record");
        NEED(r->undo->play, "undo.play");
        if (r->undo->size < sizeof(herd_head))
            return herdi_fail(msg, HERD_E_ARG, "%s: undo.size leaves no room for the head",
                              name);
    }
    if (r->repeats && r->undo) /* the searches count positions in whole states */
        return herdi_fail(msg, HERD_E_ARG, "%s: repeats needs whole states in the history (no undo)",
                          name);
    if (r->save) {
        NEED(r->save->write, "save.write");
        NEED(r->save->read, "save.read");
    }
    if (r->solver) {
        const herd_solver *s = r->solver;
        NEED(s->size, "solver.size");
        NEED(s->init, "solver.init");
        NEED(s->fill, "solver.fill");
        NEED(s->free, "solver.free");
        NEED(s->bytes, "solver.bytes");
        NEED(s->need, "solver.need");
        NEED(s->solve, "solver.solve");
        NEED(s->choose, "solver.choose");
    }
    if (!r->chance != !r->chance_total || !r->chance != !d->has_chance)
        return herdi_fail(msg, HERD_E_ARG,
                          "%s: chance, chance_total and desc.has_chance disagree", name);
    if (r->chance_total > HERD_MAX_OUTCOMES)
        return herdi_fail(msg, HERD_E_ARG, "%s: chance_total is over %d", name,
                          HERD_MAX_OUTCOMES);
    if (d->solvable && !r->solver) /* fox has a solver, for positions within its table */
        return herdi_fail(msg, HERD_E_ARG, "%s: desc.solvable without a solver", name);
    if (r->state_size < sizeof(herd_head) || r->state_size > HERD_MAX_STATE_SIZE)
        return herdi_fail(msg, HERD_E_ARG, "%s: state_size %zu is out of range %zu..%d", name,
                          r->state_size, sizeof(herd_head), HERD_MAX_STATE_SIZE);
    if (d->max_moves < 1 || d->max_moves > HERD_MAX_MOVES)
        return herdi_fail(msg, HERD_E_ARG, "%s: desc.max_moves is out of range 1..%d", name,
                          HERD_MAX_MOVES);
    if (d->option_count < 1 || d->option_count > HERD_MAX_OPTIONS ||
        strcmp(d->options[d->option_count - 1].key, "seed") != 0)
        return herdi_fail(msg, HERD_E_ARG, "%s: the options must end with seed, at most %d",
                          name, HERD_MAX_OPTIONS);
    if (d->level_count < 1 || d->default_level < 1 || d->default_level > d->level_count)
        return herdi_fail(msg, HERD_E_ARG, "%s: default level %d is out of range 1..%d", name,
                          d->default_level, d->level_count);
    for (int i = 0; i < d->level_count; i++) {
        const herd_level *l = &r->levels[i];
        NEED(l->name && l->description, "a level's name");
        if (l->kind == HERD_LEVEL_SOLVED && !r->solver)
            return herdi_fail(msg, HERD_E_ARG, "%s: level %s plays from a table without a solver",
                              name, l->name);
    }
    return HERD_OK;
}

/* ------------------------------------------------------ endings in words */

/* How a game's sides read in a sentence: with an article ("the hare") or
 * by their name alone ("Green"), and which of them are plural ("the hounds
 * have"); bit s for side s. A game not listed has neither. */
static const struct {
    const char *game;
    int article;
    unsigned plural;
} side_words[] = {
    {"hare", 1, 1u << 0}, /* hounds, hare */
    {"fox", 1, 1u << 1},  /* fox, geese */
};

/* Every ending said in words: the first row of the game (or of every game,
 * NULL) with the status's reason and result. {W} and {L} are the winner and
 * the loser; {W:one|many} the word that agrees with the winner, {L:...}
 * with the loser. The sentence's first letter is a capital. */
static const struct {
    const char *game;
    herd_reason reason;
    herd_result result;
    const char *text;
} endings[] = {
    {"horses", HERD_REASON_CORNER, HERD_WIN, "{W} reached its target corner: {W} wins"},
    {"hex", HERD_REASON_FULL, HERD_WIN, "the board is full and {W} has more stones: {W} wins"},
    {"hare", HERD_REASON_ESCAPED, HERD_WIN, "{W} got below every hound: {W} wins"},
    {"hare", HERD_REASON_STALLING, HERD_WIN, "{L} went ten moves without going up: {W} wins"},
    {"hare", HERD_REASON_TRAPPED, HERD_WIN, "{L} is trapped: {W} win"},
    {"fox", HERD_REASON_CAPTURED, HERD_WIN, "fewer than four geese are left: {W} wins"},
    {"fox", HERD_REASON_TRAPPED, HERD_WIN, "{L} is trapped: {W} win"},
    {"flock", HERD_REASON_CAPTURED, HERD_WIN, "{W} captured a third stone: {W} wins"},
    {"flock", HERD_REASON_MOVE_LIMIT, HERD_WIN,
     "the 100 moves are played and {W} has more stones: {W} wins"},
    {"flock", HERD_REASON_MOVE_LIMIT, HERD_DRAW,
     "the 100 moves are played with as many stones each: a draw"},
    {NULL, HERD_REASON_NO_MOVES, HERD_WIN, "{L} {L:has|have} no move left: {W} {W:wins|win}"},
    {NULL, HERD_REASON_RESIGNED, HERD_WIN, "{L} resigned: {W} {W:wins|win}"},
    {NULL, HERD_REASON_TIME, HERD_WIN, "{L} ran out of time: {W} {W:wins|win}"},
    {NULL, HERD_REASON_AGREED, HERD_DRAW, "the players agreed a draw"},
    {NULL, HERD_REASON_ABANDONED, HERD_OVER, "the game was abandoned without a result"},
};

/* The sentence's words go through here: the first piece starts with a
 * capital, by text.c's one rule (herdi_sb_sentence_start()). */
static void put_words(herd_sb *sb, const char *s, size_t n, int *first)
{
    if (*first)
        herdi_sb_sentence_start(sb, s, n);
    else
        herdi_sb_putn(sb, s, n);
    *first = 0;
}

static void put_side(herd_sb *sb, const herd_game *g, int side, int article, int *first)
{
    const char *name = g->rules->desc.side_names[side];
    if (article) {
        put_words(sb, "the ", 4, first);
        herdi_sb_puts(sb, name);
    } else { /* a name alone is a proper noun: "Green" */
        herdi_sb_sentence_name(sb, name);
        *first = 0;
    }
}

/* Writes template t with {W}, {L} and {X:one|many} filled in; a template's
 * braces are always closed (the table above). */
static void write_sentence(const herd_game *g, const char *t, int winner, int article,
                           unsigned plural, herd_sb *sb)
{
    int first = 1;
    while (*t) {
        size_t n = strcspn(t, "{");
        if (n) {
            put_words(sb, t, n, &first);
            t += n;
            continue;
        }
        int side = t[1] == 'W' ? winner : 1 - winner;
        if (t[2] == '}') {
            put_side(sb, g, side, article, &first);
            t += 3;
            continue;
        }
        const char *bar = strchr(t, '|'), *end = strchr(t, '}');
        const char *from = plural >> side & 1u ? bar + 1 : t + 3;
        const char *to = plural >> side & 1u ? end : bar;
        put_words(sb, from, (size_t)(to - from), &first);
        t = end + 1;
    }
}

void herdi_write_result(const herd_game *g, const void *arg, herd_sb *sb)
{
    (void)arg;
    const herd_head *h = herd_game_head(g);
    const char *name = g->rules->desc.name;
    int article = 0;
    unsigned plural = 0;
    for (size_t i = 0; i < sizeof side_words / sizeof side_words[0]; i++)
        if (strcmp(side_words[i].game, name) == 0) {
            article = side_words[i].article;
            plural = side_words[i].plural;
        }
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++)
        if ((!endings[i].game || strcmp(endings[i].game, name) == 0) &&
            endings[i].reason == (herd_reason)h->reason &&
            endings[i].result == (herd_result)h->result) {
            write_sentence(g, endings[i].text, h->winner, article, plural, sb);
            return;
        }
}

int herd_result_text(const herd_game *g, char *buf, size_t cap, size_t *len)
{
    return herdi_write_text(g, herdi_write_result, NULL, buf, cap, len);
}

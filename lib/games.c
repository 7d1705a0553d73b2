/* The registry: the library's games, in order, and their public
 * descriptions (herd.h). A game is added here and in its own file; every
 * front end, binding and table-driven test reads it from here. */
#include <string.h>

#include "core.h"
#include "internal.h"

/* Each game's rules, defined at the end of its own file. */
extern const herd_rules herd_horses_rules, herd_hex_rules, herd_hare_rules, herd_fox_rules,
    herd_flock_rules;

const herd_rules *const herd_all_rules[] = {
    &herd_horses_rules, &herd_hex_rules, &herd_hare_rules, &herd_fox_rules, &herd_flock_rules,
};

const size_t herd_rules_count = sizeof herd_all_rules / sizeof herd_all_rules[0];

size_t herd_game_count(void)
{
    return herd_rules_count;
}

const herd_game_desc *herd_game_desc_at(size_t index)
{
    return index < herd_rules_count ? &herd_all_rules[index]->desc : NULL;
}

const herd_game_desc *herd_game_desc_find(const char *name)
{
    for (size_t i = 0; name && i < herd_rules_count; i++)
        if (strcmp(herd_all_rules[i]->desc.name, name) == 0)
            return &herd_all_rules[i]->desc;
    return NULL;
}

const herd_rules *herd_rules_of(const herd_game_desc *desc)
{
    for (size_t i = 0; i < herd_rules_count; i++)
        if (&herd_all_rules[i]->desc == desc)
            return herd_all_rules[i];
    return NULL;
}

int herd_game_desc_level(const herd_game_desc *desc, int level, const char **name,
                         const char **description)
{
    const herd_rules *r = herd_rules_of(desc);
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
    herd_sb_puts(sb, d->name);
    for (size_t i = 0; i < d->option_count; i++) {
        const herd_option_desc *o = &d->options[i];
        herd_sb_printf(sb, " %s=", o->key);
        switch (o->kind) {
        case HERD_OPTION_POINT:
            herd_sb_printf(sb, "point:%s", o->default_point);
            break;
        case HERD_OPTION_CHOICE:
            for (size_t k = 0; k < o->choice_count; k++)
                herd_sb_printf(sb, "%s%llu", k ? "|" : "", (unsigned long long)o->choices[k]);
            herd_sb_printf(sb, ":%llu", (unsigned long long)o->default_value);
            break;
        default:
            herd_sb_printf(sb, "%llu..%llu:%llu", (unsigned long long)o->min,
                           (unsigned long long)o->max, (unsigned long long)o->default_value);
        }
    }
}

int herd_game_desc_to_text(const herd_game_desc *desc, char *buf, size_t cap, size_t *len)
{
    if (!herd_rules_of(desc) || (!buf && cap))
        return HERD_E_ARG;
    herd_sb sb;
    herd_sb_init(&sb, NULL, 0);
    write_desc(desc, &sb);
    herd_set_len(len, sb.len);
    if (sb.len >= cap)
        return HERD_E_BUFFER;
    herd_sb_init(&sb, buf, cap);
    write_desc(desc, &sb);
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

/* The sentence's letters go through here, so that its first is a capital. */
static void put_letter(herd_sb *sb, char c, int *first)
{
    if (*first && c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    *first = 0;
    herd_sb_putc(sb, c);
}

static void put_side(herd_sb *sb, const herd_game *g, int side, int article, int *first)
{
    const char *name = g->rules->desc.side_names[side];
    for (const char *p = article ? "the " : ""; *p; p++)
        put_letter(sb, *p, first);
    if (!article) /* a name alone is a proper noun: "Green" */
        *first = 1;
    for (const char *p = name; *p; p++)
        put_letter(sb, *p, first);
}

/* Writes template t with {W}, {L} and {X:one|many} filled in; a template's
 * braces are always closed (the table above). */
static void write_sentence(const herd_game *g, const char *t, int winner, int article,
                           unsigned plural, herd_sb *sb)
{
    int first = 1;
    while (*t) {
        if (*t != '{') {
            put_letter(sb, *t++, &first);
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
        while (from < to)
            put_letter(sb, *from++, &first);
        t = end + 1;
    }
}

void herd_write_result(const herd_game *g, const void *arg, herd_sb *sb)
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
    return herd_write_text(g, herd_write_result, NULL, buf, cap, len);
}

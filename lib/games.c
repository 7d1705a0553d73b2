/* The registry: the library's games, in order, and their public
 * descriptions (herd.h). A game is added here and in its own file; every
 * front end, binding and table-driven test reads it from here. */
#include <string.h>

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

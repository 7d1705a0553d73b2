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

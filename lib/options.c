/* Creation options (options.h): read from text or set by the typed
 * creation functions, then checked against the game's description. */
#include <stdio.h>
#include <string.h>

#include "herd/herd.h"
#include "options.h"

static int is_key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

int herdi_option_index(const herd_game_desc *d, const char *key)
{
    for (size_t i = 0; i < d->option_count; i++)
        if (strcmp(d->options[i].key, key) == 0)
            return (int)i;
    return -1;
}

/* Refuses an unknown key, naming the keys the game takes: "unknown option
 * 'wolves': fox takes geese, sideways, seed". `more` marks a key cut short. */
static int unknown_option(herd_msg msg, const herd_game_desc *d, const char *key, const char *more)
{
    char keys[96] = "";
    size_t n = 0;
    for (size_t i = 0; i < d->option_count && n < sizeof keys; i++)
        n += (size_t)snprintf(keys + n, sizeof keys - n, "%s%s", i ? ", " : "", d->options[i].key);
    return herdi_fail(msg, HERD_E_UNKNOWN, "unknown option '%s%s': %s takes %s", key, more, d->name,
                      keys);
}

/* A new item for key, or NULL (the message set) when the list is full or
 * the key is given twice. */
static herd_option *add_item(herd_options *o, const char *key, herd_msg msg)
{
    for (size_t j = 0; j < o->count; j++)
        if (strcmp(o->item[j].key, key) == 0) {
            herdi_fail(msg, HERD_E_PARSE, "option '%s' is given twice", key);
            return NULL;
        }
    if (o->count == HERD_MAX_OPTIONS) {
        herdi_fail(msg, HERD_E_PARSE, "too many options");
        return NULL;
    }
    herd_option *it = &o->item[o->count++];
    memset(it, 0, sizeof *it);
    snprintf(it->key, sizeof it->key, "%s", key);
    return it;
}

static int is_separator(char c)
{
    return c == ',' || c == ';';
}

/* Whether the value at v, ending at the blank or NUL at end, holds a ',' or
 * ';' that the writer meant to separate options: one followed, past other
 * separators and blanks, by KEY= or by nothing ("geese=15,sideways=1",
 * "geese=15; seed=2"). A comma inside a value ("start=c2,b3") is not one. */
static int separates_options(const char *v, const char *end)
{
    const char *p = v;
    while (p < end && !is_separator(*p))
        p++;
    if (p == end || p == v)
        return 0;
    while (is_separator(*p) || is_blank(*p))
        p++;
    if (*p == '\0')
        return 1;
    const char *k = p;
    while (is_key_char(*p))
        p++;
    return p > k && *p == '=';
}

/* "geese=15,sideways=1: options are separated by spaces, as in
 * "geese=15 sideways=1"": the example is the item and the rest of the text
 * with each run of separators and blanks one space. */
static int wrong_separator(herd_msg msg, const char *item, size_t item_len, const char *rest)
{
    char example[HERD_ERROR_MESSAGE_SIZE], q_item[48], q_example[80];
    size_t n = 0, len = item_len + strlen(rest);
    for (size_t i = 0; i < len && n + 1 < sizeof example; i++) {
        char c = i < item_len ? item[i] : rest[i - item_len];
        if (!is_separator(c) && !is_blank(c))
            example[n++] = c;
        else if (n && example[n - 1] != ' ')
            example[n++] = ' ';
    }
    while (n && example[n - 1] == ' ')
        n--;
    return herdi_fail(msg, HERD_E_PARSE, "%s: options are separated by spaces, as in \"%s\"",
                      herdi_quote_input(q_item, sizeof q_item, item, item_len),
                      herdi_quote_input(q_example, sizeof q_example, example, n));
}

/* "-5": a whole number below zero, written as every number is (no leading
 * zeros, so not "-0"): out of the option's range, not malformed. */
static int is_negative_number(const char *v, size_t n)
{
    size_t digits = n > 1 && v[0] == '-' ? strspn(v + 1, "0123456789") : 0;
    return digits == n - 1 && digits && v[1] != '0';
}

int herdi_options_parse(herd_options *o, const char *text, const herd_game_desc *d, herd_msg msg)
{
    o->count = 0;
    if (!text)
        return HERD_OK;
    const char *p = text;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (*p == '\0')
            return HERD_OK;
        const char *k = p;
        while (is_key_char(*p))
            p++;
        size_t klen = (size_t)(p - k);
        if (klen == 0 || *p != '=')
            return herdi_fail(msg, HERD_E_PARSE,
                              "options must be KEY=VALUE pairs separated by spaces");
        char key[16];
        if (klen >= sizeof key) {
            memcpy(key, k, sizeof key - 1);
            key[sizeof key - 1] = '\0';
            return unknown_option(msg, d, key, "...");
        }
        memcpy(key, k, klen);
        key[klen] = '\0';
        if (herdi_option_index(d, key) < 0)
            return unknown_option(msg, d, key, "");
        herd_option *it = add_item(o, key, msg);
        if (!it)
            return HERD_E_PARSE;
        /* The value runs to the next blank. Whether it is a number is told
         * when it is checked, so that the message can give the range. */
        const char *value = p + 1;
        size_t vlen = 0;
        while (value[vlen] && !is_blank(value[vlen]))
            vlen++;
        if (separates_options(value, value + vlen))
            return wrong_separator(msg, k, (size_t)(value + vlen - k), value + vlen);
        size_t ndigits = strspn(value, "0123456789");
        herd_scan s = {value};
        uint64_t v = UINT64_MAX;
        it->out_of_range = !herdi_scan_uint(&s, UINT64_MAX, &v);
        it->value = v;
        it->malformed = ndigits == 0 || ndigits != vlen || (ndigits > 1 && value[0] == '0');
        if (it->malformed && is_negative_number(value, vlen))
            it->malformed = 0, it->out_of_range = 1; /* below every range */
        herdi_quote_input(it->text, sizeof it->text, value, vlen);
        p = value + vlen;
    }
}

void herdi_options_add_int(herd_options *o, const char *key, int64_t value)
{
    herd_msg none = {NULL, 0};
    herd_option *it = add_item(o, key, none);
    if (!it)
        return; /* the typed functions give each of their few keys once */
    snprintf(it->text, sizeof it->text, "%lld", (long long)value);
    it->value = value < 0 ? 0 : (uint64_t)value;
    it->out_of_range = value < 0;
}

void herdi_options_add_unsigned(herd_options *o, const char *key, uint64_t value)
{
    herd_msg none = {NULL, 0};
    herd_option *it = add_item(o, key, none);
    if (!it)
        return;
    snprintf(it->text, sizeof it->text, "%llu", (unsigned long long)value);
    it->value = value;
}

void herdi_options_add_cell(herd_options *o, const char *key, herd_cell cell)
{
    herd_msg none = {NULL, 0};
    char name[HERD_CELL_NAME_SIZE];
    herd_option *it = add_item(o, key, none);
    if (!it)
        return;
    snprintf(it->text, sizeof it->text, "%s", herdi_cell_name(name, cell));
    it->malformed = 1; /* not a number */
}

/* "13, 15 or 17" */
static void write_choices(const herd_option_desc *od, herd_sb *sb)
{
    for (size_t i = 0; i < od->choice_count; i++)
        herdi_sb_printf(sb, "%s%llu",
                        i == 0                     ? ""
                        : i + 1 < od->choice_count ? ", "
                                                   : " or ",
                        (unsigned long long)od->choices[i]);
}

static int check_one(const herd_option *it, const herd_option_desc *od, herd_option_values *v,
                     size_t at, herd_msg msg)
{
    char allowed[96];
    herd_sb sb;
    switch (od->kind) {
    case HERD_OPTION_POINT: {
        herd_scan s = {it->text};
        herd_cell c;
        if (!herdi_scan_cell(&s, &c.row, &c.col) || !herdi_scan_end(&s))
            return herdi_fail(
                msg, HERD_E_PARSE,
                "%s=%s is not a cell name (a row letter and a column number, e.g. c2)", it->key,
                it->text);
        v->cell[at] = c;
        return HERD_OK;
    }
    case HERD_OPTION_CHOICE:
        for (size_t i = 0; i < od->choice_count && !it->malformed && !it->out_of_range; i++)
            if (od->choices[i] == it->value) {
                v->number[at] = it->value;
                return HERD_OK;
            }
        herdi_sb_init(&sb, allowed, sizeof allowed);
        write_choices(od, &sb);
        if (it->malformed)
            return herdi_fail(msg, HERD_E_PARSE, "%s=%s is not a number: %s is %s", it->key,
                              it->text, it->key, allowed);
        return herdi_fail(msg, HERD_E_RANGE, "%s=%s is not %s", it->key, it->text, allowed);
    default:
        if (it->malformed)
            return herdi_fail(msg, HERD_E_PARSE, "%s=%s is not a whole number in %llu..%llu",
                              it->key, it->text, (unsigned long long)od->min,
                              (unsigned long long)od->max);
        if (it->out_of_range || it->value < od->min || it->value > od->max)
            return herdi_fail(msg, HERD_E_RANGE, "%s=%s is out of range %llu..%llu", it->key,
                              it->text, (unsigned long long)od->min, (unsigned long long)od->max);
        v->number[at] = it->value;
        return HERD_OK;
    }
}

int herdi_options_check(const herd_options *o, const herd_game_desc *d, herd_option_values *v,
                        herd_msg msg)
{
    memset(v, 0, sizeof *v);
    for (size_t i = 0; i < d->option_count; i++) {
        const herd_option_desc *od = &d->options[i];
        const herd_option *given = NULL;
        for (size_t j = 0; o && j < o->count; j++)
            if (strcmp(o->item[j].key, od->key) == 0)
                given = &o->item[j];
        if (given) {
            int rc = check_one(given, od, v, i, msg);
            if (rc != HERD_OK)
                return rc;
        } else if (od->kind == HERD_OPTION_POINT) {
            herd_scan s = {od->default_point};
            herdi_scan_cell(&s, &v->cell[i].row, &v->cell[i].col);
        } else {
            v->number[i] = od->default_value;
        }
    }
    for (size_t j = 0; o && j < o->count; j++)
        if (herdi_option_index(d, o->item[j].key) < 0) /* a typed function's key */
            return unknown_option(msg, d, o->item[j].key, "");
    return HERD_OK;
}

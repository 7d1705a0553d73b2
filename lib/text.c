/* Text helpers shared by every game: the sizing writer, messages, and the
 * small scanners the position, move and option parsers are built from. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

void herd_sb_init(herd_sb *sb, char *buf, size_t cap)
{
    sb->buf = buf;
    sb->cap = cap;
    sb->len = 0;
    if (buf && cap)
        buf[0] = '\0';
}

static void sb_write(herd_sb *sb, const char *s, size_t n)
{
    if (sb->buf && sb->len < sb->cap) {
        size_t room = sb->cap - 1 - sb->len;
        size_t k = n < room ? n : room;
        memcpy(sb->buf + sb->len, s, k);
        sb->buf[sb->len + k] = '\0';
    }
    sb->len += n;
}

void herd_sb_putc(herd_sb *sb, char c)
{
    sb_write(sb, &c, 1);
}

void herd_sb_puts(herd_sb *sb, const char *s)
{
    sb_write(sb, s, strlen(s));
}

void herd_sb_printf(herd_sb *sb, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_write(sb, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void herd_sb_cell(herd_sb *sb, int row, int col)
{
    /* In long long: col + 1 overflows an int for INT_MAX (a caller's cell). */
    herd_sb_printf(sb, "%c%lld", 'a' + row, (long long)col + 1);
}

static int nameable(herd_cell c)
{
    return c.row >= 0 && c.row <= 25 && c.col >= 0 && c.col <= 126;
}

int herd_sb_grid_move(herd_sb *sb, herd_cell from, herd_cell to)
{
    if (!nameable(from) || !nameable(to))
        return HERD_E_ARG;
    herd_sb_cell(sb, from.row, from.col);
    herd_sb_putc(sb, '-');
    herd_sb_cell(sb, to.row, to.col);
    return HERD_OK;
}

const char *herd_name_cell(char *buf, size_t cap, int row, int col)
{
    herd_sb sb;
    herd_sb_init(&sb, buf, cap);
    if (row >= 0 && row < 26 && col >= 0)
        herd_sb_cell(&sb, row, col);
    else
        herd_sb_printf(&sb, "row %lld column %lld", (long long)row + 1, (long long)col + 1);
    return buf;
}

size_t herd_utf8_len(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0)
        return 0;
    if (u[0] < 0x80)
        return 1;
    /* Unicode's table of well-formed sequences: the lead byte sets the
     * length and the range of the second byte (no overlong forms, no
     * surrogates, nothing past U+10FFFF). */
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (u[0] >= 0xC2 && u[0] <= 0xDF)
        len = 2;
    else if (u[0] >= 0xE0 && u[0] <= 0xEF)
        len = 3, lo = u[0] == 0xE0 ? 0xA0 : 0x80, hi = u[0] == 0xED ? 0x9F : 0xBF;
    else if (u[0] >= 0xF0 && u[0] <= 0xF4)
        len = 4, lo = u[0] == 0xF0 ? 0x90 : 0x80, hi = u[0] == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if (n < len || u[1] < lo || u[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (u[i] < 0x80 || u[i] > 0xBF)
            return 0;
    return len;
}

/* One character of an input fragment as a message shows it (see
 * herd_sb_input()); returns the input bytes it took. */
static size_t input_unit(const char *s, size_t n, herd_sb *sb)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char c = (unsigned char)s[0];
    size_t k = herd_utf8_len(s, n);
    int control = c < 0x20 || c == 0x7F || (k == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0);
    int line_end = k == 3 && c == 0xE2 && (unsigned char)s[1] == 0x80 &&
                   ((unsigned char)s[2] == 0xA8 || (unsigned char)s[2] == 0xA9);
    if (c == '\\') {
        herd_sb_puts(sb, "\\\\");
    } else if (c == '\t' || c == '\n' || c == '\r') {
        herd_sb_putc(sb, '\\');
        herd_sb_putc(sb, c == '\t' ? 't' : c == '\n' ? 'n' : 'r');
    } else if (line_end) { /* U+2028, U+2029: line readers split there */
        herd_sb_puts(sb, (unsigned char)s[2] == 0xA8 ? "\\u2028" : "\\u2029");
    } else if (k == 0 || control) {
        if (k == 0)
            k = 1;
        for (size_t i = 0; i < k; i++) {
            unsigned char b = (unsigned char)s[i];
            char esc[4] = {'\\', 'x', hex[b >> 4], hex[b & 15]};
            for (int j = 0; j < 4; j++)
                herd_sb_putc(sb, esc[j]);
        }
    } else {
        for (size_t i = 0; i < k; i++)
            herd_sb_putc(sb, s[i]);
    }
    return k;
}

void herd_sb_input(herd_sb *sb, const char *s, size_t n)
{
    for (size_t i = 0; i < n;)
        i += input_unit(s + i, n - i, sb);
}

const char *herd_quote_input(char *buf, size_t cap, const char *s, size_t n)
{
    herd_sb sb;
    herd_sb_init(&sb, NULL, 0);
    herd_sb_input(&sb, s, n);
    size_t whole = sb.len;
    herd_sb_init(&sb, buf, cap);
    if (whole < cap) { /* the whole fragment fits */
        herd_sb_input(&sb, s, n);
        return buf;
    }
    /* Whole characters while "..." still fits after them. */
    for (size_t i = 0; i < n;) {
        herd_sb unit;
        char tmp[16];
        herd_sb_init(&unit, tmp, sizeof tmp);
        size_t k = input_unit(s + i, n - i, &unit);
        if (sb.len + unit.len + 3 >= cap)
            break;
        herd_sb_puts(&sb, tmp);
        i += k;
    }
    if (sb.len + 3 < cap)
        herd_sb_puts(&sb, "...");
    return buf;
}

int herd_fail(herd_msg msg, int code, const char *fmt, ...)
{
    if (msg.buf && msg.cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg.buf, msg.cap, fmt, ap);
        va_end(ap);
    }
    return code;
}

int herd_scan_lit(herd_scan *s, const char *lit)
{
    size_t n = strlen(lit);
    if (strncmp(s->p, lit, n) != 0)
        return 0;
    s->p += n;
    return 1;
}

int herd_scan_uint(herd_scan *s, uint64_t max, uint64_t *v)
{
    const char *p = s->p;
    if (*p < '0' || *p > '9')
        return 0;
    if (*p == '0' && p[1] >= '0' && p[1] <= '9')
        return 0; /* no leading zeros: one text per number */
    uint64_t x = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (d > max || x > (max - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    s->p = p;
    return 1;
}

int herd_scan_cell(herd_scan *s, int *row, int *col)
{
    herd_scan t = *s;
    uint64_t c;
    if (*t.p < 'a' || *t.p > 'z')
        return 0;
    int r = *t.p++ - 'a';
    if (!herd_scan_uint(&t, 127, &c) || c == 0)
        return 0;
    *row = r;
    *col = (int)c - 1;
    *s = t;
    return 1;
}

int herd_scan_end(const herd_scan *s)
{
    return *s->p == '\0';
}

int herd_scan_grid_move(const char *text, herd_cell *from, herd_cell *to, const char *example,
                        herd_msg msg)
{
    herd_scan sc = {text};
    if (!herd_scan_cell(&sc, &from->row, &from->col) || !herd_scan_lit(&sc, "-") ||
        !herd_scan_cell(&sc, &to->row, &to->col) || !herd_scan_end(&sc))
        return herd_fail(msg, HERD_E_PARSE, "expected a move FROM-TO, e.g. %s", example);
    return HERD_OK;
}

static int is_key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int herd_options_parse(herd_options *o, const char *text, const char *const *keys, herd_msg msg)
{
    o->count = 0;
    if (!text)
        return HERD_OK;
    const char *p = text;
    for (;;) {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            return HERD_OK;
        const char *k = p;
        while (is_key_char(*p))
            p++;
        size_t klen = (size_t)(p - k);
        if (klen == 0 || *p != '=')
            return herd_fail(msg, HERD_E_PARSE,
                             "options must be KEY=VALUE pairs separated by spaces");
        char key[16];
        if (klen >= sizeof key)
            return herd_fail(msg, HERD_E_UNKNOWN, "unknown option '%.15s...'", k);
        memcpy(key, k, klen);
        key[klen] = '\0';
        size_t i = 0;
        while (keys[i] && strcmp(keys[i], key) != 0)
            i++;
        if (!keys[i])
            return herd_fail(msg, HERD_E_UNKNOWN, "unknown option '%s'", key);
        for (size_t j = 0; j < o->count; j++)
            if (strcmp(o->item[j].key, key) == 0)
                return herd_fail(msg, HERD_E_PARSE, "option '%s' is given twice", key);
        /* The value runs to the next space. Whether it is a number is told
         * when the game asks for it, so that the message can give the
         * option's range. */
        const char *value = p + 1;
        size_t vlen = strcspn(value, " ");
        size_t ndigits = strspn(value, "0123456789");
        herd_scan s = {value};
        uint64_t v = UINT64_MAX;
        int too_big = !herd_scan_uint(&s, UINT64_MAX, &v);
        if (o->count == HERD_MAX_OPTIONS)
            return herd_fail(msg, HERD_E_PARSE, "too many options");
        herd_option *it = &o->item[o->count++];
        memcpy(it->key, key, klen + 1);
        it->value = v;
        it->malformed = ndigits == 0 || ndigits != vlen || (ndigits > 1 && value[0] == '0');
        it->out_of_range = too_big;
        herd_quote_input(it->text, sizeof it->text, value, vlen);
        p = value + vlen;
    }
}

void herd_option_set(herd_option *o, const char *key, int64_t value)
{
    snprintf(o->key, sizeof o->key, "%s", key);
    snprintf(o->text, sizeof o->text, "%lld", (long long)value);
    o->value = value < 0 ? 0 : (uint64_t)value;
    o->out_of_range = value < 0;
    o->malformed = 0;
}

int herd_options_get(const herd_options *o, const char *key, uint64_t lo, uint64_t hi,
                     uint64_t dflt, uint64_t *value, herd_msg msg)
{
    for (size_t i = 0; o && i < o->count; i++) {
        if (strcmp(o->item[i].key, key) != 0)
            continue;
        uint64_t v = o->item[i].value;
        if (o->item[i].malformed)
            return herd_fail(msg, HERD_E_PARSE, "%s=%s is not a whole number in %llu..%llu", key,
                             o->item[i].text, (unsigned long long)lo, (unsigned long long)hi);
        if (o->item[i].out_of_range || v < lo || v > hi)
            return herd_fail(msg, HERD_E_RANGE, "%s=%s is out of range %llu..%llu", key,
                             o->item[i].text, (unsigned long long)lo, (unsigned long long)hi);
        *value = v;
        return HERD_OK;
    }
    *value = dflt;
    return HERD_OK;
}

void herd_option_set_text(herd_option *o, const char *key, const char *text)
{
    snprintf(o->key, sizeof o->key, "%s", key);
    snprintf(o->text, sizeof o->text, "%s", text);
    o->value = 0;
    o->out_of_range = 0;
    o->malformed = 1; /* not a number */
}

int herd_options_get_cell(const herd_options *o, const char *key, int *row, int *col, int *given,
                          herd_msg msg)
{
    *given = 0;
    for (size_t i = 0; o && i < o->count; i++) {
        if (strcmp(o->item[i].key, key) != 0)
            continue;
        herd_scan s = {o->item[i].text};
        int r, c;
        if (!herd_scan_cell(&s, &r, &c) || !herd_scan_end(&s))
            return herd_fail(msg, HERD_E_PARSE,
                             "%s=%s is not a cell name (a row letter and a "
                             "column number, e.g. c2)",
                             key, o->item[i].text);
        *row = r;
        *col = c;
        *given = 1;
        return HERD_OK;
    }
    return HERD_OK;
}

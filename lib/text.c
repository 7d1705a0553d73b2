/* Text helpers shared by every game: the sizing writer, messages, and the
 * small scanners the position, move and option parsers are built from. */
#include <stdio.h>
#include <string.h>

#include "text.h"

void herdi_sb_init(herd_sb *sb, char *buf, size_t cap)
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

void herdi_sb_putc(herd_sb *sb, char c)
{
    sb_write(sb, &c, 1);
}

void herdi_sb_puts(herd_sb *sb, const char *s)
{
    sb_write(sb, s, strlen(s));
}

void herdi_sb_printf(herd_sb *sb, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_write(sb, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void herdi_sb_putn(herd_sb *sb, const char *s, size_t n)
{
    sb_write(sb, s, n);
}

void herdi_sb_sentence_start(herd_sb *sb, const char *s, size_t n)
{
    if (n && *s >= 'a' && *s <= 'z') { /* ASCII, whatever the locale */
        herdi_sb_putc(sb, (char)(*s - 'a' + 'A'));
        s++;
        n--;
    }
    sb_write(sb, s, n);
}

void herdi_sb_sentence_name(herd_sb *sb, const char *name)
{
    herdi_sb_sentence_start(sb, name, strlen(name));
}

void herdi_sb_side_label(herd_sb *sb, const char *name, char mark)
{
    herdi_sb_sentence_name(sb, name);
    if (mark)
        herdi_sb_printf(sb, " (%c)", mark);
}

void herdi_sb_cell(herd_sb *sb, int row, int col)
{
    /* In long long: col + 1 overflows an int for INT_MAX (a caller's cell). */
    herdi_sb_printf(sb, "%c%lld", 'a' + row, (long long)col + 1);
}

const char *herdi_cell_name(char buf[HERD_CELL_NAME_SIZE], herd_cell c)
{
    herd_sb sb;
    herdi_sb_init(&sb, buf, HERD_CELL_NAME_SIZE);
    if (c.row >= 0 && c.row < 26 && c.col >= 0)
        herdi_sb_cell(&sb, c.row, c.col);
    else /* as herd_cell counts, from 0: the caller's own values */
        herdi_sb_printf(&sb, "{.row = %d, .col = %d}", c.row, c.col);
    return buf;
}

size_t herdi_utf8_len(const char *s, size_t n)
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
 * herdi_sb_input()); returns the input bytes it took. */
static size_t input_unit(const char *s, size_t n, herd_sb *sb)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char c = (unsigned char)s[0];
    size_t k = herdi_utf8_len(s, n);
    int control = c < 0x20 || c == 0x7F || (k == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0);
    int line_end = k == 3 && c == 0xE2 && (unsigned char)s[1] == 0x80 &&
                   ((unsigned char)s[2] == 0xA8 || (unsigned char)s[2] == 0xA9);
    if (c == '\\') {
        herdi_sb_puts(sb, "\\\\");
    } else if (c == '\t' || c == '\n' || c == '\r') {
        herdi_sb_putc(sb, '\\');
        herdi_sb_putc(sb, c == '\t' ? 't' : c == '\n' ? 'n' : 'r');
    } else if (line_end) { /* U+2028, U+2029: line readers split there */
        herdi_sb_puts(sb, (unsigned char)s[2] == 0xA8 ? "\\u2028" : "\\u2029");
    } else if (k == 0 || control) {
        if (k == 0)
            k = 1;
        for (size_t i = 0; i < k; i++) {
            unsigned char b = (unsigned char)s[i];
            char esc[4] = {'\\', 'x', hex[b >> 4], hex[b & 15]};
            for (int j = 0; j < 4; j++)
                herdi_sb_putc(sb, esc[j]);
        }
    } else {
        for (size_t i = 0; i < k; i++)
            herdi_sb_putc(sb, s[i]);
    }
    return k;
}

void herdi_sb_input(herd_sb *sb, const char *s, size_t n)
{
    for (size_t i = 0; i < n;)
        i += input_unit(s + i, n - i, sb);
}

const char *herdi_quote_input(char *buf, size_t cap, const char *s, size_t n)
{
    herd_sb sb;
    herdi_sb_init(&sb, NULL, 0);
    herdi_sb_input(&sb, s, n);
    size_t whole = sb.len;
    herdi_sb_init(&sb, buf, cap);
    if (whole < cap) { /* the whole fragment fits */
        herdi_sb_input(&sb, s, n);
        return buf;
    }
    /* Whole characters while "..." still fits after them. */
    for (size_t i = 0; i < n;) {
        herd_sb unit;
        char tmp[16];
        herdi_sb_init(&unit, tmp, sizeof tmp);
        size_t k = input_unit(s + i, n - i, &unit);
        if (sb.len + unit.len + 3 >= cap)
            break;
        herdi_sb_puts(&sb, tmp);
        i += k;
    }
    if (sb.len + 3 < cap)
        herdi_sb_puts(&sb, "...");
    return buf;
}

int herdi_fail(herd_msg msg, int code, const char *fmt, ...)
{
    if (msg.buf && msg.cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg.buf, msg.cap, fmt, ap);
        va_end(ap);
    }
    return code;
}

int herdi_scan_lit(herd_scan *s, const char *lit)
{
    size_t n = strlen(lit);
    if (strncmp(s->p, lit, n) != 0)
        return 0;
    s->p += n;
    return 1;
}

int herdi_scan_uint(herd_scan *s, uint64_t max, uint64_t *v)
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

int herdi_scan_cell(herd_scan *s, int *row, int *col)
{
    herd_scan t = *s;
    uint64_t c;
    if (*t.p < 'a' || *t.p > 'z')
        return 0;
    int r = *t.p++ - 'a';
    if (!herdi_scan_uint(&t, 127, &c) || c == 0)
        return 0;
    *row = r;
    *col = (int)c - 1;
    *s = t;
    return 1;
}

int herdi_scan_end(const herd_scan *s)
{
    return *s->p == '\0';
}

/* Game records (docs/records.md): a game's history as text and back, read
 * in bounded memory and replayed with the rules. The generic core: it sees
 * the games through their rules table and the public calls only.
 *
 * A record keeps the state of its first position (so that an action's text
 * can be written, and its game made again, without replaying the tags), its
 * actions with the side that took each (the turn numbers), its tags in
 * records.md's order, a comment and a clock per ply, and its final status. */
#include <stdalign.h>

#include "herd/record.h"

#include "core.h"

#define TAG_KEY_MAX 64
#define TEXT_MAX 4096 /* a tag's value, a comment */
#define LINE_WIDTH 80
#define DEFAULT_MAX_BYTES ((size_t)1 << 20)
#define CHUNK ((size_t)1 << 16)
#define NO_CLOCK (-1)

typedef struct rec_tag {
    char *key, *value; /* one block: key, NUL, value, NUL */
    size_t size;
} rec_tag;

struct herd_record {
    herd_alloc_fn alloc;
    void *ud;
    const herd_rules *rules;
    void *start; /* rules->state_size bytes */
    herd_move *moves;
    unsigned char *sides; /* the side to act before each action */
    size_t plies, move_cap;
    rec_tag *tags;
    size_t ntags, tag_cap;
    char **comments; /* by ply, comment_cap of them (NULL: none) */
    int64_t *clocks; /* by ply, clock_cap of them (NO_CLOCK: none) */
    size_t comment_cap, clock_cap;
    herd_status status;
};

/* ---------------------------------------------------------- memory */

static void *mem_new(herd_alloc_fn alloc, void *ud, size_t n)
{
    return n ? alloc(ud, NULL, 0, n) : NULL;
}

static void mem_free(herd_alloc_fn alloc, void *ud, void *p, size_t n)
{
    if (p)
        alloc(ud, p, n, 0);
}

/* Grows *p (of *cap elements of `size` bytes) to hold `need`; 0 on failure. */
static int grow(herd_alloc_fn alloc, void *ud, void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 1;
    size_t n = *cap ? *cap : 16;
    while (n < need)
        n = n > SIZE_MAX / 2 / size ? need : n * 2;
    if (n > SIZE_MAX / size)
        return 0;
    void *q = alloc(ud, *p, *cap * size, n * size);
    if (!q)
        return 0;
    *p = q;
    *cap = n;
    return 1;
}

static char *str_dup(herd_alloc_fn alloc, void *ud, const char *s, size_t n)
{
    char *d = mem_new(alloc, ud, n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static void str_free(herd_alloc_fn alloc, void *ud, char *s)
{
    if (s)
        alloc(ud, s, strlen(s) + 1, 0);
}

/* n zeroed bytes from *alloc (NULL: made the default one), or NULL. */
static void *zeroed_new(herd_alloc_fn *alloc, void *ud, size_t n)
{
    if (!*alloc)
        *alloc = herdi_default_alloc;
    void *p = mem_new(*alloc, ud, n);
    if (p)
        memset(p, 0, n);
    return p;
}

/* A record with nothing in it but its allocator and rules. */
static herd_record *record_new(const herd_rules *rules, herd_alloc_fn alloc, void *ud)
{
    herd_record *r = zeroed_new(&alloc, ud, sizeof *r);
    if (!r)
        return NULL;
    r->alloc = alloc;
    r->ud = ud;
    r->rules = rules;
    r->start = mem_new(alloc, ud, rules->state_size);
    if (!r->start) {
        alloc(ud, r, sizeof *r, 0);
        return NULL;
    }
    return r;
}

void herd_record_free(herd_record *r)
{
    if (!r)
        return;
    herd_alloc_fn a = r->alloc;
    void *ud = r->ud;
    for (size_t i = 0; i < r->ntags; i++)
        mem_free(a, ud, r->tags[i].key, r->tags[i].size);
    mem_free(a, ud, r->tags, r->tag_cap * sizeof *r->tags);
    for (size_t i = 0; i < r->comment_cap; i++)
        str_free(a, ud, r->comments[i]);
    mem_free(a, ud, r->comments, r->comment_cap * sizeof *r->comments);
    mem_free(a, ud, r->clocks, r->clock_cap * sizeof *r->clocks);
    mem_free(a, ud, r->moves, r->move_cap * sizeof *r->moves);
    mem_free(a, ud, r->sides, r->move_cap);
    mem_free(a, ud, r->start, r->rules->state_size);
    a(ud, r, sizeof *r, 0);
}

/* Appends an action; 0 when out of memory. */
static int push_move(herd_record *r, herd_move m, int side)
{
    if (r->plies == r->move_cap) {
        size_t cap = r->move_cap, cap2 = r->move_cap;
        if (!grow(r->alloc, r->ud, (void **)&r->moves, &cap, r->plies + 1, sizeof *r->moves))
            return 0;
        if (!grow(r->alloc, r->ud, (void **)&r->sides, &cap2, cap, 1)) {
            /* Keep the two arrays of one size: shrink the moves back. */
            herd_move *m2 = r->alloc(r->ud, r->moves, cap * sizeof *r->moves,
                                     r->move_cap ? r->move_cap * sizeof *r->moves : 0);
            if (r->move_cap)
                r->moves = m2;
            else
                r->moves = NULL;
            return 0;
        }
        r->move_cap = cap;
    }
    r->moves[r->plies] = m;
    r->sides[r->plies] = (unsigned char)side;
    r->plies++;
    return 1;
}

/* ------------------------------------------------------------- tags */

/* The known tags in records.md's order; the sides' tags (herd_side_name()
 * with its first letter upper case) stand between Date and TimeControl. */
static const char *const known_before_sides[] = {"Game", "Start", "Options", "Seed",
                                                 "Event", "Site", "Date"};
static const char *const known_after_sides[] = {"TimeControl", "Result", "Termination",
                                                "Library"};
#define N_BEFORE (sizeof known_before_sides / sizeof *known_before_sides)
#define N_AFTER (sizeof known_after_sides / sizeof *known_after_sides)

/* Whether key is side's tag: its name with the first letter upper case. */
static int is_side_tag(const herd_rules *rules, int side, const char *key)
{
    const char *name = rules->desc.side_names[side];
    return name[0] && key[0] == name[0] - 'a' + 'A' && strcmp(key + 1, name + 1) == 0;
}

/* The place of a key in the order: the known tags first, the others after. */
static size_t tag_rank(const herd_rules *rules, const char *key)
{
    for (size_t i = 0; i < N_BEFORE; i++)
        if (strcmp(key, known_before_sides[i]) == 0)
            return i;
    for (int s = 0; s < 2; s++)
        if (is_side_tag(rules, s, key))
            return N_BEFORE + (size_t)s;
    for (size_t i = 0; i < N_AFTER; i++)
        if (strcmp(key, known_after_sides[i]) == 0)
            return N_BEFORE + 2 + i;
    return N_BEFORE + 2 + N_AFTER;
}

static rec_tag *find_tag(const herd_record *r, const char *key)
{
    for (size_t i = 0; i < r->ntags; i++)
        if (strcmp(r->tags[i].key, key) == 0)
            return &r->tags[i];
    return NULL;
}

/* Sets a tag without asking whether the caller may: the value replaces the
 * old one in its place, or the tag is inserted after the last of a rank not
 * above its own. 0 when out of memory (nothing changed). */
static int put_tag(herd_record *r, const char *key, const char *value)
{
    size_t kn = strlen(key), vn = strlen(value), size = kn + vn + 2;
    char *block = mem_new(r->alloc, r->ud, size);
    if (!block)
        return 0;
    memcpy(block, key, kn + 1);
    memcpy(block + kn + 1, value, vn + 1);
    rec_tag t = {block, block + kn + 1, size};
    rec_tag *old = find_tag(r, key);
    if (old) {
        mem_free(r->alloc, r->ud, old->key, old->size);
        *old = t;
        return 1;
    }
    if (!grow(r->alloc, r->ud, (void **)&r->tags, &r->tag_cap, r->ntags + 1, sizeof *r->tags)) {
        mem_free(r->alloc, r->ud, block, size);
        return 0;
    }
    size_t rank = tag_rank(r->rules, key), at = r->ntags;
    while (at > 0 && tag_rank(r->rules, r->tags[at - 1].key) > rank)
        at--;
    memmove(r->tags + at + 1, r->tags + at, (r->ntags - at) * sizeof *r->tags);
    r->tags[at] = t;
    r->ntags++;
    return 1;
}

static void drop_tag(herd_record *r, const char *key)
{
    rec_tag *t = find_tag(r, key);
    if (!t)
        return;
    mem_free(r->alloc, r->ud, t->key, t->size);
    size_t at = (size_t)(t - r->tags);
    memmove(r->tags + at, r->tags + at + 1, (r->ntags - at - 1) * sizeof *r->tags);
    r->ntags--;
}

/* Free text of a tag value or a comment: well-formed UTF-8 without control
 * characters, at most TEXT_MAX bytes; NULL, or what is wrong. */
static const char *text_problem(const char *s, size_t n)
{
    if (n > TEXT_MAX)
        return "is longer than 4096 bytes";
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F)
            return "holds a control character";
        size_t k = herdi_utf8_len(s + i, n - i);
        if (k == 0)
            return "is not well-formed UTF-8";
        i += k;
    }
    return NULL;
}

static int is_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* `YYYY.MM.DD`, each digit or `?`. */
static int date_ok(const char *v)
{
    if (strlen(v) != 10)
        return 0;
    for (int i = 0; i < 10; i++) {
        if (i == 4 || i == 7) {
            if (v[i] != '.')
                return 0;
        } else if (!(v[i] == '?' || (v[i] >= '0' && v[i] <= '9'))) {
            return 0;
        }
    }
    return 1;
}

/* Checks what a known tag must hold; writes what is wrong to msg. */
static int check_tag_value(const char *key, const char *value, herd_msg msg)
{
    const char *why = text_problem(value, strlen(value));
    if (why)
        return herdi_fail(msg, HERD_E_PARSE, "the value of %s %s", key, why);
    if (strcmp(key, "Date") == 0 && !date_ok(value))
        return herdi_fail(msg, HERD_E_PARSE, "Date must be YYYY.MM.DD, ? for unknown digits");
    herd_clock c;
    if (strcmp(key, "TimeControl") == 0 && herd_clock_init(&c, value) != HERD_OK)
        return herdi_fail(msg, HERD_E_PARSE,
                          "TimeControl must be - or S+I (seconds each, seconds added a turn)");
    return HERD_OK;
}

static int key_ok(const char *key, size_t n)
{
    if (n == 0 || n > TAG_KEY_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!is_alnum(key[i]))
            return 0;
    return 1;
}

/* The tags that the game and the text read set. */
static int game_owned(const char *key)
{
    static const char *const own[] = {"Game",   "Start",  "Options",
                                      "Seed",   "Result", "Termination"};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        if (strcmp(key, own[i]) == 0)
            return 1;
    return 0;
}

int herd_record_set_tag(herd_record *r, const char *key, const char *value)
{
    char none[1];
    herd_msg msg = {none, sizeof none};
    if (!r || !key)
        return HERD_E_ARG;
    if (!key_ok(key, strlen(key)))
        return HERD_E_PARSE;
    if (game_owned(key))
        return HERD_E_ARG;
    if (!value) {
        drop_tag(r, key);
        return HERD_OK;
    }
    int rc = check_tag_value(key, value, msg);
    if (rc != HERD_OK)
        return rc;
    return put_tag(r, key, value) ? HERD_OK : HERD_E_NOMEM;
}

const char *herd_record_tag(const herd_record *r, const char *key)
{
    if (!r || !key)
        return NULL;
    const rec_tag *t = find_tag(r, key);
    return t ? t->value : NULL;
}

size_t herd_record_tag_count(const herd_record *r)
{
    return r ? r->ntags : 0;
}

int herd_record_tag_at(const herd_record *r, size_t i, const char **key, const char **value)
{
    if (!r)
        return HERD_E_ARG;
    if (i >= r->ntags)
        return HERD_E_RANGE;
    if (key)
        *key = r->tags[i].key;
    if (value)
        *value = r->tags[i].value;
    return HERD_OK;
}

/* ------------------------------------------------ actions, comments */

size_t herd_record_plies(const herd_record *r)
{
    return r ? r->plies : 0;
}

int herd_record_move(const herd_record *r, size_t ply, herd_move *m)
{
    if (!r || !m)
        return HERD_E_ARG;
    if (ply == 0 || ply > r->plies)
        return HERD_E_RANGE;
    *m = r->moves[ply - 1];
    return HERD_OK;
}

/* Makes room for the comment of ply (the new ones none; a record being
 * read grows as its plies do); 0 when out of memory. */
static int need_comments(herd_record *r, size_t ply)
{
    size_t old = r->comment_cap;
    if (!grow(r->alloc, r->ud, (void **)&r->comments, &r->comment_cap, ply + 1,
              sizeof *r->comments))
        return 0;
    for (size_t i = old; i < r->comment_cap; i++)
        r->comments[i] = NULL;
    return 1;
}

static int need_clocks(herd_record *r, size_t ply)
{
    size_t old = r->clock_cap;
    if (!grow(r->alloc, r->ud, (void **)&r->clocks, &r->clock_cap, ply + 1, sizeof *r->clocks))
        return 0;
    for (size_t i = old; i < r->clock_cap; i++)
        r->clocks[i] = NO_CLOCK;
    return 1;
}

static const char *comment_at(const herd_record *r, size_t ply)
{
    return ply < r->comment_cap ? r->comments[ply] : NULL;
}

static int64_t clock_at(const herd_record *r, size_t ply)
{
    return ply < r->clock_cap ? r->clocks[ply] : NO_CLOCK;
}

/* Sets the comment at ply from n bytes (checked by the caller). */
static int put_comment(herd_record *r, size_t ply, const char *text, size_t n)
{
    if (!need_comments(r, ply))
        return 0;
    char *c = str_dup(r->alloc, r->ud, text, n);
    if (!c)
        return 0;
    str_free(r->alloc, r->ud, r->comments[ply]);
    r->comments[ply] = c;
    return 1;
}

static const char *comment_problem(const char *text, size_t n)
{
    if (memchr(text, '}', n))
        return "holds a '}', which would end it";
    return text_problem(text, n);
}

int herd_record_set_comment(herd_record *r, size_t ply, const char *text)
{
    if (!r)
        return HERD_E_ARG;
    if (ply > r->plies)
        return HERD_E_RANGE;
    if (!text) {
        if (ply < r->comment_cap) {
            str_free(r->alloc, r->ud, r->comments[ply]);
            r->comments[ply] = NULL;
        }
        return HERD_OK;
    }
    if (comment_problem(text, strlen(text)))
        return HERD_E_PARSE;
    return put_comment(r, ply, text, strlen(text)) ? HERD_OK : HERD_E_NOMEM;
}

const char *herd_record_comment(const herd_record *r, size_t ply)
{
    if (!r || ply > r->plies)
        return NULL;
    return comment_at(r, ply);
}

int herd_record_set_clock(herd_record *r, size_t ply, int64_t ms_left)
{
    if (!r)
        return HERD_E_ARG;
    if (ply == 0 || ply > r->plies)
        return HERD_E_RANGE;
    if (ms_left < 0) {
        if (ply < r->clock_cap)
            r->clocks[ply] = NO_CLOCK;
        return HERD_OK;
    }
    if (!need_clocks(r, ply))
        return HERD_E_NOMEM;
    r->clocks[ply] = ms_left / 1000 * 1000; /* what the text keeps */
    return HERD_OK;
}

int herd_record_clock(const herd_record *r, size_t ply, int64_t *ms_left)
{
    if (!r || !ms_left)
        return HERD_E_ARG;
    if (ply == 0 || ply > r->plies)
        return HERD_E_RANGE;
    if (clock_at(r, ply) == NO_CLOCK)
        return HERD_E_STATE;
    *ms_left = clock_at(r, ply);
    return HERD_OK;
}

int herd_record_status(const herd_record *r, herd_status *st)
{
    if (!r || !st)
        return HERD_E_ARG;
    *st = r->status;
    return HERD_OK;
}

/* ----------------------------------------------------- the results */

static const char *result_text(const herd_status *st)
{
    if (st->result == HERD_WIN)
        return st->side == 0 ? "1-0" : "0-1";
    return st->result == HERD_DRAW ? "1/2-1/2" : "*";
}

static int is_result(const char *s, size_t n)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < 4; i++)
        if (strlen(results[i]) == n && memcmp(s, results[i], n) == 0)
            return 1;
    return 0;
}

/* The players' reason named by a Termination value, or NONE. */
static herd_reason players_reason(const char *name)
{
    for (int k = HERD_REASON_RESIGNED; k <= HERD_REASON_ABANDONED; k++)
        if (strcmp(name, herd_reason_name((herd_reason)k)) == 0)
            return (herd_reason)k;
    return HERD_REASON_NONE;
}

/* ---------------------------------------------------------- writing */

/* The movetext's words (tokens, and a comment's words), joined by single
 * spaces and broken into lines of at most LINE_WIDTH characters where a
 * space allows. */
typedef struct line_writer {
    herd_sb *sb;
    int one_line;
    int first;
    size_t width; /* characters on the line so far */
} line_writer;

static size_t utf8_chars(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static void put_bytes(herd_sb *sb, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        herdi_sb_putc(sb, s[i]);
}

static void put_word(line_writer *lw, const char *w, size_t n)
{
    size_t chars = utf8_chars(w, n);
    if (lw->first) {
        lw->first = 0;
        lw->width = chars;
    } else if (lw->one_line || lw->width + 1 + chars <= LINE_WIDTH) {
        herdi_sb_putc(lw->sb, ' ');
        lw->width += 1 + chars;
    } else {
        herdi_sb_putc(lw->sb, '\n');
        lw->width = chars;
    }
    put_bytes(lw->sb, w, n);
}

/* `[%clk H:MM:SS]` of a time in milliseconds. */
static int clock_text(char *buf, size_t cap, int64_t ms)
{
    long long s = (long long)(ms / 1000);
    return snprintf(buf, cap, "[%%clk %lld:%02d:%02d]", s / 3600, (int)(s / 60 % 60),
                    (int)(s % 60));
}

/* The comment at ply (with its clock), split into words at its spaces. */
static void put_comment_words(line_writer *lw, const herd_record *r, size_t ply)
{
    const char *text = comment_at(r, ply);
    int64_t clock = clock_at(r, ply);
    if (!text && clock == NO_CLOCK)
        return;
    char buf[TEXT_MAX + 64];
    size_t n = 0;
    buf[n++] = '{';
    if (clock != NO_CLOCK)
        n += (size_t)clock_text(buf + n, sizeof buf - n, clock);
    size_t unbroken = n; /* the clock stays on one line */
    if (clock != NO_CLOCK && text)
        buf[n++] = ' ';
    if (text) {
        size_t t = strlen(text);
        memcpy(buf + n, text, t);
        n += t;
    }
    buf[n++] = '}';
    size_t w = 0;
    for (size_t i = unbroken; i <= n; i++)
        if (i == n || buf[i] == ' ') {
            put_word(lw, buf + w, i - w);
            w = i + 1;
        }
}

static void write_movetext(const herd_record *r, line_writer *lw)
{
    char text[32 + HERD_MAX_MOVE_TEXT]; /* a turn number, then an action */
    unsigned long turn = 0;
    put_comment_words(lw, r, 0);
    for (size_t k = 0; k < r->plies; k++) {
        /* A turn number and its action are one word to the line breaker, so
         * that a number never ends a line away from its action. */
        size_t n = 0;
        if (k == 0 || r->sides[k] != r->sides[k - 1])
            n = (size_t)snprintf(text, sizeof text, "%lu. ", ++turn);
        herd_sb sb;
        herdi_sb_init(&sb, text + n, sizeof text - n);
        r->rules->write_move(r->start, r->moves[k], &sb);
        put_word(lw, text, strlen(text));
        put_comment_words(lw, r, k + 1);
    }
    const char *result = herd_record_tag(r, "Result");
    if (!result)
        result = result_text(&r->status);
    put_word(lw, result, strlen(result));
}

static void write_record(const herd_record *r, int one_line, herd_sb *sb)
{
    for (size_t i = 0; i < r->ntags; i++) {
        herdi_sb_putc(sb, '[');
        herdi_sb_puts(sb, r->tags[i].key);
        herdi_sb_puts(sb, " \"");
        for (const char *v = r->tags[i].value; *v; v++) {
            if (*v == '"' || *v == '\\')
                herdi_sb_putc(sb, '\\');
            herdi_sb_putc(sb, *v);
        }
        herdi_sb_puts(sb, "\"]");
        herdi_sb_putc(sb, one_line ? ' ' : '\n');
    }
    if (!one_line)
        herdi_sb_putc(sb, '\n');
    line_writer lw = {sb, one_line, 1, 0};
    write_movetext(r, &lw);
    if (!one_line)
        herdi_sb_putc(sb, '\n');
}

int herd_record_write(const herd_record *r, int one_line, char *buf, size_t cap, size_t *len)
{
    if (!r || (!buf && cap))
        return HERD_E_ARG;
    herd_sb sb;
    herdi_sb_init(&sb, NULL, 0);
    write_record(r, one_line, &sb);
    herd_set_len(len, sb.len);
    if (sb.len >= cap)
        return HERD_E_BUFFER;
    herdi_sb_init(&sb, buf, cap);
    write_record(r, one_line, &sb);
    return HERD_OK;
}

/* ------------------------------------------------- games of records */

/* A game of r's rules standing at r's first position, its history empty. */
static int start_game(const herd_record *r, herd_alloc_fn alloc, void *ud, herd_game **out)
{
    herd_game *g;
    int rc = herd_new(r->rules->desc.name, NULL, alloc, ud, &g, NULL);
    if (rc != HERD_OK)
        return rc;
    memcpy(g->state, r->start, r->rules->state_size);
    *out = g;
    return HERD_OK;
}

int herd_record_game(const herd_record *r, size_t ply, herd_alloc_fn alloc, void *ud,
                     herd_game **out)
{
    if (!r || !out)
        return HERD_E_ARG;
    if (ply == HERD_RECORD_END)
        ply = r->plies;
    if (ply > r->plies)
        return HERD_E_RANGE;
    herd_game *g;
    int rc = start_game(r, alloc, ud, &g);
    if (rc != HERD_OK)
        return rc;
    for (size_t k = 0; rc == HERD_OK && k < ply; k++)
        rc = herd_apply(g, r->moves[k]);
    if (rc == HERD_OK && ply == r->plies && r->status.reason >= HERD_REASON_RESIGNED) {
        int side = r->status.result == HERD_WIN ? 1 - r->status.side : -1;
        rc = herd_end(g, r->status.reason, side);
    }
    if (rc != HERD_OK) {
        herd_free(g);
        return rc == HERD_E_NOMEM ? rc : HERD_E_STATE; /* NOMEM: the history could not grow */
    }
    *out = g;
    return HERD_OK;
}

/* ------------------------------------------------- records of games */

/* The options of g as herd_new() takes them, without the seed (the last). */
static void options_without_seed(const herd_game *g, char *buf, size_t cap)
{
    herd_game_options_text(g, buf, cap, NULL);
    char *seed = strstr(buf, "seed=");
    while (seed && seed != buf && seed[-1] != ' ')
        seed = strstr(seed + 1, "seed=");
    if (seed)
        *(seed == buf ? seed : seed - 1) = '\0';
}

/* Sets the tags that say how the game stands: Result, Termination. */
static int put_result_tags(herd_record *r)
{
    if (!put_tag(r, "Result", result_text(&r->status)))
        return 0;
    if (r->status.reason == HERD_REASON_NONE)
        drop_tag(r, "Termination");
    else if (!put_tag(r, "Termination", herd_reason_name(r->status.reason)))
        return 0;
    return 1;
}

/* The tags of a game itself: Game, Start, Options, Seed (from the game at
 * its start). */
static int put_game_tags(herd_record *r, const herd_game *start)
{
    char text[HERD_MAX_SAVE_TEXT];
    if (!put_tag(r, "Game", r->rules->desc.name))
        return 0;
    herd_position_to_text(start, text, sizeof text, NULL);
    if (!put_tag(r, "Start", text))
        return 0;
    options_without_seed(start, text, sizeof text);
    if (!put_tag(r, "Options", text))
        return 0;
    snprintf(text, sizeof text, "%llu", (unsigned long long)herd_game_head(start)->seed);
    return put_tag(r, "Seed", text);
}

/* Whether two states of rules have the same position (by their texts). */
static int same_start(const herd_rules *rules, const void *a, const void *b)
{
    char ta[HERD_MAX_POSITION_TEXT], tb[HERD_MAX_POSITION_TEXT];
    herd_sb sa, sb;
    herdi_sb_init(&sa, ta, sizeof ta);
    herdi_sb_init(&sb, tb, sizeof tb);
    rules->write_position(a, &sa);
    rules->write_position(b, &sb);
    return strcmp(ta, tb) == 0;
}

/* Copies base's comments and clocks of plies 0..upto into r. */
static int copy_notes(herd_record *r, const herd_record *base, size_t upto)
{
    for (size_t k = 0; k <= upto; k++) {
        const char *c = herd_record_comment(base, k);
        if (c && !put_comment(r, k, c, strlen(c)))
            return 0;
        if (k > 0 && clock_at(base, k) != NO_CLOCK) {
            if (!need_clocks(r, k))
                return 0;
            r->clocks[k] = clock_at(base, k);
        }
    }
    return 1;
}

static int fill_from_game(herd_record *r, const herd_game *g, const herd_record *base,
                          herd_game *start)
{
    size_t n = herd_history_length(g);
    for (size_t k = 0; k < n; k++) {
        herd_move m;
        int side;
        herd_history_move(g, k, &m);
        herd_history_side(g, k, &side, NULL);
        if (!push_move(r, m, side))
            return HERD_E_NOMEM;
    }
    herd_get_status(g, &r->status);
    memcpy(r->start, start->state, r->rules->state_size);
    if (base && same_start(r->rules, r->start, base->start)) {
        for (size_t i = 0; i < base->ntags; i++)
            if (!put_tag(r, base->tags[i].key, base->tags[i].value))
                return HERD_E_NOMEM;
        size_t common = 0;
        while (common < r->plies && common < base->plies &&
               r->moves[common] == base->moves[common])
            common++;
        if (!copy_notes(r, base, common))
            return HERD_E_NOMEM;
    } else {
        for (size_t i = 0; base && i < base->ntags; i++)
            if (!game_owned(base->tags[i].key) &&
                !put_tag(r, base->tags[i].key, base->tags[i].value))
                return HERD_E_NOMEM;
        if (!put_game_tags(r, start))
            return HERD_E_NOMEM;
    }
    if (!put_result_tags(r) || (!base && !put_tag(r, "Library", herd_version_string())))
        return HERD_E_NOMEM;
    return HERD_OK;
}

int herd_record_from_game(const herd_game *g, const herd_record *base, herd_alloc_fn alloc,
                          void *ud, herd_record **out)
{
    if (!g || !out || (base && base->rules != g->rules))
        return HERD_E_ARG;
    herd_game *start;
    int rc = herd_clone(g, alloc, ud, &start);
    if (rc != HERD_OK)
        return rc;
    while (herd_undo(start) == HERD_OK)
        ;
    herd_record *r = record_new(g->rules, alloc, ud);
    rc = r ? fill_from_game(r, g, base, start) : HERD_E_NOMEM;
    herd_free(start);
    if (rc != HERD_OK) {
        herd_record_free(r);
        return rc;
    }
    *out = r;
    return HERD_OK;
}

/* ---------------------------------------------------------- reading */

/* Where a record's text lies in the input: from `text` (line `line`,
 * column `column` of the input) for `len` bytes; `number` counts records
 * from 1. */
typedef struct span {
    const char *text;
    size_t len;
    size_t number, line, column;
} span;

/* A refusal with its place: offset `at` in the span. */
static int refuse(const span *sp, herd_record_error *err, int code, size_t at, const char *fmt,
                  ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int refuse(const span *sp, herd_record_error *err, int code, size_t at, const char *fmt,
                  ...)
{
    if (!err)
        return code;
    size_t line = sp->line, column = sp->column;
    for (size_t i = 0; i < at && i < sp->len; i++) {
        if (sp->text[i] == '\n')
            line++, column = 1;
        else
            column += ((unsigned char)sp->text[i] & 0xC0) != 0x80;
    }
    char what[HERD_ERROR_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    err->code = code;
    err->record = sp->number;
    err->line = line;
    err->column = column;
    char whole[2 * HERD_ERROR_MESSAGE_SIZE];
    snprintf(whole, sizeof whole, "record %zu, line %zu, column %zu: %s", sp->number, line, column,
             what);
    size_t n = strlen(whole);
    if (n >= sizeof err->message) { /* cut after a whole character */
        n = sizeof err->message - 1;
        while (n > 0 && ((unsigned char)whole[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(err->message, whole, n);
    err->message[n] = '\0';
    return code;
}

static int is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* A tag as read: key and value (unescaped, into the parser's buffer), and
 * where its value began. */
typedef struct read_tag {
    size_t key, key_len, value, value_len, at;
} read_tag;

#define MAX_READ_TAGS 64

typedef struct parser {
    const span *sp;
    herd_record_error *err;
    herd_alloc_fn alloc;
    void *ud;
    size_t pos;
    read_tag tags[MAX_READ_TAGS];
    size_t ntags;
    char *values; /* the unescaped keys and values, one after another */
    size_t values_len, values_cap;
    herd_record *r;
    herd_game *g;
} parser;

static const char *tag_key(const parser *p, const read_tag *t)
{
    return p->values + t->key;
}

static const char *tag_value(const parser *p, const read_tag *t)
{
    return p->values + t->value;
}

static const read_tag *tag_named(const parser *p, const char *key)
{
    for (size_t i = 0; i < p->ntags; i++)
        if (strcmp(tag_key(p, &p->tags[i]), key) == 0)
            return &p->tags[i];
    return NULL;
}

static int fail_at(parser *p, int code, size_t at, const char *what, const char *detail)
{
    return refuse(p->sp, p->err, code, at, "%s%s%s", what, detail && *detail ? ": " : "",
                  detail ? detail : "");
}

static int add_value_byte(parser *p, char c)
{
    if (p->values_len == p->values_cap &&
        !grow(p->alloc, p->ud, (void **)&p->values, &p->values_cap, p->values_len + 1, 1))
        return 0;
    p->values[p->values_len++] = c;
    return 1;
}

/* One tag `[KEY "VALUE"]` at p->pos. */
static int read_tag_pair(parser *p)
{
    const char *s = p->sp->text;
    size_t n = p->sp->len, i = p->pos + 1;
    if (p->ntags == MAX_READ_TAGS)
        return fail_at(p, HERD_E_PARSE, p->pos, "more than 64 tags", NULL);
    read_tag t;
    t.key = p->values_len;
    size_t k0 = i;
    while (i < n && is_alnum(s[i]))
        i++;
    t.key_len = i - k0;
    if (!key_ok(s + k0, t.key_len) || i + 1 >= n || s[i] != ' ' || s[i + 1] != '"')
        return fail_at(p, HERD_E_PARSE, p->pos,
                       "a tag must be [KEY \"VALUE\"], KEY 1 to 64 letters and digits", NULL);
    for (size_t j = k0; j < i; j++)
        if (!add_value_byte(p, s[j]))
            return HERD_E_NOMEM;
    if (!add_value_byte(p, '\0'))
        return HERD_E_NOMEM;
    i += 2;
    t.at = i;
    t.value = p->values_len;
    for (;;) {
        if (i >= n || s[i] == '\n' || s[i] == '\r')
            return fail_at(p, HERD_E_PARSE, i, "the tag's value has no closing '\"'", NULL);
        char c = s[i];
        if (c == '"')
            break;
        if (c == '\\') {
            if (i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
                c = s[++i];
            else
                return fail_at(p, HERD_E_PARSE, i, "in a tag's value only \\\" and \\\\ are escapes",
                               NULL);
        }
        if (!add_value_byte(p, c))
            return HERD_E_NOMEM;
        i++;
    }
    t.value_len = p->values_len - t.value;
    if (!add_value_byte(p, '\0'))
        return HERD_E_NOMEM;
    if (i + 1 >= n || s[i + 1] != ']')
        return fail_at(p, HERD_E_PARSE, i + 1, "a tag must end with '\"]'", NULL);
    char why[HERD_ERROR_MESSAGE_SIZE];
    herd_msg msg = {why, sizeof why};
    const char *key = tag_key(p, &t);
    if (tag_named(p, key))
        return fail_at(p, HERD_E_PARSE, p->pos, "a tag given twice", key);
    if (check_tag_value(key, tag_value(p, &t), msg) != HERD_OK)
        return fail_at(p, HERD_E_PARSE, t.at, why, NULL);
    p->tags[p->ntags++] = t;
    p->pos = i + 2;
    return HERD_OK;
}

static void skip_space(parser *p)
{
    while (p->pos < p->sp->len && is_space(p->sp->text[p->pos]))
        p->pos++;
}

static int read_tags(parser *p)
{
    int rc;
    skip_space(p);
    while (p->pos < p->sp->len && p->sp->text[p->pos] == '[') {
        if ((rc = read_tag_pair(p)) != HERD_OK)
            return rc;
        skip_space(p);
    }
    static const char *const required[] = {"Game", "Start", "Result"};
    for (size_t i = 0; i < 3; i++)
        if (!tag_named(p, required[i]))
            return refuse(p->sp, p->err, HERD_E_PARSE, p->ntags ? p->tags[0].key : 0,
                          "the record has no %s tag", required[i]);
    const read_tag *result = tag_named(p, "Result");
    if (!is_result(tag_value(p, result), result->value_len))
        return fail_at(p, HERD_E_PARSE, result->at, "Result must be 1-0, 0-1, 1/2-1/2 or *", NULL);
    const read_tag *seed = tag_named(p, "Seed");
    if (seed) {
        herd_scan sc = {tag_value(p, seed)};
        uint64_t v;
        if (!herdi_scan_uint(&sc, UINT64_MAX, &v) || !herdi_scan_end(&sc))
            return fail_at(p, HERD_E_PARSE, seed->at, "Seed must be a whole number", NULL);
    }
    return HERD_OK;
}

/* The game of the tags at its first position: herd_new() with Options and
 * Seed, then Start where it is not that game's first position. */
static int make_start(parser *p)
{
    const read_tag *game = tag_named(p, "Game"), *start = tag_named(p, "Start");
    const read_tag *options = tag_named(p, "Options"), *seed = tag_named(p, "Seed");
    const herd_game_desc *d = herd_game_desc_find(tag_value(p, game));
    if (!d)
        return fail_at(p, HERD_E_UNKNOWN, game->at, "no game is called that", NULL);
    char text[TEXT_MAX + 64];
    snprintf(text, sizeof text, "%s%s%s%s", options ? tag_value(p, options) : "",
             options && seed && options->value_len ? " " : "", seed ? "seed=" : "",
             seed ? tag_value(p, seed) : "");
    herd_error e;
    int rc = herd_new(d->name, text, p->alloc, p->ud, &p->g, &e);
    if (rc != HERD_OK)
        return fail_at(p, rc, options ? options->at : game->at, "Options", e.message);
    char now[HERD_MAX_POSITION_TEXT];
    herd_position_to_text(p->g, now, sizeof now, NULL);
    if (strcmp(now, tag_value(p, start)) != 0 &&
        (rc = herd_position_from_text(p->g, tag_value(p, start))) != HERD_OK)
        return fail_at(p, rc, start->at, "Start", herd_last_error(p->g));
    p->r = record_new(p->g->rules, p->alloc, p->ud);
    if (!p->r)
        return refuse(p->sp, p->err, HERD_E_NOMEM, 0, "out of memory");
    memcpy(p->r->start, p->g->state, p->g->rules->state_size);
    return HERD_OK;
}

/* A clock at the start of a comment, in the writer's form exactly: `[%clk
 * H:MM:SS]` then the end or a space; its length, or 0. */
static size_t read_clock(const char *s, size_t n, int64_t *ms)
{
    size_t i = 6;
    if (n < 14 || memcmp(s, "[%clk ", 6) != 0)
        return 0;
    uint64_t h = 0;
    size_t d0 = i;
    while (i < n && s[i] >= '0' && s[i] <= '9' && i - d0 < 12)
        h = h * 10 + (uint64_t)(s[i++] - '0');
    if (i == d0 || (s[d0] == '0' && i - d0 > 1) || i + 7 > n || s[i] != ':' || s[i + 3] != ':' ||
        s[i + 6] != ']')
        return 0;
    int mm[2];
    for (int k = 0; k < 2; k++) {
        char a = s[i + 1 + 3 * (size_t)k], b = s[i + 2 + 3 * (size_t)k];
        if (a < '0' || a > '5' || b < '0' || b > '9')
            return 0;
        mm[k] = (a - '0') * 10 + (b - '0');
    }
    i += 7;
    if (i < n && s[i] != ' ')
        return 0;
    *ms = ((int64_t)h * 3600 + mm[0] * 60 + mm[1]) * 1000;
    return i;
}

/* A comment from p->pos (at its `{`), for ply. */
static int read_comment(parser *p, size_t ply, int *seen)
{
    const char *s = p->sp->text;
    size_t open = p->pos, n = p->sp->len;
    const char *close = memchr(s + open, '}', n - open);
    if (!close)
        return fail_at(p, HERD_E_PARSE, open, "a comment without its '}'", NULL);
    if (*seen)
        return fail_at(p, HERD_E_PARSE, open, "a second comment after one action", NULL);
    *seen = 1;
    size_t len = (size_t)(close - s) - open - 1;
    char buf[TEXT_MAX + 64];
    if (len >= sizeof buf)
        return fail_at(p, HERD_E_PARSE, open, "a comment longer than 4096 bytes", NULL);
    /* Line ends inside a comment are the writer's breaks: spaces. */
    size_t k = 0;
    for (size_t i = open + 1; i < open + 1 + len; i++) {
        if (s[i] == '\r' && i + 1 < open + 1 + len && s[i + 1] == '\n')
            continue;
        buf[k++] = s[i] == '\n' ? ' ' : s[i];
    }
    int64_t ms = NO_CLOCK;
    /* A clock before the first action is free text. */
    size_t c = ply > 0 ? read_clock(buf, k, &ms) : 0;
    const char *text = c ? buf + c + (c < k) : buf; /* after the clock's space */
    size_t tn = k - (size_t)(text - buf);
    const char *why = comment_problem(buf, k);
    if (why)
        return fail_at(p, HERD_E_PARSE, open, "the comment", why);
    if (c) {
        if (!need_clocks(p->r, ply))
            return refuse(p->sp, p->err, HERD_E_NOMEM, open, "out of memory");
        p->r->clocks[ply] = ms;
    }
    if ((c == 0 || c < k) && !put_comment(p->r, ply, text, tn))
        return refuse(p->sp, p->err, HERD_E_NOMEM, open, "out of memory");
    p->pos = (size_t)(close - s) + 1;
    return HERD_OK;
}

/* A turn number `N.`: its value, or 0 when the token is none. */
static unsigned long turn_number(const char *s, size_t n)
{
    if (n < 2 || s[n - 1] != '.' || s[0] == '0')
        return 0;
    unsigned long v = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i] < '0' || s[i] > '9' || v > 100000000)
            return 0;
        v = v * 10 + (unsigned long)(s[i] - '0');
    }
    return v;
}

/* A tag's value in a message, by the one rule of echoed input. */
static const char *quote_value(const parser *p, const read_tag *t, char quoted[48])
{
    return herdi_quote_input(quoted, 48, tag_value(p, t), t->value_len);
}

/* Checks the Result and Termination tags against the final position;
 * sets the record's status. */
static int check_result(parser *p)
{
    char quoted[48];
    herd_status st;
    herd_get_status(p->g, &st);
    const read_tag *result = tag_named(p, "Result"), *term = tag_named(p, "Termination");
    const char *rv = tag_value(p, result);
    herd_reason by_players = term ? players_reason(tag_value(p, term)) : HERD_REASON_NONE;
    const char *side_names[2] = {herd_side_name(p->g, 0), herd_side_name(p->g, 1)};
    if (st.result != HERD_ONGOING) {
        if (strcmp(rv, result_text(&st)) != 0)
            return refuse(p->sp, p->err, HERD_E_ILLEGAL, result->at,
                          "Result %s, but the final position is %s (%s): %s", rv,
                          st.result == HERD_WIN ? "won" : "drawn", herd_reason_name(st.reason),
                          result_text(&st));
        if (term && strcmp(tag_value(p, term), herd_reason_name(st.reason)) != 0)
            return refuse(p->sp, p->err, HERD_E_ILLEGAL, term->at,
                          "Termination '%s', but the final position ended by %s",
                          quote_value(p, term, quoted), herd_reason_name(st.reason));
        p->r->status = st;
        return HERD_OK;
    }
    if (term && by_players == HERD_REASON_NONE)
        return refuse(p->sp, p->err, HERD_E_ILLEGAL, term->at,
                      "Termination '%s', but the final position goes on (%s to act)",
                      quote_value(p, term, quoted), side_names[st.side]);
    if (!term) {
        if (strcmp(rv, "*") != 0)
            return refuse(p->sp, p->err, HERD_E_ILLEGAL, result->at,
                          "Result %s, but the final position goes on and no Termination "
                          "says how it ended",
                          rv);
        p->r->status = st;
        return HERD_OK;
    }
    /* Ended by the players: the Result must be one that ending gives. */
    int ok, side = -1;
    if (by_players == HERD_REASON_AGREED)
        ok = strcmp(rv, "1/2-1/2") == 0;
    else if (by_players == HERD_REASON_ABANDONED)
        ok = strcmp(rv, "*") == 0;
    else
        ok = (side = strcmp(rv, "1-0") == 0 ? 1 : strcmp(rv, "0-1") == 0 ? 0 : -1) >= 0;
    if (!ok)
        return refuse(p->sp, p->err, HERD_E_ILLEGAL, result->at,
                      "Result %s does not go with Termination %s", rv, tag_value(p, term));
    herd_end(p->g, by_players, side);
    herd_get_status(p->g, &p->r->status);
    return HERD_OK;
}

/* One action token at p->pos, n bytes. */
static int read_action(parser *p, size_t n, unsigned long *turn, unsigned long pending,
                       size_t pending_at)
{
    const char *s = p->sp->text + p->pos;
    const herd_rules *rules = p->g->rules;
    herd_head *h = herd_game_head(p->g);
    char text[HERD_MAX_MOVE_TEXT];
    char quoted[48];
    herd_move m;
    if (memchr(s, '}', n))
        return fail_at(p, HERD_E_PARSE, p->pos,
                       "a '}' outside a comment (a comment cannot hold '}')", NULL);
    if (n >= sizeof text)
        return refuse(p->sp, p->err, HERD_E_PARSE, p->pos, "'%s' is no action of %s",
                      herdi_quote_input(quoted, sizeof quoted, s, n), rules->desc.name);
    memcpy(text, s, n);
    text[n] = '\0';
    int side = h->side;
    int new_turn = p->r->plies == 0 || p->r->sides[p->r->plies - 1] != side;
    if (new_turn)
        ++*turn;
    if (pending && (!new_turn || pending != *turn))
        return refuse(p->sp, p->err, HERD_E_PARSE, pending_at,
                      new_turn ? "turn number %lu, but this is turn %lu"
                               : "turn number %lu in the middle of turn %lu",
                      pending, *turn);
    if (h->result != HERD_ONGOING)
        return refuse(p->sp, p->err, HERD_E_ILLEGAL, p->pos,
                      "'%s': the game is over (%s) before it",
                      herdi_quote_input(quoted, sizeof quoted, s, n),
                      herd_reason_name((herd_reason)h->reason));
    int rc = rules->read_move(p->g->state, text, &m, herd_game_msg(p->g));
    if (rc != HERD_OK)
        return refuse(p->sp, p->err, HERD_E_PARSE, p->pos, "'%s' is no action of %s: %s",
                      herdi_quote_input(quoted, sizeof quoted, s, n), rules->desc.name,
                      herd_last_error(p->g));
    rc = herd_apply(p->g, m);
    if (rc == HERD_E_NOMEM)
        return refuse(p->sp, p->err, rc, p->pos, "out of memory");
    if (rc != HERD_OK)
        return refuse(p->sp, p->err, HERD_E_ILLEGAL, p->pos,
                      "%s is not a legal action of %s here (%s)", text, rules->desc.side_names[side],
                      herd_last_error(p->g));
    if (!push_move(p->r, m, side))
        return refuse(p->sp, p->err, HERD_E_NOMEM, p->pos, "out of memory");
    return HERD_OK;
}

static int read_movetext(parser *p)
{
    const char *s = p->sp->text;
    size_t n = p->sp->len;
    unsigned long turn = 0, pending = 0;
    size_t pending_at = 0;
    int commented = 0; /* a comment after the last action */
    for (;;) {
        skip_space(p);
        if (p->pos >= n)
            return refuse(p->sp, p->err, HERD_E_PARSE, n,
                          "the movetext ends without its result (1-0, 0-1, 1/2-1/2 or *)");
        int rc;
        if (s[p->pos] == '{') {
            if (pending)
                return refuse(p->sp, p->err, HERD_E_PARSE, p->pos,
                              "a comment between a turn number and its action");
            if ((rc = read_comment(p, p->r->plies, &commented)) != HERD_OK)
                return rc;
            continue;
        }
        size_t e = p->pos;
        while (e < n && !is_space(s[e]) && s[e] != '{')
            e++;
        size_t len = e - p->pos;
        if (is_result(s + p->pos, len)) {
            const read_tag *result = tag_named(p, "Result");
            if (pending || len != result->value_len ||
                memcmp(s + p->pos, tag_value(p, result), len) != 0)
                return refuse(p->sp, p->err, HERD_E_PARSE, p->pos,
                              pending ? "the result after a turn number"
                                      : "the movetext's result is not the Result tag's %s",
                              tag_value(p, result));
            p->pos = e;
            skip_space(p);
            if (p->pos < n)
                return refuse(p->sp, p->err, HERD_E_PARSE, p->pos,
                              "text after the movetext's result");
            return check_result(p);
        }
        unsigned long t = turn_number(s + p->pos, len);
        if (t) {
            if (pending)
                return refuse(p->sp, p->err, HERD_E_PARSE, p->pos, "two turn numbers in a row");
            pending = t;
            pending_at = p->pos;
            p->pos = e;
            continue;
        }
        if ((rc = read_action(p, len, &turn, pending, pending_at)) != HERD_OK)
            return rc;
        pending = 0;
        commented = 0;
        p->pos = e;
    }
}

/* Tags of the text into the record, in records.md's order. */
static int store_tags(parser *p)
{
    for (size_t i = 0; i < p->ntags; i++)
        if (!put_tag(p->r, tag_key(p, &p->tags[i]), tag_value(p, &p->tags[i])))
            return refuse(p->sp, p->err, HERD_E_NOMEM, 0, "out of memory");
    return HERD_OK;
}

static int parse_span(const span *sp, herd_alloc_fn alloc, void *ud, herd_record **out,
                      herd_record_error *err)
{
    parser p;
    memset(&p, 0, sizeof p);
    if (err)
        err->code = HERD_OK;
    p.sp = sp;
    p.err = err;
    p.alloc = alloc ? alloc : herdi_default_alloc;
    p.ud = ud;
    int rc = read_tags(&p);
    if (rc == HERD_OK)
        rc = make_start(&p);
    if (rc == HERD_OK)
        rc = read_movetext(&p);
    if (rc == HERD_OK)
        rc = store_tags(&p);
    mem_free(p.alloc, p.ud, p.values, p.values_cap);
    herd_free(p.g);
    if (rc != HERD_OK && err && err->code != rc) /* an allocation that said nothing */
        refuse(sp, err, rc, p.pos, "out of memory");
    if (rc != HERD_OK) {
        herd_record_free(p.r);
        return rc;
    }
    *out = p.r;
    return HERD_OK;
}

/* ---------------------------------------------------------- readers */

/* Where a record ends, found before it is parsed, by a scan that can stop
 * where the input runs out and go on when more has come: the tags (their
 * quoted values may hold anything), then the movetext, whose comments may
 * hold anything but '}', up to its result (or the '[' of the next record,
 * or the end of the input). */
typedef struct scanner {
    size_t pos;       /* from the record's start */
    int movetext;     /* past the tags */
    int in_tag, in_quote, escape, in_comment;
    int newlines;     /* line ends since the last tag */
    size_t token;     /* where the open token began + 1; 0: none */
} scanner;

enum { SCAN_MORE, SCAN_FOUND };

/* Scans s[0..n) on from sc->pos; *end receives the record's length. */
static int scan_record(scanner *sc, const char *s, size_t n, int at_eof, size_t *end)
{
    for (; sc->pos < n; sc->pos++) {
        char c = s[sc->pos];
        if (!sc->movetext) {
            if (sc->in_quote) {
                if (sc->escape)
                    sc->escape = 0;
                else if (c == '\\')
                    sc->escape = 1;
                else if (c == '"')
                    sc->in_quote = 0;
                else if (c == '\n')
                    sc->in_quote = sc->in_tag = 0;
            } else if (sc->in_tag) {
                if (c == '"')
                    sc->in_quote = 1;
                else if (c == ']' || c == '\n')
                    sc->in_tag = 0, sc->newlines = 0;
            } else if (c == '[') {
                if (sc->newlines >= 2 && sc->pos > 0) { /* a record without movetext */
                    *end = sc->pos;
                    return SCAN_FOUND;
                }
                sc->in_tag = 1;
            } else if (c == '\n') {
                sc->newlines++;
            } else if (!is_space(c)) {
                sc->movetext = 1;
                sc->pos--; /* this byte again, as movetext */
            }
            continue;
        }
        if (sc->in_comment) {
            if (c == '}')
                sc->in_comment = 0;
            continue;
        }
        if (is_space(c) || c == '{') {
            if (sc->token && is_result(s + sc->token - 1, sc->pos - (sc->token - 1))) {
                *end = sc->pos;
                return SCAN_FOUND;
            }
            sc->token = 0;
            sc->in_comment = c == '{';
        } else if (!sc->token) {
            if (c == '[') { /* the next record: this one lacks its result */
                *end = sc->pos;
                return SCAN_FOUND;
            }
            sc->token = sc->pos + 1;
        }
    }
    if (!at_eof)
        return SCAN_MORE;
    *end = n;
    return SCAN_FOUND;
}

struct herd_record_reader {
    herd_alloc_fn alloc;
    void *ud;
    FILE *file; /* NULL: a buffer */
    const char *text; /* the buffer's text, or buf */
    char *buf;        /* the file's window */
    size_t cap;       /* of buf */
    size_t head, tail; /* the unread bytes: text[head..tail) */
    int eof;
    size_t max_bytes;
    size_t number, line, column; /* of the next record, where it starts */
    int stopped;                 /* a fatal error, kept in `fatal` */
    herd_record_error fatal;
};

static int reader_new(herd_alloc_fn alloc, void *ud, size_t max_bytes, herd_record_reader **out)
{
    herd_record_reader *rd = zeroed_new(&alloc, ud, sizeof *rd);
    if (!rd)
        return HERD_E_NOMEM;
    rd->alloc = alloc;
    rd->ud = ud;
    rd->max_bytes = max_bytes ? max_bytes : DEFAULT_MAX_BYTES;
    rd->line = rd->column = 1;
    *out = rd;
    return HERD_OK;
}

int herd_record_reader_from_buffer(const char *text, size_t len, size_t max_bytes,
                                   herd_alloc_fn alloc, void *ud, herd_record_reader **out)
{
    if ((!text && len) || !out)
        return HERD_E_ARG;
    herd_record_reader *rd;
    int rc = reader_new(alloc, ud, max_bytes, &rd);
    if (rc != HERD_OK)
        return rc;
    rd->text = text ? text : "";
    rd->tail = len;
    rd->eof = 1;
    *out = rd;
    return HERD_OK;
}

int herd_record_reader_from_file(FILE *f, size_t max_bytes, herd_alloc_fn alloc, void *ud,
                                 herd_record_reader **out)
{
    if (!f || !out)
        return HERD_E_ARG;
    herd_record_reader *rd;
    int rc = reader_new(alloc, ud, max_bytes, &rd);
    if (rc != HERD_OK)
        return rc;
    rd->file = f;
    *out = rd;
    return HERD_OK;
}

void herd_record_reader_free(herd_record_reader *rd)
{
    if (!rd)
        return;
    mem_free(rd->alloc, rd->ud, rd->buf, rd->cap);
    rd->alloc(rd->ud, rd, sizeof *rd, 0);
}

/* Reads more of the file into the window, keeping text[head..tail): moves
 * it to the front, grows the window (up to max_bytes and a chunk) when it is
 * full. HERD_OK (eof set at the end), or an error. */
static int refill(herd_record_reader *rd)
{
    if (rd->head > 0) {
        memmove(rd->buf, rd->buf + rd->head, rd->tail - rd->head);
        rd->tail -= rd->head;
        rd->head = 0;
    }
    if (rd->tail == rd->cap) {
        size_t cap = rd->cap ? rd->cap * 2 : CHUNK;
        size_t most = herd_bytes_add(rd->max_bytes, CHUNK);
        if (cap > most)
            cap = most;
        if (cap <= rd->cap)
            return HERD_E_NOMEM; /* over max_bytes: the caller says so */
        char *b = rd->alloc(rd->ud, rd->buf, rd->cap, cap);
        if (!b)
            return HERD_E_NOMEM;
        rd->buf = b;
        rd->cap = cap;
    }
    size_t got = fread(rd->buf + rd->tail, 1, rd->cap - rd->tail, rd->file);
    rd->tail += got;
    rd->text = rd->buf;
    if (got == 0) {
        if (ferror(rd->file))
            return HERD_E_STATE;
        rd->eof = 1;
    }
    return HERD_OK;
}

/* Moves the reader's place over n bytes of text (lines and columns). */
static void advance(herd_record_reader *rd, size_t n)
{
    const char *s = rd->text + rd->head;
    for (const char *nl; (nl = memchr(s, '\n', n)) != NULL;) {
        rd->line++;
        rd->column = 1;
        n -= (size_t)(nl + 1 - s);
        s = nl + 1;
    }
    rd->column += utf8_chars(s, n);
    rd->head += (size_t)(s + n - (rd->text + rd->head));
}

/* Stops the reader with a refusal that every later call repeats; `number`
 * is the record's whose reading failed. */
static int stop(herd_record_reader *rd, herd_record_error *err, size_t number, int code,
                const char *what)
{
    span sp = {"", 0, number, rd->line, rd->column}; /* nothing to count in */
    rd->stopped = 1;
    refuse(&sp, &rd->fatal, code, 0, "%s", what);
    if (err)
        *err = rd->fatal;
    return code;
}

int herd_record_read(herd_record_reader *rd, herd_record **out, herd_record_error *err)
{
    if (!rd || !out)
        return HERD_E_ARG;
    if (rd->stopped) {
        if (err)
            *err = rd->fatal;
        return rd->fatal.code;
    }
    /* White space between records is nobody's. */
    for (;;) {
        while (rd->head < rd->tail && is_space(rd->text[rd->head]))
            advance(rd, 1);
        if (rd->head < rd->tail || rd->eof)
            break;
        int rc = refill(rd);
        if (rc != HERD_OK)
            return stop(rd, err, rd->number + 1, rc,
                        rc == HERD_E_NOMEM ? "out of memory" : "the file could not be read");
    }
    if (rd->head == rd->tail) {
        *out = NULL;
        return HERD_E_STATE;
    }
    rd->number++;
    scanner sc;
    memset(&sc, 0, sizeof sc);
    size_t len;
    for (;;) {
        size_t avail = rd->tail - rd->head;
        size_t limit = avail > rd->max_bytes ? rd->max_bytes : avail;
        int found = scan_record(&sc, rd->text + rd->head, limit, rd->eof && limit == avail, &len);
        if (found == SCAN_FOUND)
            break;
        if (avail >= rd->max_bytes || !rd->file) {
            char what[96];
            snprintf(what, sizeof what, "the record is longer than %zu bytes", rd->max_bytes);
            return stop(rd, err, rd->number, HERD_E_NOMEM, what);
        }
        int rc = refill(rd);
        if (rc != HERD_OK)
            return stop(rd, err, rd->number, rc,
                        rc == HERD_E_NOMEM ? "out of memory" : "the file could not be read");
    }
    span sp = {rd->text + rd->head, len, rd->number, rd->line, rd->column};
    int rc = parse_span(&sp, rd->alloc, rd->ud, out, err);
    advance(rd, len);
    return rc;
}

int herd_record_parse(const char *text, size_t len, herd_alloc_fn alloc, void *ud,
                      herd_record **out, herd_record_error *err)
{
    if (!text || !out)
        return HERD_E_ARG;
    herd_record_reader rd;
    memset(&rd, 0, sizeof rd);
    rd.alloc = alloc ? alloc : herdi_default_alloc;
    rd.ud = ud;
    rd.text = text;
    rd.tail = len;
    rd.eof = 1;
    rd.max_bytes = SIZE_MAX;
    rd.line = rd.column = 1;
    herd_record *r;
    int rc = herd_record_read(&rd, &r, err);
    if (rc == HERD_E_STATE) {
        span sp = {text, 0, 1, 1, 1};
        return refuse(&sp, err, HERD_E_PARSE, 0, "no record: the text is empty");
    }
    if (rc != HERD_OK)
        return rc;
    while (rd.head < rd.tail && is_space(rd.text[rd.head]))
        advance(&rd, 1);
    if (rd.head < rd.tail) {
        span sp = {rd.text + rd.head, rd.tail - rd.head, 1, rd.line, rd.column};
        herd_record_free(r);
        return refuse(&sp, err, HERD_E_PARSE, 0, "text after the record");
    }
    *out = r;
    return HERD_OK;
}

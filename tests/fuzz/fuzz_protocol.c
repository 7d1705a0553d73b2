/* A protocol fuzzer: the `herd` program's command loop (programs/herd.c,
 * compiled in without its main()) runs in-process on the input as its
 * standard input, and every answer is checked against the framing of
 * docs/protocol.md:
 *   - every line that is not blank gets exactly one answer, up to `quit`,
 *     and nothing follows the last answer;
 *   - an answer is `=`, `= PAYLOAD` or `? MESSAGE` (a message never empty),
 *     then an empty line; only `show` (and `help`) span several lines;
 *   - no answer carries a control byte other than the newlines of the
 *     framing, nor invalid UTF-8, nor U+2028 or U+2029 (echoed input is
 *     escaped: clean_text.h).
 * A broken promise aborts, which the fuzzer reports with the input. Built
 * with tests/fuzz/replay.c it replays its corpus (tests/fuzz/corpus_protocol)
 * in CTest. Inputs that ask for perft deeper than 3, or for genmove or hint
 * at a level above 2, are skipped: the loop would run for seconds or minutes
 * on them, and their framing is covered at the lower ones (test_ai and
 * test_interrupt test the searches). */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "herd_session.h"

#define FUZZ_NAME "fuzz_protocol"
#include "fuzz_check.h"

/* As programs/herd.c reads lines: the line and its NUL. */
#define MAX_LINE (HERD_SESSION_MAX_LINE + 1)

/* What the loop must answer for one input line. */
typedef struct expected {
    size_t answers;  /* lines that get an answer */
    int multi[4096]; /* for each: may the answer span several lines? */
} expected;

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Whether [p, end) holds `word` followed (anywhere after it) by a digit
 * above `top` or by a number of two digits. */
static int asks_above(const char *p, const char *end, const char *word, char top)
{
    size_t n = strlen(word);
    for (const char *s = p; s + n <= end; s++) {
        if (memcmp(s, word, n) != 0)
            continue;
        for (const char *d = s + n; d < end; d++)
            if (*d >= '0' && *d <= '9' && (*d > top || (d + 1 < end && d[1] >= '0' && d[1] <= '9')))
                return 1;
    }
    return 0;
}

/* A line the loop would spend seconds or more on. */
static int slow(const char *p, const char *end)
{
    return asks_above(p, end, "perft", '3') || asks_above(p, end, "genmove", '2') ||
           asks_above(p, end, "hint", '2');
}

/* Splits the input into lines as the loop reads them and tells which get
 * an answer; returns 0 to skip the input. */
static int expect_answers(const uint8_t *data, size_t size, expected *e)
{
    const char *p = (const char *)data, *end = p + size;
    e->answers = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        size_t len = (size_t)(stop - p);
        if (slow(p, stop))
            return 0;
        if (e->answers == sizeof e->multi / sizeof e->multi[0])
            return 0;
        const char *nul = memchr(p, '\0', len);
        if (len && p[len - 1] == '\r')
            len--; /* a carriage return before the newline takes no room */
        if (nul || len > MAX_LINE - 1) {
            e->multi[e->answers++] = 0; /* one `?` answer */
        } else {
            size_t i = 0;
            while (i < len && is_blank(p[i]))
                i++;
            if (i < len) {
                size_t w = i;
                while (w < len && !is_blank(p[w]))
                    w++;
                const char *cmd = p + i;
                size_t n = w - i;
                /* protocol.md: only show, help and games answer on several lines. */
                e->multi[e->answers++] = (n == 4 && memcmp(cmd, "show", 4) == 0) ||
                                         (n == 4 && memcmp(cmd, "help", 4) == 0) ||
                                         (n == 5 && memcmp(cmd, "games", 5) == 0);
                if (n == 4 && memcmp(cmd, "quit", 4) == 0)
                    return 1;
            }
        }
        p = nl ? nl + 1 : end;
    }
    return 1;
}

static void check_framing(const char *out, size_t size, const expected *e)
{
    const char *p = out, *end = out + size;
    for (size_t a = 0; a < e->answers; a++) {
        size_t lines = 0;
        for (;;) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            CHECK(nl); /* every answer ends with an empty line */
            size_t len = (size_t)(nl - p);
            if (len == 0) {
                CHECK(lines > 0);
                p = nl + 1;
                break;
            }
            CHECK(clean_line(p, len));
            if (lines == 0) {
                int ok = (len == 1 && p[0] == '=') || (len > 2 && p[0] == '=' && p[1] == ' ') ||
                         (len > 2 && p[0] == '?' && p[1] == ' ');
                CHECK(ok);
                if (p[0] == '?')
                    CHECK(nl + 1 < end && nl[1] == '\n'); /* a message is one line */
            }
            lines++;
            p = nl + 1;
        }
        CHECK(lines == 1 || e->multi[a]);
    }
    CHECK(p == end); /* nothing but the answers */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static expected e;
    if (size == 0 || !expect_answers(data, size, &e))
        return 0;
#ifdef _WIN32 /* no memory streams there: temporary files (binary) */
    FILE *in = tmpfile(), *out = tmpfile();
    CHECK(in && out);
    CHECK(fwrite(data, 1, size, in) == size);
    rewind(in);
    CHECK(herd_session_run(in, out) == 0);
    fclose(in);
    long written = ftell(out);
    CHECK(written >= 0);
    char *out_buf = malloc((size_t)written + 1);
    CHECK(out_buf != NULL);
    rewind(out);
    size_t out_size = fread(out_buf, 1, (size_t)written, out);
    CHECK(out_size == (size_t)written);
    fclose(out);
#else
    FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
    char *out_buf = NULL;
    size_t out_size = 0;
    FILE *out = open_memstream(&out_buf, &out_size);
    CHECK(in && out);
    CHECK(herd_session_run(in, out) == 0);
    fclose(in);
    fclose(out);
#endif
    check_framing(out_buf, out_size, &e);
    free(out_buf);
    return 0;
}

/* ---------------------------------------------------- for replay.c */

int fuzz_input_plays(const uint8_t *data, size_t size, const char *name)
{
    size_t n = strlen(name);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        if ((size_t)(stop - p) >= 4 + n && memcmp(p, "new ", 4) == 0 &&
            memcmp(p + 4, name, n) == 0 && (p + 4 + n == stop || p[4 + n] == ' '))
            return 1;
        p = nl ? nl + 1 : end;
    }
    return 0;
}

/* A session of the game: `new` with the options, the questions, six
 * actions (rolled, or played after a hint), the computer, undo, perft, save
 * and its load, solve. */
size_t fuzz_registry_input(const char *name, const char *options, uint8_t *buf, size_t cap)
{
    herd_game *g;
    herd_move m;
    static char save[HERD_MAX_SAVE_TEXT];
    char *out = (char *)buf;
    size_t k = 0, len;
    if (herd_new(name, options, NULL, NULL, &g, NULL) != HERD_OK)
        return 0;
    fuzz_appendf(out, cap, &k, "new %s %s\nposition\nstatus\nlegal\nshow\nlevels\n", name, options);
    for (unsigned i = 0; i < 6 && fuzz_walk_action(g, i, 5, &m); i++) {
        if (herd_is_chance(g)) {
            fuzz_appendf(out, cap, &k, "roll\n");
            CHECK(herd_roll(g, NULL) == HERD_OK);
            continue;
        }
        fuzz_appendf(out, cap, &k, "hint 1\nplay %s\n", fuzz_move_text(g, m));
        CHECK(herd_apply(g, m) == HERD_OK);
    }
    CHECK(herd_save(g, save, sizeof save, &len) == HERD_OK);
    fuzz_appendf(out, cap, &k, "genmove 1\nundo\nperft 2\nsave\nload %s\nsolve\nstatus\n", save);
    herd_free(g);
    return k;
}

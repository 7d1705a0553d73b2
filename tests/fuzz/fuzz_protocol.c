/* A protocol fuzzer: the `herd` program's command loop (examples/herd.c,
 * compiled in without its main()) runs in-process on the input as its
 * standard input, and every answer is checked against the framing of
 * docs/protocol.md:
 *   - every line that is not blank gets exactly one answer, up to `quit`,
 *     and nothing follows the last answer;
 *   - an answer is `=`, `= PAYLOAD` or `? MESSAGE` (a message never empty),
 *     then an empty line; only `show` (and `help`) span several lines;
 *   - no answer carries a control byte other than the newlines of the
 *     framing, nor invalid UTF-8 (echoed input is escaped).
 * A broken promise aborts, which the fuzzer reports with the input. Built
 * with tests/fuzz/replay.c it replays its corpus (tests/fuzz/corpus_protocol)
 * in CTest. Inputs that ask for perft deeper than 3 are skipped: the loop
 * would run for minutes on them, and the framing of perft is covered. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "herd_session.h"

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "fuzz_protocol: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                  \
        }                                                                             \
    } while (0)

/* As examples/herd.c reads lines. */
#define MAX_LINE 8192

/* What the loop must answer for one input line. */
typedef struct expected {
    size_t answers;  /* lines that get an answer */
    int multi[4096]; /* for each: may the answer span several lines? */
} expected;

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Whether a digit string in [p, end) has a value above 3. */
static int deep_perft(const char *p, const char *end)
{
    const char *s = p;
    while (s + 5 <= end && (s = memchr(s, 'p', (size_t)(end - s))) != NULL) {
        if (s + 5 <= end && memcmp(s, "perft", 5) == 0)
            for (const char *d = s + 5; d < end; d++)
                if (*d >= '0' && *d <= '9' &&
                    (*d > '3' || (d + 1 < end && d[1] >= '0' && d[1] <= '9')))
                    return 1;
        s++;
    }
    return 0;
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
        if (deep_perft(p, stop))
            return 0;
        if (e->answers == sizeof e->multi / sizeof e->multi[0])
            return 0;
        const char *nul = memchr(p, '\0', len);
        if (nul || len > MAX_LINE - 1) {
            /* One `?` answer (a carriage return before the newline
             * counts toward the length). */
            e->multi[e->answers++] = 0;
        } else {
            if (len && p[len - 1] == '\r')
                len--;
            size_t i = 0;
            while (i < len && is_blank(p[i]))
                i++;
            if (i < len) {
                size_t w = i;
                while (w < len && !is_blank(p[w]))
                    w++;
                const char *cmd = p + i;
                size_t n = w - i;
                e->multi[e->answers++] = (n == 4 && memcmp(cmd, "show", 4) == 0) ||
                                         (n == 4 && memcmp(cmd, "help", 4) == 0);
                if (n == 4 && memcmp(cmd, "quit", 4) == 0)
                    return 1;
            }
        }
        p = nl ? nl + 1 : end;
    }
    return 1;
}

/* One answer's line: printable, tabs allowed in free-format boards, valid
 * UTF-8 without C1 controls. */
static void check_clean(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n; i++) {
        CHECK(u[i] >= 0x20 && u[i] != 0x7F);
        if (u[i] >= 0x80) {
            size_t k = u[i] >= 0xF0 ? 4 : u[i] >= 0xE0 ? 3 : 2;
            CHECK(u[i] >= 0xC2 && u[i] <= 0xF4 && i + k <= n);
            for (size_t j = 1; j < k; j++)
                CHECK(u[i + j] >= 0x80 && u[i + j] <= 0xBF);
            CHECK(!(u[i] == 0xC2 && u[i + 1] < 0xA0));
            i += k - 1;
        }
    }
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
            check_clean(p, len);
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
    FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
    char *out_buf = NULL;
    size_t out_size = 0;
    FILE *out = open_memstream(&out_buf, &out_size);
    CHECK(in && out);
    CHECK(herd_session_run(in, out) == 0);
    fclose(in);
    fclose(out);
    check_framing(out_buf, out_size, &e);
    free(out_buf);
    return 0;
}

/* An action-sequence fuzzer with invariants, for every game, through the
 * generic API only.
 *
 * Input: the first line is "GAME OPTIONS" (as herd_new() takes them; when
 * the options are refused the game's defaults are used); every further byte
 * chooses an operation and its arguments: play a listed action, undo, let
 * the computer play or roll the dice, try an arbitrary 64-bit value, check
 * perft, copy into caller memory, round-trip the texts. After every
 * operation the invariants are checked:
 *   - every listed action is accepted, and herd_is_legal() agrees with the
 *     list (also for arbitrary values, which are refused exactly when they
 *     are not listed);
 *   - the game is ongoing exactly when it has actions;
 *   - undo after an action restores herd_same_position();
 *   - perft(d) is the sum of perft(d-1) over the children;
 *   - everything the game writes reads back: its position, its save, every
 *     listed action's text, and the text of any value it writes at all
 *     (arbitrary values included: refused, or read back as the value);
 *   - the rules' invariants hold in every position reached (fuzz_check.h:
 *     the status agrees with the actions, a fox in a chain has a jump and
 *     four geese or more, ...);
 *   - a refused call changes nothing and says why in one clean line; const
 *     calls change nothing, the last message included; a hint is the move
 *     the computer then plays;
 *   - a copy in caller memory plays as the game does and undoes within
 *     its history.
 * A broken promise aborts, which the fuzzer reports with the input. Built
 * with tests/fuzz/replay.c it replays its corpus (tests/fuzz/corpus_actions)
 * in CTest. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_NAME "fuzz_actions"
#include "fuzz_check.h"

#define MAX_OPS 64

/* The bytes after the first line, read one operation at a time. */
typedef struct input {
    const uint8_t *p, *end;
} input;

static unsigned next_byte(input *in)
{
    return in->p < in->end ? *in->p++ : 0;
}

static uint64_t next_u64(input *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | next_byte(in);
    return v;
}

typedef struct fuzz {
    herd_game *g;
    herd_game *scratch; /* a game of the same kind for trial moves */
    herd_move moves[HERD_MAX_MOVES];
    size_t n; /* the legal actions of g now */
} fuzz;

static alignas(max_align_t) unsigned char arena[1 << 17];

static void list_moves(fuzz *f)
{
    CHECK(herd_legal_moves(f->g, f->moves, HERD_MAX_MOVES, &f->n) == HERD_OK);
    CHECK(f->n <= herd_max_moves(f->g));
}

static int listed(const fuzz *f, herd_move m)
{
    for (size_t i = 0; i < f->n; i++)
        if (f->moves[i] == m)
            return 1;
    return 0;
}

static void same_text(const herd_game *a, const herd_game *b)
{
    char x[HERD_MAX_POSITION_TEXT], y[HERD_MAX_POSITION_TEXT];
    size_t len;
    CHECK(herd_position_to_text(a, x, sizeof x, &len) == HERD_OK && strlen(x) == len);
    CHECK(herd_position_to_text(b, y, sizeof y, &len) == HERD_OK);
    CHECK(strcmp(x, y) == 0);
}

/* The invariants that hold between any two operations. Listed actions are
 * tried a sample at a time (at most SAMPLE, from a rotating start; two of
 * them also through herd_is_legal()), so that an input stays cheap on
 * boards with hundreds of actions. */
#define SAMPLE 8

static void check_invariants(fuzz *f, unsigned rotate)
{
    herd_status st;
    list_moves(f);
    CHECK(herd_get_status(f->g, &st) == HERD_OK);
    check_rules(f->g);
    size_t stride = f->n / SAMPLE + 1, tried = 0;
    for (size_t i = f->n ? rotate % stride : 0; i < f->n; i += stride) {
        if (tried++ < 2) /* herd_is_legal() lists them all: the costly check */
            CHECK(herd_is_legal(f->g, f->moves[i]));
        CHECK(herd_copy_position(f->scratch, f->g) == HERD_OK);
        CHECK(herd_apply(f->scratch, f->moves[i]) == HERD_OK);
    }
}

/* Plays m (listed) and checks that undo restores the game exactly. */
static void play_listed(fuzz *f, herd_move m)
{
    herd_game *before;
    CHECK(herd_clone(f->g, NULL, NULL, &before) == HERD_OK);
    size_t history = herd_history_length(f->g);
    CHECK(herd_apply(f->g, m) == HERD_OK);
    CHECK(herd_history_length(f->g) == history + 1);
    CHECK(herd_undo(f->g) == HERD_OK);
    CHECK(herd_same_position(f->g, before));
    same_text(f->g, before);
    CHECK(herd_history_length(f->g) == history);
    CHECK(herd_apply(f->g, m) == HERD_OK);
    herd_free(before);
}

/* A refused call must change nothing. */
static void try_value(fuzz *f, herd_move v)
{
    herd_game *before;
    CHECK(herd_clone(f->g, NULL, NULL, &before) == HERD_OK);
    size_t history = herd_history_length(f->g);
    int legal = herd_is_legal(f->g, v);
    CHECK(legal == listed(f, v));
    check_value_reads_back(f->g, v);
    int rc = herd_apply(f->g, v);
    CHECK((rc == HERD_OK) == legal);
    if (rc != HERD_OK) {
        CHECK(rc == HERD_E_ILLEGAL || rc == HERD_E_STATE);
        CHECK(herd_same_position(f->g, before));
        CHECK(herd_history_length(f->g) == history);
        check_refusal_message(f->g);
    }
    herd_free(before);
}

static void computer(fuzz *f, unsigned level)
{
    herd_game *before;
    CHECK(herd_clone(f->g, NULL, NULL, &before) == HERD_OK);
    herd_move m = 0;
    int rc;
    if (herd_is_chance(f->g)) {
        rc = herd_roll(f->g, &m);
    } else {
        /* The default, level 1 and one past the top (refused): the searches
         * of the higher levels take far longer than an input should, and
         * test_ai checks them. */
        int top = herd_max_level(f->g), pick[3] = {0, 1, top + 1};
        /* The hint first: what the computer then plays, and it changes
         * nothing, the last message included. */
        static char message[HERD_ERROR_MESSAGE_SIZE];
        snprintf(message, sizeof message, "%s", herd_last_error(f->g));
        herd_move hint = 0;
        int hinted = herd_hint(f->g, pick[level % 3], &hint);
        CHECK(herd_same_position(f->g, before));
        CHECK(strcmp(herd_last_error(f->g), message) == 0);
        rc = herd_play_genmove(f->g, pick[level % 3], &m);
        CHECK(rc == hinted && (rc != HERD_OK || m == hint));
    }
    if (rc == HERD_OK) {
        CHECK(listed(f, m));
        CHECK(herd_undo(f->g) == HERD_OK && herd_same_position(f->g, before));
        CHECK(herd_apply(f->g, m) == HERD_OK);
    } else {
        CHECK(rc == HERD_E_STATE || rc == HERD_E_RANGE);
        CHECK(herd_same_position(f->g, before));
        check_refusal_message(f->g);
    }
    herd_free(before);
}

static uint64_t perft_of(herd_game *g, unsigned depth)
{
    uint64_t nodes = 0;
    CHECK(herd_perft(g, depth, &nodes) == HERD_OK);
    return nodes;
}

/* perft(d) is the sum over the children of perft(d-1). */
static void check_perft(fuzz *f, unsigned depth)
{
    CHECK(perft_of(f->g, 0) == 1);
    CHECK(perft_of(f->g, 1) == f->n);
    if (depth < 2 || f->n > 64)
        return;
    uint64_t sum = 0;
    for (size_t i = 0; i < f->n; i++) {
        CHECK(herd_copy_position(f->scratch, f->g) == HERD_OK);
        CHECK(herd_apply(f->scratch, f->moves[i]) == HERD_OK);
        sum += perft_of(f->scratch, depth - 1);
    }
    CHECK(perft_of(f->g, depth) == sum);
}

/* A copy in caller memory behaves as the game and undoes within its ring. */
static void check_copy(fuzz *f, unsigned history, unsigned pick)
{
    herd_game *copy;
    size_t size = herd_copy_size(f->g, history);
    CHECK(size > 0 && size <= sizeof arena);
    CHECK(herd_copy_into(f->g, arena, size, &copy) == HERD_OK);
    CHECK(herd_same_position(copy, f->g));
    CHECK(herd_history_length(copy) == 0);
    same_text(copy, f->g);
    if (f->n == 0)
        return;
    herd_move m = f->moves[pick % f->n];
    CHECK(herd_apply(copy, m) == HERD_OK);
    CHECK(herd_copy_position(f->scratch, f->g) == HERD_OK);
    CHECK(herd_apply(f->scratch, m) == HERD_OK);
    CHECK(herd_same_position(copy, f->scratch));
    CHECK(herd_history_length(copy) == (history > 0));
    if (history > 0) {
        CHECK(herd_undo(copy) == HERD_OK);
        CHECK(herd_same_position(copy, f->g));
    }
    CHECK(herd_undo(copy) == HERD_E_STATE);
}

/* Everything the game writes reads back: position, save, every action. */
static void check_texts(fuzz *f)
{
    check_reads_back(f->g, f->scratch);
}

/* The chance outcomes are the listed actions, with probabilities summing to 1. */
static void check_chance(fuzz *f)
{
    herd_move out[HERD_MAX_MOVES];
    double probs[HERD_MAX_MOVES];
    size_t n;
    if (!herd_is_chance(f->g)) {
        CHECK(herd_chance_outcomes(f->g, out, probs, HERD_MAX_MOVES, &n) == HERD_E_STATE);
        return;
    }
    CHECK(herd_chance_outcomes(f->g, out, probs, HERD_MAX_MOVES, &n) == HERD_OK);
    CHECK(n == f->n);
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        CHECK(listed(f, out[i]) && probs[i] > 0);
        sum += probs[i];
    }
    CHECK(sum > 0.999999 && sum < 1.000001);
}

static herd_game *create(const uint8_t *data, size_t size, size_t *used)
{
    char line[128];
    size_t k = 0;
    while (k < size && data[k] != '\n')
        k++;
    *used = k < size ? k + 1 : k;
    if (k == 0 || k >= sizeof line)
        return NULL;
    memcpy(line, data, k);
    line[k] = '\0';
    if (memchr(line, '\0', k))
        return NULL;
    char *options = line + strcspn(line, " ");
    if (*options)
        *options++ = '\0';
    herd_game *g;
    herd_error err;
    if (herd_new(line, options, NULL, NULL, &g, &err) == HERD_OK)
        return g;
    CHECK(err.code < 0 && *err.message);
    check_message(err.message);
    if (herd_new(line, NULL, NULL, NULL, &g, &err) == HERD_OK)
        return g;
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t used;
    fuzz f;
    f.g = create(data, size, &used);
    if (!f.g)
        return 0;
    CHECK(herd_clone(f.g, NULL, NULL, &f.scratch) == HERD_OK);
    input in = {data + used, data + size};
    check_invariants(&f, 0);
    for (int op = 0; op < MAX_OPS && in.p < in.end; op++) {
        unsigned b = next_byte(&in);
        switch (b % 10) {
        case 0:
        case 1:
        case 2:
            if (f.n) {
                unsigned pick = next_byte(&in) << 8 | next_byte(&in);
                play_listed(&f, f.moves[pick % f.n]);
            }
            break;
        case 3:
            if (herd_history_length(f.g)) {
                size_t history = herd_history_length(f.g);
                CHECK(herd_undo(f.g) == HERD_OK);
                CHECK(herd_history_length(f.g) == history - 1);
            } else {
                herd_game *before;
                CHECK(herd_clone(f.g, NULL, NULL, &before) == HERD_OK);
                CHECK(herd_undo(f.g) == HERD_E_STATE);
                CHECK(herd_same_position(f.g, before));
                check_refusal_message(f.g);
                herd_free(before);
            }
            break;
        case 4:
            computer(&f, next_byte(&in));
            break;
        case 5:
            try_value(&f, next_u64(&in));
            /* and a value near a listed one, which is often almost legal */
            if (f.n)
                try_value(&f, f.moves[next_byte(&in) % f.n] ^ (1ull << (next_byte(&in) % 64)));
            break;
        case 6:
            check_perft(&f, 1 + next_byte(&in) % 2);
            break;
        case 7:
            check_copy(&f, next_byte(&in) % 4, next_byte(&in));
            break;
        case 8:
            check_texts(&f);
            break;
        default:
            check_chance(&f);
            break;
        }
        check_invariants(&f, (unsigned)op);
    }
    herd_free(f.scratch);
    herd_free(f.g);
    return 0;
}

/* ---------------------------------------------------- for replay.c */

int fuzz_input_plays(const uint8_t *data, size_t size, const char *name)
{
    size_t n = strlen(name);
    return size > n && memcmp(data, name, n) == 0 && (data[n] == ' ' || data[n] == '\n');
}

/* The game's line, then bytes from a fixed generator: every operation, with
 * arguments of every size. */
size_t fuzz_registry_input(const char *name, const char *options, uint8_t *buf, size_t cap)
{
    size_t k = 0;
    fuzz_appendf((char *)buf, cap, &k, "%s %s\n", name, options);
    uint32_t x = 2463534242u;
    while (k < cap && k < 400) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        buf[k++] = (uint8_t)(x >> 24);
    }
    return k;
}

/* A libFuzzer harness for every text the library reads: options, position
 * texts and action texts, for every game, followed by the moves they name.
 *
 * Input: line 1 names the game ("horses", "hex", ...), line 2 holds the
 * options, line 3 a position text, every further line an action, or a saved
 * game when it begins with the game's name. Whatever
 * the bytes, each call must answer with a code, a refused call must leave
 * the game exactly as it was, and an accepted text must read back the same.
 * A broken promise aborts, which the fuzzer reports with the input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/herd.h>

#define CHECK(cond)                                                                \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(stderr, "fuzz_texts: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                               \
        }                                                                          \
    } while (0)

static char position[HERD_MAX_POSITION_TEXT];

static const char *position_of(const herd_game *g)
{
    size_t len;
    CHECK(herd_position_to_text(g, position, sizeof position, &len) == HERD_OK);
    CHECK(strlen(position) == len);
    return position;
}

/* After a call that answered rc: a refusal must have changed nothing. */
static void expect_unchanged_on_error(herd_game *g, int rc, const herd_game *before)
{
    if (rc != HERD_OK) {
        CHECK(rc < 0 && *herd_strerror(rc));
        CHECK(herd_same_position(g, before));
    }
}

static void play_line(herd_game *g, const char *line)
{
    herd_game *before;
    herd_move m;
    if (herd_clone(g, &before, NULL, NULL) != HERD_OK)
        return;
    size_t history = herd_history_length(g);
    int rc = herd_move_from_text(g, line, &m);
    if (rc == HERD_OK) {
        int legal = herd_is_legal(g, m);
        rc = herd_apply(g, m);
        CHECK((rc == HERD_OK) == legal);
        if (rc == HERD_OK) {
            char text[HERD_MAX_MOVE_TEXT];
            size_t len;
            herd_move again;
            CHECK(herd_history_length(g) == history + 1);
            CHECK(herd_move_to_text(before, m, text, sizeof text, &len) == HERD_OK);
            CHECK(herd_move_from_text(before, text, &again) == HERD_OK && again == m);
            CHECK(herd_undo(g) == HERD_OK && herd_same_position(g, before));
            CHECK(herd_apply(g, m) == HERD_OK);
        }
    }
    if (rc != HERD_OK) {
        CHECK(herd_history_length(g) == history);
        expect_unchanged_on_error(g, rc, before);
    }
    herd_free(before);
}

/* A saved game: refused, nothing changed; accepted, it saves back the same. */
static void load_line(herd_game *g, const char *line)
{
    static char saved[HERD_MAX_SAVE_TEXT], again[HERD_MAX_SAVE_TEXT];
    herd_game *before;
    size_t len;
    if (herd_clone(g, &before, NULL, NULL) != HERD_OK)
        return;
    size_t history = herd_history_length(g);
    int rc = herd_load(g, line);
    expect_unchanged_on_error(g, rc, before);
    if (rc != HERD_OK) {
        CHECK(herd_history_length(g) == history);
    } else {
        CHECK(herd_history_length(g) == 0);
        CHECK(herd_save(g, saved, sizeof saved, &len) == HERD_OK);
        CHECK(herd_load(before, saved) == HERD_OK && herd_same_position(before, g));
        CHECK(herd_save(before, again, sizeof again, &len) == HERD_OK);
        CHECK(strcmp(saved, again) == 0);
    }
    herd_free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Lines as NUL-terminated strings; embedded NULs cut a line short,
     * as they would for any C caller. */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *lines[64];
    int count = 0;
    for (char *p = text; count < 64;) {
        lines[count++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    herd_game *g = NULL;
    herd_error err;
    int rc = herd_new(&g, lines[0], count > 1 ? lines[1] : NULL, NULL, NULL, &err);
    if (rc != HERD_OK) {
        CHECK(rc < 0 && err.code == rc && g == NULL);
        rc = herd_new(&g, lines[0], NULL, NULL, NULL, &err);
    }
    if (rc == HERD_OK && count > 2) {
        herd_game *before;
        if (herd_clone(g, &before, NULL, NULL) == HERD_OK) {
            rc = herd_position_from_text(g, lines[2]);
            expect_unchanged_on_error(g, rc, before);
            if (rc == HERD_OK) {
                /* An accepted position reads back as the same position. */
                CHECK(herd_position_from_text(before, position_of(g)) == HERD_OK);
                CHECK(strcmp(position_of(before), position_of(g)) == 0);
            }
            herd_free(before);
        }
        size_t name = strlen(herd_game_name(g));
        for (int i = 3; i < count; i++)
            if (strncmp(lines[i], herd_game_name(g), name) == 0 && lines[i][name] == ' ')
                load_line(g, lines[i]);
            else
                play_line(g, lines[i]);
    }
    herd_free(g);
    free(text);
    return 0;
}

/* A libFuzzer harness for the record reader (herd/record.h): the input is
 * read as one record (herd_record_parse()) and as records one after another
 * (a reader over it with a small max_bytes). Whatever the bytes:
 *   - each call answers with a code; a refusal leaves no record and a
 *     message that is one clean line naming the record, line and column;
 *   - every record read writes back in both forms, and that text reads back
 *     as a record that writes the same bytes again;
 *   - the game at a record's end has the record's status, and the game at
 *     its start plays its first action.
 * A broken promise aborts, which the fuzzer reports with the input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_NAME "fuzz_records"
#include "fuzz_check.h"
#include "herd/record.h"

/* A record's text in one form, malloc'd. */
static char *text_of(const herd_record *r, int one_line, size_t *len)
{
    CHECK(herd_record_write(r, one_line, NULL, 0, len) == HERD_E_BUFFER);
    char *buf = malloc(*len + 1);
    CHECK(buf != NULL);
    CHECK(herd_record_write(r, one_line, buf, *len + 1, NULL) == HERD_OK);
    CHECK(strlen(buf) == *len);
    return buf;
}

static void check_refusal(int rc, const herd_record_error *err)
{
    CHECK(rc < 0 && err->code == rc);
    check_message(err->message);
    CHECK(strncmp(err->message, "record ", 7) == 0);
}

static void check_record(const herd_record *r)
{
    for (int one_line = 0; one_line < 2; one_line++) {
        size_t len, len2;
        char *text = text_of(r, one_line, &len);
        herd_record *back = NULL;
        herd_record_error err;
        int rc = herd_record_parse(text, len, NULL, NULL, &back, &err);
        if (rc != HERD_OK)
            fprintf(stderr, "%s: %s\n%s\n", FUZZ_NAME, err.message, text);
        CHECK(rc == HERD_OK);
        char *again = text_of(back, one_line, &len2);
        CHECK(len == len2 && memcmp(text, again, len) == 0);
        free(again);
        free(text);
        herd_record_free(back);
    }
    herd_status want, got;
    CHECK(herd_record_status(r, &want) == HERD_OK);
    herd_game *g;
    CHECK(herd_record_game(r, HERD_RECORD_END, NULL, NULL, &g) == HERD_OK);
    CHECK(herd_get_status(g, &got) == HERD_OK);
    CHECK(got.result == want.result && got.side == want.side && got.reason == want.reason);
    CHECK(herd_history_length(g) == herd_record_plies(r));
    herd_free(g);
    CHECK(herd_record_game(r, 0, NULL, NULL, &g) == HERD_OK);
    herd_move m;
    if (herd_record_move(r, 1, &m) == HERD_OK)
        CHECK(herd_apply(g, m) == HERD_OK);
    herd_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    herd_record *r = NULL;
    herd_record_error err;
    int rc = herd_record_parse(text, size, NULL, NULL, &r, &err);
    if (rc == HERD_OK) {
        check_record(r);
        herd_record_free(r);
    } else {
        CHECK(r == NULL);
        check_refusal(rc, &err);
    }
    herd_record_reader *rd;
    CHECK(herd_record_reader_from_buffer(text, size, 4096, NULL, NULL, &rd) == HERD_OK);
    for (int k = 0; k < 1000; k++) {
        r = NULL;
        rc = herd_record_read(rd, &r, &err);
        if (rc == HERD_E_STATE) {
            CHECK(r == NULL);
            break;
        }
        if (rc == HERD_OK) {
            check_record(r);
            herd_record_free(r);
            continue;
        }
        CHECK(r == NULL);
        check_refusal(rc, &err);
        if (rc == HERD_E_NOMEM) { /* over max_bytes: the reader stops */
            herd_record_error again;
            CHECK(herd_record_read(rd, &r, &again) == rc && strcmp(again.message, err.message) == 0);
            break;
        }
    }
    herd_record_reader_free(rd);
    return 0;
}

int fuzz_input_plays(const uint8_t *data, size_t size, const char *name)
{
    char tag[64];
    int n = snprintf(tag, sizeof tag, "[Game \"%s\"]", name);
    for (size_t i = 0; i + (size_t)n <= size; i++)
        if (memcmp(data + i, tag, (size_t)n) == 0)
            return 1;
    return 0;
}

/* The record of a game of `name` with `options`, its computer against
 * itself for a few dozen actions. */
size_t fuzz_registry_input(const char *name, const char *options, uint8_t *buf, size_t cap)
{
    herd_game *g;
    if (herd_new(name, options, NULL, NULL, &g, NULL) != HERD_OK)
        return 0;
    herd_status st;
    for (int k = 0; k < 40 && herd_get_status(g, &st) == HERD_OK && st.result == HERD_ONGOING;
         k++)
        CHECK((herd_is_chance(g) ? herd_roll(g, NULL) : herd_play_genmove(g, 1, NULL)) == HERD_OK);
    herd_record *r;
    CHECK(herd_record_from_game(g, NULL, NULL, NULL, &r) == HERD_OK);
    size_t len = 0;
    int rc = herd_record_write(r, 0, (char *)buf, cap, &len);
    herd_record_free(r);
    herd_free(g);
    return rc == HERD_OK ? len : 0;
}

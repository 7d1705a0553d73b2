/* Records (include/herd/record.h) as the programs of programs/ write them:
 * the text in one allocation, the players' tags, and records appended to a
 * file one after another (records.md: separated by one empty line). */
#ifndef HERD_PROGRAM_RECORD_H
#define HERD_PROGRAM_RECORD_H

#include <stdio.h>
#include <stdlib.h>

#include <herd/herd.h>
#include <herd/record.h>

/* The record's text, records.md's multi-line form or (one_line) its
 * one-line form, in a malloc()'d string without a final newline, its length
 * in *len; NULL when out of memory. */
static inline char *record_text(const herd_record *r, int one_line, size_t *len)
{
    if (herd_record_write(r, one_line, NULL, 0, len) != HERD_E_BUFFER)
        return NULL;
    char *text = malloc(*len + 1);
    if (text && herd_record_write(r, one_line, text, *len + 1, len) != HERD_OK) {
        free(text);
        return NULL;
    }
    while (text && *len && text[*len - 1] == '\n')
        text[--*len] = '\0';
    return text;
}

/* Tags side's player (records.md: the tag is the side's name, first letter
 * upper case: `Green`, `Hounds`). */
static inline int record_set_player(herd_record *r, const herd_game *g, int side,
                                    const char *player)
{
    char key[32];
    snprintf(key, sizeof key, "%s", herd_side_name(g, side));
    if (key[0] >= 'a' && key[0] <= 'z')
        key[0] = (char)(key[0] - 'a' + 'A');
    return herd_record_set_tag(r, key, player);
}

/* Writes r to f in the multi-line form, after an empty line unless it is the
 * file's first (`first`); HERD_E_NOMEM when out of memory. The stream's
 * error flag tells whether the bytes were written (output_close()). */
static inline int record_append(FILE *f, const herd_record *r, int first)
{
    size_t len;
    char *text = record_text(r, 0, &len);
    if (!text)
        return HERD_E_NOMEM;
    fprintf(f, "%s%s\n", first ? "" : "\n", text);
    free(text);
    return HERD_OK;
}

#endif /* HERD_PROGRAM_RECORD_H */

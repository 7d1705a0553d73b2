/* Text helpers shared by every game (text.c): the sizing writer, messages,
 * the one escaping rule for echoed input, and the small scanners that the
 * position, move and option readers are built from. */
#ifndef HERD_TEXT_H
#define HERD_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "portable.h"

#include "herd/herd.h"

/* ----------------------------------------------------- text building */

/* An snprintf-like writer: it counts every byte it is asked to write but
 * stores only what fits, so one pass both sizes and fills a buffer. */
typedef struct herd_sb {
    char *buf;
    size_t cap;
    size_t len; /* bytes asked for so far, the NUL excluded */
} herd_sb;

void herdi_sb_init(herd_sb *sb, char *buf, size_t cap);
void herdi_sb_putc(herd_sb *sb, char c);
void herdi_sb_puts(herd_sb *sb, const char *s);
void herdi_sb_printf(herd_sb *sb, const char *fmt, ...)
    HERD_PRINTF(2, 3);
/* Writes the n bytes at s (no NUL needed). */
void herdi_sb_putn(herd_sb *sb, const char *s, size_t n);
/* The one capitalisation of the library's sentences: writes the n bytes at
 * s, the first upper case where it is a lowercase ASCII letter (a
 * sentence's first word, or a side's name standing alone). */
void herdi_sb_sentence_start(herd_sb *sb, const char *s, size_t n);
/* Writes a side's name (lowercase, as herd_side_name() gives it) where it
 * starts a sentence: its first letter upper case (docs/api.md, "Side
 * names"). */
void herdi_sb_sentence_name(herd_sb *sb, const char *name);
/* A side as herd_show() labels it where it starts a line ("Hounds (D) to
 * move"): its name as herdi_sb_sentence_name() writes it, then, unless mark
 * is 0, " (M)", the letter its pieces show on the board. */
void herdi_sb_side_label(herd_sb *sb, const char *name, char mark);
/* Writes a square-grid cell name: row letter, column number from 1. */
void herdi_sb_cell(herd_sb *sb, int row, int col);
/* A cell's name for a message; coordinates that no name can carry (off the
 * top or left edge, rows past `z`) are written as the herd_cell that holds
 * them, "{.row = R, .col = C}" counted from 0, whatever the ints. Returns
 * buf. */
#define HERD_CELL_NAME_SIZE 48
const char *herdi_cell_name(char buf[HERD_CELL_NAME_SIZE], herd_cell c);

/* Echoed input, by one rule for every message that quotes what it was
 * given (option values, game names, a position's bad character): printable
 * ASCII and well-formed UTF-8 as they are; a backslash as \\; tab, newline
 * and carriage return as \t, \n, \r; other control bytes (C0, DEL, C1) and
 * bytes of malformed UTF-8 as \xHH; U+2028 and U+2029 as \u2028, \u2029.
 * So a message stays one line that a terminal shows and never executes. */
void herdi_sb_input(herd_sb *sb, const char *s, size_t n);
/* The same into buf for a message's %s, cut after a whole character with
 * "..." when it does not fit; returns buf. */
const char *herdi_quote_input(char *buf, size_t cap, const char *s, size_t n);
/* The length of the well-formed UTF-8 character at s (at most n bytes), 0
 * when the bytes there are not one. */
size_t herdi_utf8_len(const char *s, size_t n);

/* A message buffer for a rule's explanation of a refusal. */
typedef struct herd_msg {
    char *buf;
    size_t cap;
} herd_msg;

/* Writes the message and returns code, so a check can `return herdi_fail(...)`. */
int herdi_fail(herd_msg msg, int code, const char *fmt, ...) HERD_PRINTF(3, 4);

/* --------------------------------------------------------- text reading */

/* A cursor over a text being parsed. */
typedef struct herd_scan {
    const char *p;
} herd_scan;

/* Each returns 1 and advances on success, 0 and stays put otherwise. */
int herdi_scan_lit(herd_scan *s, const char *lit);
/* A decimal number 0..max without sign or leading zeros (but "0"). */
int herdi_scan_uint(herd_scan *s, uint64_t max, uint64_t *v);
/* A square-grid cell name: row letter a..z, column 1..127. */
int herdi_scan_cell(herd_scan *s, int *row, int *col);
int herdi_scan_end(const herd_scan *s);

#endif /* HERD_TEXT_H */

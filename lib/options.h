/* Creation options (options.c): the `KEY=VALUE` text of herd_new() or the
 * fields of a typed creation function, checked against the game's
 * description in the registry (herd_game_desc), with one message for each
 * kind of fault. */
#ifndef HERD_OPTIONS_H
#define HERD_OPTIONS_H

#include "text.h"

#define HERD_MAX_OPTIONS 8

/* One option as given. */
typedef struct herd_option {
    char key[16];
    uint64_t value;
    int malformed;    /* not a decimal number without sign or leading zeros */
    int out_of_range; /* beyond 64 bits, or negative in typed options */
    char text[24];    /* the value as given (escaped), for messages and cell names */
} herd_option;

/* The options as given, in the order given. */
typedef struct herd_options {
    herd_option item[HERD_MAX_OPTIONS];
    size_t count;
} herd_options;

/* The checked values, in the description's order: a whole number for a
 * range or a choice, a cell for a point (any cell a name gives: the game
 * checks that it is a point of its board). */
typedef struct herd_option_values {
    uint64_t number[HERD_MAX_OPTIONS];
    herd_cell cell[HERD_MAX_OPTIONS];
} herd_option_values;

/* Reads `KEY=VALUE ...`, keys and values separated by blanks (spaces or
 * tabs). Unknown or repeated keys, and anything malformed, are refused with
 * a message; whether a value is in range is told by herdi_options_check(). */
int herdi_options_parse(herd_options *o, const char *text, const herd_game_desc *d, herd_msg msg);

/* The typed creation functions' options. */
void herdi_options_add_int(herd_options *o, const char *key, int64_t value);
void herdi_options_add_unsigned(herd_options *o, const char *key, uint64_t value);
void herdi_options_add_cell(herd_options *o, const char *key, herd_cell cell);

/* Checks every option against the description and fills the values, the
 * defaults for those not given: "w=7 is out of range 8..30",
 * "geese=14 is not 13, 15 or 17", "start=zz is not a cell name ...". */
int herdi_options_check(const herd_options *o, const herd_game_desc *d, herd_option_values *v,
                        herd_msg msg);

/* The index of the option `key` in a description, -1 for none. */
int herdi_option_index(const herd_game_desc *d, const char *key);

#endif /* HERD_OPTIONS_H */

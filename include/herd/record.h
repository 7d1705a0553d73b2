/**
 * @file record.h
 * @brief Game records (docs/records.md) and the players' clock.
 */
#ifndef HERD_RECORD_H
#define HERD_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup records_api Records
 * @brief Whole games as text: tags, every action from the start, comments, clocks, the result.
 *
 * A record (@ref records "Game records" gives the format) keeps a whole
 * game for people and programs: its tags (who played, when, under which
 * clock, how it ended), every action from its first position, chance
 * outcomes included (`dice:L,H`), so that it replays without the
 * generator, and a comment and a clock after any action. A ::herd_record
 * is made from a game's history (herd_record_from_game()) or read from
 * text (herd_record_parse(), or a ::herd_record_reader over a buffer or a
 * `FILE *`, one record after another, in bounded memory); reading replays
 * every action with the rules and checks the result against the final
 * position. herd_record_write() writes it back, byte for byte as it was
 * read when it was written by the library; herd_record_game() hands back
 * the game at any ply.
 *
 * A record holds its own copies of everything and no game: it is a value,
 * independent of the game it was made from. Every function takes the
 * record's allocator (given when it was made), NULL meaning malloc, and a
 * failed call changes nothing. The record functions are reentrant; a
 * record or a reader may be used by one thread at a time, and its const
 * calls by many at once.
 *
 * ::herd_clock is the players' clock of records' `TimeControl` (`S+I`, a
 * Fischer increment): a plain value fed with the caller's timestamps, so
 * that the library never reads the time.
 * @{
 */

/** A record: its tags, its actions from the start, comments and clocks. */
typedef struct herd_record herd_record;

/** Reads records one after another from a buffer or a `FILE *`. */
typedef struct herd_record_reader herd_record_reader;

/**
 * The record of @p g's history, from the first position the history holds
 * (where herd_new(), herd_position_from_text() or herd_load() began it: a
 * clone of @p g undone to its start gives the `Start` tag) to now, the
 * players' ending included (herd_end()). Its tags are `Game`, `Start`,
 * `Options` (herd_game_options_text() without the seed), `Seed` (the
 * creation seed), `Result`, `Termination` (when the game is over) and
 * `Library` (herd_version_string()).
 *
 * With @p base (a record of the same game, read or made before, such as
 * the one a game was replayed from), the record keeps @p base's tags in
 * their order, with `Result` and `Termination` as @p g now stands, and the
 * comments and clocks of the plies that @p g's history shares with
 * @p base (the common first actions); when @p g's history does not start
 * at @p base's start position, @p g's own `Game`, `Start`, `Options` and
 * `Seed` replace @p base's. So a game replayed from a record and recorded
 * again gives the same text back.
 * @param base  may be NULL.
 * @param alloc the record's allocator, NULL for malloc/free.
 * @param ud    passed to @p alloc unchanged.
 * @param out   receives the record; untouched on failure.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL @p g or @p out, or a @p base of
 *         another game); ::HERD_E_NOMEM. Being given @p g const, it leaves
 *         no message.
 */
HERD_API int herd_record_from_game(const herd_game *g, const herd_record *base,
                                   herd_alloc_fn alloc, void *ud, herd_record **out);

/** Frees a record with its allocator. NULL is harmless. */
HERD_API void herd_record_free(herd_record *r);

/**
 * Adds a tag, or replaces the value of the tag of that key, or (with a
 * NULL @p value) removes it. The tags stay in the order of records.md
 * (the known tags in their place, the others after them in the order they
 * were added). `Game`, `Start`, `Options`, `Seed`, `Result` and
 * `Termination` are the game's own and are refused: they come from the
 * game (herd_record_from_game()) or the text read.
 * @param key   letters and digits, 1 to 64 of them.
 * @param value UTF-8 without control characters, at most 4,096 bytes (a
 *              `"` or `\` is escaped when written); `Date` must be
 *              `YYYY.MM.DD` with `?` for unknown digits, `TimeControl` a
 *              time control of herd_clock_init(); NULL removes the tag.
 * @return ::HERD_OK (also when removing a tag that is absent);
 *         ::HERD_E_ARG (NULL @p r or @p key, a key of the game's own);
 *         ::HERD_E_PARSE (a malformed key or value); ::HERD_E_NOMEM; on
 *         error nothing changed.
 */
HERD_API int herd_record_set_tag(herd_record *r, const char *key, const char *value);

/** The value of the tag @p key, or NULL when the record has none (or
 *  either argument is NULL). Valid until the tag changes or the record is
 *  freed. */
HERD_API const char *herd_record_tag(const herd_record *r, const char *key);

/** The number of the record's tags; 0 for NULL. */
HERD_API size_t herd_record_tag_count(const herd_record *r);

/**
 * Tag @p i, in the order herd_record_write() writes them.
 * @param key   receives the key; may be NULL.
 * @param value receives the value; may be NULL.
 * @return ::HERD_OK, ::HERD_E_RANGE (@p i >= herd_record_tag_count()),
 *         ::HERD_E_ARG (NULL @p r); on error nothing is written.
 */
HERD_API int herd_record_tag_at(const herd_record *r, size_t i, const char **key,
                                const char **value);

/** The number of actions in the record's movetext (chance outcomes
 *  included); 0 for NULL. */
HERD_API size_t herd_record_plies(const herd_record *r);

/**
 * Action @p ply of the record, counted from 1: the move that took the game
 * from ply - 1 to ply, as herd_move_from_text() reads it from the movetext.
 * @return ::HERD_OK, ::HERD_E_RANGE (@p ply 0 or above
 *         herd_record_plies()), ::HERD_E_ARG (NULL); on error @p m is
 *         untouched.
 */
HERD_API int herd_record_move(const herd_record *r, size_t ply, herd_move *m);

/**
 * Sets the comment after action @p ply (ply 0: before the first action),
 * free text written as `{TEXT}`; with a clock (herd_record_set_clock())
 * the comment is `{[%clk H:MM:SS] TEXT}`. A NULL @p text removes it.
 * @param text UTF-8 without control characters and without `}`, at most
 *             4,096 bytes; "" is an empty comment, `{}`.
 * @return ::HERD_OK; ::HERD_E_RANGE (@p ply above herd_record_plies());
 *         ::HERD_E_PARSE (a `}`, a control character, malformed UTF-8, too
 *         long); ::HERD_E_ARG (NULL @p r); ::HERD_E_NOMEM; on error nothing
 *         changed.
 */
HERD_API int herd_record_set_comment(herd_record *r, size_t ply, const char *text);

/** The comment after action @p ply (0: before the first), without its
 *  clock; NULL when there is none (or @p r is NULL, or @p ply is out of
 *  range). */
HERD_API const char *herd_record_comment(const herd_record *r, size_t ply);

/**
 * Sets the mover's clock after action @p ply (`[%clk H:MM:SS]`, written
 * in whole seconds: the milliseconds are cut), or removes it.
 * @param ms_left the time left, in milliseconds; negative removes it
 *                (one that ran out is written 0:00:00).
 * @return ::HERD_OK; ::HERD_E_RANGE (@p ply 0 or above
 *         herd_record_plies()); ::HERD_E_ARG (NULL); ::HERD_E_NOMEM; on
 *         error nothing changed.
 */
HERD_API int herd_record_set_clock(herd_record *r, size_t ply, int64_t ms_left);

/**
 * The mover's clock after action @p ply, in milliseconds.
 * @return ::HERD_OK; ::HERD_E_STATE (no clock there: @p ms_left
 *         untouched); ::HERD_E_RANGE (@p ply 0 or above
 *         herd_record_plies()); ::HERD_E_ARG (NULL).
 */
HERD_API int herd_record_clock(const herd_record *r, size_t ply, int64_t *ms_left);

/** The status at the record's end, the players' ending included (what
 *  its `Result` and `Termination` say).
 *  @return ::HERD_OK or ::HERD_E_ARG (NULL). */
HERD_API int herd_record_status(const herd_record *r, herd_status *st);

/**
 * Writes the record's text, NUL-terminated: records.md's form of tag
 * lines, an empty line and the movetext broken into lines of at most 80
 * characters (where a space allows, but never between a turn number and
 * its action), each line ending with `\n`; or, with
 * @p one_line nonzero, the one-line form (the same joined by single
 * spaces, the empty line left out, no `\n`). A file holds records
 * separated by one empty line: write `\n` between them.
 * @param len as in herd_position_to_text(): the length written or, on
 *            ::HERD_E_BUFFER, needed without the NUL; may be NULL.
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written), ::HERD_E_ARG.
 */
HERD_API int herd_record_write(const herd_record *r, int one_line, char *buf, size_t cap,
                               size_t *len);

/** herd_record_game()'s ply for the record's end. */
#define HERD_RECORD_END SIZE_MAX

/**
 * The game at @p ply: made from the record's `Game`, `Options`, `Seed` and
 * `Start` (as the reader replays it), with the first @p ply actions played,
 * so that its history holds them (herd_undo() goes back through them). At
 * the end (@p ply herd_record_plies() or ::HERD_RECORD_END) the players'
 * ending of the record, if any, is applied too (herd_end()). The
 * generator is the one of the `Seed`, as the record does not carry the
 * draws of the game it was made from.
 * @param alloc the game's allocator, NULL for malloc/free.
 * @param out   receives the game; untouched on failure.
 * @return ::HERD_OK; ::HERD_E_RANGE (@p ply above herd_record_plies() and
 *         not ::HERD_RECORD_END); ::HERD_E_ARG (NULL); ::HERD_E_NOMEM.
 */
HERD_API int herd_record_game(const herd_record *r, size_t ply, herd_alloc_fn alloc, void *ud,
                              herd_game **out);

/** Where reading failed: records.md's message, e.g. `record 3, line 14,
 *  column 9: h10-g9 is not a legal action of red here`. */
typedef struct herd_record_error {
    int code;     /**< The ::herd_code returned. */
    size_t record; /**< The record's number in the input, from 1; 0 where not known. */
    size_t line;   /**< The line in the input, from 1; 0 where not known. */
    size_t column; /**< The column in that line, in characters from 1; 0 where not known. */
    char message[HERD_ERROR_MESSAGE_SIZE]; /**< The whole message, NUL-terminated. */
} herd_record_error;

/**
 * Reads one record from @p text (either form; nothing but white space may
 * follow it), replaying every action from `Start` with the rules.
 * @param len   the bytes of @p text (it need not be NUL-terminated).
 * @param out   receives the record; untouched on failure.
 * @param err   receives the code, where and what on failure; may be NULL.
 * @return ::HERD_OK; ::HERD_E_PARSE (the text breaks records.md, or
 *         more than white space follows the record);
 *         ::HERD_E_UNKNOWN (no such game); ::HERD_E_RANGE (its options);
 *         ::HERD_E_POSITION (a `Start` the rules refuse); ::HERD_E_ILLEGAL
 *         (an action not legal where it stands, a `Result` or `Termination`
 *         the final position contradicts); ::HERD_E_NOMEM; ::HERD_E_ARG
 *         (NULL @p text or @p out). An empty @p text (or only white space)
 *         is ::HERD_E_PARSE: no record.
 */
HERD_API int herd_record_parse(const char *text, size_t len, herd_alloc_fn alloc, void *ud,
                               herd_record **out, herd_record_error *err);

/**
 * A reader of the records in @p text, one after another (herd_record_read()).
 * The text is not copied: it must outlive the reader.
 * @param max_bytes the longest record read (0: 1 MiB); a longer one is
 *                  refused with ::HERD_E_NOMEM, and reading stops there.
 * @return ::HERD_OK, ::HERD_E_ARG (NULL @p text with a nonzero @p len, or
 *         NULL @p out), ::HERD_E_NOMEM.
 */
HERD_API int herd_record_reader_from_buffer(const char *text, size_t len, size_t max_bytes,
                                            herd_alloc_fn alloc, void *ud,
                                            herd_record_reader **out);

/**
 * A reader of the records of @p f from where it stands, read in chunks: the
 * reader holds at most about @p max_bytes plus a chunk of 64 KiB of it,
 * whatever the input. @p f must stay open while the reader reads.
 * @param max_bytes as in herd_record_reader_from_buffer().
 * @return as herd_record_reader_from_buffer().
 */
HERD_API int herd_record_reader_from_file(FILE *f, size_t max_bytes, herd_alloc_fn alloc,
                                          void *ud, herd_record_reader **out);

/**
 * Reads the next record. A record that is refused is passed over: the next
 * call reads the one after it, but after a record longer than max_bytes
 * or a read error of the file, which stop the reader (every later call
 * answers the same error).
 * @param out receives the record (the caller frees it), or NULL at the end.
 * @param err receives the code, record, line, column and message on
 *            failure; may be NULL.
 * @return ::HERD_OK; ::HERD_E_STATE at the end of the input (no more
 *         records); herd_record_parse()'s codes for a refused record;
 *         ::HERD_E_NOMEM (out of memory, or a record over max_bytes);
 *         ::HERD_E_ARG (NULL @p rd or @p out).
 */
HERD_API int herd_record_read(herd_record_reader *rd, herd_record **out, herd_record_error *err);

/** Frees a reader (not its buffer nor its file). NULL is harmless. */
HERD_API void herd_record_reader_free(herd_record_reader *rd);

/* ------------------------------------------------------------ the clock */

/**
 * The players' clock: each side's time left, one side's time running. A
 * plain value: copy it, keep it in a struct; every call takes the time
 * now from the caller (milliseconds since any epoch, never decreasing), so
 * that the library never reads the time. A time control of `S+I` gives
 * each side S seconds and adds I seconds after each of a side's turns
 * (herd_clock_press()); `-` is no clock (nothing runs out).
 */
typedef struct herd_clock {
    int64_t base_ms;      /**< Each side's time at the start; 0 for none. */
    int64_t increment_ms; /**< Added after each of a side's turns; 0 for none. */
    int64_t left_ms[2];   /**< Each side's time left at the last press, start or stop. */
    int running;          /**< The side whose time runs, -1 for none. */
    int64_t since_ms;     /**< When it started running. */
} herd_clock;

/**
 * Sets a clock from a time control text: `S+I` (S seconds each, 1 to
 * 10^9, I seconds added after each turn, 0 to 10^9, both whole numbers
 * without leading zeros) or `-` (none). Nobody's time runs.
 * @return ::HERD_OK; ::HERD_E_PARSE (malformed or out of range);
 *         ::HERD_E_ARG (NULL); on error @p c is untouched.
 */
HERD_API int herd_clock_init(herd_clock *c, const char *time_control);

/** Writes the clock's time control text (`S+I` or `-`); @p len as in
 *  herd_position_to_text().
 *  @return ::HERD_OK, ::HERD_E_BUFFER (nothing written), ::HERD_E_ARG. */
HERD_API int herd_clock_time_control(const herd_clock *c, char *buf, size_t cap, size_t *len);

/**
 * Starts (or goes on with) @p side's time at @p now_ms; the other side's
 * stops, charged up to now if it ran.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL, @p side not 0 or 1, @p now_ms
 *         before the time the clock last ran from); ::HERD_E_STATE (a side
 *         has run out of time); on error nothing changed.
 */
HERD_API int herd_clock_start(herd_clock *c, int side, int64_t now_ms);

/**
 * The running side's turn ended at @p now_ms: its time is charged, the
 * increment added, and the other side's time runs.
 * @return ::HERD_OK; ::HERD_E_STATE (nobody's time runs, or the running
 *         side had run out of time by @p now_ms: then it is charged and
 *         stopped, and herd_clock_flagged() names it); ::HERD_E_ARG (NULL,
 *         @p now_ms before the running side started).
 */
HERD_API int herd_clock_press(herd_clock *c, int64_t now_ms);

/** Charges the running side up to @p now_ms and stops the clock (a pause:
 *  the time until the next herd_clock_start() is nobody's). Harmless when
 *  nothing runs.
 *  @return ::HERD_OK, ::HERD_E_ARG (NULL, @p now_ms before the running side
 *          started). */
HERD_API int herd_clock_stop(herd_clock *c, int64_t now_ms);

/** @p side's time left at @p now_ms, in milliseconds: negative or 0 once it
 *  ran out; 0 for a NULL clock or another side. Without a time control
 *  (`-`): INT64_MAX. */
HERD_API int64_t herd_clock_left(const herd_clock *c, int side, int64_t now_ms);

/** The side whose time has run out at @p now_ms (left 0 or less), or -1
 *  (also without a time control, and for NULL). */
HERD_API int herd_clock_flagged(const herd_clock *c, int64_t now_ms);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_RECORD_H */

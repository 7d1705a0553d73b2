/* Misuse of every public function of herd.h, horses.h, hex.h, hare.h,
 * fox.h, flock.h and batch.h: NULL handles and pointers, zero and too small
 * capacities, out-of-range options, cells, points and sides, move builders
 * given cells no move holds, calls of one game's header on another game, calls on an ended game or
 * with no chance event, undo past the history, overlapping and misaligned memory. Each call answers
 * the code its documentation gives and changes nothing (checked against a clone with
 * herd_same_position(), the position text and the history length).
 *
 * The table runs on every case of every game (test_games.h) in four states: new, after a
 * few actions, ended, and a copy in caller memory without room for undo. A
 * row's expected code may depend on the state (computed before the call);
 * SKIP marks a state where the row is no misuse. */
#include "test_games.h"

#include "herd/batch.h"
#include "herd/flock.h"
#include "herd/fox.h"
#include "herd/hare.h"
#include "herd/hex.h"
#include "herd/horses.h"

#include <limits.h>
#include <stdalign.h>

#define SKIP INT_MIN

/* Caller memory for copies (and for the caller-memory state). */
static alignas(max_align_t) unsigned char arena[1 << 16];
static alignas(max_align_t) unsigned char copy_arena[1 << 16];

/* Everything the calls write into; reset before each call. */
typedef struct scratch {
    herd_move buf[HERD_MAX_MOVES];
    double probs[HERD_MAX_MOVES];
    char text[16 * HERD_MAX_POSITION_TEXT];
    size_t n, len;
    uint64_t nodes, u64;
    herd_move m;
    herd_status st;
    herd_game *out;
    herd_error err;
    herd_cell cell;
    herd_horses_line lines[HERD_HORSES_MAX_LINES];
    herd_horses_options ho;
    herd_hex_options xo;
    herd_hare_options hao;
    herd_fox_options fo;
    herd_cell cells[HERD_HARE_HOUNDS_COUNT];
    herd_flock_options flo;
    herd_batch *batch;
    int i;
    /* Set up before the call, not written by it: */
    herd_game *other;          /* a game of another kind */
    char other_text[TEXT_CAP]; /* its position text */
    herd_move other_move;      /* its first legal action */
    int other_move_legal;      /* whether that is legal in g too */
    size_t moves;              /* the legal actions of g */
    size_t text_len;           /* the length of g's position text */
    herd_move legal0;          /* g's first legal action (0 when none) */
} scratch;

static int kind_is(const herd_game *g, herd_kind k)
{
    return herd_game_kind(g) == k;
}

static herd_cell flock_from(herd_move m)
{
    herd_cell from;
    herd_flock_move_cells(m, &from, NULL);
    return from;
}

static int ended(const herd_game *g)
{
    return !is_ongoing(g);
}

#define CHANCE herd_is_chance(g)
#define ENDED ended(g)
#define HORSES kind_is(g, HERD_HORSES)
#define HEX kind_is(g, HERD_HEX)
#define HARE kind_is(g, HERD_HARE)
#define FOX kind_is(g, HERD_FOX)
#define FLOCK kind_is(g, HERD_FLOCK)
/* The cell a move starts from, read as a Flock move (g's first legal
 * action in a flock game: a stone with a target). */
#define FROM0 flock_from(x->legal0)
/* Cells at the ends of int. */
#define MAX_MAX ((herd_cell){INT_MAX, INT_MAX})
#define MIN_MIN ((herd_cell){INT_MIN, INT_MIN})
#define MAX_MIN ((herd_cell){INT_MAX, INT_MIN})
#define MIN_MAX ((herd_cell){INT_MIN, INT_MAX})
#define IN_CALLER_MEMORY (herd_copy_size(g, 0) && (void *)g == (void *)arena)
#define BASE herd_copy_size(g, 0)

/* X(label, call, expected code) */
#define MISUSE_ROWS(X)                                                                             \
    /* errors and names */                                                                         \
    X(strerror_of_no_code, strcmp(herd_strerror(12345), "unknown error"), 0)                       \
    X(reason_name_out_of_range, herd_reason_name((herd_reason)99) == NULL, 1)                      \
    X(reason_name_negative, herd_reason_name((herd_reason)-1) == NULL, 1)                          \
    X(game_kind_of_null, (int)herd_game_kind(NULL), 0)                                             \
    X(game_name_of_null, herd_game_name(NULL) == NULL, 1)                                          \
    X(last_error_of_null, strcmp(herd_last_error(NULL), ""), 0)                                    \
    X(side_name_of_null, herd_side_name(NULL, 0) == NULL, 1)                                       \
    X(side_name_minus_one, herd_side_name(g, -1) == NULL, 1)                                       \
    X(side_name_two, herd_side_name(g, 2) == NULL, 1)                                              \
    X(max_moves_of_null, (int)herd_max_moves(NULL), 0)                                             \
    X(max_level_of_null, herd_max_level(NULL), 0)                                                  \
    X(state_size_of_null, (int)herd_state_size(NULL), 0)                                           \
    X(history_length_of_null, (int)herd_history_length(NULL), 0)                                   \
    X(free_null, (herd_free(NULL), 0), 0)                                                          \
    X(interrupt_null, (herd_interrupt(NULL), 0), 0)                                                \
    /* creation */                                                                                 \
    X(new_null_out, herd_new("horses", NULL, NULL, NULL, NULL, &x->err), HERD_E_ARG)               \
    X(new_null_game, herd_new(NULL, NULL, NULL, NULL, &x->out, &x->err), HERD_E_ARG)               \
    X(new_unknown_game, herd_new("chess", NULL, NULL, NULL, &x->out, NULL), HERD_E_UNKNOWN)        \
    X(new_empty_game, herd_new("", NULL, NULL, NULL, &x->out, &x->err), HERD_E_UNKNOWN)            \
    X(new_unknown_key, herd_new(herd_game_name(g), "zz=1", NULL, NULL, &x->out, &x->err),          \
      HERD_E_UNKNOWN)                                                                              \
    X(new_malformed_options, herd_new(herd_game_name(g), "seed", NULL, NULL, &x->out, &x->err),    \
      HERD_E_PARSE)                                                                                \
    X(new_seed_out_of_range,                                                                       \
      herd_new(herd_game_name(g), "seed=18446744073709551616", NULL, NULL, &x->out, &x->err),      \
      HERD_E_RANGE)                                                                                \
    X(horses_new_null_out, herd_horses_new(NULL, NULL, NULL, NULL, &x->err), HERD_E_ARG)           \
    X(horses_new_bad_width, (x->ho.width = 7, herd_horses_new(&x->ho, NULL, NULL, &x->out, NULL)), \
      HERD_E_RANGE)                                                                                \
    X(hex_new_null_out, herd_hex_new(NULL, NULL, NULL, NULL, &x->err), HERD_E_ARG)                 \
    X(hex_new_bad_size, (x->xo.size = 1, herd_hex_new(&x->xo, NULL, NULL, &x->out, NULL)),         \
      HERD_E_RANGE)                                                                                \
    X(horses_default_options_null, (herd_horses_default_options(NULL), 0), 0)                      \
    X(hex_default_options_null, (herd_hex_default_options(NULL), 0), 0)                            \
    /* moves */                                                                                    \
    X(legal_null_game, herd_legal_moves(NULL, x->buf, HERD_MAX_MOVES, &x->n), HERD_E_ARG)          \
    X(legal_null_buffer, herd_legal_moves(g, NULL, 5, &x->n), HERD_E_ARG)                          \
    X(legal_zero_capacity, herd_legal_moves(g, x->buf, 0, &x->n), x->moves ? HERD_E_BUFFER : SKIP) \
    X(legal_one_short, herd_legal_moves(g, x->buf, x->moves - 1, &x->n),                           \
      x->moves ? HERD_E_BUFFER : SKIP)                                                             \
    X(is_legal_null, herd_is_legal(NULL, x->legal0), 0)                                            \
    X(is_legal_no_action, herd_is_legal(g, UINT64_MAX), 0)                                         \
    X(apply_null, herd_apply(NULL, x->legal0), HERD_E_ARG)                                         \
    X(apply_no_action, herd_apply(g, UINT64_MAX), ENDED ? HERD_E_STATE : HERD_E_ILLEGAL)           \
    X(apply_when_ended, herd_apply(g, x->legal0), ENDED ? HERD_E_STATE : SKIP)                     \
    X(apply_action_of_another_game, herd_apply(g, x->other_move),                                  \
      ENDED                 ? HERD_E_STATE                                                         \
      : x->other_move_legal ? SKIP                                                                 \
                            : HERD_E_ILLEGAL)                                                      \
    X(undo_null, herd_undo(NULL), HERD_E_ARG)                                                      \
    X(undo_past_the_history, herd_undo(g), herd_history_length(g) ? SKIP : HERD_E_STATE)           \
    X(history_move_null_game, herd_history_move(NULL, 0, &x->m), HERD_E_ARG)                       \
    X(history_move_null_out, herd_history_move(g, 0, NULL), HERD_E_ARG)                            \
    X(history_move_past_the_end, herd_history_move(g, herd_history_length(g), &x->m),              \
      HERD_E_RANGE)                                                                                \
    X(history_move_size_max, herd_history_move(g, SIZE_MAX, &x->m), HERD_E_RANGE)                  \
    X(history_side_null_game, herd_history_side(NULL, 0, &x->i, &x->i), HERD_E_ARG)                \
    X(history_side_past_the_end, herd_history_side(g, herd_history_length(g), &x->i, NULL),        \
      HERD_E_RANGE)                                                                                \
    X(history_side_size_max, herd_history_side(g, SIZE_MAX, NULL, &x->i), HERD_E_RANGE)            \
    /* status */                                                                                   \
    X(status_null_game, herd_get_status(NULL, &x->st), HERD_E_ARG)                                 \
    X(status_null_out, herd_get_status(g, NULL), HERD_E_ARG)                                       \
    /* texts */                                                                                    \
    X(position_null_game, herd_position_to_text(NULL, x->text, sizeof x->text, &x->len),           \
      HERD_E_ARG)                                                                                  \
    X(position_null_buffer, herd_position_to_text(g, NULL, 5, &x->len), HERD_E_ARG)                \
    X(position_zero_capacity, herd_position_to_text(g, x->text, 0, &x->len), HERD_E_BUFFER)        \
    X(position_no_room_for_nul, herd_position_to_text(g, x->text, x->text_len, &x->len),           \
      HERD_E_BUFFER)                                                                               \
    X(show_one_byte, herd_show(g, x->text, 1, &x->len), HERD_E_BUFFER)                             \
    X(show_null_game, herd_show(NULL, x->text, sizeof x->text, &x->len), HERD_E_ARG)               \
    X(from_text_null_game, herd_position_from_text(NULL, "x"), HERD_E_ARG)                         \
    X(from_text_null_text, herd_position_from_text(g, NULL), HERD_E_ARG)                           \
    X(from_text_empty, herd_position_from_text(g, ""), HERD_E_PARSE)                               \
    X(from_text_of_another_game, herd_position_from_text(g, x->other_text), HERD_E_PARSE)          \
    X(move_to_text_null_game, herd_move_to_text(NULL, x->legal0, x->text, 64, &x->len),            \
      HERD_E_ARG)                                                                                  \
    X(move_to_text_no_action, herd_move_to_text(g, UINT64_MAX, x->text, 64, &x->len), HERD_E_ARG)  \
    X(move_to_text_one_byte, herd_move_to_text(g, x->legal0, x->text, 1, &x->len),                 \
      x->moves ? HERD_E_BUFFER : SKIP)                                                             \
    X(move_from_text_null_game, herd_move_from_text(NULL, "a1", &x->m), HERD_E_ARG)                \
    X(move_from_text_null_text, herd_move_from_text(g, NULL, &x->m), HERD_E_ARG)                   \
    X(move_from_text_null_out, herd_move_from_text(g, "a1-b3", NULL), HERD_E_ARG)                  \
    X(move_from_text_empty, herd_move_from_text(g, "", &x->m), HERD_E_PARSE)                       \
    /* chance events */                                                                            \
    X(is_chance_null, herd_is_chance(NULL), 0)                                                     \
    X(outcomes_null_game, herd_chance_outcomes(NULL, x->buf, x->probs, 64, &x->n), HERD_E_ARG)     \
    X(outcomes_null_buffer, herd_chance_outcomes(g, NULL, x->probs, 64, &x->n), HERD_E_ARG)        \
    X(outcomes_zero_capacity, herd_chance_outcomes(g, x->buf, NULL, 0, &x->n),                     \
      CHANCE ? HERD_E_BUFFER : HERD_E_STATE)                                                       \
    X(roll_null, herd_roll(NULL, &x->m), HERD_E_ARG)                                               \
    X(roll_without_chance, herd_roll(g, &x->m), CHANCE ? SKIP : HERD_E_STATE)                      \
    /* computers */                                                                                \
    X(genmove_null_game, herd_genmove(NULL, 0, &x->m), HERD_E_ARG)                                 \
    X(genmove_null_out, herd_genmove(g, 0, NULL), HERD_E_ARG)                                      \
    X(genmove_level_minus_one, herd_genmove(g, -1, &x->m), ENDED ? HERD_E_STATE : HERD_E_RANGE)    \
    X(genmove_level_too_high, herd_genmove(g, herd_max_level(g) + 1, &x->m),                       \
      ENDED ? HERD_E_STATE : HERD_E_RANGE)                                                         \
    X(genmove_at_chance_or_end, herd_genmove(g, 0, &x->m), CHANCE || ENDED ? HERD_E_STATE : SKIP)  \
    X(play_genmove_null, herd_play_genmove(NULL, 0, &x->m), HERD_E_ARG)                            \
    X(play_genmove_level_too_high, herd_play_genmove(g, INT_MAX, NULL),                            \
      ENDED ? HERD_E_STATE : HERD_E_RANGE)                                                         \
    X(play_genmove_at_chance_or_end, herd_play_genmove(g, 0, NULL),                                \
      CHANCE || ENDED ? HERD_E_STATE : SKIP)                                                       \
    /* search, stopping, copies */                                                                 \
    X(perft_null_game, herd_perft(NULL, 1, &x->nodes), HERD_E_ARG)                                 \
    X(perft_null_out, herd_perft(g, 1, NULL), HERD_E_ARG)                                          \
    X(perft_depth_65, herd_perft(g, 65, &x->nodes), HERD_E_ARG)                                    \
    X(perft_in_caller_memory, herd_perft(g, 1, &x->nodes), IN_CALLER_MEMORY ? HERD_E_NOMEM : SKIP) \
    X(set_progress_null, herd_set_progress(NULL, NULL, NULL, 1), HERD_E_ARG)                       \
    X(set_memory_limit_null, herd_set_memory_limit(NULL, 0), HERD_E_ARG)                           \
    X(memory_limit_of_null, (int)herd_memory_limit(NULL), 0)                                       \
    X(memory_needed_null_game, herd_memory_needed(NULL, 0, &x->n), HERD_E_ARG)                     \
    X(memory_needed_null_out, herd_memory_needed(g, 0, NULL), HERD_E_ARG)                          \
    X(memory_needed_level_too_high, herd_memory_needed(g, herd_max_level(g) + 1, &x->n),           \
      ENDED ? HERD_E_STATE : HERD_E_RANGE)                                                         \
    X(memory_needed_level_minus_two, herd_memory_needed(g, -2, &x->n),                             \
      ENDED ? HERD_E_STATE : HERD_E_RANGE)                                                         \
    X(memory_needed_at_chance_or_end, herd_memory_needed(g, 0, &x->n),                             \
      CHANCE || ENDED ? HERD_E_STATE : SKIP)                                                       \
    X(memory_needed_of_solve_unsolved, herd_memory_needed(g, HERD_MEMORY_SOLVE, &x->n),            \
      HARE || FOX ? SKIP : HERD_E_UNSUPPORTED)                                                     \
    X(clone_null_source, herd_clone(NULL, NULL, NULL, &x->out), HERD_E_ARG)                        \
    X(clone_null_out, herd_clone(g, NULL, NULL, NULL), HERD_E_ARG)                                 \
    X(copy_size_null, (int)herd_copy_size(NULL, 0), 0)                                             \
    X(copy_size_overflow, (int)herd_copy_size(g, SIZE_MAX), 0)                                     \
    X(copy_into_null_source, herd_copy_into(NULL, copy_arena, sizeof copy_arena, &x->out),         \
      HERD_E_ARG)                                                                                  \
    X(copy_into_null_memory, herd_copy_into(g, NULL, sizeof copy_arena, &x->out), HERD_E_ARG)      \
    X(copy_into_null_out, herd_copy_into(g, copy_arena, sizeof copy_arena, NULL), HERD_E_ARG)      \
    X(copy_into_misaligned, herd_copy_into(g, copy_arena + 1, BASE, &x->out), HERD_E_ARG)          \
    X(copy_into_zero_size, herd_copy_into(g, copy_arena, 0, &x->out), HERD_E_NOMEM)                \
    X(copy_into_one_short, herd_copy_into(g, copy_arena, BASE - 1, &x->out), HERD_E_NOMEM)         \
    X(copy_into_itself, herd_copy_into(g, (void *)g, BASE, &x->out), HERD_E_ARG)                   \
    X(copy_into_overlapping,                                                                       \
      herd_copy_into(g, (unsigned char *)g + alignof(max_align_t), BASE, &x->out), HERD_E_ARG)     \
    X(copy_into_overlapping_below,                                                                 \
      herd_copy_into(g, (unsigned char *)g - alignof(max_align_t), BASE, &x->out),                 \
      IN_CALLER_MEMORY ? SKIP : HERD_E_ARG)                                                        \
    X(copy_position_null_dst, herd_copy_position(NULL, g), HERD_E_ARG)                             \
    X(copy_position_null_src, herd_copy_position(g, NULL), HERD_E_ARG)                             \
    X(copy_position_of_another_game, herd_copy_position(g, x->other), HERD_E_ARG)                  \
    X(same_position_null, herd_same_position(NULL, g), 0)                                          \
    X(same_position_other_game, herd_same_position(g, x->other), 0)                                \
    /* horses.h: NULL, out of range, and on another game */                                        \
    X(horses_options_of, herd_horses_options_of(g, &x->ho), HORSES ? SKIP : HERD_E_ARG)            \
    X(horses_options_of_null_out, herd_horses_options_of(g, NULL), HERD_E_ARG)                     \
    X(horses_horse, herd_horses_horse(g, 0, 1, &x->cell), HORSES ? SKIP : HERD_E_ARG)              \
    X(horses_horse_null_out, herd_horses_horse(g, 0, 1, NULL), HERD_E_ARG)                         \
    X(horses_horse_number_zero, herd_horses_horse(g, 0, 0, &x->cell), HERD_E_ARG)                  \
    X(horses_horse_number_eleven, herd_horses_horse(g, 1, 11, &x->cell), HERD_E_ARG)               \
    X(horses_horse_side_two, herd_horses_horse(g, 2, 1, &x->cell), HERD_E_ARG)                     \
    X(horses_at, herd_horses_at(g, (herd_cell){0, 0}, &x->i, NULL), HORSES ? SKIP : HERD_E_ARG)    \
    X(horses_at_off_board, herd_horses_at(g, (herd_cell){-1, 0}, &x->i, &x->i), HERD_E_ARG)        \
    X(horses_at_far_off_board, herd_horses_at(g, (herd_cell){0, 99}, &x->i, &x->i), HERD_E_ARG)    \
    X(horses_together, herd_horses_together(g, 0, &x->i), HORSES ? SKIP : HERD_E_ARG)              \
    X(horses_together_null_out, herd_horses_together(g, 0, NULL), HERD_E_ARG)                      \
    X(horses_together_side_minus_one, herd_horses_together(g, -1, &x->i), HERD_E_ARG)              \
    X(horses_lines, herd_horses_lines(g, 0, x->lines, HERD_HORSES_MAX_LINES, &x->n),               \
      HORSES ? SKIP : HERD_E_ARG)                                                                  \
    X(horses_lines_null_buffer, herd_horses_lines(g, 0, NULL, 8, &x->n), HERD_E_ARG)               \
    X(horses_lines_zero_capacity, herd_horses_lines(g, 0, x->lines, 0, &x->n),                     \
      HORSES ? HERD_E_BUFFER : HERD_E_ARG)                                                         \
    X(horses_lines_side_two, herd_horses_lines(g, 2, x->lines, 8, &x->n), HERD_E_ARG)              \
    X(horses_progress, herd_horses_progress(g, 0, &x->i, NULL), HORSES ? SKIP : HERD_E_ARG)        \
    X(horses_progress_side_two, herd_horses_progress(g, 2, &x->i, &x->i), HERD_E_ARG)              \
    X(horses_log_line_no_move, herd_horses_log_line(g, 1, UINT64_MAX, x->text, 64, &x->len),       \
      HERD_E_ARG)                                                                                  \
    X(horses_move_cells_null, (herd_horses_move_cells(x->legal0, NULL, NULL), 0), 0)               \
    X(horses_move_cells_no_move, herd_horses_move_cells(UINT64_MAX, &x->cell, &x->cell),           \
      HERD_E_ARG)                                                                                  \
    /* hex.h: NULL, out of range, and on another game */                                           \
    X(hex_size, herd_hex_size(g, &x->i), HEX ? SKIP : HERD_E_ARG)                                  \
    X(hex_size_null_out, herd_hex_size(g, NULL), HERD_E_ARG)                                       \
    X(hex_cell_count, herd_hex_cell_count(g, &x->i), HEX ? SKIP : HERD_E_ARG)                      \
    X(hex_cell_count_null_out, herd_hex_cell_count(g, NULL), HERD_E_ARG)                           \
    X(hex_row_length_minus_one, herd_hex_row_length(g, -1, &x->i), HERD_E_ARG)                     \
    X(hex_row_length_past_the_board, herd_hex_row_length(g, 25, &x->i), HERD_E_ARG)                \
    X(hex_row_length_null_out, herd_hex_row_length(g, 0, NULL), HERD_E_ARG)                        \
    X(hex_phase, herd_hex_phase(g, &x->i), HEX ? SKIP : HERD_E_ARG)                                \
    X(hex_phase_null_out, herd_hex_phase(g, NULL), HERD_E_ARG)                                     \
    X(hex_dice, herd_hex_dice(g, &x->i, &x->i), HEX ? SKIP : HERD_E_ARG)                           \
    X(hex_dice_null_game, herd_hex_dice(NULL, &x->i, &x->i), HERD_E_ARG)                           \
    X(hex_left_null_out, herd_hex_left(g, NULL), HERD_E_ARG)                                       \
    X(hex_left, herd_hex_left(g, &x->i), HEX ? SKIP : HERD_E_ARG)                                  \
    X(hex_turns_null_out, herd_hex_turns(g, NULL), HERD_E_ARG)                                     \
    X(hex_turns, herd_hex_turns(g, &x->u64), HEX ? SKIP : HERD_E_ARG)                              \
    X(hex_at_off_board, herd_hex_at(g, (herd_cell){0, 99}, &x->i), HERD_E_ARG)                     \
    X(hex_at_minus_one, herd_hex_at(g, (herd_cell){-1, 0}, &x->i), HERD_E_ARG)                     \
    X(hex_at_null_out, herd_hex_at(g, (herd_cell){0, 0}, NULL), HERD_E_ARG)                        \
    X(hex_stones_side_two, herd_hex_stones(g, 2, &x->i), HERD_E_ARG)                               \
    X(hex_stones_null_out, herd_hex_stones(g, 0, NULL), HERD_E_ARG)                                \
    X(hex_stones, herd_hex_stones(g, 0, &x->i), HEX ? SKIP : HERD_E_ARG)                           \
    X(hex_move_out_of_range, (int)herd_hex_place_move((herd_cell){256, 0}), 0)                     \
    X(hex_move_int_max, (int)herd_hex_remove_move((herd_cell){INT_MAX, INT_MIN}), 0)               \
    X(hex_dice_move_out_of_range, (int)herd_hex_dice_move(-1, 300), 0)                             \
    X(hex_move_kind_no_action, herd_hex_move_kind(0, &x->i), HERD_E_ARG)                           \
    X(hex_move_kind_null_out, herd_hex_move_kind(herd_hex_dice_move(1, 2), NULL), HERD_E_ARG)      \
    X(hex_move_cell_of_a_roll, herd_hex_move_cell(herd_hex_dice_move(1, 2), &x->cell), HERD_E_ARG) \
    X(hex_move_cell_null_out, herd_hex_move_cell(herd_hex_place_move((herd_cell){0, 0}), NULL),    \
      HERD_E_ARG)                                                                                  \
    X(hex_move_dice_of_a_placement,                                                                \
      herd_hex_move_dice(herd_hex_place_move((herd_cell){0, 0}), &x->i, &x->i), HERD_E_ARG)        \
    X(hex_options_of, herd_hex_options_of(g, &x->xo), HEX ? SKIP : HERD_E_ARG)                     \
    X(hex_options_of_null_game, herd_hex_options_of(NULL, &x->xo), HERD_E_ARG)                     \
    X(hex_options_of_null_out, herd_hex_options_of(g, NULL), HERD_E_ARG)                           \
    /* hare.h: NULL, out of range, and on another game */                                          \
    X(hare_default_options_null, (herd_hare_default_options(NULL), 0), 0)                          \
    X(hare_new_null_out, herd_hare_new(NULL, NULL, NULL, NULL, &x->err), HERD_E_ARG)               \
    X(hare_new_start_on_a_hound,                                                                   \
      (x->hao.start = (herd_cell){4, 1}, herd_hare_new(&x->hao, NULL, NULL, &x->out, NULL)),       \
      HERD_E_RANGE)                                                                                \
    X(hare_new_start_no_point,                                                                     \
      (x->hao.start = (herd_cell){0, 0}, herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),    \
      HERD_E_RANGE)                                                                                \
    X(hare_new_start_off_the_grid,                                                                 \
      (x->hao.start = (herd_cell){9, 9}, herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),    \
      HERD_E_RANGE)                                                                                \
    X(hare_new_start_negative,                                                                     \
      (x->hao.start = (herd_cell){-1, 1}, herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),   \
      HERD_E_PARSE)                                                                                \
    X(hare_new_start_past_row_z,                                                                   \
      (x->hao.start = (herd_cell){26, 1}, herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),   \
      HERD_E_PARSE)                                                                                \
    X(hare_move_off_the_grid, (int)(herd_hare_move((herd_cell){8, 0}, (herd_cell){0, 0}) != 0), 0) \
    X(hare_move_row_past_g, (int)(herd_hare_move((herd_cell){7, 0}, (herd_cell){0, 0}) != 0), 0)   \
    X(hare_move_negative, (int)(herd_hare_move((herd_cell){0, 1}, (herd_cell){-1, 1}) != 0), 0)    \
    X(hare_move_cells_no_move, herd_hare_move_cells(0, &x->cell, &x->cell), HERD_E_ARG)            \
    X(hare_move_cells_no_action, herd_hare_move_cells(UINT64_MAX, &x->cell, &x->cell), HERD_E_ARG) \
    X(hare_point_minus_one, herd_hare_point(-1, &x->cell), HERD_E_ARG)                             \
    X(hare_point_eleven, herd_hare_point(HERD_HARE_POINTS, &x->cell), HERD_E_ARG)                  \
    X(hare_point_null_out, herd_hare_point(0, NULL), HERD_E_ARG)                                   \
    X(hare_line_minus_one, herd_hare_line(-1, &x->cell, &x->cell), HERD_E_ARG)                     \
    X(hare_line_twenty_two, herd_hare_line(HERD_HARE_LINES, &x->cell, &x->cell), HERD_E_ARG)       \
    X(hare_line_null_a, herd_hare_line(0, NULL, &x->cell), HERD_E_ARG)                             \
    X(hare_line_null_b, herd_hare_line(0, &x->cell, NULL), HERD_E_ARG)                             \
    X(hare_at, herd_hare_at(g, (herd_cell){0, 1}, &x->i), HARE ? SKIP : HERD_E_ARG)                \
    X(hare_at_null_game, herd_hare_at(NULL, (herd_cell){0, 1}, &x->i), HERD_E_ARG)                 \
    X(hare_at_null_out, herd_hare_at(g, (herd_cell){0, 1}, NULL), HERD_E_ARG)                      \
    X(hare_at_no_point, herd_hare_at(g, (herd_cell){0, 0}, &x->i), HERD_E_ARG)                     \
    X(hare_at_off_board, herd_hare_at(g, (herd_cell){5, 1}, &x->i), HERD_E_ARG)                    \
    X(hare_at_minus_one, herd_hare_at(g, (herd_cell){-1, 1}, &x->i), HERD_E_ARG)                   \
    X(hare_locate, herd_hare_locate(g, &x->cell), HARE ? SKIP : HERD_E_ARG)                        \
    X(hare_locate_null_game, herd_hare_locate(NULL, &x->cell), HERD_E_ARG)                         \
    X(hare_locate_null_out, herd_hare_locate(g, NULL), HERD_E_ARG)                                 \
    X(hare_hounds, herd_hare_hounds(g, x->cells), HARE ? SKIP : HERD_E_ARG)                        \
    X(hare_hounds_null_game, herd_hare_hounds(NULL, x->cells), HERD_E_ARG)                         \
    X(hare_hounds_null_out, herd_hare_hounds(g, NULL), HERD_E_ARG)                                 \
    X(hare_stall, herd_hare_stall(g, &x->i), HARE ? SKIP : HERD_E_ARG)                             \
    X(hare_stall_null_game, herd_hare_stall(NULL, &x->i), HERD_E_ARG)                              \
    X(hare_stall_null_out, herd_hare_stall(g, NULL), HERD_E_ARG)                                   \
    X(hare_options_of, herd_hare_options_of(g, &x->hao), HARE ? SKIP : HERD_E_ARG)                 \
    X(hare_options_of_null_game, herd_hare_options_of(NULL, &x->hao), HERD_E_ARG)                  \
    X(hare_options_of_null_out, herd_hare_options_of(g, NULL), HERD_E_ARG)                         \
    /* fox.h: NULL, out of range, and on another game */                                           \
    X(fox_default_options_null, (herd_fox_default_options(NULL), 0), 0)                            \
    X(fox_new_null_out, herd_fox_new(NULL, NULL, NULL, NULL, &x->err), HERD_E_ARG)                 \
    X(fox_new_fourteen_geese, (x->fo.geese = 14, herd_fox_new(&x->fo, NULL, NULL, &x->out, NULL)), \
      HERD_E_RANGE)                                                                                \
    X(fox_new_nineteen_geese,                                                                      \
      (x->fo.geese = 19, herd_fox_new(&x->fo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)        \
    X(fox_new_negative_geese,                                                                      \
      (x->fo.geese = -13, herd_fox_new(&x->fo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)       \
    X(fox_new_sideways_two,                                                                        \
      (x->fo.sideways = 2, herd_fox_new(&x->fo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)      \
    X(fox_new_sideways_minus_one,                                                                  \
      (x->fo.sideways = -1, herd_fox_new(&x->fo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)     \
    X(fox_step_off_the_grid, (int)(herd_fox_step((herd_cell){3, 3}, (herd_cell){3, 8}) != 0), 0)   \
    X(fox_step_column_past_7, (int)(herd_fox_step((herd_cell){3, 6}, (herd_cell){3, 7}) != 0), 0)  \
    X(fox_step_negative, (int)(herd_fox_step((herd_cell){-1, 3}, (herd_cell){0, 3}) != 0), 0)      \
    X(fox_jump_not_two_away, (int)(herd_fox_jump((herd_cell){3, 3}, (herd_cell){2, 3}) != 0), 0)   \
    X(fox_jump_not_in_a_line, (int)(herd_fox_jump((herd_cell){3, 3}, (herd_cell){1, 4}) != 0), 0)  \
    X(fox_jump_to_itself, (int)(herd_fox_jump((herd_cell){3, 3}, (herd_cell){3, 3}) != 0), 0)      \
    X(fox_jump_from_minus_two, (int)(herd_fox_jump((herd_cell){-2, 3}, (herd_cell){0, 3}) != 0),   \
      0)                                                                                           \
    X(fox_jump_from_off_the_grid, (int)(herd_fox_jump((herd_cell){3, 8}, (herd_cell){3, 6}) != 0), \
      0)                                                                                           \
    X(fox_jump_landing_off_the_grid,                                                               \
      (int)(herd_fox_jump((herd_cell){3, 6}, (herd_cell){3, 8}) != 0), 0)                          \
    X(fox_jump_landing_above_the_grid,                                                             \
      (int)(herd_fox_jump((herd_cell){1, 3}, (herd_cell){-1, 3}) != 0), 0)                         \
    X(fox_jump_int_max, (int)(herd_fox_jump((herd_cell){INT_MAX, 3}, (herd_cell){3, 3}) != 0), 0)  \
    X(fox_stop_is_an_action, (int)(herd_fox_stop() == 0), 0)                                       \
    X(fox_point_minus_one, herd_fox_point(-1, &x->cell), HERD_E_ARG)                               \
    X(fox_point_thirty_three, herd_fox_point(HERD_FOX_POINTS, &x->cell), HERD_E_ARG)               \
    X(fox_point_null_out, herd_fox_point(0, NULL), HERD_E_ARG)                                     \
    X(fox_line_minus_one, herd_fox_line(-1, &x->cell, &x->cell), HERD_E_ARG)                       \
    X(fox_line_ninety_six, herd_fox_line(HERD_FOX_LINES, &x->cell, &x->cell), HERD_E_ARG)          \
    X(fox_line_null_a, herd_fox_line(0, NULL, &x->cell), HERD_E_ARG)                               \
    X(fox_line_null_b, herd_fox_line(0, &x->cell, NULL), HERD_E_ARG)                               \
    X(fox_at, herd_fox_at(g, (herd_cell){3, 3}, &x->i), FOX ? SKIP : HERD_E_ARG)                   \
    X(fox_at_null_game, herd_fox_at(NULL, (herd_cell){3, 3}, &x->i), HERD_E_ARG)                   \
    X(fox_at_null_out, herd_fox_at(g, (herd_cell){3, 3}, NULL), HERD_E_ARG)                        \
    X(fox_at_corner, herd_fox_at(g, (herd_cell){0, 0}, &x->i), HERD_E_ARG)                         \
    X(fox_at_off_board, herd_fox_at(g, (herd_cell){3, 7}, &x->i), HERD_E_ARG)                      \
    X(fox_at_minus_one, herd_fox_at(g, (herd_cell){-1, 3}, &x->i), HERD_E_ARG)                     \
    X(fox_locate, herd_fox_locate(g, &x->cell), FOX ? SKIP : HERD_E_ARG)                           \
    X(fox_locate_null_game, herd_fox_locate(NULL, &x->cell), HERD_E_ARG)                           \
    X(fox_locate_null_out, herd_fox_locate(g, NULL), HERD_E_ARG)                                   \
    X(fox_geese_left, herd_fox_geese_left(g, &x->i), FOX ? SKIP : HERD_E_ARG)                      \
    X(fox_geese_left_null_game, herd_fox_geese_left(NULL, &x->i), HERD_E_ARG)                      \
    X(fox_geese_left_null_out, herd_fox_geese_left(g, NULL), HERD_E_ARG)                           \
    X(fox_sideways, herd_fox_sideways(g, &x->i), FOX ? SKIP : HERD_E_ARG)                          \
    X(fox_sideways_null_game, herd_fox_sideways(NULL, &x->i), HERD_E_ARG)                          \
    X(fox_sideways_null_out, herd_fox_sideways(g, NULL), HERD_E_ARG)                               \
    X(fox_in_chain, herd_fox_in_chain(g, &x->i), FOX ? SKIP : HERD_E_ARG)                          \
    X(fox_in_chain_null_game, herd_fox_in_chain(NULL, &x->i), HERD_E_ARG)                          \
    X(fox_in_chain_null_out, herd_fox_in_chain(g, NULL), HERD_E_ARG)                               \
    X(fox_options_of, herd_fox_options_of(g, &x->fo), FOX ? SKIP : HERD_E_ARG)                     \
    X(fox_options_of_null_game, herd_fox_options_of(NULL, &x->fo), HERD_E_ARG)                     \
    X(fox_options_of_null_out, herd_fox_options_of(g, NULL), HERD_E_ARG)                           \
    X(fox_move_kind_no_action, herd_fox_move_kind(0, &x->i), HERD_E_ARG)                           \
    X(fox_move_kind_null_out, herd_fox_move_kind(herd_fox_stop(), NULL), HERD_E_ARG)               \
    X(fox_move_cells_of_stop, herd_fox_move_cells(herd_fox_stop(), &x->cell, &x->cell),            \
      HERD_E_ARG)                                                                                  \
    X(fox_move_cells_no_action, herd_fox_move_cells(UINT64_MAX, &x->cell, &x->cell), HERD_E_ARG)   \
    /* flock.h: NULL, out of range, too small, and on another game */                              \
    X(flock_default_options_null, (herd_flock_default_options(NULL), 0), 0)                        \
    X(flock_new_null_out, herd_flock_new(NULL, NULL, NULL, NULL, &x->err), HERD_E_ARG)             \
    X(flock_new_width_four,                                                                        \
      (x->flo.width = 4, herd_flock_new(&x->flo, NULL, NULL, &x->out, NULL)), HERD_E_RANGE)        \
    X(flock_new_width_thirteen,                                                                    \
      (x->flo.width = 13, herd_flock_new(&x->flo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)    \
    X(flock_new_height_four,                                                                       \
      (x->flo.height = 4, herd_flock_new(&x->flo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)    \
    X(flock_new_height_negative,                                                                   \
      (x->flo.height = -7, herd_flock_new(&x->flo, NULL, NULL, &x->out, &x->err)), HERD_E_RANGE)   \
    X(flock_move_cells_null, (herd_flock_move_cells(x->legal0, NULL, NULL), 0), 0)                 \
    X(flock_move_cells_no_move, herd_flock_move_cells(UINT64_MAX, &x->cell, &x->cell), HERD_E_ARG) \
    X(flock_move_extremes_round_trip,                                                              \
      (herd_flock_move_cells(herd_flock_move((herd_cell){-128, 127}, (herd_cell){127, -128}),      \
                             &x->cells[0], &x->cells[1]),                                          \
       x->cells[0].row == -128 && x->cells[0].col == 127 && x->cells[1].row == 127 &&              \
           x->cells[1].col == -128),                                                               \
      1)                                                                                           \
    X(flock_options_of, herd_flock_options_of(g, &x->flo), FLOCK ? SKIP : HERD_E_ARG)              \
    X(flock_options_of_null_game, herd_flock_options_of(NULL, &x->flo), HERD_E_ARG)                \
    X(flock_options_of_null_out, herd_flock_options_of(g, NULL), HERD_E_ARG)                       \
    X(flock_at, herd_flock_at(g, (herd_cell){0, 0}, &x->i), FLOCK ? SKIP : HERD_E_ARG)             \
    X(flock_at_null_out, herd_flock_at(g, (herd_cell){0, 0}, NULL), HERD_E_ARG)                    \
    X(flock_at_minus_one, herd_flock_at(g, (herd_cell){-1, 0}, &x->i), HERD_E_ARG)                 \
    X(flock_at_off_board, herd_flock_at(g, (herd_cell){0, HERD_FLOCK_MAX_SIZE}, &x->i),            \
      HERD_E_ARG)                                                                                  \
    X(flock_stones, herd_flock_stones(g, 0, &x->i), FLOCK ? SKIP : HERD_E_ARG)                     \
    X(flock_stones_null_out, herd_flock_stones(g, 0, NULL), HERD_E_ARG)                            \
    X(flock_stones_side_two, herd_flock_stones(g, 2, &x->i), HERD_E_ARG)                           \
    X(flock_stones_side_minus_one, herd_flock_stones(g, -1, &x->i), HERD_E_ARG)                    \
    X(flock_captured, herd_flock_captured(g, 0, &x->i), FLOCK ? SKIP : HERD_E_ARG)                 \
    X(flock_captured_null_out, herd_flock_captured(g, 0, NULL), HERD_E_ARG)                        \
    X(flock_captured_side_two, herd_flock_captured(g, 2, &x->i), HERD_E_ARG)                       \
    X(flock_ply, herd_flock_ply(g, &x->i), FLOCK ? SKIP : HERD_E_ARG)                              \
    X(flock_ply_null_game, herd_flock_ply(NULL, &x->i), HERD_E_ARG)                                \
    X(flock_ply_null_out, herd_flock_ply(g, NULL), HERD_E_ARG)                                     \
    X(flock_moves_left, herd_flock_moves_left(g, &x->i), FLOCK ? SKIP : HERD_E_ARG)                \
    X(flock_moves_left_null_game, herd_flock_moves_left(NULL, &x->i), HERD_E_ARG)                  \
    X(flock_moves_left_null_out, herd_flock_moves_left(g, NULL), HERD_E_ARG)                       \
    X(flock_range, herd_flock_range(g, FROM0, &x->i), FLOCK ? SKIP : HERD_E_ARG)                   \
    X(flock_range_null_out, herd_flock_range(g, FROM0, NULL), HERD_E_ARG)                          \
    X(flock_range_off_board, herd_flock_range(g, (herd_cell){-1, -1}, &x->i), HERD_E_ARG)          \
    X(flock_members, herd_flock_members(g, FROM0, x->cells, 0, &x->n),                             \
      FLOCK ? (x->moves ? HERD_E_BUFFER : SKIP) : HERD_E_ARG)                                      \
    X(flock_members_null_game, herd_flock_members(NULL, FROM0, x->cells, 3, &x->n), HERD_E_ARG)    \
    X(flock_members_null_buffer, herd_flock_members(g, FROM0, NULL, 3, &x->n), HERD_E_ARG)         \
    X(flock_members_off_board,                                                                     \
      herd_flock_members(g, (herd_cell){HERD_FLOCK_MAX_SIZE, 0}, x->cells, 3, &x->n), HERD_E_ARG)  \
    X(flock_targets, herd_flock_targets(g, FROM0, x->cells, 0, &x->n),                             \
      FLOCK ? (x->moves ? HERD_E_BUFFER : SKIP) : HERD_E_ARG)                                      \
    X(flock_targets_null_game, herd_flock_targets(NULL, FROM0, x->cells, 3, &x->n), HERD_E_ARG)    \
    X(flock_targets_null_buffer, herd_flock_targets(g, FROM0, NULL, 3, &x->n), HERD_E_ARG)         \
    X(flock_targets_off_board, herd_flock_targets(g, (herd_cell){0, -1}, x->cells, 3, &x->n),      \
      HERD_E_ARG)                                                                                  \
    X(flock_last_move, herd_flock_last_move(g, 0, &x->m), FLOCK ? SKIP : HERD_E_ARG)               \
    X(flock_last_move_null_out, herd_flock_last_move(g, 0, NULL), HERD_E_ARG)                      \
    X(flock_last_move_side_two, herd_flock_last_move(g, 2, &x->m), HERD_E_ARG)                     \
    X(flock_last_move_side_minus_one, herd_flock_last_move(g, -1, &x->m), HERD_E_ARG)              \
    X(flock_straight_back, herd_flock_straight_back(g, &x->i, NULL, NULL),                         \
      FLOCK ? SKIP : HERD_E_ARG)                                                                   \
    X(flock_straight_back_null_game, herd_flock_straight_back(NULL, &x->i, &x->cell, &x->cell),    \
      HERD_E_ARG)                                                                                  \
    X(flock_straight_back_null_banned, herd_flock_straight_back(g, NULL, &x->cell, &x->cell),      \
      HERD_E_ARG)                                                                                  \
    /* every typed call that takes a cell, at the ends of int: refused, and no undefined           \
     * behaviour on the way (UBSan runs this table) */                                             \
    X(horses_move_int_extremes, herd_apply(g, herd_horses_move(MAX_MIN, MIN_MAX)),                 \
      HORSES ? (ENDED ? HERD_E_STATE : HERD_E_ILLEGAL) : SKIP)                                     \
    X(horses_log_line_int_extremes,                                                                \
      herd_horses_log_line(g, 1, herd_horses_move(MIN_MAX, MAX_MIN), x->text, 64, &x->len),        \
      HERD_E_ARG)                                                                                  \
    X(horses_at_int_max, herd_horses_at(g, MAX_MAX, &x->i, &x->i), HERD_E_ARG)                     \
    X(horses_at_int_min, herd_horses_at(g, MIN_MIN, &x->i, &x->i), HERD_E_ARG)                     \
    X(horses_at_int_max_column, herd_horses_at(g, (herd_cell){0, INT_MAX}, &x->i, &x->i),          \
      HERD_E_ARG)                                                                                  \
    X(hex_at_int_max, herd_hex_at(g, (herd_cell){INT_MAX, INT_MAX}, &x->i), HERD_E_ARG)            \
    X(hex_at_int_min, herd_hex_at(g, (herd_cell){INT_MIN, INT_MIN}, &x->i), HERD_E_ARG)            \
    X(hex_at_int_max_position, herd_hex_at(g, (herd_cell){0, INT_MAX}, &x->i), HERD_E_ARG)         \
    X(hex_row_length_int_max, herd_hex_row_length(g, INT_MAX, &x->i), HERD_E_ARG)                  \
    X(hex_row_length_int_min, herd_hex_row_length(g, INT_MIN, &x->i), HERD_E_ARG)                  \
    X(hex_move_int_extremes, (int)herd_hex_place_move((herd_cell){INT_MAX, INT_MIN}), 0)           \
    X(hare_new_start_int_max_row,                                                                  \
      (x->hao.start = (herd_cell){INT_MAX, 1},                                                     \
       herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),                                      \
      HERD_E_PARSE)                                                                                \
    X(hare_new_start_int_max_column,                                                               \
      (x->hao.start = (herd_cell){0, INT_MAX},                                                     \
       herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),                                      \
      HERD_E_PARSE)                                                                                \
    X(hare_new_start_int_min,                                                                      \
      (x->hao.start = MIN_MIN, herd_hare_new(&x->hao, NULL, NULL, &x->out, &x->err)),              \
      HERD_E_PARSE)                                                                                \
    X(hare_move_int_extremes, (int)(herd_hare_move(MAX_MIN, MIN_MAX) != 0), 0)                     \
    X(hare_move_to_int_max, (int)(herd_hare_move((herd_cell){0, 1}, MAX_MAX) != 0), 0)             \
    X(hare_at_int_max, herd_hare_at(g, MAX_MAX, &x->i), HERD_E_ARG)                                \
    X(hare_at_int_min, herd_hare_at(g, MIN_MIN, &x->i), HERD_E_ARG)                                \
    X(fox_step_int_extremes, (int)(herd_fox_step(MAX_MIN, MIN_MAX) != 0), 0)                       \
    X(fox_step_to_int_min, (int)(herd_fox_step((herd_cell){3, 3}, MIN_MIN) != 0), 0)               \
    X(fox_jump_int_extremes, (int)(herd_fox_jump(MIN_MAX, MAX_MIN) != 0), 0)                       \
    X(fox_jump_to_int_max, (int)(herd_fox_jump((herd_cell){3, 3}, MAX_MAX) != 0), 0)               \
    X(fox_at_int_max, herd_fox_at(g, MAX_MAX, &x->i), HERD_E_ARG)                                  \
    X(fox_at_int_min, herd_fox_at(g, MIN_MIN, &x->i), HERD_E_ARG)                                  \
    X(flock_move_int_extremes, herd_apply(g, herd_flock_move(MAX_MIN, MIN_MAX)),                   \
      FLOCK ? (ENDED ? HERD_E_STATE : HERD_E_ILLEGAL) : SKIP)                                      \
    X(flock_at_int_max, herd_flock_at(g, MAX_MAX, &x->i), HERD_E_ARG)                              \
    X(flock_at_int_min, herd_flock_at(g, MIN_MIN, &x->i), HERD_E_ARG)                              \
    X(flock_range_int_max, herd_flock_range(g, MAX_MIN, &x->i), HERD_E_ARG)                        \
    X(flock_range_int_min, herd_flock_range(g, MIN_MAX, &x->i), HERD_E_ARG)                        \
    X(flock_members_int_max, herd_flock_members(g, MAX_MAX, x->cells, 3, &x->n), HERD_E_ARG)       \
    X(flock_members_int_min, herd_flock_members(g, MIN_MIN, x->cells, 3, &x->n), HERD_E_ARG)       \
    X(flock_targets_int_max, herd_flock_targets(g, MAX_MIN, x->cells, 3, &x->n), HERD_E_ARG)       \
    X(flock_targets_int_min, herd_flock_targets(g, MIN_MAX, x->cells, 3, &x->n), HERD_E_ARG)       \
    /* batches */                                                                                  \
    X(batch_new_null_out,                                                                          \
      herd_batch_new(herd_game_name(g), NULL, 2, 0, 0, NULL, NULL, NULL, &x->err), HERD_E_ARG)     \
    X(batch_new_null_game, herd_batch_new(NULL, NULL, 2, 0, 0, NULL, NULL, &x->batch, &x->err),    \
      HERD_E_ARG)                                                                                  \
    X(batch_new_no_games,                                                                          \
      herd_batch_new(herd_game_name(g), NULL, 0, 0, 0, NULL, NULL, &x->batch, &x->err),            \
      HERD_E_ARG)                                                                                  \
    X(batch_new_seed_option,                                                                       \
      herd_batch_new(herd_game_name(g), "seed=1", 2, 0, 0, NULL, NULL, &x->batch, &x->err),        \
      HERD_E_ARG)                                                                                  \
    X(batch_new_unknown_key,                                                                       \
      herd_batch_new(herd_game_name(g), "zz=1", 2, 0, 0, NULL, NULL, &x->batch, NULL),             \
      HERD_E_UNKNOWN)                                                                              \
    X(batch_new_too_many,                                                                          \
      herd_batch_new(herd_game_name(g), NULL, SIZE_MAX, 0, 0, NULL, NULL, &x->batch, &x->err),     \
      HERD_E_NOMEM)                                                                                \
    X(batch_free_null, (herd_batch_free(NULL), 0), 0)                                              \
    X(batch_count_of_null, (int)herd_batch_count(NULL), 0)                                         \
    X(batch_game_of_null, herd_batch_game(NULL, 0) == NULL, 1)                                     \
    X(batch_last_error_of_null, strcmp(herd_batch_last_error(NULL), ""), 0)                        \
    X(batch_masks_null, herd_batch_masks(NULL, (unsigned char *)x->text, sizeof x->text, NULL),    \
      HERD_E_ARG)                                                                                  \
    X(batch_observations_null,                                                                     \
      herd_batch_observations(NULL, (float *)(void *)x->probs, HERD_MAX_MOVES, NULL), HERD_E_ARG)  \
    X(batch_sides_null, herd_batch_sides(NULL, &x->i, 1), HERD_E_ARG)                              \
    X(batch_random_actions_null, herd_batch_random_actions(NULL, &x->n, 1), HERD_E_ARG)            \
    X(batch_step_null,                                                                             \
      herd_batch_step(NULL, &x->n, 1, (float *)(void *)x->probs, (unsigned char *)x->text),        \
      HERD_E_ARG)

#define DEFINE_ROW(label, call, want)                 \
    static int call_##label(herd_game *g, scratch *x) \
    {                                                 \
        (void)g;                                      \
        (void)x;                                      \
        return (call);                                \
    }                                                 \
    static int want_##label(herd_game *g, scratch *x) \
    {                                                 \
        (void)g;                                      \
        (void)x;                                      \
        return (want);                                \
    }

typedef struct misuse_row {
    const char *label, *call;
    int (*run)(herd_game *g, scratch *x);
    int (*want)(herd_game *g, scratch *x);
} misuse_row;

#define TABLE_ROW(label, call, want) {#label, #call, call_##label, want_##label},

MISUSE_ROWS(DEFINE_ROW)

static const misuse_row ROWS[] = {MISUSE_ROWS(TABLE_ROW)};

/* What a refused call may not hand out. */
#define NO_HANDLE ((herd_game *)(uintptr_t)0x5151)

static herd_game *other_kind_of(const herd_game *g)
{
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        if (strcmp(c->game, herd_game_name(g)) != 0)
            return case_new(c, NULL, NULL);
    }
    fail_msg("only one game in the registry: wrong-game calls need two");
    return NULL;
}

static void set_up(scratch *x, herd_game *g, herd_game *other)
{
    memset(x, 0xA5, sizeof *x);
    x->out = NO_HANDLE;
    herd_horses_options_init(&x->ho, HERD_HORSES_OPTIONS_VERSION);
    herd_hex_options_init(&x->xo, HERD_HEX_OPTIONS_VERSION);
    herd_hare_options_init(&x->hao, HERD_HARE_OPTIONS_VERSION);
    herd_fox_options_init(&x->fo, HERD_FOX_OPTIONS_VERSION);
    herd_flock_options_init(&x->flo, HERD_FLOCK_OPTIONS_VERSION);
    x->other = other;
    position_text(other, x->other_text);
    herd_move first[HERD_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(other, first, HERD_MAX_MOVES, &n), HERD_OK);
    x->other_move = n ? first[0] : 0;
    x->other_move_legal = herd_is_legal(g, x->other_move);
    assert_int_equal(herd_legal_moves(g, x->buf, HERD_MAX_MOVES, &x->moves), HERD_OK);
    x->legal0 = x->moves ? x->buf[0] : 0;
    assert_int_equal(herd_position_to_text(g, x->text, sizeof x->text, &x->text_len), HERD_OK);
}

/* Runs every row on g; returns the number of rows that ran. */
static int run_rows(herd_game *g, const char *where)
{
    static scratch x;
    herd_game *other = other_kind_of(g);
    int ran = 0;
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        const misuse_row *row = &ROWS[i];
        set_up(&x, g, other);
        int want = row->want(g, &x);
        if (want == SKIP)
            continue;
        snapshot s;
        snap_take(&s, g);
        int got = row->run(g, &x);
        if (got != want)
            print_error("%s: %s: %s answered %d, not %d\n", where, row->label, row->call, got,
                        want);
        assert_int_equal(got, want);
        if (x.out != NO_HANDLE)
            print_error("%s: %s: a refused call handed out a game\n", where, row->label);
        assert_ptr_equal(x.out, NO_HANDLE);
        snap_check(&s, g);
        ran++;
    }
    herd_free(other);
    return ran;
}

static void every_function_refuses_misuse_and_changes_nothing(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        char name[200], where[256];
        case_name(c, name, sizeof name);
        herd_game *g = case_new(c, NULL, NULL);
        snprintf(where, sizeof where, "%s, new", name);
        int ran = run_rows(g, where);

        play_computer(g, 5);
        snprintf(where, sizeof where, "%s, after 5 actions", name);
        ran += run_rows(g, where);

        herd_game *copy;
        assert_int_equal(herd_copy_into(g, arena, herd_copy_size(g, 0), &copy), HERD_OK);
        snprintf(where, sizeof where, "%s, in caller memory", name);
        ran += run_rows(copy, where);

        herd_free(g);
        g = ended_game_of(c);
        assert_true(ended(g));
        snprintf(where, sizeof where, "%s, ended", name);
        ran += run_rows(g, where);
        herd_free(g);
        /* Most rows apply in every state. */
        assert_true(ran > 3 * (int)(sizeof ROWS / sizeof ROWS[0]));
    }
}

/* Undo past the history, to the last record and one more, on a game whose
 * history holds a few actions and on a caller-memory copy whose ring has
 * wrapped. */
static void undo_past_the_history_is_refused(void **state)
{
    (void)state;
    for (const game_case *c = first_case(); c; c = next_case(c)) {
        herd_game *g = case_new(c, NULL, NULL), *copy;
        int played = play_computer(g, 6);
        for (int i = 0; i < played; i++)
            assert_int_equal(herd_undo(g), HERD_OK);
        snapshot s;
        snap_take(&s, g);
        assert_int_equal(herd_undo(g), HERD_E_STATE);
        assert_string_equal(herd_last_error(g), "there is nothing to undo");
        snap_check(&s, g);
        assert_int_equal(herd_copy_into(g, arena, herd_copy_size(g, 2), &copy), HERD_OK);
        played = play_computer(copy, 5);
        int undone = 0;
        while (herd_undo(copy) == HERD_OK)
            undone++;
        assert_int_equal(undone, played < 2 ? played : 2);
        snap_take(&s, copy);
        assert_int_equal(herd_undo(copy), HERD_E_STATE);
        snap_check(&s, copy);
        herd_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_function_refuses_misuse_and_changes_nothing),
        cmocka_unit_test(undo_past_the_history_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

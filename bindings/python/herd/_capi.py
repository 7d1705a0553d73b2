"""The ctypes declarations of libherd's C API (include/herd/*.h).

Private: the public names live in the package `herd`. Every function the
binding calls is declared here with its argument and result types, so that
ctypes converts and checks arguments instead of guessing (a 64-bit herd_move
passed as a C int would be cut short).
"""
from ctypes import (POINTER, Structure, c_char, c_char_p, c_double, c_int, c_int64, c_size_t,
                    c_uint, c_uint32, c_uint64, c_void_p, sizeof)

# The version of the headers this binding was written for (herd.h).
VERSION_MAJOR = 1
VERSION_MINOR = 1

# herd_code
OK = 0
E_ARG = -1
E_NOMEM = -2
E_RANGE = -3
E_PARSE = -4
E_ILLEGAL = -5
E_BUFFER = -6
E_STATE = -7
E_UNKNOWN = -8
E_POSITION = -9
E_UNSUPPORTED = -10
E_INTERRUPTED = -11

# herd_result
ONGOING = 0
WIN = 1
DRAW = 2
OVER = 3  # 1.1: ended by its players without a result (abandoned)

MAX_MOVES = 1024
MAX_POSITION_TEXT = 1024
MAX_MOVE_TEXT = 64
MAX_SAVE_TEXT = 2048
ERROR_MESSAGE_SIZE = 160

HORSES_MAX_LINES = 40  # 4 * HERD_HORSES_MAX_HORSES

# hare.h
HARE_POINTS = 11
HARE_LINES = 22
HARE_HOUNDS_COUNT = 3
HARE_STALL_LIMIT = 10

# fox.h
FOX_POINTS = 33
FOX_LINES = 96
FOX_MAX_GEESE = 17
FOX_GEESE_TO_WIN = 4
FOX_SOLVE_DEFAULT = 8
FOX_SOLVE_MAX = 10
FOX_LEVEL_LIMIT_DEFAULT = 6

# flock.h: the rules' numbers (the options' ranges are the registry's: herd.games())
FLOCK_MAX_RANGE = 3
FLOCK_CAPTURES_TO_WIN = 3
FLOCK_MOVE_LIMIT = 100

herd_move = c_uint64
game_p = c_void_p  # herd_game *, opaque


class herd_error(Structure):
    _fields_ = [("code", c_int), ("message", c_char * ERROR_MESSAGE_SIZE)]


class herd_status(Structure):
    # herd_result and herd_reason are C enums: int-sized on every ABI we target.
    _fields_ = [("result", c_int), ("side", c_int), ("reason", c_int)]


class herd_cell(Structure):
    _fields_ = [("row", c_int), ("col", c_int)]


# herd_option_kind
OPTION_RANGE = 1
OPTION_CHOICE = 2
OPTION_POINT = 3


class herd_option_desc(Structure):
    _fields_ = [("key", c_char_p), ("kind", c_int), ("min", c_uint64), ("max", c_uint64),
                ("choices", POINTER(c_uint64)), ("choice_count", c_size_t),
                ("default_value", c_uint64), ("default_point", c_char_p),
                ("description", c_char_p)]


class herd_game_desc(Structure):
    # herd_kind is a C enum: int-sized, as herd_status's.
    _fields_ = [("kind", c_int), ("name", c_char_p), ("title", c_char_p),
                ("side_names", c_char_p * 2), ("options", POINTER(herd_option_desc)),
                ("option_count", c_size_t), ("level_count", c_int), ("default_level", c_int),
                ("max_moves", c_size_t), ("has_chance", c_int), ("solvable", c_int)]


class _Versioned(Structure):
    """A struct that grows (docs/api.md, "Structs that grow"): made with the
    version its fields below are, so that the library writes only those."""
    _version_ = 1

    def __init__(self, **fields):
        fields.setdefault("version", self._version_)
        super().__init__(**fields)


class herd_horses_options(_Versioned):
    _version_ = 1  # HERD_HORSES_OPTIONS_VERSION
    _fields_ = [("version", c_uint), ("width", c_int), ("height", c_int), ("horses", c_int),
                ("seed", c_uint64)]


class herd_horses_line(Structure):
    _fields_ = [("a", c_int), ("b", c_int)]


class herd_flock_options(_Versioned):
    _version_ = 1  # HERD_FLOCK_OPTIONS_VERSION
    _fields_ = [("version", c_uint), ("width", c_int), ("height", c_int), ("seed", c_uint64)]


_size_p = POINTER(c_size_t)
_move_p = POINTER(herd_move)
_int_p = POINTER(c_int)
_cell_p = POINTER(herd_cell)
_desc_p = POINTER(herd_game_desc)

# name: (restype, argtypes). The herd_alloc_fn arguments are declared as
# c_void_p: the binding always passes None (malloc/free).
PROTOTYPES = {
    # core
    "herd_strerror": (c_char_p, [c_int]),
    "herd_version": (c_int, []),
    "herd_version_string": (c_char_p, []),
    "herd_new": (c_int, [c_char_p, c_char_p, c_void_p, c_void_p, POINTER(game_p),
                         POINTER(herd_error)]),
    "herd_free": (None, [game_p]),
    "herd_game_name": (c_char_p, [game_p]),
    "herd_game_kind": (c_int, [game_p]),
    "herd_last_error": (c_char_p, [game_p]),
    "herd_side_name": (c_char_p, [game_p, c_int]),
    # the registry: the games and their options
    "herd_game_count": (c_size_t, []),
    "herd_game_desc_at": (_desc_p, [c_size_t]),
    "herd_game_desc_level": (c_int, [_desc_p, c_int, POINTER(c_char_p), POINTER(c_char_p)]),
    "herd_game_desc_to_text": (c_int, [_desc_p, c_char_p, c_size_t, _size_p]),
    "herd_game_options_text": (c_int, [game_p, c_char_p, c_size_t, _size_p]),
    # moves
    "herd_max_moves": (c_size_t, [game_p]),
    "herd_legal_moves": (c_int, [game_p, _move_p, c_size_t, _size_p]),
    "herd_is_legal": (c_int, [game_p, herd_move]),
    "herd_apply": (c_int, [game_p, herd_move]),
    "herd_undo": (c_int, [game_p]),
    "herd_history_length": (c_size_t, [game_p]),
    "herd_history_move": (c_int, [game_p, c_size_t, _move_p]),
    "herd_history_side": (c_int, [game_p, c_size_t, _int_p, _int_p]),
    # status
    "herd_get_status": (c_int, [game_p, POINTER(herd_status)]),
    "herd_reason_name": (c_char_p, [c_int]),
    # text
    "herd_position_to_text": (c_int, [game_p, c_char_p, c_size_t, _size_p]),
    "herd_position_from_text": (c_int, [game_p, c_char_p]),
    "herd_move_to_text": (c_int, [game_p, herd_move, c_char_p, c_size_t, _size_p]),
    "herd_move_from_text": (c_int, [game_p, c_char_p, _move_p]),
    "herd_show": (c_int, [game_p, c_char_p, c_size_t, _size_p]),
    "herd_result_text": (c_int, [game_p, c_char_p, c_size_t, _size_p]),
    # chance
    "herd_is_chance": (c_int, [game_p]),
    "herd_chance_outcomes": (c_int, [game_p, _move_p, POINTER(c_double), c_size_t, _size_p]),
    "herd_roll": (c_int, [game_p, _move_p]),
    # computer players
    "herd_max_level": (c_int, [game_p]),
    "herd_genmove": (c_int, [game_p, c_int, _move_p]),
    "herd_play_genmove": (c_int, [game_p, c_int, _move_p]),
    # search
    "herd_perft": (c_int, [game_p, c_uint, POINTER(c_uint64)]),
    "herd_interrupt": (None, [game_p]),
    "herd_solve": (c_int, [game_p, _int_p, POINTER(c_uint)]),
    "herd_clone": (c_int, [game_p, c_void_p, c_void_p, POINTER(game_p)]),
    "herd_same_position": (c_int, [game_p, game_p]),
    # saved games
    "herd_save": (c_int, [game_p, c_char_p, c_size_t, _size_p]),
    "herd_load": (c_int, [game_p, c_char_p]),
    # playing against the computer
    "herd_hint": (c_int, [game_p, c_int, POINTER(herd_move)]),
    "herd_undo_turn": (c_int, [game_p, c_int]),
    "herd_level_name": (c_int, [game_p, c_int, POINTER(c_char_p), POINTER(c_char_p)]),
    # horses.h
    "herd_horses_move": (herd_move, [herd_cell, herd_cell]),
    "herd_horses_move_cells": (c_int, [herd_move, POINTER(herd_cell), POINTER(herd_cell)]),
    "herd_horses_options_of": (c_int, [game_p, POINTER(herd_horses_options)]),
    "herd_horses_horse": (c_int, [game_p, c_int, c_int, POINTER(herd_cell)]),
    "herd_horses_at": (c_int, [game_p, herd_cell, POINTER(c_int), POINTER(c_int)]),
    "herd_horses_together": (c_int, [game_p, c_int, POINTER(c_int)]),
    "herd_horses_lines": (c_int, [game_p, c_int, POINTER(herd_horses_line), c_size_t, _size_p]),
    "herd_horses_progress": (c_int, [game_p, c_int, POINTER(c_int), POINTER(c_int)]),
    "herd_horses_log_line": (c_int, [game_p, c_uint, herd_move, c_char_p, c_size_t, _size_p]),
    # hex.h
    "herd_hex_size": (c_int, [game_p, POINTER(c_int)]),
    "herd_hex_cell_count": (c_int, [game_p, POINTER(c_int)]),
    "herd_hex_row_length": (c_int, [game_p, c_int, POINTER(c_int)]),
    "herd_hex_phase": (c_int, [game_p, POINTER(c_int)]),
    "herd_hex_dice": (c_int, [game_p, POINTER(c_int), POINTER(c_int)]),
    "herd_hex_left": (c_int, [game_p, POINTER(c_int)]),
    "herd_hex_turns": (c_int, [game_p, POINTER(c_uint64)]),
    "herd_hex_at": (c_int, [game_p, herd_cell, POINTER(c_int)]),
    "herd_hex_stones": (c_int, [game_p, c_int, POINTER(c_int)]),
    # hare.h
    "herd_hare_move": (herd_move, [herd_cell, herd_cell]),
    "herd_hare_move_cells": (c_int, [herd_move, _cell_p, _cell_p]),
    "herd_hare_point": (c_int, [c_int, _cell_p]),
    "herd_hare_line": (c_int, [c_int, _cell_p, _cell_p]),
    "herd_hare_at": (c_int, [game_p, herd_cell, _int_p]),
    "herd_hare_locate": (c_int, [game_p, _cell_p]),
    "herd_hare_hounds": (c_int, [game_p, _cell_p]),
    "herd_hare_stall": (c_int, [game_p, _int_p]),
    # fox.h
    "herd_fox_step": (herd_move, [herd_cell, herd_cell]),
    "herd_fox_jump": (herd_move, [herd_cell, herd_cell]),
    "herd_fox_stop": (herd_move, []),
    "herd_fox_point": (c_int, [c_int, _cell_p]),
    "herd_fox_line": (c_int, [c_int, _cell_p, _cell_p]),
    "herd_fox_at": (c_int, [game_p, herd_cell, _int_p]),
    "herd_fox_locate": (c_int, [game_p, _cell_p]),
    "herd_fox_geese_left": (c_int, [game_p, _int_p]),
    "herd_fox_sideways": (c_int, [game_p, _int_p]),
    "herd_fox_in_chain": (c_int, [game_p, _int_p]),
    "herd_fox_set_solve_limit": (c_int, [game_p, c_int]),
    "herd_fox_set_level_limit": (c_int, [game_p, c_int]),
    "herd_fox_level_limit": (c_int, [game_p, _int_p]),
    # flock.h
    "herd_flock_move": (herd_move, [herd_cell, herd_cell]),
    "herd_flock_move_cells": (c_int, [herd_move, _cell_p, _cell_p]),
    "herd_flock_options_of": (c_int, [game_p, POINTER(herd_flock_options)]),
    "herd_flock_at": (c_int, [game_p, herd_cell, _int_p]),
    "herd_flock_stones": (c_int, [game_p, c_int, _int_p]),
    "herd_flock_captured": (c_int, [game_p, c_int, _int_p]),
    "herd_flock_ply": (c_int, [game_p, _int_p]),
    "herd_flock_moves_left": (c_int, [game_p, _int_p]),
    "herd_flock_range": (c_int, [game_p, herd_cell, _int_p]),
    "herd_flock_members": (c_int, [game_p, herd_cell, _cell_p, c_size_t, _size_p]),
    "herd_flock_targets": (c_int, [game_p, herd_cell, _cell_p, c_size_t, _size_p]),
    "herd_flock_last_move": (c_int, [game_p, c_int, _move_p]),
    "herd_flock_straight_back": (c_int, [game_p, _int_p, _cell_p, _cell_p]),
}


# Functions that some libraries lack (added to the C API after the binding's
# first release): name -> (restype, argtypes), as PROTOTYPES. A library without
# one still loads; only the methods that call it raise UnsupportedError, which
# names the function. A function joins this table when its header declares it.
OPTIONAL: dict = {}

# The group "Actions, observations and playouts" of herd.h (libherd 0.1 after
# the registry): optional, so that a library without them still loads.
PLAYOUT_RANDOM = -1  # HERD_PLAYOUT_RANDOM


class herd_playout_result(_Versioned):
    _version_ = 1  # HERD_PLAYOUT_RESULT_VERSION
    _fields_ = [("version", c_uint), ("games", c_uint64), ("wins", c_uint64 * 2), ("draws", c_uint64),
                ("unfinished", c_uint64), ("actions", c_uint64), ("mean_length", c_double)]


OPTIONAL.update({
    "herd_num_actions": (c_size_t, [game_p]),
    "herd_move_to_action": (c_int, [game_p, herd_move, _size_p]),
    "herd_action_to_move": (c_int, [game_p, c_size_t, _move_p]),
    "herd_legal_mask": (c_int, [game_p, c_void_p, c_size_t, _size_p]),
    "herd_legal_actions": (c_int, [game_p, c_void_p, c_size_t, _size_p]),
    "herd_apply_action": (c_int, [game_p, c_size_t]),
    "herd_observation_shape": (c_int, [game_p, c_size_t * 3]),
    "herd_observation": (c_int, [game_p, c_int, c_void_p, c_size_t, _size_p]),
    "herd_playouts": (c_int, [game_p, c_uint64, c_int, c_uint64, c_uint32,
                              POINTER(herd_playout_result)]),
})

# batch.h: batches of games stepped together (herd.Batch); optional, as the
# group above.
batch_p = c_void_p  # herd_batch *, opaque

# herd_batch_end: a game's byte of herd_batch_step()'s `done`
BATCH_GOING = 0
BATCH_ENDED = 1
BATCH_TRUNCATED = 2

OPTIONAL.update({
    "herd_batch_new": (c_int, [c_char_p, c_char_p, c_size_t, c_uint64, c_uint32, c_void_p,
                               c_void_p, POINTER(batch_p), POINTER(herd_error)]),
    "herd_batch_free": (None, [batch_p]),
    "herd_batch_count": (c_size_t, [batch_p]),
    "herd_batch_game": (game_p, [batch_p, c_size_t]),
    "herd_batch_last_error": (c_char_p, [batch_p]),
    "herd_batch_masks": (c_int, [batch_p, c_void_p, c_size_t, _size_p]),
    "herd_batch_observations": (c_int, [batch_p, c_void_p, c_size_t, _size_p]),
    "herd_batch_sides": (c_int, [batch_p, c_void_p, c_size_t]),
    "herd_batch_random_actions": (c_int, [batch_p, c_void_p, c_size_t]),
    "herd_batch_step": (c_int, [batch_p, c_void_p, c_size_t, c_void_p, c_void_p]),
})

# The memory limit of a handle (herd_set_memory_limit(), herd.h's group
# "Computer players"): optional, as the groups above.
MEMORY_SOLVE = -1  # HERD_MEMORY_SOLVE: herd_memory_needed()'s level for herd_solve()

OPTIONAL.update({
    "herd_set_memory_limit": (c_int, [game_p, c_size_t]),
    "herd_memory_limit": (c_size_t, [game_p]),
    "herd_memory_needed": (c_int, [game_p, c_int, _size_p]),
})

# The players' endings (herd_end(), herd.h 1.1) and records (record.h, 1.1):
# optional, as the groups above.
record_p = c_void_p  # herd_record *, opaque
record_reader_p = c_void_p  # herd_record_reader *, opaque


class herd_record_error(Structure):
    _fields_ = [("code", c_int), ("record", c_size_t), ("line", c_size_t),
                ("column", c_size_t), ("message", c_char * ERROR_MESSAGE_SIZE)]


OPTIONAL.update({
    "herd_end": (c_int, [game_p, c_int, c_int]),
    "herd_record_from_game": (c_int, [game_p, record_p, c_void_p, c_void_p,
                                      POINTER(record_p)]),
    "herd_record_free": (None, [record_p]),
    "herd_record_set_tag": (c_int, [record_p, c_char_p, c_char_p]),
    "herd_record_tag": (c_char_p, [record_p, c_char_p]),
    "herd_record_tag_count": (c_size_t, [record_p]),
    "herd_record_tag_at": (c_int, [record_p, c_size_t, POINTER(c_char_p), POINTER(c_char_p)]),
    "herd_record_plies": (c_size_t, [record_p]),
    "herd_record_move": (c_int, [record_p, c_size_t, _move_p]),
    "herd_record_set_comment": (c_int, [record_p, c_size_t, c_char_p]),
    "herd_record_comment": (c_char_p, [record_p, c_size_t]),
    "herd_record_set_clock": (c_int, [record_p, c_size_t, c_int64]),
    "herd_record_clock": (c_int, [record_p, c_size_t, POINTER(c_int64)]),
    "herd_record_status": (c_int, [record_p, POINTER(herd_status)]),
    "herd_record_write": (c_int, [record_p, c_int, c_char_p, c_size_t, _size_p]),
    "herd_record_game": (c_int, [record_p, c_size_t, c_void_p, c_void_p, POINTER(game_p)]),
    "herd_record_parse": (c_int, [c_void_p, c_size_t, c_void_p, c_void_p, POINTER(record_p),
                                  POINTER(herd_record_error)]),
    "herd_record_reader_from_buffer": (c_int, [c_void_p, c_size_t, c_size_t, c_void_p,
                                               c_void_p, POINTER(record_reader_p)]),
    "herd_record_read": (c_int, [record_reader_p, POINTER(record_p),
                                 POINTER(herd_record_error)]),
    "herd_record_reader_free": (None, [record_reader_p]),
})

# The moves log from the history (horses.h, 1.1): optional, as the groups above.
OPTIONAL.update({
    "herd_horses_history_line": (c_int, [game_p, c_size_t, c_char_p, c_size_t, _size_p]),
})

# The ranges of the C integer types the binding passes (checked before every
# call: ctypes would silently keep only the low bits of a larger Python int).
INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1
UINT_MAX = (1 << 32) - 1
UINT32_MAX = (1 << 32) - 1
UINT64_MAX = (1 << 64) - 1
SIZE_MAX = (1 << (8 * sizeof(c_size_t))) - 1  # HERD_MEMORY_UNLIMITED
# herd_horses_move() and herd_flock_move() pack a coordinate into a byte:
# -128..127 are representable.
MOVE_COORD_MIN, MOVE_COORD_MAX = -128, 127


def declare(cdll):
    """Sets restype and argtypes of every function in PROTOTYPES and of those
    in OPTIONAL that `cdll` exports. Raises AttributeError naming a function of
    PROTOTYPES that the library does not export; returns the set of OPTIONAL
    names it lacks."""
    for name, (restype, argtypes) in PROTOTYPES.items():
        fn = getattr(cdll, name)
        fn.restype = restype
        fn.argtypes = argtypes
    missing = set()
    for name, (restype, argtypes) in OPTIONAL.items():
        fn = getattr(cdll, name, None)
        if fn is None:
            missing.add(name)
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    return missing

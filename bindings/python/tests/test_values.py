"""Moves, sides, results, reasons and statuses as Python values, and the
exceptions by kind."""
import copy
import os
import pickle
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, Hex, Horses, Move, Reason, Result, Side, Status  # noqa: E402
from test_herd import HEX_RED_WON, HORSES_GREEN_WON, HORSES_START, ErrorChecks  # noqa: E402


def setUpModule():
    herd.library()


class TestMoves(ErrorChecks):
    def test_a_move_prints_as_its_text_and_keeps_its_integer(self):
        with Game.from_position(HORSES_START) as g:
            for m in g.legal():
                self.assertIsInstance(m, Move)
                self.assertEqual(str(m), m.text)
                self.assertEqual(int(m), m.value)
                self.assertEqual(g.move_text(int(m)), str(m))
                self.assertEqual(g.parse_move(str(m)), m)
                self.assertEqual(g.parse_move(int(m)), m)
                self.assertEqual(repr(m), "Move(%d, %r)" % (int(m), str(m)))
                self.assertEqual(eval(repr(m), {"Move": Move}), m)
            self.assertEqual(sorted(str(m) for m in g.legal()), ["a1-c2", "f3-h4", "f5-h4"])

    def test_moves_compare_and_hash_by_value_and_text(self):
        with Game.from_position(HORSES_START) as g, Game.from_position(HORSES_START) as h:
            a, b = g.legal(), h.legal()
            self.assertEqual(a, b)
            self.assertEqual(len({*a, *b}), len(a))
            self.assertEqual({m: str(m) for m in a}[g.parse_move("a1-c2")], "a1-c2")
            self.assertNotEqual(a[0], a[1])
            self.assertNotEqual(a[0], int(a[0]))  # a Move is no int ...
            self.assertNotEqual(a[0], str(a[0]))  # ... and no str
            self.assertEqual(Move(5, "x"), Move(5, "x"))
            self.assertNotEqual(Move(5, "x"), Move(5, "y"))
            self.assertNotEqual(Move(5, "x"), Move(6, "x"))

    def test_moves_are_immutable_and_survive_copy_and_pickle(self):
        m = Move(131587, "d3-c1")
        with self.assertRaises(AttributeError):
            m.text = "a1-c2"
        with self.assertRaises(AttributeError):
            m._value = 3
        with self.assertRaises(AttributeError):
            del m._text
        self.assertEqual(pickle.loads(pickle.dumps(m)), m)
        self.assertEqual(copy.deepcopy(m), m)

    def test_play_takes_a_move_its_text_or_its_integer_and_returns_the_move(self):
        for how in (lambda m: m, str, int):
            with Game.from_position(HORSES_START) as g:
                m = g.parse_move("f5-h4")
                played = g.play(how(m))
                self.assertEqual(played, m)
                self.assertEqual(g.last_move, m)
                self.assertEqual(g.moves, [m])
                self.assertEqual(g.undo(), m)
                self.assertIsNone(g.last_move)

    def test_computer_and_chance_give_moves(self):
        with Hex(size=3, seed=4) as g:
            r = g.roll()
            self.assertIsInstance(r, Move)
            self.assertTrue(str(r).startswith("dice:"))
            m = g.play_genmove()
            self.assertIsInstance(m, Move)
            self.assertEqual(g.moves, [r, m])
        with Hex(size=3) as g:
            outcomes = g.chance_outcomes()
            self.assertTrue(all(isinstance(o, Move) and isinstance(p, float) for o, p in outcomes))
            self.assertEqual({o for o, _ in outcomes}, set(g.legal()))

    def test_moves_list_follows_play_undo_and_set_position(self):
        with Horses(seed=3) as g:
            played = [g.play_genmove() for _ in range(4)]
            self.assertEqual(g.moves, played)
            c = g.clone()
            self.assertEqual(c.moves, played)
            g.undo()
            self.assertEqual(g.moves, played[:3])
            self.assertEqual(c.moves, played)
            g.set_position(g.position)
            self.assertEqual(g.moves, [])
            self.assertIsNone(g.last_move)
            c.close()

    def test_a_move_whose_text_is_not_its_value_s_here_is_refused(self):
        with Game.from_position(HORSES_START) as g:
            a1c2 = g.parse_move("a1-c2")
            self.assertEqual(repr(a1c2), "Move(16908288, 'a1-c2')")
            fake = Move(int(g.parse_move("f3-h4")), "a1-c2")
            for call in (g.play, g.is_legal, g.parse_move, g.move_text, g.move_to_action):
                e = self.assertRefused(g, lambda: call(fake), herd.E_ARG, "is not a move of horses")
                self.assertIn("'f3-h4' here", str(e))
            self.assertRefused(g, lambda: g.play(Move(5, "a1-c2")), herd.E_ARG, "Move(5, 'a1-c2')")
            self.assertRefused(g, lambda: g.play(Move(-1, "a1-c2")), herd.E_ARG, "64-bit")
            self.assertEqual(g.play(Move(16908288, "a1-c2")), a1c2)
        # A move of another game: its value means another move (or none) here.
        with Hex(size=3) as hx, Game.from_position(HORSES_START) as g:
            roll = hx.legal()[0]
            self.assertRefused(g, lambda: g.play(roll), herd.E_ARG, "is not a move of horses")
            # An integer that is no move here: said so, not the library's
            # generic text for a const call's E_ARG.
            for call in (g.parse_move, g.move_text, g.play, g.is_legal, g.move_to_action):
                for value in (2**40, 12345):  # 12345: a jump from a cell off the board
                    self.assertRefused(g, lambda: call(value), herd.E_ARG,
                                       "%d is not a move of horses" % value)

    def test_push_is_play(self):
        with Game.from_position(HORSES_START) as g:
            self.assertEqual(str(g.push("a1-c2")), "a1-c2")
            self.assertEqual(g.history_length, 1)


class TestEnums(unittest.TestCase):
    def test_str_gives_the_protocol_word(self):
        self.assertEqual(str(Side.GREEN), "green")
        self.assertEqual(str(Result.WIN), "win")
        self.assertEqual(str(Reason.NO_MOVES), "no-moves")
        self.assertEqual(str(Reason.MOVE_LIMIT), "move-limit")
        self.assertEqual(str(Reason.NONE), "")
        self.assertEqual("%s" % herd.Phase.REMOVE, "remove")
        self.assertEqual(Side("red"), Side.RED)
        self.assertEqual(repr(Side.RED), "Side.RED")
        self.assertEqual(Side.RED, "red")  # also a str

    def test_every_reason_the_library_names_is_a_member(self):
        lib = herd.library()
        code = 0
        while True:
            name = lib.c.herd_reason_name(code)
            if name is None:
                break
            self.assertEqual(Reason(name.decode()).value, name.decode())
            code += 1
        # the players' four endings came with herd_end() (1.1)
        self.assertEqual(code, len(Reason) - (0 if lib.has("herd_end") else 4))

    def test_status_is_made_of_enums_and_prints_as_the_protocol(self):
        with Horses() as g:
            st = g.status
            self.assertIs(st.result, Result.ONGOING)
            self.assertIs(st.side, Side.GREEN)
            self.assertIs(st.reason, Reason.NONE)
            self.assertEqual(str(st), "ongoing green")
            self.assertFalse(st.is_over)
            self.assertFalse(g.is_over)
            self.assertEqual(g.sides, (Side.GREEN, Side.RED))
            self.assertIs(g.side_to_move, Side.GREEN)
        with Game.from_position(HORSES_GREEN_WON) as g:
            self.assertEqual(g.status, Status(Result.WIN, Side.GREEN, Reason.CORNER))
            self.assertEqual(str(g.status), "win green corner")
            self.assertTrue(g.is_over)
        with Game.from_position(HEX_RED_WON) as g:
            self.assertEqual(str(g.status), "win red full")
            self.assertIs(g.at("a1"), Side.RED)
            self.assertIs(g.phase, herd.Phase.ROLL)
        self.assertEqual(str(Status(Result.DRAW, None, Reason.MOVE_LIMIT)), "draw move-limit")

    def test_side_accepts_a_number_a_name_or_a_side(self):
        with Horses() as g:
            self.assertIs(g.side(0), Side.GREEN)
            self.assertIs(g.side("red"), Side.RED)
            self.assertIs(g.side(Side.RED), Side.RED)
            for bad in (2, -1, "blue", Side.BLUE, True, None, 1.0):
                with self.assertRaises(herd.ArgumentError, msg=repr(bad)):
                    g.side(bad)


class TestExceptionsByKind(ErrorChecks):
    def test_each_code_has_its_class_and_the_library_message(self):
        with Game.from_position(HORSES_START) as g:
            e = self.assertRefused(g, lambda: g.play("a1-b3"), herd.E_ILLEGAL, "occupied")
            self.assertIsInstance(e, herd.IllegalMoveError)
            self.assertIsInstance(e, ValueError)
            e = self.assertRefused(g, lambda: g.play("a1c2"), herd.E_PARSE, "")
            self.assertIsInstance(e, herd.ParseError)
            self.assertIsInstance(e, ValueError)
            e = self.assertRefused(g, g.undo, herd.E_STATE, "nothing to undo")
            self.assertIsInstance(e, herd.StateError)
            e = self.assertRefused(g, lambda: g.set_position(HORSES_START.replace("e4", "a1")),
                                   herd.E_POSITION, "a1 holds two horses")
            self.assertIsInstance(e, herd.PositionError)
            e = self.assertRefused(g, lambda: g.horse("green", 7), herd.E_ARG, "no horse 7")
            self.assertIsInstance(e, herd.ArgumentError)
            e = self.assertRefused(g, lambda: g.genmove(level=g.max_level + 1), herd.E_RANGE, "")
            self.assertIsInstance(e, herd.OptionRangeError)
        with Game.from_position(HORSES_GREEN_WON) as g:
            e = self.assertRefused(g, lambda: g.play("a2-b4"), herd.E_STATE, "the game is over")
            self.assertIsInstance(e, herd.StateError)
            self.assertEqual(str(e), "the game is over")
        with self.assertRaises(herd.OptionRangeError) as cm:
            Horses(w=7)
        self.assertEqual(str(cm.exception), "w=7 is out of range 8..30")
        self.assertIsInstance(cm.exception, ValueError)
        with self.assertRaises(herd.UnknownNameError) as cm:
            Game("chess")
        self.assertEqual(cm.exception.code, herd.E_UNKNOWN)

    def test_the_bindings_copy_of_the_code_texts_is_the_librarys(self):
        from herd import _errors
        for code, text in _errors._STRERROR.items():
            self.assertEqual(text, herd.library().strerror(code), code)

    def test_every_class_is_a_herd_error_with_its_code(self):
        kinds = {herd.E_ARG: herd.ArgumentError, herd.E_NOMEM: herd.OutOfMemoryError,
                 herd.E_RANGE: herd.OptionRangeError, herd.E_PARSE: herd.ParseError,
                 herd.E_ILLEGAL: herd.IllegalMoveError, herd.E_STATE: herd.StateError,
                 herd.E_UNKNOWN: herd.UnknownNameError, herd.E_POSITION: herd.PositionError,
                 herd.E_UNSUPPORTED: herd.UnsupportedError}
        for code, cls in kinds.items():
            e = herd.HerdError(code, "what was wrong")
            self.assertIs(type(e), cls)
            self.assertIsInstance(e, herd.HerdError)
            self.assertEqual((e.code, str(e), e.name), (code, "what was wrong",
                                                        herd.library().strerror(code)))
            again = pickle.loads(pickle.dumps(e))
            self.assertIs(type(again), cls)
            self.assertEqual((again.code, again.message), (code, "what was wrong"))
        self.assertIs(type(herd.HerdError(herd.E_BUFFER, "x")), herd.HerdError)

    def test_the_exceptions_are_named_as_the_package_gives_them(self):
        import traceback
        errors = [getattr(herd, n) for n in herd.__all__ if n.endswith("Error")]
        self.assertEqual(len(errors), 13)
        for cls in errors:
            self.assertEqual(cls.__module__, "herd", cls)
            self.assertIs(getattr(herd, cls.__name__), cls)
        for e in (herd.HerdError(herd.E_ILLEGAL, "b3 is occupied"), herd.GameClosedError(),
                  herd.LibraryError("not found")):
            again = pickle.loads(pickle.dumps(e))
            self.assertIs(type(again), type(e))
            self.assertEqual(str(again), str(e))
        with Game.from_position(HORSES_START) as g:
            try:
                g.play("a1-b3")
            except herd.HerdError as e:
                last = traceback.format_exception_only(type(e), e)[-1]
        self.assertEqual(last, "herd.IllegalMoveError: b3 is occupied\n")

    def test_dir_shows_the_package_s_names(self):
        names = set(dir(herd))
        self.assertLessEqual(set(herd.__all__), names)
        self.assertFalse({"C", "annotations", "_name"} & names)

    def test_a_closed_game_raises_a_value_error(self):
        g = Horses()
        g.close()
        for call in (g.legal, lambda: g.play("a1-c2"), lambda: g.position, g.clone,
                     lambda: g.status, lambda: str(g), g.undo, lambda: g == g,
                     lambda: herd.svg(g), g.__enter__, lambda: g.hint()):
            with self.assertRaises(herd.GameClosedError) as cm:
                call()
            self.assertIsInstance(cm.exception, ValueError)
            self.assertIsInstance(cm.exception, herd.HerdError)
            self.assertEqual(str(cm.exception), "the game is closed")


class TestSmallerMethods(ErrorChecks):
    def test_horses_size_and_move_cells(self):
        with Horses(w=11, h=9, n=5, seed=1) as g:
            self.assertEqual((g.width, g.height, g.horses_per_side), (11, 9, 5))
            m = g.legal()[0]
            frm, to = g.move_cells(m)
            self.assertEqual("%s-%s" % (frm, to), str(m))
            self.assertEqual(g.move(frm, to), m)
            self.assertEqual(g.move_coords(m), (herd.parse_cell(frm), herd.parse_cell(to)))
            self.assertEqual(g.target("green"), "i11")
            self.assertEqual(g.target_coords(Side.RED), (0, 0))

    def test_hex_rows(self):
        with Hex(size=4) as g:
            self.assertEqual(g.row_count, 7)
            self.assertEqual(sum(g.row_length(r) for r in range(g.row_count)), g.cell_count)

    def test_copy_module_clones(self):
        with Horses(seed=9) as g:
            g.play_genmove()
            for c in (copy.copy(g), copy.deepcopy(g)):
                self.assertTrue(c == g)
                self.assertIsNot(c, g)
                self.assertEqual(c.moves, g.moves)
                c.play_genmove()
                self.assertFalse(c == g)
                c.close()

    def test_is_legal_is_false_for_text_that_names_no_move(self):
        with Game.from_position(HORSES_START) as g:
            self.assertTrue(g.is_legal("a1-c2"))
            for text in ("a1c2", "a1-b3", "z9-a1", "", "dice:1,2"):
                self.assertFalse(g.is_legal(text), text)
            with self.assertRaises(TypeError):
                g.is_legal(None)

    def test_cells_convert_and_bad_cells_are_refused(self):
        self.assertEqual(herd.parse_cell("d5"), (3, 4))
        self.assertEqual(herd.parse_cell((3, 4)), (3, 4))
        self.assertEqual(herd.cell_name(3, 4), "d5")
        for bad in ("5d", "d0", "D5", "d", "d5x"):
            with self.assertRaises(herd.ParseError, msg=bad):
                herd.parse_cell(bad)
        for bad in ((1,), 5, None, (1, 2, 3)):
            with self.assertRaises(TypeError, msg=repr(bad)):
                herd.parse_cell(bad)
        with self.assertRaises(TypeError):
            herd.parse_cell((1.0, 2))
        for row, col in ((26, 0), (-1, 0), (0, -1)):
            with self.assertRaises(herd.ArgumentError):
                herd.cell_name(row, col)

    def test_option_values_are_never_cut_down(self):
        with self.assertRaises(herd.OptionRangeError) as cm:
            Horses(w=2**32 + 8)  # as a 32-bit int this would be 8
        self.assertEqual(str(cm.exception), "w=4294967304 is out of range 8..30")
        with self.assertRaises(herd.OptionRangeError):
            Horses(seed=2**64)
        with Horses(seed=2**64 - 1) as g:
            self.assertEqual(g.options["seed"], 2**64 - 1)

    def test_game_classes_and_creation_errors(self):
        self.assertIs(herd.game_class("horses"), Horses)
        self.assertIs(herd.game_class("hex"), Hex)
        with self.assertRaises(TypeError):
            Game()
        with self.assertRaises(herd.ArgumentError):
            Hex("horses")
        self.assertIsInstance(Horses(), Horses)


if __name__ == "__main__":
    unittest.main()

"""Pictures: str(game) draws the board as text, herd.svg() and _repr_svg_()
as SVG, which must be well-formed XML with nothing beyond SVG."""
import os
import random
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Flock, Game, Hare, Hex, Horses  # noqa: E402
from herd._svg import Drawing  # noqa: E402
from test_games import available_games  # noqa: E402
from test_herd import HORSES_START  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
SVG_ELEMENTS = {"svg", "rect", "circle", "line", "polygon", "text"}
GENERIC_FONTS = {"sans-serif", "serif", "monospace"}


def setUpModule():
    herd.library()


def parse(text):
    root = ET.fromstring(text)
    return root, list(root.iter())


class SvgChecks(unittest.TestCase):
    def assertPlainSvg(self, text):
        """Well-formed XML, an <svg> root with a viewBox, only the shapes and
        text the package draws, generic font families, no references."""
        root, elements = parse(text)
        self.assertEqual(root.tag, NS + "svg")
        self.assertEqual(len(root.get("viewBox").split()), 4)
        for e in elements:
            self.assertTrue(e.tag.startswith(NS), e.tag)
            self.assertIn(e.tag[len(NS):], SVG_ELEMENTS)
            for key in e.attrib:
                self.assertNotIn("href", key)
                self.assertFalse(key.startswith("on"), key)
            if e.tag == NS + "text":
                self.assertIn(e.get("font-family"), GENERIC_FONTS)
        self.assertNotIn("<script", text)
        self.assertNotIn("url(", text)
        return root

    def of_class(self, root, cls):
        return [e for e in root.iter() if cls in (e.get("class") or "").split()]


class TestEveryGame(SvgChecks):
    def test_every_game_draws_well_formed_svg_as_it_is_played(self):
        rng = random.Random(5)
        for name in available_games():
            with self.subTest(game=name), Game(name) as g:
                for ply in range(60):
                    text = g._repr_svg_()
                    self.assertPlainSvg(text)
                    self.assertEqual(str(g), g.show())
                    if g.is_over:
                        break
                    g.play(rng.choice(g.legal()))
                self.assertEqual(g._repr_svg_(), herd.svg(g, lastmove=g.last_move))

    def test_text_board_fallback_is_well_formed_and_holds_show(self):
        with Game.from_position(HORSES_START) as g:
            d = Drawing()
            Game._draw_svg(g, d, {"coordinates": True, "lastmove": None, "selected": None})
            root = self.assertPlainSvg(d.tostring())
            lines = [e.text for e in root.iter(NS + "text")]
            self.assertEqual(lines, g.show().split("\n"))

    def test_options_size_coordinates_and_path(self):
        with Horses(seed=2) as g:
            small = parse(herd.svg(g, size=200))[0]
            self.assertEqual(small.get("width"), "200")
            w, h = (float(x) for x in small.get("viewBox").split()[2:])
            self.assertAlmostEqual(float(small.get("height")), 200 * h / w, places=1)
            labels = {e.text for e in parse(herd.svg(g))[0].iter(NS + "text")}
            self.assertTrue({"a", "h", "1", "8"} <= labels)
            bare = {e.text for e in parse(herd.svg(g, coordinates=False))[0].iter(NS + "text")}
            self.assertFalse({"a", "h", "8"} & bare)
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "board.svg")
                text = herd.svg(g, path=path)
                with open(path, encoding="utf-8") as f:
                    self.assertEqual(f.read(), text)
            for bad in (0, -5, "big", True, float("inf"), float("nan")):
                with self.assertRaisesRegex(herd.ArgumentError, "out of range: .* > 0"):
                    herd.svg(g, size=bad)

    def test_selected_cell_off_the_board_or_without_pieces_is_refused(self):
        for name in ("horses", "hare", "fox", "flock"):
            with Game(name) as g:
                for bad in ("z9", (99, 99), (-1, 0)):
                    with self.assertRaisesRegex(herd.ArgumentError, "not (on|a point of) the board",
                                                msg=(name, bad)):
                        herd.svg(g, selected=bad)
        with Hex(size=3) as g:
            with self.assertRaisesRegex(herd.ArgumentError, "hex has no pieces"):
                herd.svg(g, selected="a1")

    def test_selected_empty_cell_is_ringed_with_no_targets(self):
        for name, empty in (("horses", "a2"), ("hare", "b2"), ("fox", "a3"), ("flock", "d4")):
            with Game(name) as g:
                self.assertIsNone(g.at(empty), (name, empty))
                root = self.assertPlainSvg(herd.svg(g, selected=empty))
                self.assertEqual(len(self.of_class(root, "selected")), 1, name)
                self.assertEqual(self.of_class(root, "target-dot"), [], name)


class TestHorsesPicture(SvgChecks):
    def test_horses_lines_corners_and_digits_come_from_the_game(self):
        with Horses(w=10, h=9, n=10, seed=6) as g:
            root = self.assertPlainSvg(herd.svg(g))
            horses = self.of_class(root, "horse")
            self.assertEqual(len(horses), 20)
            digits = sorted(e.text for e in root.iter(NS + "text") if e.get("fill") == "#ffffff")
            self.assertEqual(digits, sorted([str(i % 10) for i in range(1, 11)] * 2))
            lines = self.of_class(root, "connection")
            self.assertEqual(len(lines), len(g.lines("green")) + len(g.lines("red")))
            targets = self.of_class(root, "target")
            self.assertEqual(len(targets), 2)
            # Green's corner is outlined in green, at the bottom-right cell.
            green = [t for t in targets if t.get("stroke") == herd._svg.COLORS["green"]][0]
            cell = [e for e in root.iter(NS + "rect") if e.get("id") == g.target("green")][0]
            self.assertAlmostEqual(float(green.get("x")), float(cell.get("x")) + 2)
            self.assertEqual(g.target("green"), "i10")
            self.assertEqual(g.target("red"), "a1")
            faded = self.of_class(root, "faded")
            self.assertEqual(len(faded), 10 - len(g.movable()))

    def test_selected_horse_gets_a_ring_and_dotted_lettered_targets(self):
        with Game.from_position(HORSES_START) as g:
            root = self.assertPlainSvg(herd.svg(g, selected="f5"))
            self.assertEqual(len(self.of_class(root, "selected")), 1)
            dots = self.of_class(root, "target-dot")
            self.assertEqual(len(dots), len(g.moves_from("f5")))
            self.assertEqual(len(dots), 1)  # f5-h4
            root = self.assertPlainSvg(herd.svg(g))
            self.assertEqual(self.of_class(root, "selected"), [])

    def test_last_move_is_marked_on_both_cells(self):
        with Game.from_position(HORSES_START) as g:
            self.assertEqual(self.of_class(parse(g._repr_svg_())[0], "lastmove"), [])
            g.play("a1-c2")
            marks = self.of_class(parse(g._repr_svg_())[0], "lastmove")
            self.assertEqual(len(marks), 2)


class TestHexPicture(SvgChecks):
    def test_hex_cells_and_stones_come_from_the_game(self):
        with Hex(size=4, seed=3) as g:
            for _ in range(6):
                g.roll()
                while not g.is_chance and not g.is_over:
                    g.play_genmove()
            root = self.assertPlainSvg(herd.svg(g))
            self.assertEqual(len(self.of_class(root, "cell")), g.cell_count)
            self.assertEqual(len(self.of_class(root, "stone")),
                             g.stones("red") + g.stones("blue"))
            g.roll()
            placed = g.play(g.legal()[0])
            root = self.assertPlainSvg(g._repr_svg_())
            marks = self.of_class(root, "lastmove")
            self.assertEqual(len(marks), 1, placed)


class TestHuntPictures(SvgChecks):
    def centres(self, root, cls):
        return {(float(e.get("cx")), float(e.get("cy"))) for e in self.of_class(root, cls)}

    def point_at(self, root, name):
        e = [e for e in self.of_class(root, "point") if e.get("id") == name][0]
        return float(e.get("cx")), float(e.get("cy"))

    def test_hare_board_is_its_points_lines_and_pieces(self):
        with Hare() as g:
            root = self.assertPlainSvg(herd.svg(g))
            self.assertEqual(sorted(e.get("id") for e in self.of_class(root, "point")), g.points)
            self.assertEqual(len(self.of_class(root, "line")), g.LINES)
            self.assertEqual(len(self.of_class(root, "piece")), 4)
            hounds = self.centres(root, "hounds")
            self.assertEqual(hounds, {self.point_at(root, p) for p in g.hounds})
            self.assertEqual(self.centres(root, "hare"), {self.point_at(root, g.hare)})
            # every line joins two points of the picture
            points = self.centres(root, "point")
            for e in self.of_class(root, "line"):
                ends = {(float(e.get("x1")), float(e.get("y1"))),
                        (float(e.get("x2")), float(e.get("y2")))}
                self.assertLessEqual(ends, points)
            caption = self.of_class(root, "caption")[0].text
            self.assertIn("stall 0/10", caption)

    def test_hare_last_move_and_selected_hound(self):
        with Hare() as g:
            g.play("d1-c2")
            root = self.assertPlainSvg(g._repr_svg_())
            self.assertEqual(self.centres(root, "lastmove"),
                             {self.point_at(root, "d1"), self.point_at(root, "c2")})
            g.play("a2-b1")
            root = self.assertPlainSvg(herd.svg(g, selected="d3"))
            self.assertEqual(len(self.of_class(root, "selected")), 1)
            self.assertEqual(self.centres(root, "target-dot"),
                             {self.point_at(root, p) for p in g.destinations("d3")})
            self.assertEqual(g.destinations("d3"), ["c3", "d2"])  # c2 has a hound

    def test_fox_board_and_the_chain_state(self):
        position = "fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a5,c4,c5,d5,g3,g4,g5"
        with Game.from_position(position) as g:
            root = self.assertPlainSvg(herd.svg(g, selected="d4"))
            self.assertEqual(len(self.of_class(root, "point")), g.POINTS)
            self.assertEqual(len(self.of_class(root, "line")), g.LINES)
            self.assertEqual(len(self.of_class(root, "geese")), 8)
            self.assertEqual(self.centres(root, "fox"), {self.point_at(root, "d4")})
            self.assertEqual(self.centres(root, "target-dot"),
                             {self.point_at(root, p) for p in g.destinations("d4")})
            self.assertEqual(self.of_class(root, "chain") + self.of_class(root, "chain-target"),
                             [])
            self.assertEqual(self.of_class(root, "caption")[0].text, "ongoing fox; 8 geese left")
            g.play(g.jump("d4", "d6"))  # the fox in a chain: d6-b4 or stop
            root = self.assertPlainSvg(g._repr_svg_())
            self.assertEqual(len(self.of_class(root, "geese")), 7)
            self.assertEqual(self.centres(root, "lastmove"),
                             {self.point_at(root, p) for p in ("d4", "d6")})
            self.assertEqual(len(self.of_class(root, "lastmove-path")), 1)
            self.assertEqual(self.centres(root, "chain"), {self.point_at(root, "d6")})
            self.assertEqual(len(self.of_class(root, "chain")), 1)
            self.assertEqual(self.centres(root, "chain-target"), {self.point_at(root, "b4")})
            self.assertEqual(len(self.of_class(root, "chain-target")), 1)
            caption = self.of_class(root, "caption")[0]
            self.assertEqual(caption.text, "fox in a chain on d6: jump on or stop; 7 geese left")
            width = float(root.get("viewBox").split()[2])
            self.assertLessEqual(float(caption.get("font-size")) * 0.6 * len(caption.text), width)
            # the chain's ring lies outside a selection's, so both show
            root = self.assertPlainSvg(herd.svg(g, selected="d6"))
            ring, chain = self.of_class(root, "selected")[0], self.of_class(root, "chain")[0]
            self.assertLess(float(ring.get("r")), float(chain.get("r")))
            self.assertEqual(self.centres(root, "target-dot"), {self.point_at(root, "b4")})
            g.play(g.stop())  # stop moves no piece: nothing to mark
            root = self.assertPlainSvg(g._repr_svg_())
            for cls in ("chain", "chain-target", "lastmove", "lastmove-path"):
                self.assertEqual(self.of_class(root, cls), [], cls)
            self.assertEqual(self.of_class(root, "caption")[0].text, "ongoing geese; 7 geese left")


class TestFlockPicture(SvgChecks):
    def test_stones_carry_their_ranges_and_the_caption_the_counts(self):
        position = ("flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- "
                    "board=www.ww./......./......./bw.b.../......./......./bbb.b..")
        with Game.from_position(position) as g:
            g.play("d4-d3")  # takes d2
            root = self.assertPlainSvg(g._repr_svg_())
            stones = self.of_class(root, "stone")
            self.assertEqual(len(stones), g.stones("black") + g.stones("white"))
            self.assertEqual(len(self.of_class(root, "white")), 5)
            cells = {e.get("id"): e for e in self.of_class(root, "cell")}
            self.assertEqual(len(cells), 49)
            labels = {(float(e.get("x")), float(e.get("y"))): e.text
                      for e in root.iter(NS + "text") if e.get("font-weight") == "bold"}
            for e in stones:
                centre = (float(e.get("cx")), float(e.get("cy")))
                name = [n for n, c in cells.items()
                        if float(c.get("x")) < centre[0] < float(c.get("x")) + 40
                        and float(c.get("y")) < centre[1] < float(c.get("y")) + 40][0]
                self.assertEqual(labels[centre], str(g.range(name)), name)
                self.assertIn(e.get("class").split()[1], ("black", "white"))
                self.assertEqual(e.get("class").split()[1], g.at(name).value)
            self.assertEqual(len(self.of_class(root, "lastmove")), 2)
            caption = self.of_class(root, "caption")[0]
            width = float(root.get("viewBox").split()[2])
            self.assertLessEqual(float(caption.get("font-size")) * 0.6 * len(caption.text), width,
                                 "the caption is wider than the board")
            caption = caption.text
            self.assertIn("captured black 1, white 0", caption)
            self.assertIn("99 moves left", caption)

    def test_last_move_from_the_position_ban_and_selection(self):
        with Flock() as g:
            g.play("g1-e1")
            g.play("a1-b1")
            g.play("g2-f2")
            again = Game.from_position(g.position)  # no moves played through it
            self.assertIsNone(again.last_move)
            root = self.assertPlainSvg(again._repr_svg_())
            marks = self.of_class(root, "lastmove")
            self.assertEqual(len(marks), 2)  # g2-f2, which the position records
            banned = self.of_class(root, "banned")
            self.assertEqual(len(banned), 1)  # b1 may not go back to a1
            a1 = [e for e in self.of_class(root, "cell") if e.get("id") == "a1"][0]
            self.assertAlmostEqual(float(banned[0].get("x")), float(a1.get("x")) + 4)
            self.assertEqual(len(self.of_class(parse(herd.svg(again))[0], "lastmove")), 0)
            root = self.assertPlainSvg(herd.svg(again, selected="b1"))
            self.assertEqual(len(self.of_class(root, "target-dot")), len(again.destinations("b1")))
            again.close()
            for ply in range(3):
                g.undo()
            self.assertEqual(self.of_class(parse(g._repr_svg_())[0], "banned"), [])
            self.assertEqual(self.of_class(parse(g._repr_svg_())[0], "lastmove"), [])


if __name__ == "__main__":
    unittest.main()

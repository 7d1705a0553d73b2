"""herd.match(): the games of herd-match, game for game, on one process, on a
pool of processes and on a Dask cluster (a LocalCluster of two worker
processes; skipped where dask.distributed is not installed)."""
import contextlib
import importlib
import math
import os
import re
import subprocess
import sys
import unittest
import warnings
from unittest import mock

import herd

# Small matches of fast levels: wins, losses, draws and unfinished games, a
# chance game (hex's dice) and options.
MATCHES = [
    (("horses", 3, 2), dict(games=6, max_plies=150)),
    (("hex", 1, 1), dict(games=3, seed=5)),
    (("fox", 2, 1), dict(games=4, options="sideways=1", max_plies=80, random_plies=2)),
]


def setUpModule():
    herd.library()


def herd_match_program():
    """herd-match beside the loaded library in a build tree (HERD_MATCH names
    another); None when there is none."""
    given = os.environ.get("HERD_MATCH")
    if given:
        return given
    path = os.path.join(os.path.dirname(herd.library().path), "programs", "herd-match")
    return path if os.access(path, os.X_OK) else None


def run_herd_match(args):
    """herd-match run with ARGS (check=True): a sanitized program has its own
    runtime and refuses a preloaded one, so LD_PRELOAD is left out."""
    env = dict((k, v) for k, v in os.environ.items() if k != "LD_PRELOAD")
    return subprocess.run([herd_match_program()] + [str(a) for a in args], capture_output=True,
                          text=True, timeout=120, check=True, env=env)


def herd_match_output(args, kw):
    """herd-match's lines per game and its summary, without the times."""
    options = ["-n", str(kw["games"]), "-s", str(kw.get("seed", 1)),
               "-R", str(kw.get("random_plies", 4)), "-m", str(kw.get("max_plies", 1000))]
    if "options" in kw:
        options += ["-o", kw["options"]]
    run = run_herd_match(list(args) + options + ["-g", "-j", "2"])
    return run.stdout.split("time per move:\n")[0]


def python_output(result):
    return "".join(str(g) + "\n" for g in result.games) + result.summary(times=False) + "\n"


class TestLocal(unittest.TestCase):

    def test_the_readme_names_herd_matchs_own_flags(self):
        program = herd_match_program()
        if program is None:
            self.skipTest("no programs/herd-match beside %s (set HERD_MATCH)"
                          % herd.library().path)
        usage = run_herd_match(["--help"]).stdout
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, os.pardir, "README.md"), encoding="utf-8") as f:
            readme = " ".join(f.read().split())
        pairs = re.search(r"`random_plies=(\d+)` and `max_plies=(\d+)` are its `(-\w)` and `(-\w)`",
                          readme)
        self.assertIsNotNone(pairs, "README.md no longer names herd-match's flags as expected")
        for default, flag, word in ((pairs[1], pairs[3], "RANDOM_PLIES"),
                                    (pairs[2], pairs[4], "MAX_PLIES")):
            self.assertIn("[%s %s]" % (flag, word), usage)
            self.assertRegex(" ".join(usage.split()), r"%s [a-z ]*\(default %s\)" % (word, default))
        self.assertIn("[-r FILE]", usage)
        self.assertIn("`-r FILE`", readme)
        for command in re.findall(r"`herd-match ([^`]*)`", readme):
            for flag in re.findall(r"(?<![\w-])(-\w|--\w+)\b", command):
                self.assertRegex(usage, r"[\[ ]%s\b" % re.escape(flag), command)

    def test_the_games_and_summary_are_herd_matchs(self):
        if herd_match_program() is None:
            self.skipTest("no programs/herd-match beside %s (set HERD_MATCH)"
                          % herd.library().path)
        for args, kw in MATCHES:
            with self.subTest(args=args):
                result = herd.match(*args, workers=1, **kw)
                self.assertEqual(python_output(result), herd_match_output(args, kw))

    def test_two_processes_play_the_games_of_one(self):
        args, kw = MATCHES[0]
        one = herd.match(*args, workers=1, **kw)
        two = herd.match(*args, workers=2, **kw)
        self.assertEqual(two.results(), one.results())
        self.assertEqual(two.summary(times=False), one.summary(times=False))

    def test_str_is_the_summary_with_the_times(self):
        result = herd.match("horses", 2, 1, games=2, workers=1)
        lines = str(result).split("\n")
        self.assertEqual(lines[0], "horses: level 2 (A) against level 1 (B), 2 games, seed 1, "
                                   "4 random plies")
        self.assertEqual(lines[5], "time per move:")
        moves = sum(len(g.times[0]) for g in result.games)
        self.assertRegex(lines[6], r"^  level 2 \(A\): %d moves, median [0-9.]+ ms, max [0-9.]+ ms$"
                         % moves)

    def test_the_summary_gives_each_side_apart(self):
        # Fox and Geese with sideways steps: greedy's geese lose to club's fox,
        # so the two sides' lines differ.
        result = herd.match("fox", 2, 1, games=6, options="sideways=1", max_plies=200, workers=1)
        lines = result.summary(times=False).split("\n")
        for k, side in enumerate(("fox", "geese")):
            points = [g.points2 for g in result.games if g.a_side == side]
            self.assertEqual(len(points), 3)
            counts = ["%d %s" % (n, one if n == 1 else many) for n, one, many in (
                (points.count(2), "win", "wins"), (points.count(1), "draw", "draws"),
                (points.count(0), "loss", "losses"))]
            self.assertEqual(lines[3 + k], "A as %s: %s, score %.1f%%" % (
                side, ", ".join(counts), 100 * sum(points) / 2.0 / len(points)))
        self.assertNotEqual(lines[3].split(":")[1], lines[4].split(":")[1])

    def test_the_summary_counts_in_english(self):
        summary = herd.match("hare", 1, 1, games=3, random_plies=1, workers=1).summary()
        self.assertIn("3 games, seed 1, 1 random ply\nA: 1 win, 0 draws, 2 losses (0 unfinished "
                      "after 1000 actions)", summary)
        self.assertIn("A as hare: 1 win, 0 draws, 0 losses", summary)

    def test_options_as_a_mapping_are_their_text(self):
        a = herd.match("fox", 2, 1, games=2, options={"sideways": True}, max_plies=20, workers=1)
        b = herd.match("fox", 2, 1, games=2, options="sideways=1", max_plies=20, workers=1)
        self.assertEqual(a.results(), b.results())
        self.assertEqual(a.options, "sideways=1")

    def test_levels_by_name_are_their_numbers(self):
        by_name = herd.match("hare", "club", "random", games=2, max_plies=60, workers=1)
        by_number = herd.match("hare", 2, 1, games=2, max_plies=60, workers=1)
        self.assertEqual(by_name.levels, (2, 1))
        self.assertEqual(by_name.results(), by_number.results())
        with self.assertRaises(herd.UnknownNameError) as e:
            herd.match("hare", "clubb", 1, games=2)
        self.assertEqual(str(e.exception), "unknown level 'clubb' of hare (did you mean club?); "
                         "its levels are 1:random 2:club 3:perfect")

    def test_bad_arguments_are_refused_with_their_reason(self):
        with self.assertRaisesRegex(herd.OptionRangeError, r"^level 9 is out of range 1..5 for horses$"):
            herd.match("horses", 9, 1, games=2)
        with self.assertRaisesRegex(herd.OptionRangeError, r"^games 0 is out of range"):
            herd.match("horses", 2, 1, games=0)
        with self.assertRaisesRegex(herd.UnknownNameError, "wings"):
            herd.match("horses", 2, 1, games=2, options="wings=2")
        with self.assertRaisesRegex(herd.ArgumentError, "a cluster has its own workers"):
            herd.match("horses", 2, 1, games=2, client="tcp://127.0.0.1:1", workers=2)
        with self.assertRaisesRegex(herd.ArgumentError, "not 42"):
            herd.match("horses", 2, 1, games=2, client=42)

    def test_a_seed_among_the_options_is_refused_naming_the_argument(self):
        for options in ("seed=4", {"seed": 4}, "w=8 seed=4"):
            with self.assertRaises(herd.ArgumentError) as caught:
                herd.match("horses", 2, 1, games=2, options=options)
            self.assertNotIn("twice", str(caught.exception))
            self.assertIn("seed=4", str(caught.exception))
            self.assertIn("herd.match", str(caught.exception))

    def test_a_cluster_without_distributed_says_how_to_install_it(self):
        with mock.patch.dict(sys.modules, {"dask": None, "dask.distributed": None}):
            with self.assertRaisesRegex(ImportError, "Dask's distributed package") as cm:
                herd.match("horses", 2, 1, games=2, client="tcp://127.0.0.1:1")
        # The way this interpreter gets it: apt for Debian's own, else its pip.
        self.assertTrue("apt install python3-distributed" in str(cm.exception)
                        or sys.executable + " -m pip install distributed" in str(cm.exception),
                        str(cm.exception))


# A script that calls herd.match() with two worker processes, with the call
# outside or under the __main__ guard (MATCH_CALL: the call's line).
SCRIPT = '''import herd
herd.load(%r)
print("the script's own line")
%s
'''
MATCH_CALL = 'print(herd.match("hare", 1, 1, games=4, workers=2).summary(times=False))'


class TestScripts(unittest.TestCase):
    """herd.match() from a script run as python3 SCRIPT, as README's example."""

    def run_script(self, body):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "match_script.py")
            with open(path, "w") as f:
                f.write(SCRIPT % (herd.library().path, body))
            env = dict(os.environ)
            package = os.path.dirname(os.path.dirname(os.path.abspath(herd.__file__)))
            env["PYTHONPATH"] = os.pathsep.join([package] + [p for p in [env.get("PYTHONPATH")] if p])
            return subprocess.run([sys.executable, path], capture_output=True, text=True,
                                  timeout=300, cwd=d, env=env)

    def test_without_the_guard_it_plays_in_this_process_and_says_so(self):
        run = self.run_script(MATCH_CALL)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout.count("the script's own line"), 1, run.stdout)
        self.assertIn("A: 2 wins, 0 draws, 2 losses", run.stdout)
        self.assertIn("UserWarning", run.stderr)
        self.assertIn("line 4, outside if __name__ == \"__main__\": plays its 4 games in this "
                      "process", run.stderr)
        self.assertNotIn("BrokenProcessPool", run.stderr)

    def test_under_the_guard_the_workers_play_silently(self):
        run = self.run_script('if __name__ == "__main__":\n    ' + MATCH_CALL)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("A: 2 wins, 0 draws, 2 losses", run.stdout)
        self.assertNotIn("Warning", run.stderr)

    def test_readme_s_example_puts_its_work_in_main(self):
        # A worker's import of the script defines main() and runs nothing.
        from test_herd import readme_section
        block = re.findall(r"```python\n(.*?)```", readme_section("Matches"), re.S)[0]
        self.assertIn("\ndef main():\n    result = herd.match(", block)
        self.assertTrue(block.rstrip().endswith('if __name__ == "__main__":  # the workers '
                                                'import this script again: then it does '
                                                'nothing\n    main()'), block)
        played = []
        namespace = {"__name__": "__mp_main__"}  # as a worker imports it
        with mock.patch.object(herd, "match", lambda *a, **k: played.append(a)):
            exec(compile(block, "README.md", "exec"), namespace)
        self.assertEqual(played, [])
        self.assertIn("main", namespace)

    def test_a_script_from_standard_input_plays_in_this_process_and_says_so(self):
        env = dict(os.environ)
        package = os.path.dirname(os.path.dirname(os.path.abspath(herd.__file__)))
        env["PYTHONPATH"] = os.pathsep.join([package] + [p for p in [env.get("PYTHONPATH")] if p])
        run = subprocess.run([sys.executable, "-"], input=SCRIPT % (herd.library().path, MATCH_CALL),
                             capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("A: 2 wins, 0 draws, 2 losses", run.stdout)
        self.assertIn("<stdin> is no file): plays its 4 games in this process", run.stderr)
        self.assertNotIn("FileNotFoundError", run.stderr)

    def test_a_worker_importing_the_script_is_told_why(self):
        with mock.patch.object(sys.modules["herd.match"], "_in_workers_import",
                               return_value=True):
            with self.assertRaisesRegex(RuntimeError, "if __name__ == \"__main__\""):
                herd.match("hare", 1, 1, games=2, workers=2)


try:
    import numpy
except ImportError:
    numpy = None


@unittest.skipIf(numpy is None, "numpy is not installed (apt-get install python3-numpy)")
class TestLadder(unittest.TestCase):

    def test_the_ladder_is_herd_matchs(self):
        if herd_match_program() is None:
            self.skipTest("no programs/herd-match beside %s (set HERD_MATCH)"
                          % herd.library().path)
        run = run_herd_match(["--ladder", "hare", "-n", "4", "-j", "2"])
        result = herd.ladder("hare", games=4, workers=2)
        self.assertEqual(result.summary(times=False) + "\n",
                         run.stdout.split("time per move:\n")[0])
        self.assertEqual([m.levels for m in result.matches], [(2, 1), (3, 1), (3, 2)])
        self.assertEqual(str(result).split("\n")[-4], "time per move:")

    def test_the_fit_of_two_levels_is_the_score_itself(self):
        # Level 2 scores 75 of 100: 400 log10(3) above level 1, give or take
        # 1.96 / sqrt(n p (1 - p)) log-odds (programs/ladder_fit.c's test).
        ratings, halves = herd.fit_ratings([[0, 25], [75, 0]], [[0, 100], [100, 0]], prior=0)
        self.assertEqual(ratings[0], 0.0)
        self.assertAlmostEqual(ratings[1], 400 * math.log10(3), places=6)
        self.assertAlmostEqual(halves[1], 1.96 * 400 / math.log(10) / math.sqrt(100 * 0.75 * 0.25),
                               places=6)
        ratings, _ = herd.fit_ratings([[0, 25], [75, 0]], [[0, 100], [100, 0]])
        p = 75.5 / 101
        self.assertAlmostEqual(ratings[1], 400 * math.log10(p / (1 - p)), places=6)

    def test_no_finite_maximum_is_refused(self):
        with self.assertRaisesRegex(ValueError, "no finite maximum"):
            herd.fit_ratings([[0, 0], [20, 0]], [[0, 20], [20, 0]], prior=0)
        with self.assertRaisesRegex(ValueError, "no finite maximum"):
            herd.fit_ratings([[0, 5, 0], [5, 0, 0], [0, 0, 0]],
                                   [[0, 10, 0], [10, 0, 0], [0, 0, 0]])


try:
    import dask.distributed as distributed
except ImportError:
    distributed = None


@contextlib.contextmanager
def quiet():
    """Debian's distributed starts tornado's loop in a way tornado deprecates."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        yield


@unittest.skipIf(distributed is None,
                 "dask.distributed is not installed (apt-get install python3-distributed)")
class TestCluster(unittest.TestCase):
    """A LocalCluster of two worker processes, started once for the class."""

    @classmethod
    def setUpClass(cls):
        with quiet():
            cls.cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                                   processes=True, dashboard_address=None)
            cls.addClassCleanup(cls.cluster.close)
            cls.client = distributed.Client(cls.cluster)
            cls.addClassCleanup(cls.client.close)

    def test_the_cluster_plays_the_local_games(self):
        for args, kw in MATCHES:
            with self.subTest(args=args):
                local = herd.match(*args, workers=1, **kw)
                remote = herd.match(*args, client=self.client, **kw)
                self.assertEqual(remote.results(), local.results())
                self.assertEqual(remote.summary(times=False), local.summary(times=False))

    @unittest.skipIf(numpy is None, "numpy is not installed (apt-get install python3-numpy)")
    def test_the_cluster_plays_the_local_ladder(self):
        local = herd.ladder("hare", games=2, workers=1)
        remote = herd.ladder("hare", games=2, client=self.client)
        self.assertEqual(remote.summary(times=False), local.summary(times=False))

    def test_both_workers_play(self):
        herd.match("horses", 2, 1, games=4, client=self.client)
        # Each worker loaded libherd for the games it played.
        loaded = self.client.run(
            lambda: importlib.import_module("herd._library")._default is not None)
        self.assertEqual(list(loaded.values()), [True, True])

    def test_a_scheduler_address_is_connected_to(self):
        args, kw = MATCHES[0]
        local = herd.match(*args, workers=1, **kw)
        with quiet():
            remote = herd.match(*args, client=self.cluster.scheduler_address, **kw)
        self.assertEqual(remote.results(), local.results())


if __name__ == "__main__":
    unittest.main()

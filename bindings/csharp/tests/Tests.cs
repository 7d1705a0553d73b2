// The C# binding's tests, under mono: each public method of Tests is one
// test, run in order; the protocol program (HERD_PROGRAM) gives the answers
// to compare with. Exit status 1 when a test fails. Usage: mono Tests.exe
// [PATH of HerdConsole.exe, whose runs are tested too].
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Reflection;
using System.Text;
using Herd;

// The herd program in one session: Ask() sends a command and returns its
// answer (ok and payload, or not ok and the message).
sealed class Protocol : IDisposable
{
    readonly Process p;

    public Protocol()
    {
        string program = Environment.GetEnvironmentVariable("HERD_PROGRAM");
        if (string.IsNullOrEmpty(program)) throw new Exception("HERD_PROGRAM names the herd program");
        var info = new ProcessStartInfo(program)
        {
            UseShellExecute = false, RedirectStandardInput = true, RedirectStandardOutput = true,
            StandardOutputEncoding = new UTF8Encoding(false),
        };
        p = Process.Start(info);
    }

    public KeyValuePair<bool, string> Ask(string command)
    {
        var bytes = Encoding.UTF8.GetBytes(command + "\n");
        p.StandardInput.BaseStream.Write(bytes, 0, bytes.Length);
        p.StandardInput.BaseStream.Flush();
        var lines = new List<string>();
        for (string line; (line = p.StandardOutput.ReadLine()) != ""; lines.Add(line))
            if (line == null) throw new Exception("the herd program ended at: " + command);
        string text = string.Join("\n", lines);
        return new KeyValuePair<bool, string>(text.StartsWith("="), text.Length > 2 ? text.Substring(2) : "");
    }

    public string Payload(string command)
    {
        var a = Ask(command);
        if (!a.Key) throw new Exception(command + ": ? " + a.Value);
        return a.Value;
    }

    public void Dispose()
    {
        p.StandardInput.Close();
        p.WaitForExit();
        p.Dispose();
    }
}

static class Tests
{
    static string consoleExe;

    static void Equal<T>(T expected, T actual, string what = "")
    {
        if (!EqualityComparer<T>.Default.Equals(expected, actual))
            throw new Exception(what + ": expected <" + expected + ">, got <" + actual + ">");
    }

    static void True(bool condition, string what)
    {
        if (!condition) throw new Exception(what);
    }

    static HerdException Refused(Action a)
    {
        try { a(); }
        catch (HerdException e) { return e; }
        throw new Exception("no HerdException");
    }

    public static void RegistryIsTheProtocolsGames()
    {
        using (var herd = new Protocol())
        {
            string[] lines = herd.Payload("games").Split('\n');
            var games = Game.Games;
            Equal(lines.Length, games.Count, "games");
            for (int i = 0; i < lines.Length; i++)
                Equal(lines[i], games[i].ToString(), "games line");
        }
        var horses = Game.Games[0];
        Equal("Herd of Horses", horses.Title, "title");
        Equal("green red", string.Join(" ", horses.Sides), "sides");
        True(horses.Levels.Count >= 1 && horses.Levels[0].Number == 1 && horses.Levels[0].Name.Length > 0, "levels");
        True(horses.DefaultLevel >= 1 && horses.DefaultLevel <= horses.Levels.Count, "default level");
        Equal(ulong.MaxValue, horses.Options[horses.Options.Count - 1].Max, "seed's maximum");
        True(Game.Games[1].HasChance && !horses.HasChance, "chance");
        True(Game.LibraryVersion.StartsWith("1."), "version " + Game.LibraryVersion);
    }

    public static void PositionLegalAndStatusAreTheProtocols()
    {
        using (var herd = new Protocol())
        using (var g = new Game("horses", "w=10 h=8 seed=7"))
        {
            Equal(herd.Payload("new horses w=10 h=8 seed=7"), g.Position, "position");
            Equal(herd.Payload("legal"), string.Join(" ", g.Legal()), "legal");
            Equal(herd.Payload("status"), g.Status.ToString(), "status");
            var st = g.Status;
            Equal(Result.Ongoing, st.Result, "result");
            Equal(0, st.Side, "side");
            Equal("green", st.SideName, "side name");
            Equal(Reason.None, st.Reason, "reason");
            Equal("horses", g.Name, "name");
            Equal(g.Position, g.ToString(), "ToString");
        }
    }

    public static void PlayUndoHintGenMoveCloneSaveLoad()
    {
        using (var g = new Game("flock", "seed=3"))
        {
            string start = g.Position;
            string hint = g.Hint(1);
            using (var copy = g.Clone())
            {
                Equal(hint, copy.GenMove(1), "the hint is what GenMove plays");
                Equal(start, g.Position, "the hint and the clone changed nothing");
                True(copy.Position != start, "GenMove played");
                g.Play(g.Legal()[0]);
                g.Undo();
                Equal(start, g.Position, "undo");
                string saved = copy.Save();
                using (var loaded = Game.Load(saved))
                {
                    Equal(copy.Position, loaded.Position, "loaded");
                    Equal(copy.GenMove(), loaded.GenMove(), "the generator came along");
                }
            }
        }
    }

    // Every message is the protocol's `?` line for the same command; the
    // code is the library's; nothing changes.
    public static void RefusalsAreTheLibrarysMessages()
    {
        using (var herd = new Protocol())
        {
            Equal(herd.Ask("new nope").Value, Refused(() => new Game("nope")).Message, "unknown game");
            Equal(ErrorCode.Unknown, Refused(() => new Game("nope")).Code, "unknown game's code");
            Equal(herd.Ask("new horses w=99").Value, Refused(() => new Game("horses", "w=99")).Message, "range");
            Equal(ErrorCode.Range, Refused(() => new Game("horses", "w=99")).Code, "range's code");
            // UTF-8 both ways: the name comes back in the message as it went.
            Equal(herd.Ask("new chevaux-é").Value, Refused(() => new Game("chevaux-é")).Message, "UTF-8");
            Equal(herd.Ask("load junk").Value, Refused(() => Game.Load("junk")).Message, "load");
            herd.Payload("new horses seed=7");
            using (var g = new Game("horses", "seed=7"))
            {
                string before = g.Position;
                Equal(herd.Ask("play a1-a2").Value, Refused(() => g.Play("a1-a2")).Message, "illegal");
                Equal(ErrorCode.Illegal, Refused(() => g.Play("a1-a2")).Code, "illegal's code");
                Equal(herd.Ask("play zz").Value, Refused(() => g.Play("zz")).Message, "parse");
                Equal(herd.Ask("undo").Value, Refused(() => g.Undo()).Message, "undo");
                Equal(ErrorCode.Range, Refused(() => g.GenMove(99)).Code, "level");
                Equal(herd.Ask("hint 9").Value, Refused(() => g.Hint(9)).Message, "level's message");
                Equal(herd.Ask("genmove -1").Value, Refused(() => g.GenMove(-1)).Message, "level -1");
                Equal("the text has a NUL character", Refused(() => g.Play(g.Legal()[0] + "\0junk")).Message, "NUL");
                Equal(ErrorCode.Parse, Refused(() => new Game("horses", "seed=7\0 w=99")).Code, "NUL's code");
                Equal(before, g.Position, "nothing changed");
            }
            using (var hex = new Game("hex"))
            {
                herd.Payload("new hex");
                Equal(herd.Ask("hint").Value, Refused(() => hex.Hint()).Message, "hint at a chance event");
                Equal(herd.Ask("genmove").Value, Refused(() => hex.GenMove()).Message, "genmove at a chance event");
                True(hex.IsChance, "dice");
            }
        }
    }

    public static void ShowIsTheProtocolsHoweverLarge()
    {
        using (var herd = new Protocol())
        using (var g = new Game("horses", "w=30 h=20 seed=1"))
        {
            herd.Payload("new horses w=30 h=20 seed=1");
            True(g.Show().Length > 1024, "past the first buffer");
            // the program's `show` names the game on its first line
            Equal(herd.Payload("show"), "horses\n" + g.Show().TrimEnd('\n'), "show");
        }
    }

    public static void DisposedGamesRefuseAndForgottenOnesAreFreed()
    {
        var g = new Game("hare");
        g.Dispose();
        g.Dispose();
        True(g.ToString().Contains("disposed"), "ToString");
        try { g.Legal(); throw new Exception("a disposed game answered"); }
        catch (ObjectDisposedException) { }
        WeakReference forgotten = Forget();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        True(!forgotten.IsAlive, "a forgotten game is collected (its SafeHandle frees the handle)");
    }

    static WeakReference Forget()
    {
        return new WeakReference(new Game("fox"));
    }

    // The board that a front end draws: the horses where the position text
    // has them, in number order.
    public static void BoardsForDrawing()
    {
        using (var g = new Game("horses", "w=10 h=8 n=6 seed=7"))
        {
            Board b = g.Board;
            Equal(8, b.Rows, "rows");
            Equal(10, b.Cols, "cols");
            Equal(80, b.Squares.Count, "squares");
            string[] fields = g.Position.Split(' ');
            for (int side = 0; side < 2; side++)
            {
                string[] cells = fields[4 + side].Substring(fields[4 + side].IndexOf('=') + 1).Split(',');
                Equal(6, cells.Length, "horses");
                for (int n = 1; n <= 6; n++)
                    Equal(cells[n - 1], b.Horse(side, n).ToString(), "horse " + n);
            }
            Equal("h10", b.Targets[0].ToString(), "green's target");
            Equal("a1", b.Targets[1].ToString(), "red's target");
            True(b.Connections.Count >= 10, "connections");
            foreach (var c in b.Connections)
                True(c.A < c.B && c.B <= 6, "a connection's numbers");
            Equal(2, b.Progress.Count, "progress");
            True(b.ProgressParts > 0 && b.Progress[0] <= b.ProgressParts, "progress parts");
        }
        foreach (string name in new[] { "hex", "hare", "fox", "flock" })
            using (var g = new Game(name))
            {
                Board b = g.Board;
                int pieces = 0;
                foreach (var s in b.Squares)
                    if (s.Side >= 0) pieces++;
                True(b.Squares.Count > 0 && (pieces > 0 || name == "hex"), name + " pieces");
                True((name == "hare" || name == "fox") == (b.Lines.Count > 0), name + " lines");
            }
    }

    // Every game to its end, the computer on both sides: after every action
    // the binding's position is the protocol program's.
    public static void EveryGameToItsEndAsTheProtocolProgram()
    {
        var setups = new Dictionary<string, string>
        {
            { "horses", "w=8 h=8 seed=7" }, { "hex", "size=3 seed=2" }, { "hare", "seed=1" },
            { "fox", "seed=4" }, { "flock", "seed=3" },
        };
        using (var herd = new Protocol())
            foreach (var info in Game.Games)
                using (var g = new Game(info.Name, setups[info.Name]))
                {
                    Equal(herd.Payload("new " + info.Name + " " + setups[info.Name]), g.Position, info.Name);
                    for (int plies = 0; !g.IsOver; plies++)
                    {
                        True(plies < 5000, info.Name + " ends");
                        string action = g.IsChance ? g.Roll() : g.GenMove(1);
                        herd.Payload("play " + action);
                        Equal(herd.Payload("position"), g.Position, info.Name + " after " + action);
                    }
                    Equal(herd.Payload("status"), g.Status.ToString(), info.Name + " status");
                    // The ending in the library's words: the board's last line too.
                    string words = g.ResultText, shown = g.Show().TrimEnd('\n');
                    True(words.Contains(": "), info.Name + ": " + words);
                    Equal(words, shown.Substring(shown.LastIndexOf('\n') + 1), info.Name + " show's last line");
                    g.Undo();
                    Equal("", g.ResultText, info.Name + " after undo");
                }
        using (var hare = new Game("hare"))
        {
            hare.GenMove(1);
            Equal(ErrorCode.Arg, Refused(() => hare.HistoryLine(0)).Code, "HistoryLine of hare");
        }
    }

    // Herd of Horses' moves log from the history, as Python's history_line().
    public static void HorsesHistoryLines()
    {
        using (var g = new Game("horses", "seed=5"))
        {
            Equal(ErrorCode.Range, Refused(() => g.HistoryLine(0)).Code, "empty history");
            string first = g.Legal()[0];
            g.Play(first);
            g.GenMove(1);
            g.GenMove(1);
            Equal(3, g.HistoryLength, "three actions");
            var parts = first.Split('-');
            True(g.HistoryLine(0).StartsWith("1. Green moved horse ") && g.HistoryLine(0).EndsWith(": " + parts[0] + " -> " + parts[1]),
                 "line 1: " + g.HistoryLine(0));
            True(g.HistoryLine(1).StartsWith("2. Red moved horse "), "line 2: " + g.HistoryLine(1));
            string second = g.HistoryLine(1);
            g.Undo();
            Equal(ErrorCode.Range, Refused(() => g.HistoryLine(2)).Code, "after undo");
            Equal(ErrorCode.Range, Refused(() => g.HistoryLine(-1)).Code, "-1");
            Equal(second, g.HistoryLine(1), "line 2 after undo");
        }
    }

    // docs/csharp.md's and README.md's first example, and what its comment says.
    public static void TheFirstExample()
    {
        using (var g = new Game("horses", "w=10 h=8 seed=7"))
        {
            while (!g.IsOver) g.GenMove();
            Equal("win red corner", g.Status.ToString(), "the example's result");
        }
    }

    // docs/csharp.md's console game, compiled by the build: every game to
    // its end, and a player's refused input.
    public static void TheConsoleExample()
    {
        if (consoleExe == null) throw new Exception("give the path of HerdConsole.exe");
        foreach (var info in Game.Games)
        {
            string output = Run(info.Name + " seed=5 --computer", "");
            string[] lines = output.TrimEnd().Split('\n');
            using (var herd = new Protocol())
            {
                // The same game in the protocol program: its status is the last line.
                herd.Payload("new " + info.Name + " seed=5");
                while (herd.Payload("status").StartsWith("ongoing"))
                    herd.Payload(info.Name == "hex" && herd.Payload("legal").StartsWith("dice") ? "roll" : "genmove");
                Equal(herd.Payload("status"), lines[lines.Length - 1], info.Name);
            }
        }
        string played = Run("horses seed=7", "zz\nlegal\nquit\n");
        using (var herd = new Protocol())
        {
            herd.Payload("new horses seed=7");
            string refusal = "? " + herd.Ask("play zz").Value;
            string legal = herd.Payload("legal");
            True(played.Contains(refusal + "\n") && played.Contains(legal + "\n"), "the player's input: " + played);
        }
    }

    static string Run(string args, string input)
    {
        var info = new ProcessStartInfo("mono", "\"" + consoleExe + "\" " + args)
        {
            UseShellExecute = false, RedirectStandardInput = true, RedirectStandardOutput = true,
        };
        using (var p = Process.Start(info))
        {
            p.StandardInput.Write(input);
            p.StandardInput.Close();
            string output = p.StandardOutput.ReadToEnd();
            p.WaitForExit();
            return output;
        }
    }

    static int Main(string[] args)
    {
        consoleExe = args.Length > 0 ? args[0] : null;
        int failed = 0, n = 0;
        var tests = typeof(Tests).GetMethods(BindingFlags.Public | BindingFlags.Static);
        Console.WriteLine("1.." + tests.Length);
        foreach (var t in tests)
        {
            n++;
            try
            {
                t.Invoke(null, null);
                Console.WriteLine("ok " + n + " - " + t.Name);
            }
            catch (TargetInvocationException e)
            {
                failed++;
                Console.WriteLine("not ok " + n + " - " + t.Name + ": " + e.InnerException);
            }
        }
        return failed == 0 ? 0 : 1;
    }
}

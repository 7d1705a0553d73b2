using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Herd
{
    // A herd_game handle: a forgotten Dispose() still frees it (the
    // finalizer), and a call in flight keeps it alive (SafeHandle's count).
    internal sealed class GameHandle : SafeHandle
    {
        GameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.herd_free(handle);
            return true;
        }
    }

    /// <summary>
    /// One game of libherd: its position, legal actions, status and computer
    /// player. Actions, positions and saved games are protocol.md's texts.
    /// <code>
    /// using (var g = new Game("horses", "w=10 h=8 seed=7"))
    ///     while (g.Status.Result == Result.Ongoing)
    ///         g.GenMove(0);
    /// </code>
    /// Not thread-safe: one game, one thread at a time (distinct games may run in distinct threads).
    /// </summary>
    public sealed class Game : IDisposable
    {
        readonly GameHandle h;

        Game(GameHandle handle) { h = handle; }

        /// <summary>A new game: a name of Game.Games (`horses`, `hex`, `hare`, `fox`, `flock`) and the
        /// protocol's `new` options (`w=10 h=8 seed=7`), or null for the defaults.</summary>
        /// <exception cref="HerdException">An unknown game or option, or a value out of range.</exception>
        public Game(string name, string options = null)
        {
            if (name == null) throw new ArgumentNullException("name");
            var err = NewError();
            int rc = Native.herd_new(Utf8.Z(name), Utf8.Z(options), IntPtr.Zero, IntPtr.Zero, out h, ref err);
            if (rc != 0) throw Refusal(rc, err);
        }

        /// <summary>A game from Save()'s text: the position, the history, the generator and the
        /// computer player's memory, so that it plays on as the saved game would.</summary>
        public static Game Load(string saved)
        {
            if (saved == null) throw new ArgumentNullException("saved");
            var err = NewError();
            GameHandle handle;
            int rc = Native.herd_new_from_save(Utf8.Z(saved), IntPtr.Zero, IntPtr.Zero, out handle, ref err);
            if (rc != 0) throw Refusal(rc, err);
            return new Game(handle);
        }

        /// <summary>An independent copy: position, history and generator.</summary>
        public Game Clone()
        {
            GameHandle handle;
            int rc = Native.herd_clone(Live, IntPtr.Zero, IntPtr.Zero, out handle);
            if (rc != 0) throw new HerdException((ErrorCode)rc, HerdException.Describe((ErrorCode)rc));
            return new Game(handle);
        }

        /// <summary>Frees the game; the methods then throw ObjectDisposedException.</summary>
        public void Dispose() { h.Dispose(); }

        /// <summary>The game's name: `horses`, ...</summary>
        public string Name { get { return Utf8.Read(Native.herd_game_name(Live)); } }

        /// <summary>The position text (protocol.md, "Position texts").</summary>
        public string Position { get { return Text(Native.herd_position_to_text, 1024); } }

        /// <summary>A board for people, over several lines (the protocol's `show`).</summary>
        public string Show() { return Text(Native.herd_show, 1024); }

        /// <summary>How the game ended, in the library's words, as every front end says it ("Red has
        /// no move left: Green wins"), the last line of Show() too; "" while it goes on.</summary>
        public string ResultText { get { return Text(Native.herd_result_text, 128); } }

        /// <summary>The number of actions in the history, that Undo() can take back.</summary>
        public int HistoryLength { get { return (int)Native.herd_history_length(Live); } }

        /// <summary>Herd of Horses: the moves-log line of history entry i (0 the oldest), numbered
        /// i + 1: `3. Green moved horse 0: a3 -> b5`. A log drawn from the history keeps no
        /// numbers of its own and nothing to trim after Undo().</summary>
        /// <exception cref="HerdException">i not below HistoryLength (Range); not `horses` (Arg).</exception>
        public string HistoryLine(int i)
        {
            int n = HistoryLength;
            if (i < 0 || i >= n)
                throw new HerdException(ErrorCode.Range, n == 0 ? "history entry " + i + ": the history is empty"
                                                                : "history entry " + i + " is out of range 0.." + (n - 1));
            if (Name != "horses")
                throw new HerdException(ErrorCode.Arg, "a moves-log line is Herd of Horses' (horses), not " + Name + "'s");
            return Text((GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len) =>
                        Native.herd_horses_history_line(g, (UIntPtr)i, buf, cap, out len), 96);
        }

        /// <summary>The position text.</summary>
        public override string ToString() { return h.IsClosed ? "herd game (disposed)" : Position; }

        /// <summary>The name of side 0 or 1 (`green`, `red`, ...).</summary>
        public string SideName(int side) { return Utf8.Read(Native.herd_side_name(Live, side)); }

        /// <summary>The legal actions' texts, sorted in byte order as the protocol's `legal` gives
        /// them; at a chance event (hex's dice) its outcomes; empty when the game is over.</summary>
        public IReadOnlyList<string> Legal()
        {
            var moves = new ulong[(int)Native.herd_max_moves(Live)];
            UIntPtr count;
            Check(Native.herd_legal_moves(Live, moves, (UIntPtr)moves.Length, out count));
            var texts = new string[(int)count];
            var keys = new byte[texts.Length][];
            for (int i = 0; i < texts.Length; i++)
            {
                texts[i] = MoveText(moves[i]);
                keys[i] = Utf8.Z(texts[i]);
            }
            Array.Sort(keys, texts, ByteOrder.Instance);
            return texts;
        }

        /// <summary>Checks and plays one action; on a refusal nothing changes.</summary>
        /// <exception cref="HerdException">Not understood (Parse) or not legal here (Illegal, State).</exception>
        public void Play(string action)
        {
            if (action == null) throw new ArgumentNullException("action");
            ulong m;
            Check(Native.herd_move_from_text(Live, Utf8.Z(action), out m));
            Check(Native.herd_apply(Live, m));
        }

        /// <summary>Takes back the last action (played, rolled or the computer's).</summary>
        public void Undo() { Check(Native.herd_undo(Live)); }

        /// <summary>Result, side and reason, as enums and as the protocol's words.</summary>
        public Status Status
        {
            get
            {
                NativeStatus st;
                Check(Native.herd_get_status(Live, out st));
                return new Status((Result)st.result, st.side, st.side >= 0 ? SideName(st.side) : null,
                                  (Reason)st.reason,
                                  st.result == 0 ? null : Utf8.Read(Native.herd_reason_name(st.reason)));
            }
        }

        /// <summary>True when the game has ended.</summary>
        public bool IsOver { get { return Status.Result != Result.Ongoing; } }

        /// <summary>True when a chance event (hex's dice) waits: Roll() or Play() an outcome.</summary>
        public bool IsChance { get { return Native.herd_is_chance(Live) == 1; } }

        /// <summary>The highest level of GenMove() and Hint().</summary>
        public int MaxLevel { get { return Native.herd_max_level(Live); } }

        /// <summary>Lets the computer player choose an action at the level (0: the game's default,
        /// 1..MaxLevel) and plays it, as the protocol's `genmove`; returns its text.</summary>
        public string GenMove(int level = 0)
        {
            ulong m;
            Check(Native.herd_play_genmove(Live, Level(level), out m));
            return MoveText(m);
        }

        /// <summary>What GenMove(level) would play now; nothing changes (neither the position nor the
        /// generator).</summary>
        public string Hint(int level = 0)
        {
            ulong m;
            int rc = Native.herd_hint(Live, Level(level), out m);
            if (rc == (int)ErrorCode.State)  // herd_hint() is const: no message, the protocol's words
                throw new HerdException(ErrorCode.State, IsOver ? "the game is over"
                                                                : "a chance event waits: roll first");
            if (rc != 0) throw new HerdException((ErrorCode)rc, HerdException.Describe((ErrorCode)rc));
            return MoveText(m);
        }

        /// <summary>Draws a chance event's outcome with the game's generator and plays it (hex's
        /// dice); returns its text.</summary>
        public string Roll()
        {
            ulong m;
            Check(Native.herd_roll(Live, out m));
            return MoveText(m);
        }

        /// <summary>The whole game as one line of text, for Game.Load().</summary>
        public string Save() { return Text(Native.herd_save, 2048); }

        /// <summary>What a front end draws: the board's cells with their pieces and, for Herd of
        /// Horses, the connections and the progress bars.</summary>
        public Board Board { get { return new Board(this, Live); } }

        /// <summary>The library's games, in its order: names, sides, options, levels.</summary>
        public static IReadOnlyList<GameInfo> Games { get { return GameInfo.All(); } }

        /// <summary>The library's version, `1.0.0`.</summary>
        public static string LibraryVersion { get { return Utf8.Read(Native.herd_version_string()); } }

        // ----------------------------------------------------------------

        GameHandle Live
        {
            get
            {
                if (h.IsClosed) throw new ObjectDisposedException("Herd.Game");
                return h;
            }
        }

        // A level of GenMove() and Hint(), refused in the protocol's words.
        int Level(int level)
        {
            if (level < 0 || level > MaxLevel)
                throw new HerdException(ErrorCode.Range, "level must be a number from 0 to " + MaxLevel);
            return level;
        }

        internal delegate int TextFn(GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len);

        // A text of the library's: cap is the first guess; a buffer too small
        // reports the length needed, and a second call has it.
        string Text(TextFn fn, int cap)
        {
            var buf = new byte[cap];
            UIntPtr len;
            int rc = fn(Live, buf, (UIntPtr)cap, out len);
            if (rc == (int)ErrorCode.Buffer)
            {
                buf = new byte[(int)len + 1];
                rc = fn(Live, buf, (UIntPtr)buf.Length, out len);
            }
            Check(rc);
            return Utf8.Read(buf, (int)len);
        }

        internal string MoveText(ulong m)
        {
            var buf = new byte[64];
            UIntPtr len;
            Check(Native.herd_move_to_text(Live, m, buf, (UIntPtr)buf.Length, out len));
            return Utf8.Read(buf, (int)len);
        }

        // The game's own message when it has one, else the code's description.
        void Check(int rc)
        {
            if (rc == 0) return;
            string message = Utf8.Read(Native.herd_last_error(h));
            if (string.IsNullOrEmpty(message)) message = HerdException.Describe((ErrorCode)rc);
            throw new HerdException((ErrorCode)rc, message);
        }

        static NativeError NewError()
        {
            return new NativeError { message = new byte[160] };
        }

        static HerdException Refusal(int rc, NativeError err)
        {
            return new HerdException((ErrorCode)rc, Utf8.ReadZ(err.message));
        }

        sealed class ByteOrder : IComparer<byte[]>
        {
            internal static readonly ByteOrder Instance = new ByteOrder();

            public int Compare(byte[] a, byte[] b)
            {
                for (int i = 0; ; i++)  // both end with NUL
                    if (a[i] != b[i] || a[i] == 0) return a[i].CompareTo(b[i]);
            }
        }
    }
}

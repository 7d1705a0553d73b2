using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Herd
{
    /// <summary>The library's error codes (herd_code).</summary>
    public enum ErrorCode
    {
        /// <summary>Success.</summary>
        Ok = 0,
        /// <summary>A NULL pointer or an argument out of its domain.</summary>
        Arg = -1,
        /// <summary>Out of memory, or caller memory too small.</summary>
        NoMem = -2,
        /// <summary>An option value out of its allowed range.</summary>
        Range = -3,
        /// <summary>Malformed text (position, move or options).</summary>
        Parse = -4,
        /// <summary>A well-formed move that the rules forbid here.</summary>
        Illegal = -5,
        /// <summary>A buffer too small.</summary>
        Buffer = -6,
        /// <summary>Not possible now: game over, nothing to undo, no chance event.</summary>
        State = -7,
        /// <summary>An unknown game name or option key.</summary>
        Unknown = -8,
        /// <summary>A well-formed position that breaks the rules' invariants.</summary>
        Position = -9,
        /// <summary>The game does not offer this operation.</summary>
        Unsupported = -10,
        /// <summary>A long call was stopped.</summary>
        Interrupted = -11,
    }

    /// <summary>A refusal of the library: its code and its message (the protocol's `?` line).</summary>
    public class HerdException : Exception
    {
        /// <summary>The library's code.</summary>
        public ErrorCode Code { get; }

        /// <summary>An exception with the library's code and message.</summary>
        public HerdException(ErrorCode code, string message) : base(message) { Code = code; }

        /// <summary>herd_strerror(): the code's description.</summary>
        public static string Describe(ErrorCode code)
        {
            return Utf8.Read(Native.herd_strerror((int)code));
        }
    }

    /// <summary>herd_result: the game goes on, a side won, or nobody did.</summary>
    public enum Result
    {
        /// <summary>The game goes on: Status.Side is to act.</summary>
        Ongoing = 0,
        /// <summary>Status.Side won.</summary>
        Win = 1,
        /// <summary>Nobody won.</summary>
        Draw = 2,
    }

    /// <summary>herd_reason: why a game ended (protocol.md's words through Status.ReasonName).</summary>
    public enum Reason
    {
        /// <summary>The game goes on.</summary>
        None = 0,
        /// <summary>`corner`: a horse reached its target corner.</summary>
        Corner,
        /// <summary>`no-moves`: the side to move had no legal move.</summary>
        NoMoves,
        /// <summary>`full`: the hex board is full.</summary>
        Full,
        /// <summary>`escaped`: the hare got below every hound.</summary>
        Escaped,
        /// <summary>`stalling`: ten hound moves in a row without going up.</summary>
        Stalling,
        /// <summary>`trapped`: the hare or fox, to move, cannot.</summary>
        Trapped,
        /// <summary>`captured`: enough pieces were captured.</summary>
        Captured,
        /// <summary>`move-limit`: Flock's 100 moves were played.</summary>
        MoveLimit,
    }

    /// <summary>A game's status: its result, the side (to act or the winner; -1 in a draw) and the reason.</summary>
    public struct Status
    {
        /// <summary>Ongoing, win or draw.</summary>
        public Result Result { get; }
        /// <summary>Ongoing: the side to act; win: the winner; draw: -1.</summary>
        public int Side { get; }
        /// <summary>The side's name (`green`, `red`, ...), null in a draw.</summary>
        public string SideName { get; }
        /// <summary>Reason.None while the game goes on.</summary>
        public Reason Reason { get; }
        /// <summary>The reason's word (`corner`, `no-moves`, ...), null while the game goes on.</summary>
        public string ReasonName { get; }

        internal Status(Result result, int side, string sideName, Reason reason, string reasonName)
        {
            Result = result; Side = side; SideName = sideName; Reason = reason; ReasonName = reasonName;
        }

        /// <summary>The protocol's `status` answer: `ongoing green`, `win red corner`, `draw move-limit`.</summary>
        public override string ToString()
        {
            switch (Result)
            {
                case Result.Ongoing: return "ongoing " + SideName;
                case Result.Win: return "win " + SideName + " " + ReasonName;
                default: return "draw " + ReasonName;
            }
        }
    }

    // UTF-8 by hand, on every platform: NUL-terminated byte arrays in,
    // C strings (IntPtr) and byte buffers out.
    internal static class Utf8
    {
        // A NUL inside would make the library read the text short: refused.
        internal static byte[] Z(string s)
        {
            if (s == null) return null;
            if (s.IndexOf('\0') >= 0) throw new HerdException(ErrorCode.Parse, "the text has a NUL character");
            var bytes = new byte[Encoding.UTF8.GetByteCount(s) + 1];
            Encoding.UTF8.GetBytes(s, 0, s.Length, bytes, 0);
            return bytes;
        }

        internal static string Read(IntPtr p)
        {
            if (p == IntPtr.Zero) return null;
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0) n++;
            var bytes = new byte[n];
            Marshal.Copy(p, bytes, 0, n);
            return Encoding.UTF8.GetString(bytes);
        }

        internal static string Read(byte[] buf, int len)
        {
            return Encoding.UTF8.GetString(buf, 0, len);
        }

        // Up to the first NUL.
        internal static string ReadZ(byte[] buf)
        {
            int n = Array.IndexOf(buf, (byte)0);
            return Read(buf, n < 0 ? buf.Length : n);
        }
    }
}

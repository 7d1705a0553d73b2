// The C API of include/herd/*.h as P/Invoke declarations: one line a
// function, in the headers' types (bindings/check_api.py compares each with
// its prototype: a changed signature fails the test api_csharp). Strings
// cross as UTF-8 byte arrays (NUL-terminated, see Utf8) and come back as
// IntPtr: never the platform's ANSI code page.
using System;
using System.Runtime.InteropServices;

namespace Herd
{
    /// <summary>herd_cell: a 0-based row (from the top, `a`) and column (from the left, `1`).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Cell
    {
        /// <summary>0-based row, from the top (`a`).</summary>
        public int Row;
        /// <summary>0-based column, from the left (`1`).</summary>
        public int Col;

        /// <summary>A cell.</summary>
        public Cell(int row, int col) { Row = row; Col = col; }

        /// <summary>The cell's name, as the texts write it: `a1`, `c10`.</summary>
        public override string ToString()
        {
            string row = "";
            for (int r = Row; ; r = r / 26 - 1)
            {
                row = (char)('a' + r % 26) + row;
                if (r < 26) break;
            }
            return row + (Col + 1);
        }
    }

    internal static class Native
    {
        // libherd.dll on Windows, libherd.so on Linux, libherd.dylib on macOS.
        const string Lib = "libherd";

        // herd.h
        [DllImport(Lib)] internal static extern IntPtr herd_strerror(int code);
        [DllImport(Lib)] internal static extern IntPtr herd_version_string();
        [DllImport(Lib)] internal static extern int herd_new(byte[] game, byte[] options, IntPtr alloc, IntPtr ud, out GameHandle game_out, ref NativeError err);
        [DllImport(Lib)] internal static extern int herd_new_from_save(byte[] text, IntPtr alloc, IntPtr ud, out GameHandle game_out, ref NativeError err);
        [DllImport(Lib)] internal static extern void herd_free(IntPtr g);
        [DllImport(Lib)] internal static extern int herd_game_kind(GameHandle g);
        [DllImport(Lib)] internal static extern IntPtr herd_game_name(GameHandle g);
        [DllImport(Lib)] internal static extern IntPtr herd_last_error(GameHandle g);
        [DllImport(Lib)] internal static extern IntPtr herd_side_name(GameHandle g, int side);
        [DllImport(Lib)] internal static extern UIntPtr herd_game_count();
        [DllImport(Lib)] internal static extern IntPtr herd_game_desc_at(UIntPtr index);
        [DllImport(Lib)] internal static extern int herd_game_desc_level(IntPtr desc, int level, out IntPtr name, out IntPtr description);
        [DllImport(Lib)] internal static extern UIntPtr herd_max_moves(GameHandle g);
        [DllImport(Lib)] internal static extern int herd_legal_moves(GameHandle g, ulong[] buf, UIntPtr cap, out UIntPtr count);
        [DllImport(Lib)] internal static extern int herd_apply(GameHandle g, ulong m);
        [DllImport(Lib)] internal static extern int herd_undo(GameHandle g);
        [DllImport(Lib)] internal static extern int herd_get_status(GameHandle g, out NativeStatus st);
        [DllImport(Lib)] internal static extern IntPtr herd_reason_name(int reason);
        [DllImport(Lib)] internal static extern int herd_position_to_text(GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib)] internal static extern int herd_move_to_text(GameHandle g, ulong m, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib)] internal static extern int herd_move_from_text(GameHandle g, byte[] text, out ulong m);
        [DllImport(Lib)] internal static extern int herd_show(GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib)] internal static extern int herd_is_chance(GameHandle g);
        [DllImport(Lib)] internal static extern int herd_roll(GameHandle g, out ulong m);
        [DllImport(Lib)] internal static extern int herd_max_level(GameHandle g);
        [DllImport(Lib)] internal static extern int herd_play_genmove(GameHandle g, int level, out ulong m);
        [DllImport(Lib)] internal static extern int herd_hint(GameHandle g, int level, out ulong m);
        [DllImport(Lib)] internal static extern int herd_clone(GameHandle src, IntPtr alloc, IntPtr ud, out GameHandle game_out);
        [DllImport(Lib)] internal static extern int herd_save(GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib)] internal static extern int herd_result_text(GameHandle g, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib)] internal static extern UIntPtr herd_history_length(GameHandle g);

        // horses.h
        [DllImport(Lib)] internal static extern int herd_horses_options_of(GameHandle g, ref NativeHorsesOptions opt);
        [DllImport(Lib)] internal static extern int herd_horses_at(GameHandle g, Cell cell, out int side, out int number);
        [DllImport(Lib)] internal static extern int herd_horses_lines(GameHandle g, int side, NativeHorsesLine[] buf, UIntPtr cap, out UIntPtr count);
        [DllImport(Lib)] internal static extern int herd_horses_progress(GameHandle g, int side, out int distance, out int parts);
        [DllImport(Lib)] internal static extern int herd_horses_history_line(GameHandle g, UIntPtr i, byte[] buf, UIntPtr cap, out UIntPtr len);
        // hex.h
        [DllImport(Lib)] internal static extern int herd_hex_size(GameHandle g, out int size);
        [DllImport(Lib)] internal static extern int herd_hex_row_length(GameHandle g, int row, out int length);
        [DllImport(Lib)] internal static extern int herd_hex_at(GameHandle g, Cell cell, out int side);
        // hare.h
        [DllImport(Lib)] internal static extern int herd_hare_point(int index, out Cell cell);
        [DllImport(Lib)] internal static extern int herd_hare_line(int index, out Cell a, out Cell b);
        [DllImport(Lib)] internal static extern int herd_hare_at(GameHandle g, Cell cell, out int side);
        // fox.h
        [DllImport(Lib)] internal static extern int herd_fox_point(int index, out Cell cell);
        [DllImport(Lib)] internal static extern int herd_fox_line(int index, out Cell a, out Cell b);
        [DllImport(Lib)] internal static extern int herd_fox_at(GameHandle g, Cell cell, out int side);
        // flock.h
        [DllImport(Lib)] internal static extern int herd_flock_options_of(GameHandle g, ref NativeFlockOptions opt);
        [DllImport(Lib)] internal static extern int herd_flock_at(GameHandle g, Cell cell, out int side);
    }

    // The headers' structs, field for field (bindings/check_api.py checks them).

    // herd_error
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeError
    {
        public int code;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 160)] public byte[] message;
    }

    // herd_status
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeStatus
    {
        public int result;
        public int side;
        public int reason;
    }

    // herd_option_desc
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeOptionDesc
    {
        public IntPtr key;
        public int kind;
        public ulong min;
        public ulong max;
        public IntPtr choices;
        public UIntPtr choice_count;
        public ulong default_value;
        public IntPtr default_point;
        public IntPtr description;
    }

    // herd_game_desc
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeGameDesc
    {
        public int kind;
        public IntPtr name;
        public IntPtr title;
        public IntPtr side_name0;
        public IntPtr side_name1;
        public IntPtr options;
        public UIntPtr option_count;
        public int level_count;
        public int default_level;
        public UIntPtr max_moves;
        public int has_chance;
        public int solvable;
    }

    // herd_horses_options
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeHorsesOptions
    {
        public uint version;
        public int width;
        public int height;
        public int horses;
        public ulong seed;
    }

    // herd_horses_line
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeHorsesLine
    {
        public int a;
        public int b;
    }

    // herd_flock_options
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeFlockOptions
    {
        public uint version;
        public int width;
        public int height;
        public ulong seed;
    }
}

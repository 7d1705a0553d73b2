using System;
using System.Collections.Generic;

namespace Herd
{
    /// <summary>A cell of the board and who stands on it.</summary>
    public struct Square
    {
        /// <summary>The cell (0-based row and column).</summary>
        public Cell Cell { get; }
        /// <summary>The side on it, or -1 when empty.</summary>
        public int Side { get; }
        /// <summary>The side's name, or null when empty.</summary>
        public string SideName { get; }
        /// <summary>Herd of Horses: the horse's number 1..n (shown as n % 10); else 0.</summary>
        public int Number { get; }

        internal Square(Cell cell, int side, string sideName, int number)
        {
            Cell = cell; Side = side; SideName = sideName; Number = number;
        }
    }

    /// <summary>Herd of Horses: two horses of one side a knight's move apart (a connection).</summary>
    public struct Connection
    {
        /// <summary>Their side.</summary>
        public int Side { get; }
        /// <summary>The lower horse number.</summary>
        public int A { get; }
        /// <summary>The higher horse number.</summary>
        public int B { get; }

        internal Connection(int side, int a, int b) { Side = side; A = a; B = b; }
    }

    /// <summary>
    /// A game's board at one moment, for drawing: its cells in reading order with their pieces;
    /// the lines between points (Hare and Hounds, Fox and Geese); and for Herd of Horses the
    /// connections, the target corners and the progress bars. Rows and columns are 0-based; a
    /// hexhex board's row r has its own length (columns 0..length-1).
    /// </summary>
    public sealed class Board
    {
        /// <summary>The game's name.</summary>
        public string Game { get; }
        /// <summary>Rows of the board (its extent, for the points' games).</summary>
        public int Rows { get; }
        /// <summary>Columns of the board (its widest row).</summary>
        public int Cols { get; }
        /// <summary>Every cell (point) of the board, in reading order, with its piece.</summary>
        public IReadOnlyList<Square> Squares { get; }
        /// <summary>Hare and Hounds, Fox and Geese: the board's lines between points; else empty.</summary>
        public IReadOnlyList<KeyValuePair<Cell, Cell>> Lines { get; }
        /// <summary>Herd of Horses: the connections of both sides; else empty.</summary>
        public IReadOnlyList<Connection> Connections { get; }
        /// <summary>Herd of Horses: each side's target corner (side 0 `green`: the bottom-right cell).</summary>
        public IReadOnlyList<Cell> Targets { get; }
        /// <summary>Herd of Horses: each side's knight distance to its target (the filled part of
        /// its progress bar) out of ProgressParts.</summary>
        public IReadOnlyList<int> Progress { get; }
        /// <summary>Herd of Horses: the progress bars' number of parts.</summary>
        public int ProgressParts { get; }

        internal Board(Game game, GameHandle h)
        {
            Game = game.Name;
            var cells = new List<Cell>();
            var lines = new List<KeyValuePair<Cell, Cell>>();
            var connections = new List<Connection>();
            var targets = new List<Cell>();
            var progress = new List<int>();
            int rows = 0, cols = 0, kind = Native.herd_game_kind(h);
            switch (kind)
            {
                case 1:  // horses
                {
                    var o = new NativeHorsesOptions { version = 1 };
                    Native.herd_horses_options_of(h, ref o);
                    rows = o.height; cols = o.width;
                    Grid(cells, rows, cols);
                    targets.Add(new Cell(rows - 1, cols - 1));
                    targets.Add(new Cell(0, 0));
                    var buf = new NativeHorsesLine[4 * 10];
                    for (int side = 0; side < 2; side++)
                    {
                        UIntPtr n;
                        Native.herd_horses_lines(h, side, buf, (UIntPtr)buf.Length, out n);
                        for (int i = 0; i < (int)n; i++) connections.Add(new Connection(side, buf[i].a, buf[i].b));
                        int distance, parts;
                        Native.herd_horses_progress(h, side, out distance, out parts);
                        progress.Add(distance);
                        ProgressParts = parts;
                    }
                    break;
                }
                case 2:  // hex
                {
                    int size;
                    Native.herd_hex_size(h, out size);
                    rows = 2 * size - 1;
                    for (int r = 0; r < rows; r++)
                    {
                        int len;
                        Native.herd_hex_row_length(h, r, out len);
                        for (int c = 0; c < len; c++) cells.Add(new Cell(r, c));
                        cols = Math.Max(cols, len);
                    }
                    break;
                }
                case 3:  // hare
                case 4:  // fox
                {
                    bool hare = kind == 3;
                    Cell c, a, b;
                    for (int i = 0; (hare ? Native.herd_hare_point(i, out c) : Native.herd_fox_point(i, out c)) == 0; i++)
                    {
                        cells.Add(c);
                        rows = Math.Max(rows, c.Row + 1);
                        cols = Math.Max(cols, c.Col + 1);
                    }
                    for (int i = 0; (hare ? Native.herd_hare_line(i, out a, out b) : Native.herd_fox_line(i, out a, out b)) == 0; i++)
                        lines.Add(new KeyValuePair<Cell, Cell>(a, b));
                    break;
                }
                case 5:  // flock
                {
                    var o = new NativeFlockOptions { version = 1 };
                    Native.herd_flock_options_of(h, ref o);
                    rows = o.height; cols = o.width;
                    Grid(cells, rows, cols);
                    break;
                }
            }
            var squares = new Square[cells.Count];
            for (int i = 0; i < squares.Length; i++)
            {
                int side = -1, number = 0;
                switch (kind)
                {
                    case 1: Native.herd_horses_at(h, cells[i], out side, out number); break;
                    case 2: Native.herd_hex_at(h, cells[i], out side); break;
                    case 3: Native.herd_hare_at(h, cells[i], out side); break;
                    case 4: Native.herd_fox_at(h, cells[i], out side); break;
                    case 5: Native.herd_flock_at(h, cells[i], out side); break;
                }
                squares[i] = new Square(cells[i], side, side >= 0 ? game.SideName(side) : null, number);
            }
            Rows = rows; Cols = cols; Squares = squares;
            Lines = lines; Connections = connections; Targets = targets; Progress = progress;
        }

        static void Grid(List<Cell> cells, int rows, int cols)
        {
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) cells.Add(new Cell(r, c));
        }

        /// <summary>Herd of Horses: where a side's horse stands (number 1..n), or null.</summary>
        public Cell? Horse(int side, int number)
        {
            foreach (var s in Squares)
                if (s.Side == side && s.Number == number) return s.Cell;
            return null;
        }
    }
}

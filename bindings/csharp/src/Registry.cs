using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Herd
{
    /// <summary>How an option's value is given.</summary>
    public enum OptionKind
    {
        /// <summary>A whole number in Min..Max.</summary>
        Range = 1,
        /// <summary>One of Choices.</summary>
        Choice = 2,
        /// <summary>A point of the board, as its cell name (`start=c2`).</summary>
        Point = 3,
    }

    /// <summary>One option of a game's `new` (herd_option_desc).</summary>
    public sealed class OptionInfo
    {
        /// <summary>The key: `w`, `seed`, ...</summary>
        public string Key { get; internal set; }
        /// <summary>How the value is given.</summary>
        public OptionKind Kind { get; internal set; }
        /// <summary>Range: the smallest value.</summary>
        public ulong Min { get; internal set; }
        /// <summary>Range: the largest value.</summary>
        public ulong Max { get; internal set; }
        /// <summary>Choice: the values, ascending; else empty.</summary>
        public IReadOnlyList<ulong> Choices { get; internal set; }
        /// <summary>Range, Choice: the default.</summary>
        public ulong Default { get; internal set; }
        /// <summary>Point: the default cell's name; else null.</summary>
        public string DefaultPoint { get; internal set; }
        /// <summary>One line, lower case.</summary>
        public string Description { get; internal set; }

        /// <summary>As the protocol's `games` writes it: `w=8..30:8`, `geese=13|15|17:13`, `start=point:a2`.</summary>
        public override string ToString()
        {
            switch (Kind)
            {
                case OptionKind.Range: return Key + "=" + Min + ".." + Max + ":" + Default;
                case OptionKind.Choice: return Key + "=" + string.Join("|", Choices) + ":" + Default;
                default: return Key + "=point:" + DefaultPoint;
            }
        }
    }

    /// <summary>A computer level: its number (1..), name and description.</summary>
    public sealed class LevelInfo
    {
        /// <summary>1..the game's level count.</summary>
        public int Number { get; internal set; }
        /// <summary>Its short name.</summary>
        public string Name { get; internal set; }
        /// <summary>One line.</summary>
        public string Description { get; internal set; }
    }

    /// <summary>A game of the library's registry (herd_game_desc).</summary>
    public sealed class GameInfo
    {
        /// <summary>Its name for new Game(): `horses`, ...</summary>
        public string Name { get; private set; }
        /// <summary>Its title for people: `Herd of Horses`.</summary>
        public string Title { get; private set; }
        /// <summary>Side 0 (acts first) and side 1.</summary>
        public IReadOnlyList<string> Sides { get; private set; }
        /// <summary>Its options, in the protocol's order.</summary>
        public IReadOnlyList<OptionInfo> Options { get; private set; }
        /// <summary>Its computer levels, 1..</summary>
        public IReadOnlyList<LevelInfo> Levels { get; private set; }
        /// <summary>The level that level 0 means.</summary>
        public int DefaultLevel { get; private set; }
        /// <summary>True when it has chance events (dice).</summary>
        public bool HasChance { get; private set; }

        /// <summary>The protocol's `games` line.</summary>
        public override string ToString()
        {
            var words = new List<string> { Name };
            foreach (var o in Options) words.Add(o.ToString());
            return string.Join(" ", words);
        }

        internal static IReadOnlyList<GameInfo> All()
        {
            int count = (int)Native.herd_game_count();
            var games = new GameInfo[count];
            for (int i = 0; i < count; i++)
            {
                IntPtr p = Native.herd_game_desc_at((UIntPtr)i);
                var d = (NativeGameDesc)Marshal.PtrToStructure(p, typeof(NativeGameDesc));
                var options = new OptionInfo[(int)d.option_count];
                int size = Marshal.SizeOf(typeof(NativeOptionDesc));
                for (int k = 0; k < options.Length; k++)
                {
                    var o = (NativeOptionDesc)Marshal.PtrToStructure(
                        new IntPtr(d.options.ToInt64() + k * size), typeof(NativeOptionDesc));
                    var choices = new ulong[(int)o.choice_count];
                    for (int c = 0; c < choices.Length; c++)
                        choices[c] = (ulong)Marshal.ReadInt64(o.choices, 8 * c);
                    options[k] = new OptionInfo
                    {
                        Key = Utf8.Read(o.key), Kind = (OptionKind)o.kind, Min = o.min, Max = o.max,
                        Choices = choices, Default = o.default_value,
                        DefaultPoint = Utf8.Read(o.default_point), Description = Utf8.Read(o.description),
                    };
                }
                var levels = new LevelInfo[d.level_count];
                for (int level = 1; level <= levels.Length; level++)
                {
                    IntPtr name, description;
                    Native.herd_game_desc_level(p, level, out name, out description);
                    levels[level - 1] = new LevelInfo
                    {
                        Number = level, Name = Utf8.Read(name), Description = Utf8.Read(description),
                    };
                }
                games[i] = new GameInfo
                {
                    Name = Utf8.Read(d.name), Title = Utf8.Read(d.title),
                    Sides = new[] { Utf8.Read(d.side_name0), Utf8.Read(d.side_name1) },
                    Options = options, Levels = levels, DefaultLevel = d.default_level,
                    HasChance = d.has_chance != 0,
                };
            }
            return games;
        }
    }
}

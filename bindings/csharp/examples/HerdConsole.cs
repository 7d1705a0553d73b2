// A console game over Herd.dll: you play the first side of any of the
// library's games against the computer. Type an action (`legal` lists them),
// `undo` (takes back your move and the computer's), `hint` or `quit`.
//
//   mcs -langversion:7.2 -r:Herd.dll HerdConsole.cs
//   mono HerdConsole.exe horses "w=10 h=8 seed=7"
//   mono HerdConsole.exe flock seed=3 --computer    (the computer on both sides)
using System;
using Herd;

static class HerdConsole
{
    static int Main(string[] args)
    {
        string name = args.Length > 0 ? args[0] : "horses";
        string options = args.Length > 1 && !args[1].StartsWith("--") ? args[1] : null;
        bool computerOnly = Array.IndexOf(args, "--computer") >= 0;
        try
        {
            using (var game = new Game(name, options))
            {
                while (!game.IsOver)
                {
                    Status status = game.Status;
                    if (game.IsChance)
                        Console.WriteLine("dice: " + game.Roll());
                    else if (computerOnly || status.Side == 1)
                        Console.WriteLine(status.SideName + " plays " + game.GenMove());
                    else if (!Ask(game, status.SideName))
                        return 1;
                }
                Console.WriteLine(game.Show());
                Console.WriteLine(game.Status);  // the protocol's words: win green corner
                return 0;
            }
        }
        catch (HerdException e)  // an unknown game or a bad option
        {
            Console.Error.WriteLine(e.Code + ": " + e.Message);
            return 2;
        }
    }

    // One command of the player; false when the input ends or says quit.
    static bool Ask(Game game, string side)
    {
        Console.WriteLine(game.Show());
        Console.Write(side + "> ");
        string line = Console.ReadLine();
        if (line == null || line.Trim() == "quit")
            return false;
        line = line.Trim();
        try
        {
            if (line == "legal")
                Console.WriteLine(string.Join(" ", game.Legal()));
            else if (line == "hint")
                Console.WriteLine("hint: " + game.Hint());
            else if (line == "undo")
            {
                game.Undo();  // the computer's move, then yours
                game.Undo();
            }
            else
                game.Play(line);
        }
        catch (HerdException e)  // the game is unchanged
        {
            Console.WriteLine("? " + e.Message);
        }
        return true;
    }
}

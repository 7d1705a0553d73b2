// The view of each game, a small module named after the game (views/NAME.js),
// found by the game's name from the registry, so that a new game's view
// needs no line here:
//   colors                       each side's colour by its name, for the log;
//   hintLevel                    Hint's level, or a function of the snapshot
//                                that gives it (horses: by the horses);
//   describe(game)               in the worker: what the page draws;
//   pieces(game)                 in the worker: every piece on the board,
//                                [{cell, side}] (the log's captures, and a
//                                click's refusal on the page: whose piece);
//   draw(ui, snap, pick)         in the page: the board and the panel beside it;
//   logLine(game, n, action, side)  in the worker (optional): the log's line;
//   logText(entry)               in the page (optional): the line as shown;
//   key(ui, snap, pick, key)     (optional): a key press, true when taken;
//   autoSelect(ui, snap)         (optional): the piece to select by itself;
//   setupNote(options, game)     (optional): a line under the setup's options
//                                ({key: text}; `game` the registry's entry),
//                                what a player should know before Start (fox:
//                                who wins with the best play).
// app/board.js has what they share; the page (app/play.js) does the rest.

// The registry's names are lower-case letters (docs/adding-a-game.md).
const GAME_NAME = /^[a-z]+$/;

// The view of the game `name`; rejects with "no view of the game NAME" for
// a game without one (the import's own error, say a view that does not
// parse, is the error's cause).
export async function viewOf(name) {
    let view, cause;
    if (GAME_NAME.test(name)) {
        try {
            view = (await import(`./${name}.js`)).default;
        } catch (e) {
            cause = e;
        }
    }
    if (!view?.describe)
        throw new Error(`no view of the game ${name}`, cause ? { cause } : undefined);
    return view;
}

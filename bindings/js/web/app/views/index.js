// The view of each game, a small module:
//   colors                       each side's colour by its name, for the log;
//   describe(game)               in the worker: what the page draws;
//   draw(ui, snap, pick)         in the page: the board and the panel beside it;
//   logLine(game, n, action, side)  in the worker (optional): the log's line;
//   logText(entry)               in the page (optional): the line as shown;
//   key(ui, snap, pick, key)     (optional): a key press, true when taken;
//   autoSelect(ui, snap)         (optional): the piece to select by itself.
// app/board.js has what they share; the page (app/play.js) does the rest.
import flock from './flock.js';
import fox from './fox.js';
import hare from './hare.js';
import hex from './hex.js';
import horses from './horses.js';

const views = { horses, hex, hare, fox, flock };

export function viewOf(name) {
    const view = views[name];
    if (!view)
        throw new Error(`no view of the game ${name}`);
    return view;
}

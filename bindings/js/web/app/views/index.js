// The view of each game: a module with describe(game), which runs in the
// worker and returns what the page draws, draw(ui, snap, pick), which draws
// it, and, if the game has its own, logLine(game, number, action). A game
// without a view of its own is shown by the plain one.
import horses from './horses.js';
import plain from './plain.js';

const views = { horses };

export function viewOf(name) {
    return views[name] ?? plain;
}

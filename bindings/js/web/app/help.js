// The "How to play" panel of each game, from the setup screen and during a
// game: the rules in a few lines with a small diagram, what each number and
// mark on the board means, and the tips, all from the game's view
// (views/NAME.js, its `help`; its tips a list, or a function of the game's
// registry entry that gives it: Fox and Geese names the setup's controls).
// The panel adds what every game shares: how the board's cells are named
// (a view whose board names them otherwise gives `help.coordinates`), and
// why Hint's level is the game's own.
import { capital, html } from './board.js';
import { viewOf } from './views/index.js';

const $ = id => document.getElementById(id);

// The cells' names on a board of rows and columns (every board but hex's,
// whose view says its own).
const COORDINATES = ['a, b, c… and 1, 2, 3…',
                     'the rows are lettered from the top and the columns numbered from the left: b3 is row b, column 3'];

/** How to play's sentence on Hint, naming its level (the view's
 *  `hintLevel`) where it is one for the whole game. */
export function hintTip(game, hintLevel) {
    const level = game.levels.find(l => l.level === hintLevel);
    const which = level ? ` (here ${level.level}. ${capital(level.name)})` : '';
    return `Hint asks the strongest level that answers in about a second on this game${which}, so its level differs from game to game.`;
}

export class Help {
    constructor(games) {
        this.games = games;
        this.dialog = $('help');
    }

    // Opens the panel of the game `name`.
    async open(name) {
        const game = this.games.find(g => g.name === name);
        const { help, hintLevel } = await viewOf(name);
        $('help-title').textContent = `How to play ${game.title}`;
        this.dialog.dataset.game = name;
        const body = [];
        body.push(html('h3', {}, null, 'The rules'));
        const rules = html('ol', { class: 'rules' });
        help.rules.forEach(line => html('li', {}, rules, line));
        const figure = html('figure', { class: 'figure' });
        // A drawing of the board (hare), or a text diagram.
        figure.append(help.figure?.(game) ?? html('pre', { class: 'diagram', 'aria-label': 'diagram' }, null, help.diagram));
        if (help.caption)
            html('figcaption', {}, figure, help.caption);
        body.push(rules, figure);
        body.push(html('h3', {}, null, 'On the board'));
        const marks = html('dl', { class: 'marks' });
        for (const [mark, meaning] of [...help.marks, help.coordinates ?? COORDINATES]) {
            html('dt', {}, marks, mark);
            html('dd', {}, marks, meaning);
        }
        body.push(marks, html('h3', {}, null, 'Tips'));
        const tips = html('ul', { class: 'tips' });
        [...(typeof help.tips === 'function' ? help.tips(game) : help.tips), hintTip(game, hintLevel)]
            .forEach(line => html('li', {}, tips, line));
        body.push(tips);
        $('help-body').replaceChildren(...body);
        this.dialog.showModal();
    }
}

// Herd of Horses as its description has it: numbered horses (0 for the
// tenth), the thin connection lines of each herd, the target corners
// outlined, the selected horse's yellow ring and its jumps as dotted circles
// lettered a, b, c..., faded horses that cannot move, the two progress bars,
// and the digit and letter keys.
import { capital, html, svg } from '../board.js';

const S = 48;            // a cell's side
const PAD = 24;          // room for the row letters and column numbers
const R = S * 0.36;      // a horse's radius
// Each side's colour, by its name.
const COLORS = { green: '#2f8f3f', red: '#c8322b' };
const CIRCLED = '⓪①②③④⑤⑥⑦⑧⑨';
// The most horses a side with which Hint asks master: `node
// tests/web/bench-hint.mjs 20 horses 5` timed master's slowest hint at
// 136 ms of CPU with 7 horses, 710 ms with 8 (8x8 to 30x20 alike: the
// horses, not the cells, make the time; docs/web.md).
const MASTER_MOST_HORSES = 7;

export default {
    colors: COLORS,
    // Hint's level: master, the strongest, up to MASTER_MOST_HORSES horses
    // a side, expert with more, where master's slowest hint takes more than
    // half a second of one core (docs/web.md).
    hintLevel: ({ view: { horses } }) => (horses.length / 2 <= MASTER_MOST_HORSES ? 5 : 4),
    // How to play (app/help.js): seed 000's rules, marks and tips.
    help: {
        rules: [
            'Green and Red each have a herd of horses. Green starts in the top-left corner, Red in the bottom-right.',
            'On your turn move one horse. It jumps like a chess knight (the X below) to a free cell; it may jump over other horses, and nothing is captured.',
            'Your herd must stay together: after the jump every horse must be joined to the others by knight jumps.',
            'Green wins by bringing a horse to the bottom-right cell, Red to a1. Each corner starts with the other side\'s horse 1 on it, which may stay there the whole game.',
            'A player who has no move on their turn loses: the way past a defended corner is to hem the other herd in until it cannot move.',
            'There is no move limit, and the rules never make a draw: a game can go round in circles for ever. A player ends it by resigning (Resign); two players on one screen may instead agree a draw (Agree a draw), and the computer agrees one once the position has come up three times.',
        ],
        diagram: '. X . X .\nX . . . X\n. . H . .\nX . . . X\n. X . X .',
        marks: [
            ['1, 2, … 9, 0', 'the horse\'s number (0 is the tenth); press the digit to select it'],
            ['thin line', 'two horses of a herd a knight jump apart: the herd is together'],
            ['outlined corner', 'the target of the side of that colour'],
            ['yellow ring', 'the selected horse; dotted circles a, b, c… are its jumps (press the letter)'],
            ['faded horse', 'a horse that cannot move now'],
            ['dashed and solid squares', 'where the last move came from and went to'],
            ['progress bars', 'how near the side\'s closest horse is to its target: the bar fills as it nears and is full when it arrives; the number is the knight moves it still needs, an estimate that ignores the other horses and the herd rule'],
        ],
        tips: [
            'A horse on the edge of the herd usually moves most freely; horses in the middle often hold the herd together.',
            'Move the whole herd forward step by step: a single horse cannot run far away alone.',
            'Your horses can block cells the opponent needs. Standing near your home corner can stop the enemy.',
            'Be careful not to block your own herd: if none of your horses can move, you lose.',
            'Two careful players can circle for ever, neither letting the other through: Resign or Agree a draw ends such a game (the computer agrees a draw once the position has come up three times), and Cancel leaves it.',
        ],
    },

    describe(game) {
        const { w, h } = game.options();
        return {
            w,
            h,
            horses: game.horses(),
            lines: [game.lines(0), game.lines(1)],
            progress: [game.progress(0), game.progress(1)],
        };
    },

    pieces(game) {
        return game.horses().map(({ cell, side }) => ({ cell, side }));
    },
    logLine(game, number) { // the history's entry, numbered by the library
        return game.historyLine(number - 1);
    },

    // The library's "3. Green moved horse 0: a3 -> b5" as the description
    // writes it: "3. Green moved horse ⓪: a3 → b5" (the log adds the stop).
    logText(entry) {
        return entry.text.replace(/horse (\d):/, (_, d) => `horse ${CIRCLED[d]}:`).replace(' -> ', ' → ');
    },

    draw(ui, snap, pick) {
        const { w, h, horses, lines, progress } = snap.view;
        const board = ui.board;
        const layers = board.start(2 * PAD + w * S, 2 * PAD + h * S, `Herd of Horses, ${w} by ${h}`, S);
        board.grid(w, h, S, PAD, (row, col) => ((row + col) % 2 ? '#c9b48a' : '#f0e6cc'));
        // The target corners, each outlined in the colour of the side that
        // aims at it: Green's is the bottom-right cell, Red's a1.
        for (const [side, row, col] of [[0, h - 1, w - 1], [1, 0, 0]])
            svg('rect', { x: PAD + col * S + 2.5, y: PAD + row * S + 2.5, width: S - 5, height: S - 5,
                          class: 'corner', stroke: COLORS[snap.sides[side]] }, layers.lines);
        const cellOf = new Map(horses.map(x => [`${x.side}:${x.number}`, x.cell]));
        for (const side of [0, 1])
            for (const [a, b] of lines[side]) {
                const [x1, y1] = board.center(cellOf.get(`${side}:${a}`));
                const [x2, y2] = board.center(cellOf.get(`${side}:${b}`));
                svg('line', { x1, y1, x2, y2, class: 'link', stroke: COLORS[snap.sides[side]] }, layers.lines);
            }
        const mover = snap.info.result === 'ongoing' ? snap.info.side : -1;
        for (const { side, number, cell } of horses)
            board.piece(cell, { r: R, fill: COLORS[snap.sides[side]], label: String(number % 10), side,
                                faded: side === mover && !snap.legal.some(a => a.startsWith(`${cell}-`)) });
        board.marks(pick, R, true);
        // The bars under their caption, as seed 000 describes them.
        const bars = html('div', { class: 'bars' });
        html('p', { class: 'bars-caption' }, bars, BARS_CAPTION);
        html('div', { class: 'bars-row' }, bars).append(
            ...[0, 1].map(side => bar(snap.sides[side], COLORS[snap.sides[side]], progress[side], side)));
        ui.panel.replaceChildren(bars);
    },

    // A digit selects (or unselects) the horse of that number, 0 the tenth,
    // and says so when the side has no horse of that number; a letter plays
    // the jump so marked.
    key(ui, snap, pick, key) {
        if (/^[0-9]$/.test(key)) {
            const number = key === '0' ? 10 : Number(key);
            const own = snap.view.horses.filter(x => x.side === snap.info.side);
            const horse = own.find(x => x.number === number);
            if (horse)
                ui.click(horse.cell);
            else
                ui.message(`No horse ${key}${key === '0' ? ', the tenth' : ''}: ${capital(snap.sides[snap.info.side])} ` +
                          `has ${own.length} horses (1 to ${own.length}).`);
            return true;
        }
        const i = key.length === 1 ? key.charCodeAt(0) - 97 : -1;
        if (pick.selected && i >= 0 && i < pick.targets.length) {
            ui.click(pick.targets[i]);
            return true;
        }
        return false;
    },
};

// The bars' caption: a bar that fills reads as progress (a newcomer read
// the moves still needed, emptying, as the wrong way round).
const BARS_CAPTION = 'Nearing the target: full when a horse arrives';

// A progress bar under the side's name: as many parts as a knight needs
// from corner to corner on the empty board, the filled ones those its
// closest horse has come (all: arrived), then the moves it still needs.
function bar(name, color, { distance, parts }, side) {
    const label = `${capital(name)}: ${distance} knight move${distance === 1 ? '' : 's'} to the target`;
    const come = parts - distance;
    const box = html('div', { class: 'bar', 'data-side': side, 'data-distance': distance, 'data-parts': parts,
                              title: label, role: 'meter', 'aria-label': label, 'aria-valuetext': label,
                              'aria-valuenow': come, 'aria-valuemin': 0, 'aria-valuemax': parts });
    html('span', { class: 'bar-name' }, box, capital(name));
    const column = html('div', { class: 'parts' }, box);
    for (let i = parts - 1; i >= 0; i--)
        html('span', { class: i < come ? 'filled' : '', style: i < come ? `background: ${color}` : null },
             column);
    html('span', { class: 'bar-label' }, box, `${distance} to go`);
    return box;
}

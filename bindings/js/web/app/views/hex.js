// Herd on a hexhex board: the cells as hexagons row by row (the row lengths
// from the library), the stones, the turn's dice and the removals or
// placements left. A click on an empty cell places, on an enemy stone
// removes (the page plays `+CELL` and `-CELL` when they are legal).
import { capital, html, svg } from '../board.js';

const R = 26;                    // a hexagon's radius, centre to corner
const W = Math.sqrt(3) * R;      // its width
// The margins: left of the widest row room for its row letter, elsewhere
// only the outline's (no column numbers), so that on a phone the cells take
// the screen's width (40 px and more to the touch: tests/web/board.test.mjs).
const LABEL_ROOM = 23;
const EDGE = 3;
const LABEL_GAP = 12.5;          // from a row's first cell to its letter's centre
// Each side's colour, by its name.
const COLORS = { red: '#c8322b', blue: '#2a64b8' };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// The pips of a die's faces on a 3 by 3 grid (0..8, reading order).
const PIPS = [[], [4], [2, 6], [2, 4, 6], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8]];

function hexagon(x, y) {
    const corners = [];
    for (let i = 0; i < 6; i++) {
        const a = Math.PI / 180 * (60 * i - 90);
        corners.push(`${(x + R * Math.cos(a)).toFixed(2)},${(y + R * Math.sin(a)).toFixed(2)}`);
    }
    return corners.join(' ');
}

function die(value, color, parent) {
    const box = svg('svg', { viewBox: '0 0 30 30', class: 'die', 'data-value': value }, parent);
    svg('rect', { x: 1, y: 1, width: 28, height: 28, rx: 5, fill: '#fff', stroke: color, 'stroke-width': 2 }, box);
    for (const p of PIPS[value])
        svg('circle', { cx: 7 + 8 * (p % 3), cy: 7 + 8 * Math.floor(p / 3), r: 2.6, fill: color }, box);
    return box;
}

// How to play's capture, as the library's position texts: Red places on
// c4, and Blue's stone on c3, whose neighbours are then all Red, is
// captured, which gives Red its placement back (left stays 2).
// tests/web/help.test.mjs plays it with the library.
const CAPTURE = {
    before: 'hex size=3 turns=2 turn=red phase=place dice=1,2 left=2 board=.../.rr./.rb../.rr./..b',
    place: 'c4',
    captured: 'c3',
    after: 'hex size=3 turns=2 turn=red phase=place dice=1,2 left=2 board=.../.rr./.r.r./.rr./..b',
};

// A position's board as lines of text: each row's letter, then its cells
// (. empty, R and B the stones, or the mark that `marks` gives the cell),
// each row shifted by half a cell as the board draws it.
function boardLines(position, marks) {
    const rows = position.match(/ board=(\S+)/)[1].split('/');
    const widest = Math.max(...rows.map(r => r.length));
    return rows.map((row, i) => `${LETTERS[i]}  ${' '.repeat(widest - row.length)}` +
        [...row].map((c, j) => marks[`${LETTERS[i]}${j + 1}`] ?? { '.': '.', r: 'R', b: 'B' }[c]).join(' '));
}

// The capture before and after, side by side.
function captureDiagram({ before, place, captured, after }) {
    const left = ['Before', ...boardLines(before, { [place]: '*' })];
    const right = ['After', ...boardLines(after, { [captured]: 'x' })];
    const width = Math.max(...left.map(line => line.length)) + 5;
    return left.map((line, i) => line.padEnd(width) + right[i]).join('\n');
}

export default {
    // Hint's level: master on every board, whose budget of work takes
    // about as long on each (expert's playouts grow dear with the cells;
    // docs/web.md).
    hintLevel: 4,
    // How to play (app/help.js).
    help: {
        rules: [
            'Red and Blue take turns on an empty board of hexagons. A turn: roll two dice, remove as many enemy stones as the lower die shows, then place as many of your own as the higher die shows.',
            'Red\'s very first turn is smaller, to balance going first: nothing is removed and Red places only as many stones as the lower die shows.',
            'You may not place a stone on a cell whose neighbours all hold enemy stones.',
            'An enemy stone next to your new stone whose neighbours are now all yours is captured, and each capture gives you one more stone to place this turn (so captures can chain).',
            'If the enemy has fewer stones than the lower die, all of them are removed. If no cell is left where you may place, the turn ends at once and the stones still to place are lost: nothing carries over, and there is no passing.',
            'When the board is full the side with more stones wins (the number of cells is odd, so the rules never make a draw; two players on one screen may still agree one with Agree a draw).',
        ],
        diagram: captureDiagram(CAPTURE),
        caption: `Red places a stone on ${CAPTURE.place} (*). Blue's stone on ${CAPTURE.captured} then has only Red neighbours: it is captured (x), and Red has one more stone to place. A stone beside one of its own colour cannot be captured.`,
        capture: CAPTURE,
        marks: [
            ['dice', 'this turn\'s roll: the lower removes, the higher places'],
            ['small dark dots', 'the empty cells where you may place now'],
            ['dashed circle on a stone', 'an enemy stone you may remove now'],
            ['"place 2 more"', 'stones left to place (or remove) this turn'],
            ['solid square', 'the cell of the last stone placed or removed'],
        ],
        // The cells' names (app/help.js): no column numbers, a count along each row.
        coordinates: ['a, b, c… beside the rows',
                      'the rows are lettered from the top and the cells numbered along each row from 1 at its left: c4 is the fourth cell of row c (each empty cell shows its name)'],
        tips: [
            'Remove the enemy stones that are about to surround yours.',
            'Stones in a compact group are hard to surround; lone stones are easy prey.',
            'A cell surrounded by your stones is one the enemy cannot place on, until a removal opens a gap.',
            // rules.md's turn: the lower die removes, the higher places.
            'Read the dice before you plan: the lower die is how many enemy stones you remove, the higher how many of yours you place.',
            'When the lower die is low (a 1 or a 2) you remove few enemy stones: take the one that threatens most. When the higher die is big (a 5 or a 6) you place many: enough to close in on an enemy stone and capture it, and each capture gives one more stone to place.',
            'Red\'s first turn is small (nothing removed, only the lower die\'s number placed); from then on each turn is a full one, Blue\'s first included.',
        ],
    },
    colors: COLORS,

    describe(game) {
        return {
            rows: game.rows(),
            cells: game.cells(),
            phase: game.phase(),
            dice: game.dice(),
            left: game.left(),
            stones: [game.stones(0), game.stones(1)],
        };
    },

    pieces(game) {
        return game.cells().flatMap((row, r) => row.flatMap((side, i) =>
            side >= 0 ? [{ cell: `${LETTERS[r]}${i + 1}`, side }] : []));
    },
    logLine(game, number, action, side) {
        const who = capital(game.sides[side]);
        const dice = /^dice:(\d),(\d)$/.exec(action);
        if (dice)
            return `${number}. ${who} rolled ${dice[1]} and ${dice[2]}`;
        // A removal takes the other side's stone: say whose ("Red removed
        // Blue's a3", not a stone of Red's own).
        return action[0] === '+' ? `${number}. ${who} placed ${action.slice(1)}`
            : `${number}. ${who} removed ${capital(game.sides[1 - side])}'s ${action.slice(1)}`;
    },

    draw(ui, snap, pick) {
        const { rows, cells, phase, dice, left, stones } = snap.view;
        const widest = Math.max(...rows);
        const width = LABEL_ROOM + widest * W + EDGE, height = 2 * EDGE + (1.5 * (rows.length - 1) + 2) * R;
        const middle = LABEL_ROOM + widest * W / 2;
        const board = ui.board;
        const layers = board.start(width, height, `Herd on a hexhex board of ${rows.length} rows`, W);
        const playable = new Set(ui.humanToAct() ? snap.legal.filter(a => /^[+-]/.test(a)).map(a => a.slice(1)) : []);
        rows.forEach((length, row) => {
            const y = EDGE + R + 1.5 * R * row;
            // Beside the row's first cell, kept in sight on a scrolled board.
            board.rowLabel(LETTERS[row], middle - length / 2 * W - LABEL_GAP, y, 1.5 * R);
            for (let i = 0; i < length; i++) {
                const x = middle + (i - (length - 1) / 2) * W, name = `${LETTERS[row]}${i + 1}`;
                board.cell(name, svg('polygon', { points: hexagon(x, y), class: 'hexcell' }, layers.cells), x, y);
                const side = cells[row][i];
                if (side >= 0)
                    board.piece(name, { r: R * 0.68, fill: COLORS[snap.sides[side]], side });
                else
                    svg('text', { x, y: y + R * 0.3, class: 'cell-name' }, layers.lines).textContent = name;
                // A playable cell's dot above its name.
                if (playable.has(name))
                    svg('circle', { cx: x, cy: side >= 0 ? y : y - R * 0.42, r: side >= 0 ? R * 0.8 : R * 0.16,
                                    class: side >= 0 ? 'removable' : 'playable' }, layers.marks);
            }
        });
        board.marks(pick, R * 0.68);
        board.pinLabels();

        const who = capital(snap.sides[snap.info.side] ?? '');
        const panel = html('div', { class: 'facts' });
        const roll = html('div', { class: 'dice' }, panel);
        if (dice)
            dice.forEach(v => die(v, COLORS[snap.sides[snap.info.side]], roll));
        const ongoing = snap.info.result === 'ongoing';
        const doing = !ongoing ? '' : phase === 'roll' ? `${who} to roll the dice`
            : `${who}: ${phase === 'remove' ? 'remove' : 'place'} ${left} more`;
        html('p', { class: 'phase', 'data-phase': phase, 'data-left': left }, panel, doing);
        for (const side of [0, 1])
            html('p', { class: 'count', 'data-side': side }, panel,
                 `${capital(snap.sides[side])}: ${stones[side]} stone${stones[side] === 1 ? '' : 's'}`);
        ui.panel.replaceChildren(panel);
    },
};

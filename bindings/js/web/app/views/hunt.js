// What hare and fox share: a board of points joined by lines, both from the
// library (points(), boardLines()), each point drawn where its cell name
// puts it on the grid of rows and columns.
import { parseCell } from '../../herd.mjs';
import { svg } from '../board.js';

const S = 72;         // between two neighbouring points
const PAD = 52;       // room for the row letters and column numbers
export const R = 19;  // a piece's radius
// The reach of a point's click, as wide as the room between the points
// allows: on a phone the cross's points are 40 px and more to the touch
// (tests/web/board.test.mjs).
const HIT = S * 0.42;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A view's pieces(): [{cell, side}] from the cells of each side by its
 *  name ({fox: [cell], geese: cells}). */
export function piecesOf(game, cellsByName) {
    return game.sides.flatMap((name, side) => cellsByName[name].map(cell => ({ cell, side })));
}

/** The board's geometry for describe(). */
export function geometry(game) {
    return { points: game.points(), lines: game.boardLines() };
}

// Where a point is drawn, from its row and column.
const at = ([row, col]) => [PAD + col * S, PAD + row * S];

// The drawing's size and its rows and columns.
function extent(points) {
    const places = points.map(parseCell);
    const rows = Math.max(...places.map(p => p[0])) + 1, cols = Math.max(...places.map(p => p[1])) + 1;
    return { rows, cols, width: 2 * PAD + (cols - 1) * S, height: 2 * PAD + (rows - 1) * S };
}

// The lines between the points and each point's dot, into `parent`: the
// board's drawing, and How to play's (pointsFigure()).
function tracks(parent, { points, lines }) {
    for (const [a, b] of lines) {
        const [x1, y1] = at(parseCell(a)), [x2, y2] = at(parseCell(b));
        svg('line', { x1, y1, x2, y2, class: 'track' }, parent);
    }
    for (const name of points) {
        const [x, y] = at(parseCell(name));
        svg('circle', { cx: x, cy: y, r: 4, class: 'point-dot' }, parent);
    }
}

/** Starts the board and draws its lines and points, with the row letters
 *  and column numbers. */
export function drawPoints(board, { points, lines }, label) {
    const { rows, cols, width, height } = extent(points);
    const layers = board.start(width, height, label, S);
    for (let row = 0; row < rows; row++)
        svg('text', { x: 12, y: PAD + row * S, class: 'coord' }, layers.lines).textContent = LETTERS[row];
    for (let col = 0; col < cols; col++)
        svg('text', { x: PAD + col * S, y: 12, class: 'coord' }, layers.lines).textContent = col + 1;
    tracks(layers.lines, { points, lines });
    for (const name of points) {
        const [x, y] = at(parseCell(name));
        board.cell(name, svg('circle', { cx: x, cy: y, r: HIT, class: 'point' }, layers.cells), x, y);
    }
    return layers;
}

/** How to play's picture of the board: its lines and points drawn as the
 *  board draws them, each point named. */
export function pointsFigure({ points, lines }, label) {
    // The board's drawing without the room of its row and column labels.
    const { width, height } = extent(points), trim = PAD - 28;
    const figure = svg('svg', { viewBox: `${trim} ${trim} ${width - 2 * trim} ${height - 2 * trim}`,
                                class: 'diagram points-figure', role: 'img',
                                'aria-label': label });
    tracks(figure, { points, lines });
    for (const name of points) {
        const [x, y] = at(parseCell(name));
        svg('text', { x: x + 9, y: y - 14, class: 'point-name' }, figure).textContent = name;
    }
    return figure;
}

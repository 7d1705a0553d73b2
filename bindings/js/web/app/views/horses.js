// Herd of Horses: the board with its numbered horses (0 for the tenth), the
// connection lines of each herd, the target corners, the selected horse's
// jumps marked a, b, c..., and the two progress bars.
import { cellName, parseCell } from '../../herd.mjs';
import { html, svg } from '../board.js';

const S = 44;            // a cell's side
const PAD = 22;          // room for the row letters and column numbers
const COLORS = ['#2e8b3a', '#c0392b'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const center = cell => {
    const [row, col] = parseCell(cell);
    return [PAD + col * S + S / 2, PAD + row * S + S / 2];
};

export default {
    describe(game) {
        const options = game.options();
        return {
            w: options.w,
            h: options.h,
            horses: game.horses(),
            lines: [game.lines(0), game.lines(1)],
            progress: [game.progress(0), game.progress(1)],
        };
    },

    logLine(game, number, action) {
        return game.logLine(number, action);
    },

    draw(ui, snap, pick) {
        const { w, h, horses, lines, progress } = snap.view;
        const layers = ui.board.start(2 * PAD + w * S, 2 * PAD + h * S, `Herd of Horses, ${w} by ${h}`);
        for (let row = 0; row < h; row++) {
            svg('text', { x: PAD / 2, y: PAD + row * S + S / 2 + 4, 'text-anchor': 'middle', 'font-size': 12 },
                layers.lines).textContent = LETTERS[row];
            for (let col = 0; col < w; col++)
                svg('rect', { x: PAD + col * S, y: PAD + row * S, width: S, height: S,
                              fill: (row + col) % 2 ? '#d9cfbd' : '#efe8da', 'data-cell': cellName(row, col) },
                    layers.cells);
        }
        for (let col = 0; col < w; col++)
            svg('text', { x: PAD + col * S + S / 2, y: PAD / 2 + 4, 'text-anchor': 'middle', 'font-size': 12 },
                layers.lines).textContent = col + 1;
        // Each side's target corner, outlined in its colour: Green's the
        // bottom-right one, Red's a1.
        for (const [side, row, col] of [[0, h - 1, w - 1], [1, 0, 0]])
            svg('rect', { x: PAD + col * S + 2, y: PAD + row * S + 2, width: S - 4, height: S - 4, fill: 'none',
                          stroke: COLORS[side], 'stroke-width': 3, class: 'corner' }, layers.lines);
        const cellOf = new Map(horses.map(x => [`${x.side}:${x.number}`, x.cell]));
        for (const side of [0, 1])
            for (const [a, b] of lines[side]) {
                const [x1, y1] = center(cellOf.get(`${side}:${a}`));
                const [x2, y2] = center(cellOf.get(`${side}:${b}`));
                svg('line', { x1, y1, x2, y2, stroke: COLORS[side], 'stroke-width': 1.5, opacity: 0.55 }, layers.lines);
            }
        const toMove = snap.info.result === 'ongoing' ? snap.info.side : -1;
        for (const { side, number, cell } of horses) {
            const [cx, cy] = center(cell);
            const stuck = side === toMove && !snap.legal.some(a => a.startsWith(`${cell}-`));
            svg('circle', { cx, cy, r: S * 0.36, fill: COLORS[side], opacity: stuck ? 0.4 : 1,
                            stroke: stuck ? '#222' : 'none', 'stroke-dasharray': stuck ? '4 3' : 'none',
                            class: stuck ? 'horse stuck' : 'horse' }, layers.pieces);
            svg('text', { x: cx, y: cy + 6, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700,
                          fill: '#fff' }, layers.pieces).textContent = number % 10;
            if (cell === pick.selected)
                svg('circle', { cx, cy, r: S * 0.44, fill: 'none', stroke: '#f2c200', 'stroke-width': 4 },
                    layers.marks);
        }
        pick.targets.forEach((cell, i) => {
            const [cx, cy] = center(cell);
            svg('circle', { cx, cy, r: S * 0.3, fill: 'none', stroke: '#333', 'stroke-width': 2,
                            'stroke-dasharray': '3 3' }, layers.marks);
            svg('text', { x: cx, y: cy + 5, 'text-anchor': 'middle', 'font-size': 15 }, layers.marks)
                .textContent = LETTERS[i];
        });
        for (const cell of pick.hint) {
            const [cx, cy] = center(cell);
            svg('circle', { cx, cy, r: S * 0.46, fill: 'none', stroke: '#e67e22', 'stroke-width': 3,
                            'stroke-dasharray': '6 3' }, layers.marks);
        }
        // The progress bars: a part for each knight move from corner to
        // corner, filled as the side's closest horse nears its target.
        ui.panel.replaceChildren();
        for (const side of [0, 1]) {
            const { distance, parts } = progress[side];
            const bar = html('div', { class: 'bar', 'data-side': side }, ui.panel);
            html('span', {}, bar).textContent = snap.sides[side][0].toUpperCase() + snap.sides[side].slice(1);
            const row = html('div', { class: 'parts', title: `${distance} moves from the target` }, bar);
            for (let i = 0; i < parts; i++)
                html('span', { style: i < parts - distance ? `background: ${COLORS[side]}` : '' }, row);
        }
    },
};

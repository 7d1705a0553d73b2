// What every game's view draws with: SVG and HTML elements, the board (its
// cells or points are elements with data-cell="a1" that report their clicks
// and carry data-selected, data-target and data-hint), the pieces, the
// marks of a pick, and the moves log.
import { parseCell } from '../herd.mjs';

const SVG = 'http://www.w3.org/2000/svg';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// The smallest cell of a board on a narrow screen, in pixels (a square, a
// hexagon's width, the step between two points): a standard board fits a
// phone's width from 352 px up, and a bigger one scrolls in its box with
// its cells at this size (style.css, docs/web.md).
const MIN_CELL = 30;

function make(element, attrs, parent) {
    for (const [k, v] of Object.entries(attrs))
        if (v !== undefined && v !== null)
            element.setAttribute(k, v);
    parent?.append(element);
    return element;
}

/** A piece's rim where its game gives none (Board.piece()). */
export const RIM = 'rgba(0, 0, 0, 0.45)';

export function svg(tag, attrs = {}, parent = null) {
    return make(document.createElementNS(SVG, tag), attrs, parent);
}

export function html(tag, attrs = {}, parent = null, text = null) {
    const element = make(document.createElement(tag), attrs, parent);
    if (text !== null)
        element.textContent = text;
    return element;
}

export function capital(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Cells in reading order: top to bottom, then left to right. */
export function byPlace(cells) {
    return [...cells].sort((a, b) => {
        const [ra, ca] = parseCell(a), [rb, cb] = parseCell(b);
        return ra - rb || ca - cb;
    });
}

/** Cells as a sentence lists them: "d5", "d5 and f5", "a1, b2 and c3"
 *  (`last`: "or" for alternatives). */
export function listed(cells, last = 'and') {
    return cells.length < 2 ? cells.join('') : `${cells.slice(0, -1).join(', ')} ${last} ${cells.at(-1)}`;
}

/** A→B of an action FROM-TO, for people. */
export function arrow(action) {
    return action.replace(/^([a-z]\d+)-([a-z]\d+)$/, '$1 → $2');
}

// The log's past tenses (views' logLine, the library's history line) and
// the advice's verb of each.
const ADVICE = { moved: 'move', placed: 'place', removed: 'remove', stopped: 'stop', rolled: 'roll' };

/** An action's log line as advice to the side `who` that would play it
 *  (Hint): its number and the side's name left out, the verb in the
 *  present, a capture as what the action would do. "3. Green moved horse
 *  ⓪: a3 → b5." gives "move horse ⓪ a3 → b5", "5. Red placed a4" "place
 *  a4", "7. Fox moved d4 → d6, captures d5" "move d4 → d6, capturing d5". */
export function advice(line, who) {
    let rest = line.replace(/^\d+\. /, '').replace(/\.$/, '');
    rest = rest.startsWith(who) ? rest.slice(who.length) : rest;
    const [, past, words] = /^ (\S+) ?(.*)$/.exec(rest) ?? [null, null, rest.trim()];
    const said = words.replace(/^(horse \S+):/, '$1').replace(', captures ', ', capturing ');
    return [ADVICE[past] ?? past, said].filter(Boolean).join(' ');
}

/** The record's turn of each action (docs/records.md): a turn ends where the
 *  side to act changes, so a fox's chain of jumps and a hex roll with its
 *  removals and placements are one turn. [{turn, first}] for moves
 *  [{side}], turns counted from 1; `first` for a turn's first action. */
export function turnsOf(moves) {
    let turn = 0;
    return moves.map((m, i) => {
        const first = i === 0 || moves[i - 1].side !== m.side;
        turn += first ? 1 : 0;
        return { turn, first };
    });
}

/** A log line numbered as the record numbers it: "11. " before a turn's
 *  first action, "… " before its later ones, in place of the line's own
 *  leading number (each view writes the action's number there). */
export function turnLine(text, { turn, first }) {
    return `${first ? `${turn}.` : '…'} ${text.replace(/^\d+\. /, '')}`;
}

export class Board {
    constructor(container, onCell) {
        this.container = container;
        this.svg = null;
        this.centers = new Map();
        // A board scrolled in its box (a big one on a phone) keeps its row
        // letters and column numbers in sight, and shows which way the rest
        // of it lies.
        container.addEventListener('scroll', () => this.frame());
        addEventListener('resize', () => this.frame());
        container.addEventListener('click', e => {
            const cell = e.target.closest('[data-cell]');
            if (cell)
                onCell(cell.dataset.cell);
        });
    }

    // A fresh SVG board of that size, with its layers in drawing order:
    // cells (which take the clicks), lines, pieces, marks. `cell`: the
    // size of one cell in the drawing's units.
    start(width, height, label, cell) {
        this.container.replaceChildren();
        this.centers = new Map();
        this.svg = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label },
                       this.container);
        // On a phone the board is at least this wide and scrolls in its box,
        // so that a big board keeps cells and labels readable; its shape
        // caps its width where its height is capped (style.css).
        this.svg.style.setProperty('--min-width', `${Math.round(width * MIN_CELL / cell)}px`);
        this.svg.style.setProperty('--aspect', String(width / height));
        this.width = width;
        this.pins = [];
        // Once the view has drawn and the last move is marked (play.js does
        // both in one go), the box's scrolling is set: settle().
        queueMicrotask(() => this.settle(`${width}x${height}`));
        this.layers = {};
        for (const name of ['cells', 'lines', 'pieces', 'marks'])
            this.layers[name] = svg('g', { class: name, 'pointer-events': name === 'cells' ? null : 'none' },
                                    this.svg);
        return this.layers;
    }

    // Makes `element` the cell (or point) `name`, centred at x, y.
    cell(name, element, x, y) {
        element.dataset.cell = name;
        this.centers.set(name, [x, y]);
        return element;
    }

    center(name) {
        return this.centers.get(name);
    }

    // The names of the board's cells (or points), in the order drawn.
    cells() {
        return [...this.centers.keys()];
    }

    // A square board of w by h cells of `size`, after a margin `pad` for
    // the row letters (left) and column numbers (top).
    grid(w, h, size, pad, shade) {
        const { cells } = this.layers;
        // The labels over everything, each set on a strip of the page's
        // colour, so that pinLabels() can keep them in sight.
        const rows = svg('g', { class: 'labels', 'pointer-events': 'none' }, this.svg);
        const cols = svg('g', { class: 'labels', 'pointer-events': 'none' }, this.svg);
        svg('rect', { x: 0, y: 0, width: pad, height: 2 * pad + h * size, class: 'label-strip' }, rows);
        svg('rect', { x: 0, y: 0, width: 2 * pad + w * size, height: pad, class: 'label-strip' }, cols);
        this.pin(rows, 'x');
        this.pin(cols, 'y');
        for (let row = 0; row < h; row++) {
            svg('text', { x: pad / 2, y: pad + (row + 0.5) * size, class: 'coord' }, rows).textContent = LETTERS[row];
            for (let col = 0; col < w; col++) {
                const x = pad + col * size, y = pad + row * size;
                this.cell(`${LETTERS[row]}${col + 1}`,
                          svg('rect', { x, y, width: size, height: size, class: 'square', fill: shade(row, col) }, cells),
                          x + size / 2, y + size / 2);
            }
        }
        for (let col = 0; col < w; col++)
            svg('text', { x: pad + (col + 0.5) * size, y: pad / 2, class: 'coord' }, cols).textContent = col + 1;
        this.pinLabels();
    }

    // A row letter at x, y that stays in sight when the board scrolls in
    // its box, on a disc of the page's colour: a board whose rows start at
    // different places (hex) has one beside each row's first cell.
    // Once it rides the edge, a strip of the page's colour as high as the
    // row's `step` (rows' strips meet) from the edge to past the letter
    // keeps it off the hexagons (style.css: .row-strip).
    rowLabel(text, x, y, step) {
        const g = svg('g', { class: 'labels', 'pointer-events': 'none' }, this.svg);
        const from = Math.max(0, x - 11); // its disc's left side, a little in
        svg('rect', { x: from, y: y - step / 2, width: x + 13 - from, height: step, class: 'row-strip' }, g);
        svg('circle', { cx: x, cy: y, r: 9, class: 'label-strip' }, g);
        svg('text', { x, y, class: 'coord' }, g).textContent = text;
        this.pin(g, 'x', from);
    }

    // Keeps `group` (labels) in sight when the board scrolls in its box:
    // it stays in place until the box's left edge (axis 'x') or top edge
    // ('y') passes `from` (in the drawing's units), then rides that edge.
    // The square boards pin their whole strips (from 0: always at the
    // edge), hex each row's letter.
    pin(group, axis, from = 0) {
        this.pins.push({ group, axis, from });
    }

    // The scale of the drawing on the screen: pixels per unit.
    scale() {
        return this.svg?.getBoundingClientRect().width / this.width || 1;
    }

    // The cells that a board that scrolls in its box opens with in sight
    // (a game started, a replay opened: play.js gives the pieces of the
    // person's side), once the next drawing settles; none (an empty board,
    // hex at its start): its middle.
    opening(cells) {
        this.opened = cells;
    }

    // A board that scrolls in its box opens with the cells of opening() in
    // sight, and a board of another shape starts centred; then a new last
    // move is brought into sight, and else the box stays where the person
    // left it.
    settle(shape) {
        const box = this.container, last = this.lastTo;
        if (!this.svg?.isConnected)
            return;
        const cell = box.querySelector(`[data-cell="${last}"]`)?.getBoundingClientRect();
        if (this.opened || shape !== this.shape) {
            this.reveal(this.opened ?? []);
            this.opened = null;
        } else if (cell && last !== this.shownLast) {
            const at = box.getBoundingClientRect(), margin = 2 * (this.r ?? 16) * this.scale();
            box.scrollLeft += Math.min(0, cell.left - at.left - margin) + Math.max(0, cell.right - at.right + margin);
            box.scrollTop += Math.min(0, cell.top - at.top - margin) + Math.max(0, cell.bottom - at.bottom + margin);
        }
        this.shape = shape;
        this.shownLast = last;
        this.frame();
    }

    // Scrolls the box to the middle of `cells` where they fit in it
    // together, else to the one nearest their middle; to the board's
    // middle where there are none.
    reveal(cells) {
        const box = this.container;
        const rects = cells.map(c => box.querySelector(`[data-cell="${c}"]`)?.getBoundingClientRect()).filter(Boolean);
        if (!rects.length) {
            box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
            box.scrollTop = (box.scrollHeight - box.clientHeight) / 2;
            return;
        }
        const middle = r => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
        const all = { left: Math.min(...rects.map(r => r.left)), right: Math.max(...rects.map(r => r.right)),
                      top: Math.min(...rects.map(r => r.top)), bottom: Math.max(...rects.map(r => r.bottom)) };
        let [x, y] = middle(all);
        const off = r => Math.hypot(middle(r)[0] - x, middle(r)[1] - y);
        if (all.right - all.left > box.clientWidth || all.bottom - all.top > box.clientHeight)
            [x, y] = middle(rects.reduce((a, b) => off(b) < off(a) ? b : a));
        const at = box.getBoundingClientRect();
        box.scrollLeft += x - (at.left + box.clientLeft + box.clientWidth / 2);
        box.scrollTop += y - (at.top + box.clientTop + box.clientHeight / 2);
    }

    // What depends on the box's scrolling and the drawing's scale: the
    // pinned labels; data-more on the box, the sides ("left right top
    // bottom") where more of the board lies out of sight (style.css shades
    // those edges and says to drag); --px on the drawing, the units of one
    // screen pixel, so that its small texts keep a readable size.
    frame() {
        const box = this.container;
        if (!this.svg)
            return;
        const more = [['left', box.scrollLeft > 1], ['right', box.scrollLeft + box.clientWidth < box.scrollWidth - 1],
                      ['top', box.scrollTop > 1], ['bottom', box.scrollTop + box.clientHeight < box.scrollHeight - 1]];
        box.dataset.more = more.filter(([, out]) => out).map(([side]) => side).join(' ');
        this.svg.style.setProperty('--px', String(1 / this.scale()));
        this.pinLabels();
    }

    // Moves the pinned labels with the box's scrolling (pin()).
    pinLabels() {
        const scale = this.scale();
        for (const { group, axis, from } of this.pins) {
            const scroll = (axis === 'x' ? this.container.scrollLeft : this.container.scrollTop) / scale;
            const d = Math.max(0, scroll - from);
            group.setAttribute('transform', axis === 'x' ? `translate(${d} 0)` : `translate(0 ${d})`);
            group.toggleAttribute('data-pinned', d > 0);
        }
    }

    // A piece on a cell: a disc of radius r with a label (of `size` times
    // r), faded with a dashed outline when it cannot move.
    piece(cell, { r, fill, stroke = RIM, label = '', ink = '#fff', side, faded = false,
                  size = 1.05 }) {
        const [cx, cy] = this.center(cell);
        const g = svg('g', { class: faded ? 'piece faded' : 'piece', 'data-side': side, 'data-label': label,
                             'data-at': cell }, this.layers.pieces);
        const outline = { fill, stroke: faded ? '#333' : stroke, 'stroke-width': faded ? 2 : 1.5,
                          'stroke-dasharray': faded ? '4 3' : null };
        svg('circle', { cx, cy, r, ...outline }, g);
        if (label !== '')
            svg('text', { x: cx, y: cy, class: 'label', fill: ink, 'font-size': r * size }, g).textContent = label;
        return g;
    }

    // The last move marked on the board, in every game: a dashed square on the
    // cell it left and a solid one on the cell it reached (a placement or a
    // removal has only the latter). The cells carry data-last="from" or "to".
    lastMove(action) {
        const cells = action ? cellsOf(action) : [];
        const marks = cells.length > 1 ? [['from', cells[0]], ['to', cells.at(-1)]] : cells.map(c => ['to', c]);
        const r = (this.r ?? 16) * 1.32;
        for (const element of this.container.querySelectorAll('[data-last]'))
            element.removeAttribute('data-last');
        this.lastTo = marks.at(-1)?.[1] ?? '';
        for (const [kind, cell] of marks) {
            const at = this.center(cell);
            if (!at)
                continue;
            svg('rect', { x: at[0] - r, y: at[1] - r, width: 2 * r, height: 2 * r, rx: r * 0.25,
                          class: `last-${kind}` }, this.layers.marks);
            this.container.querySelector(`[data-cell="${cell}"]`)?.setAttribute('data-last', kind);
        }
    }

    // The marks of a pick: a yellow ring on the selected piece, a dotted
    // circle on each target (lettered a, b, c... when `letters`), and an
    // orange dashed ring on each cell of a hint. Sets the data- attributes
    // of the cells.
    marks(pick, r, letters = false) {
        this.r = r;
        // Whether the keys a, b, c... mean the targets (play.js says why
        // one plays nothing).
        this.lettered = letters;
        const { marks } = this.layers;
        if (pick.selected) {
            const [cx, cy] = this.center(pick.selected);
            svg('circle', { cx, cy, r: r * 1.18, class: 'ring' }, marks);
        }
        pick.targets.forEach((cell, i) => {
            const [cx, cy] = this.center(cell);
            svg('circle', { cx, cy, r: r * 0.78, class: 'target' }, marks);
            if (letters)
                svg('text', { x: cx, y: cy, class: 'target-letter', 'font-size': r * 0.8 }, marks)
                    .textContent = LETTERS[i];
        });
        for (const cell of pick.hint) {
            const [cx, cy] = this.center(cell);
            svg('circle', { cx, cy, r: r * 1.3, class: 'hint' }, marks);
        }
        for (const element of this.container.querySelectorAll('[data-cell]')) {
            const name = element.dataset.cell;
            element.toggleAttribute('data-selected', name === pick.selected);
            element.toggleAttribute('data-target', pick.targets.includes(name));
            element.toggleAttribute('data-hint', pick.hint.includes(name));
        }
    }
}

/** The cells of an action, in its order ('c3-e5' → ['c3', 'e5']; '+a1' →
 *  ['a1']; 'dice:...' and 'stop' → []). */
export function cellsOf(action) {
    return action.match(/[a-z]\d+/g) ?? [];
}

/** The letter of target i (horses' keys). */
export function targetLetter(i) {
    return LETTERS[i];
}

// The moves log, newest first: the game's undo history (Game.moves()),
// side 0's on the left and side 1's on the right. Each action's line, by
// its index in the history, is written when it is played.
export class Log {
    // onPick(number), optional: a click on the line of action `number`.
    constructor(list, onPick = null) {
        this.list = list;
        if (onPick)
            list.addEventListener('click', e => {
                const li = e.target.closest('li[data-ply]');
                if (li)
                    onPick(Number(li.dataset.ply));
            });
        this.entries = [];
        this.lines = [];
    }

    reset() {
        this.entries = [];
        this.lines = [];
        this.list.replaceChildren();
    }

    // The history's actions, with the lines of those just played (the last
    // ones); the lines of actions taken back go.
    update(moves, lines, text) {
        this.lines.length = Math.min(this.lines.length, moves.length - lines.length);
        this.lines.push(...lines);
        const turns = turnsOf(moves);
        this.entries = moves.map((m, i) => ({ ...m, number: i + 1, ...turns[i], text: this.lines[i] ?? '' }));
        this.list.replaceChildren(...this.entries.toReversed().map(e =>
            html('li', { 'data-side': e.side, 'data-action': e.action, 'data-ply': e.number, 'data-turn': e.turn },
                 null, turnLine(text(e), e))));
    }

    // The line of action `number` marked as the one shown (a replay), none
    // for 0.
    mark(number) {
        for (const li of this.list.children)
            li.toggleAttribute('data-current', Number(li.dataset.ply) === number);
        // Into sight in the log's own scrolling, within the part of the log
        // that the screen shows (on a phone its top few lines, at the fold):
        // scrollIntoView() would scroll the page too.
        const li = this.list.querySelector('[data-current]');
        if (li) {
            const at = li.getBoundingClientRect(), box = this.list.getBoundingClientRect();
            const top = Math.max(box.top, 0), bottom = Math.max(top + at.height, Math.min(box.bottom, innerHeight));
            this.list.scrollTop += Math.min(0, at.top - top) + Math.max(0, at.bottom - bottom);
        }
    }

    // The action that led to the position shown: the last one, or in a
    // replay the one at `number`; '' for none with cells.
    lastWithCells(number = this.entries.length) {
        for (let i = number - 1; i >= 0; i--)
            if (cellsOf(this.entries[i].action).length)
                return this.entries[i].action;
        return '';
    }

    // The actions of the turn in progress: the latest run of `side`'s.
    turnOf(side) {
        const run = [];
        for (let i = this.entries.length - 1; i >= 0 && this.entries[i].side === side; i--)
            run.unshift(this.entries[i]);
        return run;
    }
}

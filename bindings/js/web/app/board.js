// What every game's view draws with: SVG and HTML elements, and the board,
// whose cells (or points) are elements with data-cell="a1" that report
// their clicks and carry data-selected, data-target and data-hint.
const SVG = 'http://www.w3.org/2000/svg';

function make(element, attrs, parent) {
    for (const [k, v] of Object.entries(attrs))
        element.setAttribute(k, v);
    parent?.append(element);
    return element;
}

export function svg(tag, attrs = {}, parent = null) {
    return make(document.createElementNS(SVG, tag), attrs, parent);
}

export function html(tag, attrs = {}, parent = null) {
    return make(document.createElement(tag), attrs, parent);
}

export class Board {
    constructor(container, onCell) {
        this.container = container;
        this.svg = null;
        container.addEventListener('click', e => {
            const cell = e.target.closest('[data-cell]');
            if (cell)
                onCell(cell.dataset.cell);
        });
    }

    clear() {
        this.container.replaceChildren();
        this.svg = null;
    }

    // A fresh SVG board of that size, with its layers in drawing order:
    // cells, lines, pieces, marks (the last three let clicks through).
    start(width, height, label) {
        this.clear();
        this.svg = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label },
                       this.container);
        this.layers = {};
        for (const name of ['cells', 'lines', 'pieces', 'marks'])
            this.layers[name] = svg('g', { class: name, ...(name === 'cells' ? {} : { 'pointer-events': 'none' }) },
                                    this.svg);
        return this.layers;
    }

    // Sets the marks of the pick on the cells: the selected piece, its
    // targets, and a hint's cells.
    mark({ selected = null, targets = [], hint = [] }) {
        for (const cell of this.container.querySelectorAll('[data-cell]')) {
            const name = cell.dataset.cell;
            cell.toggleAttribute('data-selected', name === selected);
            cell.toggleAttribute('data-target', targets.includes(name));
            cell.toggleAttribute('data-hint', hint.includes(name));
        }
    }
}

// The moves log, newest first: one entry per action still in the history.
export class Log {
    constructor(list) {
        this.list = list;
        this.entries = [];
    }

    reset() {
        this.entries = [];
        this.list.replaceChildren();
    }

    // Adds the actions just played; drops those taken back.
    update(history, logged) {
        this.entries.length = Math.min(this.entries.length, history - logged.length);
        this.entries.push(...logged);
        this.list.replaceChildren(...this.entries.toReversed().map(e => {
            const li = html('li', { 'data-side': e.side, 'data-action': e.action });
            li.textContent = e.text;
            return li;
        }));
    }

    lastSide() {
        return this.entries.at(-1)?.side;
    }
}

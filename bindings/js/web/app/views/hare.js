// Hare and Hounds: the eleven points and their lines, the three hounds and
// the hare, and the hounds' stall count beside its limit.
import { capital, html } from '../board.js';
import { R, drawPoints, geometry, piecesOf, pointsFigure } from './hunt.js';

const HOUNDS = { fill: '#5b4632', label: 'D', ink: '#fff' };
const HARE = { fill: '#f1e4c8', label: 'H', ink: '#5b4632', stroke: '#5b4632' };

export default {
    colors: { hounds: HOUNDS.fill, hare: '#c9a96e' },
    // Hint's level: perfect (the solved game), at most 24 ms a move native
    // (docs/levels.md).
    hintLevel: 3,
    // How to play (app/help.js).
    help: {
        rules: [
            'Three hounds (D) hunt one hare (H) on eleven points joined by lines. The hounds move first; a move is one step along a line to an empty point. Nothing is captured.',
            'The hare steps in any direction; a hound steps up, diagonally up or sideways, never down.',
            'The hounds win when the hare cannot move. The hare wins by getting below every hound, when the hounds cannot move, or when the hounds make ten moves in a row without going up.',
        ],
        // The registry's entry: its board, the library's points and lines
        // (worker.js), there before any game is.
        figure: game => pointsFigure(game.board, 'The board: eleven points and the lines between them'),
        marks: [
            ['D', 'a hound'],
            ['H', 'the hare'],
            ['stall count', 'the hounds\' moves in a row that did not go up; at 10 the hare wins'],
            ['yellow ring, dotted circles', 'the selected piece and where it can go'],
            ['dashed and solid squares', 'where the last move came from and went to'],
        ],
        tips: [
            'Hounds: advance side by side and keep the hare above you; do not leave a gap it can slip through.',
            'Hounds: watch the stall count; a move up resets it.',
            'Hare: stay near the middle, where the most lines meet, and wait for a gap.',
        ],
    },

    describe(game) {
        return { ...geometry(game), hare: game.hare(), hounds: game.hounds(), stall: game.stall(),
                 stallLimit: game.stallLimit };
    },

    pieces(game) {
        return piecesOf(game, { hounds: game.hounds(), hare: [game.hare()] });
    },
    draw(ui, snap, pick) {
        const { hare, hounds, stall, stallLimit } = snap.view;
        const houndSide = snap.sides.indexOf('hounds'), hareSide = 1 - houndSide;
        drawPoints(ui.board, snap.view, 'Hare and Hounds');
        for (const cell of hounds)
            ui.board.piece(cell, { r: R, side: houndSide, ...HOUNDS });
        ui.board.piece(hare, { r: R, side: hareSide, ...HARE });
        ui.board.marks(pick, R);

        const panel = html('div', { class: 'facts' });
        html('p', { class: 'legend' }, panel, `D ${capital(snap.sides[houndSide])} · H ${capital(snap.sides[hareSide])}`);
        const meter = html('div', { class: 'meter', 'data-stall': stall, 'data-limit': stallLimit,
                                    title: `the hounds' moves in a row without going up; ${stallLimit} end the game` },
                           panel);
        for (let i = 0; i < stallLimit; i++)
            html('span', { class: i < stall ? 'filled' : '' }, meter);
        html('p', { class: 'count' }, panel, `Stall: ${stall} of ${stallLimit}`);
        html('p', { class: 'note' }, panel, `Hound moves in a row that do not go up; at ${stallLimit} the hare wins.`);
        ui.panel.replaceChildren(panel);
    },
};

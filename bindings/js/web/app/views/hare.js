// Hare and Hounds: the eleven points and their lines, the three hounds and
// the hare, and the hounds' stall count beside its limit.
import { capital, html } from '../board.js';
import { R, drawPoints, geometry } from './hunt.js';

const HOUNDS = { fill: '#5b4632', label: 'D', ink: '#fff' };
const HARE = { fill: '#f1e4c8', label: 'H', ink: '#5b4632', stroke: '#5b4632' };

export default {
    colors: { hounds: HOUNDS.fill, hare: '#c9a96e' },

    describe(game) {
        return { ...geometry(game), hare: game.hare(), hounds: game.hounds(), stall: game.stall(),
                 stallLimit: game.stallLimit };
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

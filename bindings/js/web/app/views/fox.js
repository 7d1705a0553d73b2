// Fox and Geese: the cross of 33 points and its lines, the fox and the
// geese, the geese left beside the number under which the fox wins, and the
// fox's chain of jumps hop by hop (the page's #stop ends it).
import { capital, html, svg } from '../board.js';
import { optionName } from '../options.js';
import { R, drawPoints, geometry, piecesOf } from './hunt.js';

const FOX = { fill: '#d9691e', label: 'F', ink: '#fff' };
const GOOSE = { fill: '#fbfbf6', label: 'G', ink: '#555', stroke: '#777' };

// docs/fox.md, "Who wins": the solved game from the start, by the options
// (text values, as the setup's): without sideways steps the fox's with
// every number of geese; with them, 13 geese draw and more win.
export function solved({ geese = '13', sideways = '0' }) {
    return String(sideways) !== '1' ? 'fox' : String(geese) === '13' ? 'draw' : 'geese';
}

// What the geese need to win (docs/fox.md, "Who wins"), naming the
// setup's controls as it shows them, from `game`'s options (the registry's):
// "to play the geese for a win, tick "The geese may also step left or
// right" and choose 15 or 17 for "The geese"".
function geeseWin(game) {
    const [sideways, geese] = ['sideways', 'geese'].map(key => optionName(game.options.find(o => o.key === key)));
    return `to play the geese for a win, tick "${sideways}" and choose 15 or 17 for "${geese}"`;
}

const SETUP_NOTES = {
    fox: game => `With these rules the fox wins against the best play of the geese: ${geeseWin(game)}.`,
    draw: () => 'With these rules the best play on both sides is a draw: 15 or 17 geese win.',
    geese: () => 'With these rules the geese win with the best play.',
};

export default {
    colors: { fox: FOX.fill, geese: '#aaa' },
    // Hint's level: expert, at most 11 ms a move native by default (docs/levels.md);
    // perfect took up to 7.4 s.
    hintLevel: 3,
    // How to play (app/help.js).
    help: {
        rules: [
            'One fox (F) against 13 geese (G) on a cross of 33 points. The fox moves first; a move is one step along a line to an empty point.',
            'The fox steps in any direction, or jumps over a goose next to it to the empty point just beyond, capturing it. After a jump it may jump again, or stop.',
            'A goose steps up (toward row a) or diagonally up (sideways too with the option); geese never jump.',
            'The fox wins when fewer than four geese are left or the geese cannot move; the geese win by trapping the fox.',
        ],
        diagram: '. . .\n. F .\n. G .   F jumps over G\n. . .   and captures it',
        marks: [
            ['F', 'the fox'],
            ['G', 'a goose'],
            ['geese left', 'geese on the board, and how few let the fox win'],
            ['orange line', 'the fox\'s hops in its chain this turn; Stop ends it'],
            ['yellow ring, dotted circles', 'the selected piece and where it can go'],
            ['dashed and solid squares', 'where the last move came from and went to'],
        ],
        // The tips, of the registry's entry of the game (its options' names).
        tips: game => [
            // docs/fox.md, "Who wins": the solved game.
            `Who wins with the best play: without sideways steps (the default) the fox, whatever the geese do, since a goose only goes up and geese left without a move lose; with sideways steps, 13 geese hold a draw and 15 or 17 win. ${capital(geeseWin(game))} in the setup.`,
            'Geese: advance in a solid line, with no goose standing alone in front of an empty point.',
            'Geese: fill the row behind a goose before moving it forward.',
            'Fox: look for two geese that can be jumped in one chain.',
        ],
    },

    // The setup's line under the options: who wins with the best play.
    setupNote(options, game) {
        return SETUP_NOTES[solved(options)](game);
    },

    describe(game) {
        return { ...geometry(game), fox: game.fox(), geese: game.geese(), geeseLeft: game.geeseLeft(),
                 geeseToWin: game.geeseToWin, sideways: game.sideways(), chain: game.inChain() };
    },

    pieces(game) {
        return piecesOf(game, { fox: [game.fox()], geese: game.geese() });
    },
    // The fox's stop; its moves and the geese's have the worker's line
    // ("4. Fox moved d4 → d6").
    logLine(game, number, action, side) {
        return action === 'stop' ? `${number}. ${capital(game.sides[side])} stopped` : null;
    },

    // In a chain the fox is the only piece that can act: it is selected,
    // showing its further jumps.
    autoSelect(ui, snap) {
        return snap.view.chain ? snap.view.fox : null;
    },

    draw(ui, snap, pick) {
        const { fox, geese, geeseLeft, geeseToWin, sideways, chain } = snap.view;
        const layers = drawPoints(ui.board, snap.view, 'Fox and Geese');
        // The hops of the fox's turn so far, while it goes on (in a chain
        // the fox is to act).
        const foxSide = snap.sides.indexOf('fox'), gooseSide = 1 - foxSide;
        const hops = chain ? ui.log.turnOf(snap.info.side).map(e => e.action.split('-')) : [];
        for (const [a, b] of hops) {
            const [x1, y1] = ui.board.center(a), [x2, y2] = ui.board.center(b);
            svg('line', { x1, y1, x2, y2, class: 'hop' }, layers.lines);
        }
        for (const cell of geese)
            ui.board.piece(cell, { r: R * 0.9, side: gooseSide, ...GOOSE });
        ui.board.piece(fox, { r: R, side: foxSide, ...FOX });
        ui.board.marks(pick, R);

        const panel = html('div', { class: 'facts' });
        html('p', { class: 'legend' }, panel, `F ${capital(snap.sides[foxSide])} · G ${capital(snap.sides[gooseSide])}`);
        html('p', { class: 'count', 'data-geese': geeseLeft }, panel, `Geese left: ${geeseLeft}`);
        html('p', { class: 'note' }, panel, `Fewer than ${geeseToWin}: the fox wins.`);
        if (sideways)
            html('p', { class: 'note' }, panel, 'Geese may also step sideways.');
        if (chain)
            html('p', { class: 'chain', 'data-hops': hops.length }, panel,
                 `Chain: ${hops.length} hop${hops.length === 1 ? '' : 's'}. Jump again, or Stop.`);
        ui.panel.replaceChildren(panel);
    },
};

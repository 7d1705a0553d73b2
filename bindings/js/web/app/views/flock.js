// Flock: the board, each stone with the little number of its range, the
// captures of each side out of those that win, the moves left, and the
// move that the straight-back rule forbids, crossed out on the board.
import { RIM, capital, html, svg } from '../board.js';

const S = 52;
const PAD = 24;
const R = S * 0.38;
const STONES = { black: { fill: '#1d1d1d', ink: '#fff' }, white: { fill: '#fbfbf6', ink: '#222', stroke: '#555' } };
// The board's squares, light and dark; the captures' places are dark ones.
const SQUARES = ['#e9dfc6', '#d7c9a7'];

export default {
    colors: { black: STONES.black.fill, white: '#aaa' },
    // Hint's level: expert, at most 38 ms a move native (docs/levels.md);
    // master took up to 12 s.
    hintLevel: 4,
    // How to play (app/help.js): seed 004's rules (docs/flock.md's, in
    // players' words) and tips.
    help: {
        rules: [
            'Move: on your turn move one stone straight (up, down, left or right) over empty squares, 1 square or more, up to the size of its flock, at most 3. A flock is your stones that touch each other (up, down, left or right): a lone stone moves 1.',
            'Sandwich: after you move, every enemy stone next to the stone you moved, with one of your stones straight beyond it, is captured. Only the stone that moved captures; the board\'s edge does not count.',
            'Straight back: the stone you moved last may not go straight back to the square it just left (it may go anywhere else, and other stones may go there).',
            'Win: capture 3 enemy stones, or leave your opponent without a move. After 100 moves (50 each) more stones wins; as many is a draw.',
        ],
        diagram: 'B W . . .\n. . . . .\n. . B B .\n\nThe left B of the pair (flock of 2) moves up 2:\nB W B . .  W is sandwiched\n. . . . .  and captured\n. . . B .',
        marks: [
            ['3, 2, 1 on a stone', 'how far it can move: the size of its flock, up to 3'],
            ['squares beside "captured"', 'the 3 captures that win; a stone on one is a stone taken'],
            ['moves left', 'moves before the limit of 100'],
            ['red dashed line', 'the move back that is not allowed now'],
            ['dashed and solid squares', 'where the last move came from and went to'],
        ],
        tips: [
            'A clump is fast but it is also a target: the stones at its ends can still be sandwiched across the clump. Stones in a row protect each other along the row.',
            'Fast flocks threaten from far away. A lone stone is slow, so keep it behind your clump or use it as bait.',
            'Before you move, check what the move opens up: will an enemy flock now reach a square next to one of your stones, with another of theirs behind it?',
            // rules.md, Flock's end: at the limit the stones decide.
            'Watch the moves left: at the limit of 100 the side with more stones wins and as many is a draw. A capture ahead, keep your stones safe and the limit wins it for you; behind or level, you must capture before the moves run out.',
            'Hint shows a good move. Undo takes back your last move (and the computer\'s reply).',
        ],
    },

    describe(game) {
        const { w, h } = game.options();
        return { w, h, stones: game.stones(), captured: [game.captured(0), game.captured(1)],
                 capturesToWin: game.capturesToWin, movesLeft: game.movesLeft(), moveLimit: game.moveLimit,
                 straightBack: game.straightBack() };
    },

    pieces(game) {
        return game.stones().map(({ cell, side }) => ({ cell, side }));
    },
    draw(ui, snap, pick) {
        const { w, h, stones, captured, capturesToWin, movesLeft, moveLimit, straightBack } = snap.view;
        const board = ui.board;
        const layers = board.start(2 * PAD + w * S, 2 * PAD + h * S, `Flock, ${w} by ${h}`, S);
        board.grid(w, h, S, PAD, (row, col) => SQUARES[(row + col) % 2]);
        for (const { cell, side, range } of stones)
            board.piece(cell, { r: R, side, label: String(range), size: 0.72, ...STONES[snap.sides[side]] });
        if (straightBack) {
            // The banned slide: a dashed line from the stone to the cell it
            // left, and that cell crossed out.
            const [x1, y1] = board.center(straightBack.stone), [x2, y2] = board.center(straightBack.cell);
            svg('line', { x1, y1, x2, y2, class: 'banned-path' }, layers.lines);
            const g = svg('g', { class: 'banned', 'data-banned': `${straightBack.stone}-${straightBack.cell}` },
                          layers.marks);
            const d = R * 0.45;
            svg('circle', { cx: x2, cy: y2, r: R * 0.62 }, g);
            svg('line', { x1: x2 - d, y1: y2 - d, x2: x2 + d, y2: y2 + d }, g);
        }
        board.marks(pick, R);

        const panel = html('div', { class: 'facts' });
        for (const side of [0, 1]) {
            const row = html('div', { class: 'captures', 'data-side': side, 'data-captured': captured[side] }, panel);
            html('span', { class: 'who' }, row, `${capital(snap.sides[side])} captured`);
            // A place of the board's colour for each capture that wins, a
            // stone taken on it drawn as the board draws the stone: a
            // white stone in a ring read as an empty place.
            const places = html('span', { class: 'places', title: `${capture(captured[side], capturesToWin)}` }, row);
            const taken = snap.sides[1 - side], { fill, stroke = RIM } = STONES[taken];
            for (let i = 0; i < Math.max(capturesToWin, captured[side]); i++) {
                const place = html('span', { class: 'place', style: `background: ${SQUARES[1]}` }, places);
                if (i < captured[side])
                    html('span', { class: `stone ${taken}`, style: `background: ${fill}; border-color: ${stroke}` }, place);
            }
        }
        // What the squares are, said at once rather than in a title.
        html('p', { class: 'note captures-note' }, panel,
             `Each square is one of the ${capturesToWin} captures that win; a stone on it is a stone taken.`);
        html('p', { class: 'count', 'data-moves-left': movesLeft }, panel, `Moves left: ${movesLeft} of ${moveLimit}`);
        if (straightBack)
            html('p', { class: 'note' }, panel,
                 `${straightBack.stone} may not go straight back to ${straightBack.cell}.`);
        ui.panel.replaceChildren(panel);
    },
};

function capture(n, toWin) {
    return `${n} of the ${toWin} captures that win`;
}

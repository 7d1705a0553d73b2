// The board's clicks, keys, words and sizes: a fox in its chain plays its
// next hop by one click, selected or not; a horse sent onto a horse hears
// that the cell is taken, a digit key for a horse the side has not that it
// has no such horse; How to play's marks are the
// game's own (hex moves no stone); flock's "Moves left" on one line; every
// cell of every game's default board 40 px and more to the touch on a
// phone; hare's How to play draws the board's lines.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { goto, newPage, open, says, settled, shots, state, useBrowser } from './browser.mjs';
import { GAME_NAMES, finishedGame, loadHerd, webDir } from './common.mjs';

const herd = await loadHerd();
const { viewOf } = await import(path.join(webDir, 'app/views/index.js'));
useBrowser();

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

// Plays FROM-TO by two clicks; the page's position then the mirror's.
async function clickMove(page, mirror, action) {
    const [from, to] = action.split('-');
    await page.click(`[data-cell="${from}"]`);
    await page.click(`[data-cell="${to}"]`);
    mirror.play(action);
    return settled(page, s => s.position === mirror.position());
}

describe('a fox in its chain', () => {
    // Fox seed 2's actions; the chain's first hop is action `hop` (c3-e5,
    // then e5-e3 goes on).
    const g = finishedGame('fox', 2), moves = g.moves().map(m => m.action);
    g.free();
    const hop = (() => {
        const mirror = herd.newGame('fox', { seed: 2 });
        let n = 0;
        while (!mirror.inChain())
            mirror.play(moves[n++]);
        mirror.free();
        return n;
    })();

    // The page at the chain after its first hop, and the mirror there.
    async function inChain() {
        const page = await open('game=fox&seed=2&players=two');
        const mirror = herd.newGame('fox', { seed: 2 });
        for (const action of moves.slice(0, hop - 1))
            await clickMove(page, mirror, action);
        // The chain's first hop, then the fox selected by itself.
        await clickMove(page, mirror, moves[hop - 1]);
        assert.ok(mirror.inChain());
        return { page, mirror };
    }

    test('after Hint, a click on the next hop plays it', async () => {
        const { page, mirror } = await inChain();
        await page.click('#hint');
        await page.waitForSelector('#message[data-kind="hint"]');
        // The fox stays selected beside the hint's rings.
        await page.waitForSelector(`#board [data-cell="${moves[hop].split('-')[0]}"][data-selected]`);
        await page.click(`[data-cell="${moves[hop].split('-')[1]}"]`);
        mirror.play(moves[hop]);
        await settled(page, s => s.position === mirror.position());
        mirror.free();
    });

    test('unselected (Escape), a click on the next hop plays it', async () => {
        const { page, mirror } = await inChain();
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('#board [data-selected]'));
        await page.click(`[data-cell="${moves[hop].split('-')[1]}"]`);
        mirror.play(moves[hop]);
        await settled(page, s => s.position === mirror.position());
        mirror.free();
    });
});

test('a horse sent onto another horse: the cell is occupied, whatever the jump\'s shape', async () => {
    // Seed 5's start: a horse of Green's that may jump, and a horse of
    // Red's no knight's move away from it, a move the library refuses by
    // its shape.
    const g = herd.newGame('horses', { seed: 5 });
    const mover = g.legal()[0].split('-')[0];
    const red = g.horses().filter(h => h.side === 1).map(h => h.cell);
    const knight = (a, b) => {
        const [r1, c1] = [a.charCodeAt(0), Number(a.slice(1))], [r2, c2] = [b.charCodeAt(0), Number(b.slice(1))];
        return (r1 - r2) ** 2 + (c1 - c2) ** 2 === 5;
    };
    const far = red.find(cell => !knight(mover, cell));
    assert.ok(far, 'a red horse no knight\'s move away');
    assert.throws(() => g.play(`${mover}-${far}`), { message: `${mover}-${far} is not a knight's move` });
    const page = await open('game=horses&seed=5&players=two');
    await page.click(`[data-cell="${mover}"]`);
    await page.waitForSelector(`[data-cell="${mover}"][data-selected]`);
    await page.click(`[data-cell="${far}"]`);
    await says(page, `${far} is occupied.`);
    assert.equal((await state(page)).position, g.position(), 'nothing played');
    g.free();
});

// Before: a letter with no target of its own did nothing and said nothing.
test('Herd of Horses: a letter key that means no jump says why, and plays nothing', async () => {
    const g = herd.newGame('horses', { seed: 3 });
    const page = await open('game=horses&seed=3&players=two');
    await page.keyboard.press('b');
    await says(page, 'No piece selected for b: first select one, then press the letter of its move.');
    const horse = g.horses().find(h => h.side === 0 && g.legal().some(a => a.startsWith(`${h.cell}-`)));
    const jumps = g.legal().filter(a => a.startsWith(`${horse.cell}-`)).length;
    const letters = 'abcdefgh'.slice(0, jumps).split('');
    const past = 'abcdefghi'[jumps];
    await page.keyboard.press(String(horse.number % 10));
    await page.waitForSelector(`[data-cell="${horse.cell}"][data-selected]`);
    await page.keyboard.press(past);
    const moves = jumps > 1 ? `its moves are ${letters.slice(0, -1).join(', ')} and ${letters.at(-1)}` : 'its move is a';
    await says(page, `${horse.cell} has no move ${past}: ${moves}.`);
    assert.equal((await state(page)).position, g.position(), 'nothing played');
    assert.equal(await page.locator('#log li').count(), 0);
    g.free();
});

// A digit for a horse that the side does not have did nothing and said
// nothing: with 6 horses, 7, 8, 9 and 0 name none.
test('Herd of Horses: a digit key for a horse that does not exist says why, and selects nothing', async () => {
    const g = herd.newGame('horses', { seed: 3 });
    const page = await open('game=horses&seed=3&players=two');
    await page.keyboard.press('8');
    await says(page, 'No horse 8: Green has 6 horses (1 to 6).');
    await page.keyboard.press('0');
    await says(page, 'No horse 0, the tenth: Green has 6 horses (1 to 6).');
    assert.equal(await page.locator('[data-selected]').count(), 0, 'no horse selected');
    assert.equal((await state(page)).position, g.position(), 'nothing played');
    g.free();
});

describe('How to play\'s marks are the game\'s', () => {
    // A game whose actions move a piece FROM-TO marks where the last one
    // came from; one that places and removes (hex) marks the cell only.
    for (const name of GAME_NAMES)
        test(name, async () => {
            const g = herd.newGame(name);
            if (g.isChance())
                g.roll();
            const moves = g.legal().some(a => /^[a-z]\d+-[a-z]\d+$/.test(a));
            const places = g.legal().some(a => /^[+-][a-z]\d+$/.test(a));
            g.free();
            const marks = Object.fromEntries((await viewOf(name)).help.marks);
            assert.equal('dashed and solid squares' in marks, moves, `${name}: from and to`);
            if (moves)
                assert.match(marks['dashed and solid squares'], /came from and went to/);
            assert.equal('solid square' in marks, places, `${name}: the cell placed or removed`);
        });

    test('the page draws them so: hex a solid square, no dashed one', async () => {
        const page = await open('game=hex&seed=1&players=two');
        await page.click('#roll');
        const cell = await page.waitForSelector('.playable').then(() => page.$$eval('[data-cell]', list =>
            list.map(e => e.dataset.cell)));
        const mirror = herd.newGame('hex', { seed: 1 });
        mirror.roll();
        const place = mirror.legal().find(a => a.startsWith('+'));
        assert.ok(cell.includes(place.slice(1)));
        await page.click(`[data-cell="${place.slice(1)}"]`);
        mirror.play(place);
        await settled(page, s => s.position === mirror.position());
        assert.equal(await page.locator('.last-to').count(), 1);
        assert.equal(await page.locator('.last-from').count(), 0);
        mirror.free();
    });
});

for (const size of [DESK, PHONE])
    test(`flock's moves left on one line at ${size.width}x${size.height}`, async () => {
        const page = await goto(await newPage(size), 'game=flock&players=two');
        const lines = await page.$eval('.count[data-moves-left]', e => {
            const range = document.createRange();
            range.selectNodeContents(e);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        });
        assert.equal(await page.textContent('.count[data-moves-left]'), 'Moves left: 100 of 100');
        assert.equal(lines, 1);
    });

// Trial 8: "Black captured" drew a white stone taken as a white dot with
// a rim, which read as the empty places beside it.
test('flock\'s captures: a stone taken is a stone, as the board draws it, on a place; the places left empty', async () => {
    const end = finishedGame('flock', 1), sides = herd.games().find(g => g.name === 'flock').sides;
    const mirror = herd.newGame('flock');
    mirror.setPosition(end.position().replace('ply=100', 'ply=40').replace(/captured=\d+,\d+/, 'captured=2,1')
                         .replace(/(board=[^w]*)w/, '$1.'));
    const captured = [mirror.captured(0), mirror.captured(1)];
    assert.deepEqual(captured, [2, 1]);
    const page = await goto(await newPage(PHONE), `game=flock&players=two&position=${encodeURIComponent(mirror.position())}`);
    await page.screenshot({ path: path.join(shots, 'flock-captures-390.png') });
    // The board's stone of each side: its fill and rim.
    const looks = await page.$$eval('.piece', l => Object.fromEntries(l.map(e => {
        const c = getComputedStyle(e.querySelector('circle'));
        return [e.dataset.side, [c.fill, c.stroke === 'none' ? c.fill : c.stroke]];
    })));
    for (const side of [0, 1]) {
        const row = `.captures[data-side="${side}"]`;
        // The words as they were.
        assert.equal(await page.textContent(`${row} .who`), `${sides[side][0].toUpperCase()}${sides[side].slice(1)} captured`);
        assert.equal(await page.getAttribute(`${row} .places`, 'title'), `${captured[side]} of the 3 captures that win`);
        const places = await page.$$eval(`${row} .place`, l => l.map(p => {
            const stone = p.querySelector('.stone'), s = stone && getComputedStyle(stone);
            return { children: [...p.children].map(c => c.className), ground: getComputedStyle(p).backgroundColor,
                     stone: s && [s.backgroundColor, s.borderTopColor], round: s?.borderRadius };
        }));
        assert.deepEqual(places.map(p => p.children),
                         [0, 1, 2].map(i => i < captured[side] ? [`stone ${sides[1 - side]}`] : []),
                         'a stone of the other side on each place taken, nothing on the others');
        for (const p of places) {
            assert.notEqual(p.ground, 'rgba(0, 0, 0, 0)', 'a place is a square of the board');
            if (p.stone) {
                assert.deepEqual(p.stone, looks[1 - side], 'the stone as the board draws it');
                assert.notEqual(p.stone[0], p.ground, 'on its place');
                assert.equal(p.round, '50%');
            }
        }
    }
    mirror.free();
    end.free();
});

describe('at 390x844 every cell 40 px and more to the touch', () => {
    for (const name of GAME_NAMES)
        test(name, async () => {
            const page = await goto(await newPage(PHONE), `game=${name}&players=two`);
            const small = await page.$$eval('#board [data-cell]', list => list.flatMap(e => {
                const r = e.getBoundingClientRect();
                return Math.min(r.width, r.height) < 40 ? [`${e.dataset.cell} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`] : [];
            }));
            assert.deepEqual(small, []);
            // Nothing of the board lies outside the screen.
            assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
        });
});

test('hare\'s How to play draws the board\'s points and lines as the board does', async () => {
    const g = herd.newGame('hare');
    const page = await open('game=hare&players=two');
    const board = await page.$$eval('#board .track', l => l.map(e => ['x1', 'y1', 'x2', 'y2'].map(k => e.getAttribute(k)).join()));
    await page.click('#game-help');
    await page.waitForSelector('#help[open]');
    const figure = await page.$$eval('#help .diagram .track', l => l.map(e => ['x1', 'y1', 'x2', 'y2'].map(k => e.getAttribute(k)).join()));
    assert.equal(board.length, g.boardLines().length);
    assert.deepEqual(figure, board);
    assert.deepEqual(await page.$$eval('#help .diagram .point-name', l => l.map(e => e.textContent)), g.points());
    g.free();
});

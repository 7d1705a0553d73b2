// The page on a phone, 390x844: every game's default board fits the
// screen's width and its box (nothing scrolls in it); when a game ends,
// its result (the log's first line, the library's words), the buttons and
// why Hint is greyed out are above the fold; a replay steps back without
// scrolling the page or moving the board, and lights the line of the
// position shown, not the record's last. Screenshots:
// build/web-test/phone-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { goto, newPage, settled, shots, useBrowser } from './browser.mjs';
import { GAME_NAMES, finishedGame } from './common.mjs';

useBrowser();

const PHONE = { width: 390, height: 844 };

// The board's box (its client and scroll sizes) and the drawing's rect.
const boardBox = page => page.$eval('#board', e => {
    const r = e.querySelector('svg').getBoundingClientRect();
    return { clientWidth: e.clientWidth, scrollWidth: e.scrollWidth, clientHeight: e.clientHeight,
             scrollHeight: e.scrollHeight, svg: { width: r.width, height: r.height, top: r.top } };
});

// The elements of `selectors` (shown ones) that do not lie wholly in the
// viewport, unscrolled.
const outOfSight = (page, selectors) => page.evaluate(list => list.flatMap(selector =>
    [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length > 0).flatMap(e => {
        const r = e.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0
            ? [] : [`${selector}${e.id ? `#${e.id}` : ''} at ${Math.round(r.top)}..${Math.round(r.bottom)}`];
    })), selectors);

// What a game's end shows above the fold.
const END = ['#turn', '#why', '#game .controls .buttons button'];

function fits(box, where) {
    assert.ok(box.scrollWidth <= box.clientWidth, `${where}: the board is ${box.scrollWidth} px wide in a box of ${box.clientWidth}`);
    assert.ok(box.scrollHeight <= box.clientHeight, `${where}: the board is ${box.scrollHeight} px high in a box of ${box.clientHeight}`);
}

describe('at 390x844', () => {
    for (const name of GAME_NAMES) {
        test(`${name}: the default board fits, and the end is above the fold`, async () => {
            const page = await goto(await newPage(PHONE), `game=${name}&players=two`);
            fits(await boardBox(page), `${name} started`);
            // Watched to its end, level 0 (random moves) on both sides.
            await goto(page, `game=${name}&players=watch&level=0&delay=0&seed=2`);
            await settled(page, s => !s.status.startsWith('ongoing'));
            fits(await boardBox(page), `${name} ended`);
            assert.match(await page.textContent('#turn'), /\S/);
            assert.equal(await page.textContent('#why'), 'No hint: the game is over. Nothing to undo: the computer plays both sides.');
            assert.deepEqual(await outOfSight(page, END), [], `${name}: the end in sight`);
            assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
            await page.screenshot({ path: path.join(shots, `phone-${name}-end.png`) });
        });
    }

    test('Herd of Horses at 10 by 8 fits', async () => {
        const page = await goto(await newPage(PHONE), 'game=horses&w=10&h=8&players=two');
        fits(await boardBox(page), 'horses 10x8');
    });

    test('a replay: a step back scrolls nothing but the log, the board stays, the position\'s line is lit', async () => {
        const g = finishedGame('hare', 5);
        const record = g.record();
        const page = await goto(await newPage(PHONE), '', { game: false });
        await page.setInputFiles('#open-record', { name: 'hare.hgr', mimeType: 'text/plain',
                                                    buffer: Buffer.from(record.text()) });
        await settled(page, s => s.ply === String(record.plies));
        assert.equal(await page.textContent('#turn'), g.resultText());
        assert.deepEqual(await outOfSight(page, ['#turn', '#replay .buttons button']), [], 'the replay\'s end in sight');
        const top = (await boardBox(page)).svg.top;
        const lit = () => page.$$eval('#log li', l => l.filter(e => getComputedStyle(e).backgroundColor !== 'rgba(0, 0, 0, 0)')
            .map(e => e.dataset.ply));
        assert.deepEqual(await lit(), [String(record.plies)]);
        await page.click('#replay-back');
        await settled(page, s => s.ply === String(record.plies - 1));
        assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
        assert.equal((await boardBox(page)).svg.top, top, 'the board stayed in place');
        assert.ok(await page.isVisible('#replay-friend'), 'playing on is offered');
        assert.deepEqual(await lit(), [String(record.plies - 1)], 'the line lit is the position\'s');
        await page.screenshot({ path: path.join(shots, 'phone-replay-back.png') });
        record.free();
        g.free();
    });
});

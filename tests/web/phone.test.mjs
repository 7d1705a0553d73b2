// The page on a phone, 390x844: every game's default board fits the
// screen's width and its box (nothing scrolls in it); when a game ends,
// its result (the log's first line, the library's words), the buttons and
// why Hint is greyed out are above the fold; a replay steps back without
// scrolling the page or moving the board, and lights the line of the
// position shown, not the record's last, and keeps that line in sight as it
// steps; a refused record file and a refused option say why in sight; hex's cell names are
// readable and a board that scrolls in its box says so and starts centred.
// Screenshots: build/web-test/phone-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { goto, newPage, settled, shots, useBrowser } from './browser.mjs';
import { GAME_NAMES, finishedGame, loadHerd } from './common.mjs';

const herd = await loadHerd();

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
            // Watched, Hint and Undo are hidden, with no line saying why.
            assert.equal(await page.textContent('#why'), '');
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
        assert.equal(await page.textContent('#turn'), `${g.resultText()}.`);
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

// The least size on the screen, in pixels, of the board's texts of `selector`.
const textPixels = (page, selector) => page.$eval('#board svg', (svg, selector) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const least = Math.min(...[...svg.querySelectorAll(selector)].map(t => parseFloat(getComputedStyle(t).fontSize) * scale));
    return Math.round(least * 100) / 100;
}, selector);

describe('at 390x844, more', () => {
    // Trial 8: Play on's dialog, edge to edge in the middle of the screen,
    // did not read as over a dimmed page as How to play's did.
    test('every dialog of the page as How to play: over the page dimmed, which shows on each side', async () => {
        const g = finishedGame('fox', 2), record = g.record();
        const page = await goto(await newPage(PHONE), '', { game: false });
        await page.setInputFiles('#open-record', { name: 'fox.hgr', mimeType: 'text/plain', buffer: Buffer.from(record.text()) });
        await settled(page, s => s.ply === String(record.plies));
        await page.click('#replay-back');
        await settled(page, s => s.ply === String(record.plies - 1));
        await page.click('#replay-computer');
        await page.waitForSelector('#playon-ask[open]');
        await page.screenshot({ path: path.join(shots, 'phone-playon-ask.png') });
        await page.click('#playon-no');
        const ids = await page.$$eval('dialog', l => l.map(e => e.id));
        assert.deepEqual(ids.sort(), ['help', 'leave', 'playon-ask', 'resign-ask']);
        const looks = {};
        for (const id of ids)
            looks[id] = await page.$eval(`#${id}`, d => {
                d.showModal();
                const r = d.getBoundingClientRect(), style = getComputedStyle(d);
                const look = { backdrop: getComputedStyle(d, '::backdrop').backgroundColor, shadow: style.boxShadow,
                               left: r.left, right: innerWidth - r.right };
                d.close();
                return look;
            });
        for (const [id, look] of Object.entries(looks)) {
            assert.deepEqual({ ...look, left: 0, right: 0 }, { ...looks.help, left: 0, right: 0 }, `#${id} as #help`);
            assert.ok(look.left >= 8 && look.right >= 8, `#${id}: the page dimmed on each side (${look.left}, ${look.right} px)`);
        }
        assert.notEqual(looks.help.backdrop, 'rgba(0, 0, 0, 0)');
        record.free();
        g.free();
    });

    test('a record file refused: its reason and what to do in sight, Start still there', async () => {
        const page = await goto(await newPage(PHONE), '', { game: false });
        const bad = '[Game "fox"]\n\n1. a1-a2 *\n';
        let reason = '';
        try {
            herd.parseRecord(bad).free();
        } catch (e) {
            reason = e.message;
        }
        await page.setInputFiles('#open-record', { name: 'bad.hgr', mimeType: 'text/plain', buffer: Buffer.from(bad) });
        await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
        assert.equal(await page.textContent('#record-message'),
                     `bad.hgr is not a game record the page can read: ${reason.replace(/^record 1, /, '')}. Choose a record saved by this page (Download the record) or by herd-play.`);
        assert.deepEqual(await outOfSight(page, ['#record-message', '#open-record', '#start']), []);
        assert.ok(await page.isEnabled('#start'), 'the options are as good as before');
        await page.screenshot({ path: path.join(shots, 'phone-record-refused.png') });
        // Choosing another game clears it.
        await page.check('input[name="game"][value="fox"]');
        assert.equal(await page.textContent('#record-message'), '');
    });

    // Trial 7: the bar of Start covered the Players section at first view.
    test('the setup: Start in sight at first view, and nothing of it under the bar at any scroll position', async () => {
        for (const [viewport, names] of [[PHONE, GAME_NAMES], [{ width: 1280, height: 800 }, ['horses']]]) {
            const page = await goto(await newPage(viewport), '', { game: false });
            for (const name of names) {
                await page.check(`input[name="game"][value="${name}"]`);
                const where = `${name} at ${viewport.width}x${viewport.height}`;
                assert.deepEqual(await outOfSight(page, ['#start']), [], `${where}: Start at first view`);
                // The controls of the setup, each part that is shown (inside
                // what clips it: the viewport, a scrolling box) against the
                // bar, at every 40 px of scrolling and at the end.
                const under = () => page.evaluate(() => {
                    const bar = document.querySelector('.start-bar').getBoundingClientRect();
                    const shownPart = e => {
                        let r = e.getBoundingClientRect(), top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
                        for (let p = e.parentElement; p; p = p.parentElement)
                            if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowY)) {
                                const c = p.getBoundingClientRect();
                                [top, bottom] = [Math.max(top, c.top), Math.min(bottom, c.bottom)];
                            }
                        return { top, bottom };
                    };
                    return [...document.querySelectorAll('#setup-form :is(input, select, button, legend, label, .hint-text)')]
                        .filter(e => !e.closest('.start-bar') && e.getClientRects().length > 0)
                        .filter(e => {
                            const { top, bottom } = shownPart(e);
                            return bottom > top && bottom > bar.top && top < bar.bottom;
                        })
                        .map(e => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.name ? `[${e.name}]` : ''}`);
                });
                // What scrolls the setup (a box of it, or the page), scrolled
                // to `y` px: where it is, and how far it goes.
                const scrollTo = y => page.evaluate(y => {
                    const s = [...document.querySelectorAll('#setup *')].find(e => e.scrollHeight > e.clientHeight &&
                        /auto|scroll/.test(getComputedStyle(e).overflowY)) ?? document.scrollingElement;
                    s.scrollTop = y;
                    return { at: s.scrollTop, end: s.scrollHeight - s.clientHeight };
                }, y);
                const { end } = await scrollTo(0);
                for (const y of [...Array.from({ length: Math.ceil(end / 40) }, (_, i) => 40 * i), end]) {
                    const { at } = await scrollTo(y);
                    assert.deepEqual(await under(), [], `${where}, scrolled ${at} px: under the bar`);
                }
                // At the end the Players section is in sight, all of it.
                assert.deepEqual(await outOfSight(page, ['#setup-side', '#setup-level', 'input[name="players"]']), [],
                                 `${where}: the players at the end`);
                await scrollTo(0);
            }
        }
    });

    test('an option refused: its reason in sight beside Start, not under the bar, the option marked', async () => {
        const page = await goto(await newPage(PHONE), '', { game: false });
        await page.check('input[name="game"][value="horses"]');
        await page.fill('#opt-w', '7');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent !== '');
        // Start as the person presses it, greyed out or not.
        await page.click('#start', { force: true });
        assert.ok(await page.isVisible('#setup'), 'no game started');
        assert.equal(await page.textContent('#setup-message'), "The board's width: enter a whole number from 8 to 30");
        assert.equal(await page.getAttribute('#opt-w', 'aria-invalid'), 'true', 'aria-invalid="" would read as valid');
        assert.deepEqual(await outOfSight(page, ['#setup-message', '#start']), []);
        // Nothing lies over the reason (the sticky bar, say): every corner's
        // point shows the reason itself.
        const covered = await page.$eval('#setup-message', e => {
            const r = e.getBoundingClientRect();
            return [[r.left + 2, r.top + 2], [r.right - 2, r.bottom - 2], [r.left + r.width / 2, r.top + r.height / 2]]
                .filter(([x, y]) => !e.contains(document.elementFromPoint(x, y))).map(p => p.map(Math.round).join(','));
        });
        assert.deepEqual(covered, []);
        await page.screenshot({ path: path.join(shots, 'phone-option-refused.png') });
        await page.fill('#opt-w', '8');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent === '');
        assert.ok(await page.isEnabled('#start'));
    });

    test('hex: readable cell names, and a panel of the dice beside the turn and the counts', async () => {
        const page = await goto(await newPage(PHONE), 'game=hex&players=two');
        const size = await textPixels(page, '.cell-name');
        assert.ok(size >= 10, `a cell name is ${size} px`);
        fits(await boardBox(page), 'hex 5');
        assert.equal(await page.$eval('#board', e => e.dataset.more), '', 'nothing more to see');
        assert.ok(await page.isHidden('.board-more'));
        await page.click('#roll');
        await page.waitForSelector('.facts .die');
        // The phase and the counts one under the other, beside the dice.
        const lines = await page.$$eval('.facts p', list => list.map(e => {
            const r = e.getBoundingClientRect();
            return { left: Math.round(r.left), top: r.top };
        }));
        const dice = await page.$eval('.facts .dice', e => e.getBoundingClientRect().right);
        assert.equal(lines.length, 3);
        assert.equal(new Set(lines.map(l => l.left)).size, 1, `one column: ${JSON.stringify(lines)}`);
        assert.ok(lines[0].left > dice, 'beside the dice');
        assert.ok(lines[0].top < lines[1].top && lines[1].top < lines[2].top, 'one under the other');
        await page.screenshot({ path: path.join(shots, 'phone-hex-panel.png') });
    });

    test('hex of size 7: a board bigger than its box starts centred and says that it scrolls', async () => {
        const page = await goto(await newPage(PHONE), 'game=hex&size=7&players=two');
        const size = await textPixels(page, '.cell-name');
        assert.ok(size >= 10, `a cell name is ${size} px`);
        const box = () => page.$eval('#board', e => ({ left: e.scrollLeft, top: e.scrollTop, more: e.dataset.more,
                                                       width: e.scrollWidth - e.clientWidth,
                                                       height: e.scrollHeight - e.clientHeight }));
        const start = await box();
        assert.ok(start.width > 0, 'the board scrolls sideways');
        assert.ok(Math.abs(start.left - start.width / 2) <= 1, `centred: ${JSON.stringify(start)}`);
        assert.equal(start.more, start.height > 0 ? 'left right top bottom' : 'left right');
        assert.equal(await page.textContent('.board-more'), 'Drag the board to see the rest of it');
        assert.deepEqual(await outOfSight(page, ['.board-more']), []);
        // The shade on the sides with more.
        assert.notEqual(await page.$eval('.board-frame', e => getComputedStyle(e).getPropertyValue('--more-left')), '');
        await page.screenshot({ path: path.join(shots, 'phone-hex-7.png') });
        await page.$eval('#board', e => e.scrollTo(e.scrollWidth, 0));
        await page.waitForFunction(() => !document.getElementById('board').dataset.more.includes('right'));
        assert.ok((await box()).more.startsWith('left'));
        // A move redraws the board where it was.
        const left = (await box()).left;
        await page.click('#roll');
        await page.waitForSelector('.facts .die');
        assert.equal((await box()).left, left, 'the box stays where it was put');
    });

    // A big board opened scrolled to its empty middle: a board bigger than
    // its box opens on the pieces of the person's side.
    test('a big board opens on the pieces of the person\'s side', async () => {
        // Whether a piece of `side` lies wholly in the visible part of the
        // board's box, and whether the box scrolls both ways.
        const inView = (page, side) => page.$eval('#board', (box, side) => {
            const b = box.getBoundingClientRect();
            const seen = [...box.querySelectorAll(`.piece[data-side="${side}"]`)].filter(p => {
                const r = p.getBoundingClientRect();
                return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
            });
            return { seen: seen.length, scrolls: box.scrollWidth > box.clientWidth && box.scrollHeight > box.clientHeight };
        }, side);
        const horses = 'game=horses&w=30&h=20&n=10&seed=1';
        for (const [query, side] of [[`${horses}&players=two`, 0], [`${horses}&players=computer&side=0`, 0],
                                     [`${horses}&players=computer&side=1&delay=600000`, 1]]) {
            const page = await goto(await newPage(PHONE), query);
            const { seen, scrolls } = await inView(page, side);
            assert.ok(scrolls, `${query}: the board scrolls in its box`);
            assert.ok(seen > 0, `${query}: no piece of side ${side} in sight`);
        }
        // Hex starts empty: its middle; at a position with stones, those of
        // the side to act.
        const g = herd.newGame('hex', { size: 13, seed: 1 });
        while (g.history < 40 || g.isChance())
            g.isChance() ? g.roll() : g.play(g.legal()[g.history % g.legal().length]);
        const empty = await goto(await newPage(PHONE), 'game=hex&size=13&players=two');
        const box = await empty.$eval('#board', e => ({ left: e.scrollLeft, width: e.scrollWidth - e.clientWidth }));
        assert.ok(Math.abs(box.left - box.width / 2) <= 1, `centred: ${JSON.stringify(box)}`);
        const page = await goto(await newPage(PHONE), `game=hex&size=13&seed=1&players=two&position=${encodeURIComponent(g.position())}`);
        assert.ok((await inView(page, g.statusInfo().side)).seen > 0, 'hex: no stone of the side to act in sight');
        g.free();
    });

    test('a replay stepped back: the line of the position shown stays in sight, the page does not scroll', async () => {
        const g = finishedGame('horses', 3);
        const record = g.record();
        assert.ok(record.plies > 40, `a long game: ${record.plies} actions`);
        const page = await goto(await newPage(PHONE), '', { game: false });
        await page.setInputFiles('#open-record', { name: 'horses.hgr', mimeType: 'text/plain',
                                                    buffer: Buffer.from(record.text()) });
        await settled(page, s => s.ply === String(record.plies));
        for (let ply = record.plies - 1; ply >= record.plies - 20; ply--) {
            await page.click('#replay-back');
            await settled(page, s => s.ply === String(ply));
            assert.deepEqual(await outOfSight(page, ['#log li[data-current]']), [], `action ${ply}'s line in sight`);
            assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
        }
        await page.screenshot({ path: path.join(shots, 'phone-replay-stepped.png') });
        // And forward again.
        for (let ply = record.plies - 19; ply <= record.plies - 15; ply++) {
            await page.click('#replay-forward');
            await settled(page, s => s.ply === String(ply));
            assert.deepEqual(await outOfSight(page, ['#log li[data-current]']), [], `action ${ply}'s line in sight`);
        }
        record.free();
        g.free();
    });
});

// Issue 44: labels tiny on a phone, hex's row letters over the hexagons,
// hare's stall boxes thin strokes.
describe('at 390x844, readable labels and boxes', () => {
    // The corners and centre of each .coord shown in the box, and what
    // takes a click there: a label there lies over no cell.
    const labelsOverCells = page => page.evaluate(() => {
        const box = document.getElementById('board').getBoundingClientRect();
        return [...document.querySelectorAll('#board .coord')].flatMap(t => {
            const r = t.getBoundingClientRect();
            if (r.right < box.left || r.left > box.right || r.bottom < box.top || r.top > box.bottom)
                return [];
            const points = [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1],
                            [r.right - 1, r.bottom - 1], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
            return points.some(([x, y]) => document.elementsFromPoint(x, y).some(e => e.closest('[data-cell]')))
                ? [t.textContent] : [];
        });
    });

    for (const name of GAME_NAMES)
        test(`${name}: row and column labels at least 10 px, over no cell`, async () => {
            const page = await goto(await newPage(PHONE), `game=${name}&players=two`);
            const size = await textPixels(page, '.coord');
            assert.ok(size >= 10, `a label is ${size} px`);
            assert.deepEqual(await labelsOverCells(page), []);
        });

    test('hex of size 13: the row letters readable, beside their rows, and on a strip once they ride the edge', async () => {
        const page = await goto(await newPage(PHONE), 'game=hex&size=13&players=two');
        await page.$eval('#board', e => e.scrollTo(0, 0));
        await page.waitForFunction(() => [...document.querySelectorAll('#board .labels')].every(g => !g.hasAttribute('data-pinned')));
        assert.ok(await textPixels(page, '.coord') >= 10, 'at least 10 px');
        assert.deepEqual(await labelsOverCells(page), [], 'unscrolled: beside the rows, over no hexagon');
        await page.$eval('#board', e => e.scrollTo(e.scrollWidth / 2, 0));
        await page.waitForFunction(() => document.querySelector('#board .labels[data-pinned]'));
        // Each letter riding the edge lies wholly on its strip, which is shown.
        const bare = await page.evaluate(() => [...document.querySelectorAll('#board .labels[data-pinned]')].flatMap(g => {
            const strip = g.querySelector('.row-strip'), s = strip.getBoundingClientRect();
            const t = g.querySelector('.coord').getBoundingClientRect();
            const on = getComputedStyle(strip).visibility === 'visible' && t.left >= s.left && t.right <= s.right &&
                t.top >= s.top && t.bottom <= s.bottom;
            return on ? [] : [g.textContent];
        }));
        assert.deepEqual(bare, []);
        await page.screenshot({ path: path.join(shots, 'phone-hex-13-letters.png') });
    });

    test('hare: the stall meter\'s boxes stay square', async () => {
        const page = await goto(await newPage(PHONE), 'game=hare&players=two');
        const boxes = await page.$$eval('.meter span', list => list.map(e => {
            const r = e.getBoundingClientRect();
            return [r.width, r.height];
        }));
        assert.equal(boxes.length, 10);
        for (const [width, height] of boxes)
            assert.ok(width >= 10 && Math.abs(width - height) < 1, `a box of ${width} by ${height} px`);
        assert.ok(await page.$eval('.meter', e => e.getBoundingClientRect().right <= innerWidth), 'in the screen');
    });
});

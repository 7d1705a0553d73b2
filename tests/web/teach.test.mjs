// The page as a newcomer meets it, at 390x844 (a phone) and 1280x800: the
// setup's Start in sight and the game's title as the page's, the "How to
// play" panel of every game (rules, diagram, marks, tips), the last move
// marked on the board in every game, Hint at the level the page names, a
// big board readable on the phone, a record downloaded, and a record file
// replayed: stepped through by its controls, the log and the keys, its
// ending in the library's words, and played on from a position.
// Screenshots of every game at both sizes: build/web-test/teach-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { goto, newPage, settled, shots, state, useBrowser } from './browser.mjs';
import { GAME_NAMES, finishedGame, loadHerd } from './common.mjs';

const herd = await loadHerd();
useBrowser();

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];
// Hint's level of each game at its default options (the views' hintLevel,
// docs/web.md); hex's the same on every board, horses' expert (4) on the
// biggest.
const HINT_LEVELS = { horses: 5, hex: 4, hare: 3, fox: 3, flock: 4 };
const info = name => herd.games().find(g => g.name === name);
const cellsOf = action => action.match(/[a-z]\d+/g) ?? [];

// Whether the element lies wholly inside the viewport, unscrolled.
const inSight = (page, selector) => page.$eval(selector, e => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
});

// Hint pressed once it may be: the level it names (data-level) and its words.
async function askHint(page) {
    await page.waitForFunction(() => !document.getElementById('hint').disabled);
    await page.click('#hint');
    await page.waitForSelector('#message[data-kind="hint"]', { timeout: 120000 });
    return { level: await page.getAttribute('#message', 'data-level'), text: await page.textContent('#message') };
}

for (const size of SIZES) {
    const where = `${size.width}x${size.height}`;
    describe(`at ${where}`, () => {
        test('the setup: Start in sight, the title and How to play of every game', async () => {
            const page = await goto(await newPage(size), '', { game: false });
            for (const name of GAME_NAMES) {
                await page.check(`input[name="game"][value="${name}"]`);
                assert.equal(await page.title(), info(name).title);
                assert.ok(await inSight(page, '#start'), `${where} ${name}: Start is in sight`);
                await page.click('#setup-help');
                await page.waitForSelector('#help[open]');
                assert.equal(await page.textContent('#help-title'), `How to play ${info(name).title}`);
                assert.ok(await page.locator('#help .rules li').count() >= 3, 'the rules in a few lines');
                // A text diagram of several lines, or a drawing of the board (hare).
                assert.ok(await page.$eval('#help .diagram', e => e.textContent.includes('\n') || e.tagName === 'svg' &&
                                           e.querySelectorAll('line').length > 0), 'a diagram');
                assert.ok(await page.locator('#help .marks dt').count() >= 3, 'the marks explained');
                assert.ok(await page.locator('#help .tips li').count() >= 3, 'the tips');
                assert.ok(await inSight(page, '#help .close'), 'the panel closes from in sight');
                if (name === 'horses')
                    await page.screenshot({ path: path.join(shots, `teach-help-${where}.png`) });
                await page.click('#help .close');
                await page.waitForFunction(() => !document.getElementById('help').open);
            }
        });

        for (const name of GAME_NAMES)
            test(`${name}: the last move marked, Hint's level, the title, the panel in the game`, async () => {
                // The computer plays first, so that its move is the one marked.
                const page = await goto(await newPage(size), `game=${name}&players=computer&side=1&level=1&delay=0`);
                await settled(page, s => s.status.startsWith(`ongoing ${info(name).sides[1]}`));
                assert.equal(await page.title(), info(name).title);
                const actions = await page.$$eval('#log li', l => l.map(e => e.dataset.action).reverse());
                const last = actions.findLast(a => cellsOf(a).length);
                const cells = cellsOf(last);
                assert.deepEqual(await page.$$eval('[data-last="to"]', l => l.map(e => e.dataset.cell)), [cells.at(-1)]);
                assert.deepEqual(await page.$$eval('[data-last="from"]', l => l.map(e => e.dataset.cell)),
                                 cells.length > 1 ? [cells[0]] : []);
                assert.equal(await page.locator('.last-to').count(), 1);
                if (!(await page.isHidden('#roll')))
                    await page.click('#roll');
                const hint = await askHint(page);
                const level = HINT_LEVELS[name];
                assert.equal(hint.level, String(level));
                const levelName = info(name).levels[level - 1].name;
                assert.match(hint.text, new RegExp(`^Hint from ${levelName[0].toUpperCase()}${levelName.slice(1)}: `));
                assert.ok(await inSight(page, '#game-help'));
                await page.screenshot({ path: path.join(shots, `teach-${name}-${where}.png`) });
                await page.click('#game-help');
                await page.waitForSelector(`#help[open][data-game="${name}"]`);
                await page.click('#help .close');
                if (name === 'horses') {
                    // A bar fills as the side nears its target (a newcomer read
                    // an emptying bar as losing ground), under its side's name.
                    assert.equal(await page.textContent('.bars-caption'), 'Nearing the target: full when a horse arrives');
                    assert.match(await page.getAttribute('.bar[data-side="0"]', 'aria-label'),
                                 /^Green: \d+ knight moves? to the target$/);
                    for (const [side, sideName] of [[0, 'Green'], [1, 'Red']]) {
                        const bar = await page.$eval(`.bar[data-side="${side}"]`, e => {
                            const name = e.querySelector('.bar-name'), box = name?.getBoundingClientRect();
                            return { distance: Number(e.dataset.distance), parts: Number(e.dataset.parts),
                                     filled: e.querySelectorAll('.parts span.filled').length,
                                     now: Number(e.getAttribute('aria-valuenow')), name: name?.textContent,
                                     // The name fits its bar: not cut, not over the other's.
                                     fits: !!box && box.width > 0 && name.scrollWidth <= name.clientWidth + 1
                                         && box.left >= e.getBoundingClientRect().left - 1
                                         && box.right <= e.getBoundingClientRect().right + 1 };
                        });
                        assert.equal(bar.filled, bar.parts - bar.distance, `${sideName}'s bar: the parts come`);
                        assert.equal(bar.now, bar.parts - bar.distance);
                        assert.equal(bar.name, sideName);
                        assert.ok(bar.fits, `${sideName}'s name fits beside its bar`);
                    }
                    const mark = await page.evaluate(async () =>
                        (await import('./app/views/horses.js')).default.help.marks.find(([m]) => m === 'progress bars')[1]);
                    assert.match(mark, /the bar fills as it nears and is full when it arrives/);
                }
            });

        test('a record file replayed, stepped through and played on', async () => {
            const g = finishedGame('horses', 3);
            const record = g.record({ Event: 'A test' });
            const text = record.text(), plies = record.plies;
            const page = await goto(await newPage(size), '', { game: false });
            await page.setInputFiles('#open-record', { name: 'game.hgr', mimeType: 'text/plain',
                                                        buffer: Buffer.from(text) });
            await settled(page, s => s.ply === String(plies));
            assert.equal(await page.title(), 'Herd of Horses');
            assert.equal((await state(page)).position, g.position());
            assert.equal(await page.textContent('#turn'), `${g.resultText()}.`, 'the ending in the library\'s words');
            assert.match(await page.textContent('#turn'), /^(Green|Red) (reached its target corner|has no move left): /);
            assert.ok(await page.isVisible('#replay'));
            assert.equal(await page.getAttribute('#replay-slider', 'max'), String(plies));
            assert.ok(await page.isHidden('#replay-on'), 'no playing on from the end');
            assert.ok(await inSight(page, '#replay-first'));
            // Numbered as the file numbers its moves (one action each here).
            assert.equal(await page.textContent('#replay-where'), `Move ${plies} of ${plies}`);
            // On a wide screen the replay fits the window: no page scroll,
            // the buttons in sight.
            if (size.width > 900) {
                assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollHeight, innerHeight]),
                                 [size.height, size.height]);
                assert.ok(await inSight(page, '#new'));
            }
            await page.screenshot({ path: path.join(shots, `teach-replay-${where}.png`) });
            const at = async ply => {
                const s = await settled(page, x => x.ply === String(ply));
                const want = record.game(ply);
                assert.equal(s.position, want.position());
                want.free();
                assert.deepEqual(await page.$$eval('#log li[data-current]', l => l.map(e => e.dataset.ply)), [String(ply)]);
            };
            await page.click('#replay-first');
            assert.equal((await settled(page, x => x.ply === '0')).position, record.game(0).position());
            await page.click('#replay-forward');
            await at(1);
            await page.click('#log li[data-ply="3"]');
            await at(3);
            await page.click('#replay-back');
            await at(2);
            await page.keyboard.press('ArrowRight');
            await at(3);
            await page.keyboard.press('End');
            await settled(page, x => x.ply === String(plies));
            await page.keyboard.press('Home');
            await settled(page, x => x.ply === '0');
            await page.$eval('#replay-slider', e => {
                e.value = '4';
                e.dispatchEvent(new Event('input'));
            });
            await at(4);
            // Played on by two people from there: the replay's controls go.
            await page.click('#replay-friend');
            await page.waitForSelector('#replay', { state: 'hidden' });
            const s = await settled(page);
            assert.equal(s.position, record.game(4).position());
            assert.equal(await page.locator('#log li').count(), 4);
            assert.ok(!(await page.isDisabled('#hint')), 'Hint works again');
            assert.ok(!(await page.isDisabled('#undo')), 'and Undo');
            record.free();
            g.free();
        });

        test('a record file the library refuses: its message beside the file\'s input', async () => {
            const page = await goto(await newPage(size), '', { game: false });
            const g = finishedGame('fox', 4);
            const record = g.record();
            const bad = record.text().replace(/^1\. \S+/m, '1. a1-a2');
            record.free();
            g.free();
            await page.setInputFiles('#open-record', { name: 'bad.hgr', mimeType: 'text/plain', buffer: Buffer.from(bad) });
            await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
            let message = '';
            try {
                herd.parseRecord(bad).free();
            } catch (e) {
                message = e.message;
            }
            assert.match(message, /line \d+, column \d+/);
            assert.ok((await page.textContent('#record-message')).includes(`: ${message.replace(/^record 1, /, '')}. `));
            assert.ok(await inSight(page, '#record-message'));
            assert.ok(await page.isVisible('#setup'));
        });

        test('a finished game: its record downloaded, and replayed', async () => {
            const page = await goto(await newPage(size), 'game=hare&players=watch&level=1&delay=0&seed=2');
            const end = await settled(page, s => !s.status.startsWith('ongoing'));
            const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
            // Named by the game, its seed and the date and time, so that
            // later downloads do not clash.
            assert.match(download.suggestedFilename(), /^hare-seed2-20\d\d[01]\d[0-3]\d-[0-2]\d[0-5]\d\.hgr$/);
            const saved = herd.parseRecord(readFileSync(await download.path(), 'utf8'));
            const replayed = saved.game();
            assert.equal(replayed.position(), end.position);
            assert.equal(await page.textContent('#turn'), `${replayed.resultText()}.`);
            await page.click('#replay-this');
            await settled(page, s => s.ply === String(saved.plies));
            assert.ok(await page.isVisible('#replay'));
            replayed.free();
            saved.free();
        });
    });
}

test('a 30 by 20 board on a 390 px phone: cells and labels readable, the board scrolls in its box, Hint at expert', async () => {
    const page = await goto(await newPage({ width: 390, height: 844 }), 'game=horses&w=30&h=20&n=10&players=two');
    const box = await page.$eval('[data-cell="a1"]', e => e.getBoundingClientRect().width);
    assert.ok(box >= 30, `a cell is ${box} px wide`);
    const label = await page.$eval('.coord', e => e.getBoundingClientRect().height);
    assert.ok(label >= 9, `a label is ${label} px high`);
    const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth }));
    assert.ok(page_.scroll <= page_.width, 'the page does not scroll sideways: the board does, in its box');
    assert.ok(await inSight(page, '#hint'), 'the buttons stay in sight');
    // Scrolled to the far corner, the row letters and column numbers stay at the box's edges.
    await page.$eval('#board', e => e.scrollTo(e.scrollWidth, e.scrollHeight));
    const edgesNow = () => {
        const box = document.getElementById('board').getBoundingClientRect();
        const letter = [...document.querySelectorAll('.coord')].find(e => e.textContent === 'a').getBoundingClientRect();
        const number = [...document.querySelectorAll('.coord')].find(e => e.textContent === '30').getBoundingClientRect();
        return { box: [box.left, box.top, box.right, box.bottom], letter: [letter.left, letter.right],
                 number: [number.top, number.bottom] };
    };
    // The labels follow the scroll when the page has handled it: wait until
    // both have come to the box's edges (whatever the machine's load; the
    // wait's timeout fails the test where they never come), then check where.
    await page.waitForFunction(`(() => { const e = (${edgesNow})();
        return e.letter[0] >= e.box[0] - 1 && e.number[0] >= e.box[1] - 1; })()`, null, { timeout: 30000 })
        .catch(() => {});
    const edges = await page.evaluate(edgesNow);
    assert.ok(edges.letter[0] >= edges.box[0] - 1 && edges.letter[1] <= edges.box[0] + 40,
              `the row letter a at the box's left edge: ${JSON.stringify(edges)}`);
    assert.ok(edges.number[0] >= edges.box[1] - 1 && edges.number[1] <= edges.box[1] + 40,
              `the column number 30 at the box's top edge: ${JSON.stringify(edges)}`);
    await page.screenshot({ path: path.join(shots, 'teach-horses-30x20-390x844.png') });
    // Hint a level below the default board's: master is too slow a hint
    // with 10 horses a side (docs/web.md).
    const hint = await askHint(page);
    assert.equal(hint.level, '4');
    assert.match(hint.text, /^Hint from Expert: /);
});

test('hex of size 13 on a 390 px phone: the row letters stay in sight, Hint at master, as on every board', async () => {
    const page = await goto(await newPage({ width: 390, height: 844 }), 'game=hex&size=13&players=two');
    assert.ok(await page.$eval('#board', e => e.scrollWidth > e.clientWidth), 'the board scrolls in its box');
    // Scrolled to the right edge, every row's letter rides the box's left edge.
    await page.$eval('#board', e => e.scrollTo(e.scrollWidth, 0));
    await page.waitForFunction(() => [...document.querySelectorAll('#board .labels')]
        .every(g => g.getAttribute('transform') !== 'translate(0 0)'));
    const edges = await page.evaluate(() => {
        const box = document.getElementById('board').getBoundingClientRect();
        const letters = [...document.querySelectorAll('#board .coord')];
        return { left: box.left, rows: letters.map(e => [e.textContent, e.getBoundingClientRect().left,
                                                          e.getBoundingClientRect().right]) };
    });
    assert.equal(edges.rows.map(r => r[0]).join(''), 'abcdefghijklmnopqrstuvwxy');
    for (const [letter, left, right] of edges.rows)
        assert.ok(left >= edges.left - 1 && right <= edges.left + 40,
                  `row ${letter} at the box's left edge: ${left}..${right}, the box from ${edges.left}`);
    await page.screenshot({ path: path.join(shots, 'teach-hex-13-390x844.png') });
    // Back at the left, each letter is beside its row's first cell again.
    await page.$eval('#board', e => e.scrollTo(0, 0));
    await page.waitForFunction(() => [...document.querySelectorAll('#board .labels')]
        .every(g => g.getAttribute('transform') === 'translate(0 0)'));
    // Hint at the same level on a board this big (docs/web.md).
    await page.click('#roll');
    const hint = await askHint(page);
    assert.equal(hint.level, String(HINT_LEVELS.hex));
    assert.match(hint.text, /^Hint from Master: /);
});

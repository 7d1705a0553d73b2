// The page fits every screen from a phone's up: at 320x640, 390x844 and
// 1280x800, for every game, neither the setup screen nor a game scrolls
// sideways; a game's buttons lie inside the viewport (on a narrow screen
// the log, shorter there, comes after them); and every control that is
// greyed out says why, in its title and in a line of visible text.
// Screenshots: build/web-test/viewport-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { goto, newPage, settled, shots, useBrowser } from './browser.mjs';
import { GAME_NAMES, finishedGame, loadHerd } from './common.mjs';

const herd = await loadHerd();
useBrowser();

const VIEWPORTS = [{ width: 320, height: 640 }, { width: 390, height: 844 }, { width: 1280, height: 800 }];
const NARROW = 900; // style.css: one column up to this width

// The layout as the page has it now: the scroll width, the viewport, the
// boxes of the game's buttons and of the log, the visible controls that
// are disabled with their titles, and the page's visible text.
const layout = page => page.evaluate(() => {
    const box = e => {
        const r = e.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height };
    };
    const shown = e => e.getClientRects().length > 0;
    return {
        scrollWidth: document.documentElement.scrollWidth,
        width: innerWidth,
        height: innerHeight,
        buttons: Object.fromEntries([...document.querySelectorAll('#game .buttons button')].filter(shown)
            .map(e => [e.id, box(e)])),
        log: shown(document.querySelector('#game .log')) ? box(document.querySelector('#game .log')) : null,
        disabled: [...document.querySelectorAll(':disabled')].filter(shown)
            .map(e => ({ id: e.id, title: e.getAttribute('title') ?? '' })),
        text: document.body.innerText,
    };
});

// Hint's reason once the game is over, which the result says instead.
const HINT_OVER = 'No hint: the game is over.';

// What holds on every screen: no sideways scrolling, and each disabled
// control's title is non-empty and shown as text too.
function checkScreen(l, where) {
    assert.ok(l.scrollWidth <= l.width, `${where}: scrollWidth ${l.scrollWidth} > ${l.width}`);
    for (const { id, title } of l.disabled) {
        assert.notEqual(title.trim(), '', `${where}: #${id} is disabled without a title`);
        if (title !== HINT_OVER)
            assert.ok(l.text.includes(title), `${where}: #${id}'s reason "${title}" is not on the page`);
    }
}

// A game's screen: checkScreen(), its buttons (Hint, Undo and Cancel or New
// game; watched, Pause in place of Hint and Undo) inside the viewport, and
// on a narrow screen the log after them and short.
function checkGame(l, where, shown = ['hint', 'undo', 'new']) {
    checkScreen(l, where);
    for (const id of shown)
        assert.ok(l.buttons[id], `${where}: #${id} is shown`);
    for (const [id, b] of Object.entries(l.buttons))
        assert.ok(b.left >= 0 && b.top >= 0 && b.right <= l.width && b.bottom <= l.height,
                  `${where}: #${id} at ${JSON.stringify(b)} is outside ${l.width}x${l.height}`);
    if (l.width <= NARROW) {
        assert.ok(l.log.top >= Math.max(...Object.values(l.buttons).map(b => b.bottom)), `${where}: the log comes after the buttons`);
        assert.ok(l.log.height <= 0.3 * l.height, `${where}: the log is ${l.log.height} px high`);
    }
}

const shot = (page, name, { width, height }) =>
    page.screenshot({ path: path.join(shots, `viewport-${name}-${width}x${height}.png`) });

for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    describe(`at ${size}`, () => {
        for (const name of GAME_NAMES) {
            const info = herd.games().find(g => g.name === name);

            test(`${name}: the setup screen, with two players and with an option refused`, async () => {
                const page = await goto(await newPage(viewport), '', { game: false });
                await page.check(`input[name=game][value=${name}]`);
                checkScreen(await layout(page), `${name} setup`);
                await shot(page, `setup-${name}`, viewport);
                // Two players: the computer's level is greyed out, and says why.
                await page.check('input[name=players][value=two]');
                assert.ok(await page.isDisabled('#setup-level'));
                checkScreen(await layout(page), `${name} setup, two players`);
                // Choosing a side chooses to play against the computer.
                await page.selectOption('#setup-side', '1');
                assert.ok(await page.isChecked('input[name=players][value=computer]'));
                assert.ok(await page.isEnabled('#setup-level'));
                // An option out of range: Start is greyed out with the
                // page's message as its reason.
                const option = info.options.find(o => o.kind === 'range' && typeof o.max === 'number' && o.max > 1);
                if (option) {
                    await page.fill(`#opt-${option.key}`, String(option.max + 1));
                    await page.waitForFunction(() => document.getElementById('setup-message').textContent !== '');
                    assert.ok(await page.isDisabled('#start'));
                    assert.equal(await page.getAttribute('#start', 'title'), await page.textContent('#setup-message'));
                    checkScreen(await layout(page), `${name} setup, ${option.key} refused`);
                }
            });

            test(`${name}: a game against the computer, and one watched with its log filling`, async () => {
                const page = await goto(await newPage(viewport), `game=${name}&seed=3&level=1`);
                const started = await layout(page);
                checkGame(started, `${name} started`);
                // Undo and Agree a draw before a move are not greyed out: pressed,
                // each says why (words.test.mjs).
                assert.deepEqual(started.disabled.map(d => d.id).sort(), info.hasChance ? ['hint'] : []);
                if (info.hasChance)
                    assert.equal(await page.getAttribute('#hint', 'title'), 'No hint while the dice wait: roll them first.');
                await shot(page, name, viewport);
                await goto(page, `game=${name}&seed=3&level=1&players=watch&delay=0`);
                await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 30 ||
                                                  !document.getElementById('game').dataset.status.startsWith('ongoing'));
                const watched = await layout(page);
                // Pause while the game goes on (a short game may be over).
                const going = (await page.getAttribute('#game', 'data-status')).startsWith('ongoing');
                checkGame(watched, `${name} watched`, going ? ['pause', 'new'] : ['new']);
                assert.ok(!watched.buttons.hint && !watched.buttons.undo, `${name} watched: no Hint or Undo`);
                await shot(page, `${name}-watched`, viewport);
            });
        }

        // A newcomer's replay on a phone: "against the computer" under "with
        // a friend", and no room left for a players' line of two lines. At
        // 320x640 the board's least height (240 px) leaves the log's first
        // line under the fold.
        if (viewport.width >= 390) test('a replay stepped back, a players\' line of two lines: Play on\'s choices on one line, every control in sight', async () => {
            const g = finishedGame('hare', 5), record = g.record();
            const page = await goto(await newPage(viewport), '', { game: false });
            await page.setInputFiles('#open-record', { name: 'a-record-file-of-a-game-saved-with-a-long-name-of-hare.hgr',
                                                        mimeType: 'text/plain', buffer: Buffer.from(record.text()) });
            await settled(page, s => s.ply === String(record.plies));
            await page.click('#replay-back');
            await settled(page, s => s.ply === String(record.plies - 1));
            const where = `replay at ${size}`;
            const l = await page.evaluate(() => {
                // The lines an element's text takes, by their tops.
                const lines = e => {
                    const range = document.createRange();
                    range.selectNodeContents(e);
                    return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;
                };
                const box = e => {
                    const r = e.getBoundingClientRect();
                    return { id: e.id, left: r.left, top: r.top, right: r.right, bottom: r.bottom, lines: lines(e) };
                };
                const shown = [...document.querySelectorAll('#game button, #replay-slider, #turn')]
                    .filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
                return { width: innerWidth, height: innerHeight, players: lines(document.getElementById('players-line')),
                         choices: ['replay-friend', 'replay-computer'].map(id => box(document.getElementById(id))),
                         shown: shown.map(box) };
            });
            await shot(page, 'replay-stepped', viewport);
            if (l.width <= NARROW)
                assert.equal(l.players, 2, `${where}: the players' line takes two lines`);
            const [friend, computer] = l.choices;
            assert.equal(friend.top, computer.top, `${where}: Play on's choices on one line`);
            for (const choice of l.choices)
                assert.equal(choice.lines, 1, `${where}: #${choice.id}'s words on one line`);
            for (const b of l.shown)
                assert.ok(b.left >= 0 && b.top >= 0 && b.right <= l.width && b.bottom <= l.height,
                          `${where}: #${b.id} at ${JSON.stringify(b)} is outside ${l.width}x${l.height}`);
            record.free();
            g.free();
        });
    });
}

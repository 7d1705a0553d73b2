// The page (build/web/index.html) in Debian's Chromium, headless, driven by
// playwright-core (tests/web/package.json), against the JavaScript API in
// Node as the mirror of every game: the setup screen built from the
// registry and its refusals, every game started from the setup screen and
// from the URL, moves made by clicks (and Herd of Horses' keys), refused
// clicks, Hint, Undo, Cancel and New game, games played to their end
// against the computer and watched, and no console message anywhere.
// Screenshots go to build/web-test/ (browser.mjs).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { open, says, shots, useBrowser } from './browser.mjs';
import { GAME_NAMES, generator, loadHerd } from './common.mjs';

const herd = await loadHerd();
useBrowser();

const state = page => page.$eval('#game', e => ({ position: e.dataset.position, status: e.dataset.status,
                                                   thinking: e.hasAttribute('data-thinking') }));

// Waits until the page shows what the predicate wants and the computer is
// not to act.
async function settled(page, predicate = () => true) {
    for (let i = 0; i < 1200; i++) { // a minute, for a loaded machine
        const s = await state(page);
        if (!s.thinking && predicate(s))
            return s;
        await page.waitForTimeout(50);
    }
    throw new Error(`the page did not settle: ${JSON.stringify(await state(page))}`);
}

const marked = (page, attr) => page.$$eval(`[data-cell][${attr}]`, list => list.map(e => e.dataset.cell).sort());
const text = (page, selector) => page.textContent(selector);
// The library's message as the page shows a refusal (words.test.mjs): an
// action FROM-TO with the log's arrow, a capital unless it starts with a
// cell, a full stop.
const sentence = text => `${/^[a-z]\d/.test(text) ? text : text[0].toUpperCase() + text.slice(1)}.`
    .replace(/\b([a-z]\d+)-(?=[a-z]\d+\b)/g, '$1 → ');
// The library's reason for refusing `action` in `game` (which stays as it
// was), as the page shows it.
function refusal(game, action) {
    try {
        game.play(action);
    } catch (e) {
        return sentence(e.message);
    }
    throw new Error(`${action} is legal`);
}
const logActions = page => page.$$eval('#log li', list => list.map(e => e.dataset.action).reverse());
const targetsOf = (game, cell) => game.legal().filter(a => a.startsWith(`${cell}-`)).map(a => a.split('-')[1]).sort();

// Plays `action` on the page by clicks, as a person would, checking the
// marks on the way (the piece selected and its targets), and on the mirror.
async function clicks(page, mirror, action) {
    if (action.startsWith('dice:')) {
        await page.click('#roll');
        assert.equal(mirror.roll(), action);
    } else {
        if (action === 'stop') {
            await page.click('#stop');
        } else if (/^[+-]/.test(action)) {
            await page.click(`[data-cell="${action.slice(1)}"]`);
        } else {
            const [from, to] = action.split('-');
            // In a chain the fox is selected already.
            if ((await marked(page, 'data-selected'))[0] !== from)
                await page.click(`[data-cell="${from}"]`);
            assert.deepEqual(await marked(page, 'data-selected'), [from]);
            assert.deepEqual(await marked(page, 'data-target'), targetsOf(mirror, from));
            await page.click(`[data-cell="${to}"]`);
        }
        mirror.play(action);
    }
}

// clicks(), then the page's position is the mirror's.
async function clickAction(page, mirror, action) {
    await clicks(page, mirror, action);
    return settled(page, s => s.position === mirror.position());
}

// clicks() against the computer: then its reply, from the worker, played
// on the mirror too.
async function withReply(page, mirror, action) {
    const before = (await state(page)).position;
    await clicks(page, mirror, action);
    if (mirror.statusInfo().result !== 'ongoing')
        return settled(page, s => s.position === mirror.position());
    const s = await settled(page, x => x.position !== before && x.position !== mirror.position());
    mirror.play((await logActions(page)).at(-1));
    assert.equal(s.position, mirror.position());
    return s;
}

// A few actions of a random game, for a game of two players: the actions.
async function playRandom(page, mirror, rng, count) {
    const actions = [];
    for (let i = 0; i < count && mirror.statusInfo().result === 'ongoing'; i++) {
        const legal = mirror.legal();
        let action = rng.pick(legal);
        if (mirror.isChance()) {
            const copy = mirror.clone();
            action = copy.roll();
            copy.free();
        }
        const s = await clickAction(page, mirror, action);
        assert.equal(s.status, mirror.status());
        actions.push(action);
    }
    return actions;
}

// The level the setup suggests for each game: the weakest that searches.
const SUGGESTED = { horses: 'novice', hex: 'novice', hare: 'club', fox: 'club', flock: 'novice' };

describe('the setup screen', () => {
    test('built from the registry, options refused on the spot with the library\'s message', async () => {
        const page = await open('', { game: false });
        const games = herd.games();
        assert.deepEqual(await page.$$eval('input[name=game]', l => l.map(e => e.value)), games.map(g => g.name));
        assert.deepEqual(await page.$$eval('.game-choice b', l => l.map(e => e.textContent)), games.map(g => g.title));
        for (const g of games) {
            await page.check(`input[name=game][value=${g.name}]`);
            assert.deepEqual(await page.$$eval('#setup-options [data-key]', l => l.map(e => e.dataset.key)),
                             g.options.map(o => o.key));
            assert.deepEqual(await page.$$eval('#setup-level option', l => l.map(e => e.value)),
                             g.levels.map(l => String(l.level)));
            // The page's suggestion for a newcomer, marked so, the
            // library's default unmarked (docs/web.md).
            const suggested = g.levels.find(l => l.name === SUGGESTED[g.name]);
            assert.ok(suggested, `${g.name} has a level ${SUGGESTED[g.name]}`);
            assert.equal(await page.inputValue('#setup-level'), String(suggested.level));
            assert.deepEqual(await page.$$eval('#setup-level option', l => l.filter(e => /\(/.test(e.textContent)).map(e => e.value)),
                             [String(suggested.level)]);
            assert.match(await page.$eval('#setup-level option:checked', e => e.textContent), / \(suggested\)$/);
            assert.deepEqual(await page.$$eval('#setup-side option', l => l.map(e => e.textContent.toLowerCase())),
                             g.sides);
        }
        await page.check('input[name=game][value=horses]');
        await page.fill('#opt-w', '7');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent !== '');
        assert.equal(await text(page, '#setup-message'), "The board's width: enter a whole number from 8 to 30");
        assert.ok(await page.isDisabled('#start'));
        assert.equal(await page.getAttribute('#opt-w', 'aria-invalid'), 'true');
        await page.screenshot({ path: path.join(shots, 'setup-refused.png') });
        await page.fill('#opt-w', '12');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent === '');
        assert.ok(await page.isEnabled('#start'));
        assert.equal(await page.getAttribute('#opt-w', 'aria-invalid'), null);
        // The hare's start lists the points the library takes for it: not
        // the hounds' (d1 was offered, then refused). A seed past
        // 64 bits the page says itself, as every number out of its range.
        await page.check('input[name=game][value=hare]');
        const hare = herd.newGame('hare'), hounds = hare.hounds();
        assert.deepEqual(await page.$$eval('#opt-start option', o => o.map(e => e.value)),
                         hare.points().filter(p => !hounds.includes(p)));
        hare.free();
        await page.selectOption('#opt-start', 'c2');
        await page.fill('#opt-seed', '18446744073709551616');
        await page.waitForFunction(() => !document.getElementById('setup-message').textContent.startsWith('start'));
        await page.waitForFunction(() => document.getElementById('setup-message').textContent !== '');
        assert.equal(await text(page, '#setup-message'), 'The seed: enter a whole number from 0 to 18446744073709551615, or nothing for a random seed');
        await page.fill('#opt-seed', '18446744073709551615');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent === '');
    });

    for (const name of GAME_NAMES)
        test(`${name}: started from the setup screen, a move by clicks, Cancel back to the setup once confirmed`, async () => {
            const page = await open('', { game: false });
            await page.check(`input[name=game][value=${name}]`);
            await page.check('input[name=players][value=two]');
            await page.fill('#opt-seed', '11');
            await page.screenshot({ path: path.join(shots, `setup-${name}.png`) });
            await page.click('#start');
            await page.waitForSelector('#game[data-position]:not([data-position=""])');
            assert.ok(await page.isHidden('#setup'));
            const mirror = herd.newGame(name, { seed: 11 });
            assert.deepEqual(await state(page), { position: mirror.position(), status: mirror.status(), thinking: false });
            assert.equal(await text(page, '#title'), mirror.info.title);
            // The seed named where it changes a game of two players: its
            // start (the library's: seeds 11 and 12 start apart) or its dice
            // (before: Hare and Hounds named a seed that changes nothing).
            const other = herd.newGame(name, { seed: 12 });
            const seeded = other.position() !== mirror.position() || mirror.info.hasChance;
            other.free();
            assert.equal(seeded, ['horses', 'hex'].includes(name), 'the library\'s seeded games');
            assert.equal(await text(page, '#players-line'), seeded ? 'Two players, seed 11' : 'Two players');
            // The URL now starts this game at once.
            const url = new URL(page.url());
            assert.equal(url.searchParams.get('game'), name);
            assert.equal(url.searchParams.get('seed'), '11');
            assert.equal(url.searchParams.get('players'), 'two');
            await playRandom(page, mirror, generator(5), 3);
            assert.equal(await text(page, '#new'), 'Cancel');
            // A game with actions played asks first; Keep playing keeps it.
            await page.click('#new');
            await page.waitForSelector('#leave[open]');
            assert.equal(await text(page, '#leave-text'), 'This game is not over. Leave it for a new game?');
            await page.click('#leave-no');
            await page.waitForFunction(() => !document.getElementById('leave').open);
            assert.equal((await state(page)).position, mirror.position());
            assert.ok(await page.isHidden('#setup'));
            await page.click('#new');
            await page.click('#leave-yes');
            await page.waitForSelector('#setup:not([hidden])');
            assert.equal(await page.getAttribute('#game', 'data-position'), '');
            assert.equal(await page.inputValue('#opt-seed'), '11');
            assert.ok(await page.isChecked(`input[name=game][value=${name}]`));
            mirror.free();
        });

    // A newcomer's link without a seed played seed 0 every time: it draws
    // one, as the setup's empty seed box does, and the address names it.
    test('a URL without a seed draws a fresh one, which the address and the players\' line name', async () => {
        const seeds = [];
        for (let i = 0; i < 2; i++) {
            const page = await open('game=horses&players=computer&delay=600000');
            const seed = new URL(page.url()).searchParams.get('seed');
            assert.match(seed ?? '', /^\d+$/, 'the address names the seed drawn');
            const g = herd.newGame('horses', { seed: BigInt(seed) }), level = SUGGESTED.horses;
            assert.equal((await state(page)).position, g.position());
            assert.equal(await text(page, '#players-line'),
                         `You play Green, the computer (${level[0].toUpperCase()}${level.slice(1)}) Red, seed ${seed}`);
            g.free();
            seeds.push(seed);
            // Cancel: the seed box empty, as after a draw of the setup's own.
            await page.click('#new');
            await page.waitForSelector('#setup:not([hidden])');
            assert.equal(await page.inputValue('#opt-seed'), '');
        }
        assert.notEqual(seeds[0], seeds[1], 'a new game each time');
        // A URL's seed wins; against the computer it draws its choices, in every game.
        const hare = await open('game=hare&seed=4&players=computer&delay=600000');
        assert.equal(await text(hare, '#players-line'), 'You play Hounds, the computer (Club) Hare, seed 4');
        assert.equal(new URL(hare.url()).searchParams.get('seed'), '4');
    });

    test('the URL\'s level wins over the suggested one, and stays in the setup', async () => {
        for (const g of herd.games()) {
            const level = g.levels.find(l => l.name !== SUGGESTED[g.name]);
            const page = await open(`game=${g.name}&players=computer&level=${level.level}&delay=600000`);
            assert.match(await text(page, '#players-line'), new RegExp(`computer \\(${level.name}\\)`, 'i'));
            assert.equal(new URL(page.url()).searchParams.get('level'), String(level.level));
            await page.click('#new');
            await page.waitForSelector('#setup:not([hidden])');
            assert.equal(await page.inputValue('#setup-level'), String(level.level));
        }
    });

    // How fast a watched game goes was a link's `delay=` alone.
    test('the delay between the computer\'s moves when watching: a number box, refused as the others, in the address', async () => {
        const page = await open('', { game: false });
        await page.check('input[name=game][value=flock]');
        assert.ok(await page.isHidden('#setup-delay'), 'asked for only when watching');
        await page.check('input[name=players][value=watch]');
        assert.ok(await page.isVisible('#setup-delay'));
        assert.equal(await page.inputValue('#setup-delay'), '400', 'the watched default');
        assert.equal(await text(page, '#setup-delay-row .range'), '0 to 3600000');
        assert.match(await text(page, 'label[for=setup-delay]'), /^delay Delay before each of the computer's moves, in milliseconds/);
        for (const typed of ['', '-5', '1.5', '3600001']) {
            await page.fill('#setup-delay', typed);
            await page.waitForFunction(() => document.getElementById('setup-message').textContent !== '');
            assert.equal(await text(page, '#setup-message'), 'Delay: enter a whole number of milliseconds from 0 to 3600000', typed);
            assert.ok(await page.isDisabled('#start'));
            assert.equal(await page.getAttribute('#setup-delay', 'aria-invalid'), 'true');
        }
        // Not watching, the box is not asked for, nor refused.
        await page.check('input[name=players][value=two]');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent === '');
        assert.ok(await page.isHidden('#setup-delay'));
        await page.check('input[name=players][value=watch]');
        await page.fill('#setup-delay', '600000');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent === '');
        assert.ok(await page.isEnabled('#start'));
        await page.click('#start');
        await page.waitForSelector('#game[data-position]:not([data-position=""])');
        const url = new URL(page.url());
        assert.equal(url.searchParams.get('delay'), '600000');
        assert.equal(url.searchParams.get('players'), 'watch');
        await page.click('#new');
        await page.waitForSelector('#setup:not([hidden])');
        assert.equal(await page.inputValue('#setup-delay'), '600000', 'kept for the next game');
        // A link's delay is the box's.
        const linked = await open('game=flock&players=watch&delay=5000');
        await linked.click('#new');
        await linked.waitForSelector('#setup:not([hidden])');
        assert.equal(await linked.inputValue('#setup-delay'), '5000');
    });

    // A newcomer did not know what "w", "h" and "n" beside the options are.
    test('each option names its key in a link once, and a line under the options says what the keys are', async () => {
        const page = await open('', { game: false });
        for (const g of herd.games()) {
            await page.check(`input[name=game][value=${g.name}]`);
            const keys = await page.$$eval('#setup-options .option label', l => l.map(e => [...e.querySelectorAll('code')].map(c => c.textContent)));
            assert.deepEqual(keys, g.options.map(o => [o.key]), g.name);
            const first = g.options[0];
            assert.match(await text(page, '#setup-keys'),
                         new RegExp(`^Each option's short name is its key in a link to the game: \\?game=${g.name}&${first.key}=${first.default} sets "[^"]+" to ${first.default}\\.$`));
        }
    });

    // The fox's levels said "looks 3 steps/hops ahead".
    test('Fox and Geese\'s levels say what a move ahead is', async () => {
        const page = await open('', { game: false });
        await page.check('input[name=game][value=fox]');
        const fox = herd.games().find(g => g.name === 'fox');
        for (const l of fox.levels.filter(l => /ahead/.test(l.description))) {
            await page.selectOption('#setup-level', String(l.level));
            const words = await text(page, '#setup-level-text');
            assert.doesNotMatch(words, /\//, `${l.name}: no "steps/hops"`);
            assert.match(words, /moves ahead/, l.name);
        }
        assert.equal(fox.levels.find(l => l.name === 'club').description,
                     'looks 3 moves ahead, weighing up to 5,000 positions');
    });

    test('an empty seed draws one, which the URL keeps', async () => {
        const page = await open('', { game: false });
        await page.check('input[name=game][value=flock]');
        await page.click('#start');
        await page.waitForSelector('#game[data-position]:not([data-position=""])');
        const seed = new URL(page.url()).searchParams.get('seed');
        assert.match(seed, /^\d+$/);
        const mirror = herd.newGame('flock', { seed: BigInt(seed) });
        assert.equal((await state(page)).position, mirror.position());
        await page.click('#new');
        await page.waitForSelector('#setup:not([hidden])');
        assert.equal(await page.inputValue('#opt-seed'), '', 'a drawn seed is not kept in the form');
        mirror.free();
    });

    test('options refused in the URL: the setup screen with the refusal, no game', async () => {
        const page = await open('game=horses&w=7&h=9', { game: false });
        assert.equal(await text(page, '#setup-message'), "The board's width: enter a whole number from 8 to 30");
        assert.equal(await page.getAttribute('#game', 'data-position'), '');
        assert.equal(await page.inputValue('#opt-h'), '9', 'the form holds the URL\'s options');
        const unknown = await open('game=chess', { game: false });
        assert.match(await text(unknown, '#setup-message'), /chess/);
        const levels = herd.games().find(g => g.name === 'horses').levels;
        // A level or a choice refused in the page's form, with the control's
        // label ("no such level of horses: ...", "geese=14 is not ...").
        const named = levels.map(l => `${l.level} (${l.name})`);
        for (const level of [levels.length + 1, 'nosuch']) {
            const refused = await open(`game=horses&level=${level}`, { game: false });
            assert.equal(await text(refused, '#setup-message'),
                         `Computer level: level=${level} must be ${named.slice(0, -1).join(', ')} or ${named.at(-1)}`);
            // The chooser holds the suggested level, not a blank.
            assert.match(await refused.$eval('#setup-level', e => e.selectedOptions[0]?.textContent ?? ''), /\(suggested\)$/,
                         `level=${level}: the suggested level chosen`);
        }
        const geese = await open('game=fox&geese=14', { game: false });
        assert.equal(await text(geese, '#setup-message'), 'The geese: geese=14 must be 13, 15 or 17');
        assert.equal(await geese.getAttribute('#opt-geese', 'aria-invalid'), 'true');
        assert.ok(await geese.isDisabled('#start'));
        await geese.selectOption('#opt-geese', '15');
        await geese.waitForFunction(() => document.getElementById('setup-message').textContent === '');
        assert.ok(await geese.isEnabled('#start'));
        // A level by its name.
        const byName = await open(`game=horses&level=${levels[2].name}&players=computer`);
        assert.match(await text(byName, '#players-line'), new RegExp(`computer \\(${levels[2].name}\\)`, 'i'));
    });

    const DELAY_WORDS = 'enter a whole number of milliseconds from 0 to 3600000';
    // Players=xyz played against the computer and side=5 gave the first
    // side, with no word. Refused, the form holds a usable choice in their
    // place (the default players, side and delay, the suggested level):
    // the refusal stays said and Start starts what the form shows.
    test('players, side, level and delay refused in the URL: the setup with the refusal, no game, Start pressable', async () => {
        const levels = herd.games().find(g => g.name === 'horses').levels;
        const suggested = levels.find(l => l.name === SUGGESTED.horses);
        for (const [query, words, shown] of [
            ['players=xyz', 'Players: players=xyz must be two, computer or watch', { players: 'computer' }],
            ['players=', 'Players: players= must be two, computer or watch', { players: 'computer' }],
            ['side=5', 'Your side: side=5 must be 0 (Green) or 1 (Red)', { players: 'computer', side: '0' }],
            ['players=computer&side=first', 'Your side: side=first must be 0 (Green) or 1 (Red)', { side: '0' }],
            ['level=9', `Computer level: level=9 must be ${levels.map(l => `${l.level} (${l.name})`).join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
             { level: String(suggested.level) }],
            // delay=abc played with no pause; the form's delay is the watched default.
            ...['abc', '', '-5', '1.5', '3600001'].map(d => [`players=watch&delay=${d}`, `Delay: ${DELAY_WORDS}`,
                                                             { players: 'watch', delay: '400' }])]) {
            const page = await open(`game=horses&${query}`, { game: false });
            assert.equal(await text(page, '#setup-message'), words, query);
            assert.equal(await page.getAttribute('#game', 'data-position'), '', `${query}: no game`);
            assert.ok(await page.isEnabled('#start'), `${query}: the form shows a usable choice`);
            assert.equal(await page.getAttribute('#start', 'title'), null, query);
            assert.equal(await page.locator('[aria-invalid]').count(), 0, `${query}: no control marked`);
            const form = await page.evaluate(() => ({ players: document.querySelector('input[name=players]:checked').value,
                                                      side: document.getElementById('setup-side').value,
                                                      level: document.getElementById('setup-level').value,
                                                      delay: document.getElementById('setup-delay').value }));
            for (const [key, value] of Object.entries(shown))
                assert.equal(form[key], value, `${query}: ${key}`);
            await page.click('#start');
            await page.waitForSelector('#game[data-position]:not([data-position=""])');
            const url = new URL(page.url());
            assert.equal(url.searchParams.get('players'), form.players, query);
            assert.equal(url.searchParams.get('delay'), null, `${query}: the default delay`);
        }
        // The values it takes start a game.
        for (const query of ['players=two', 'players=watch&delay=600000', 'players=computer&side=1&delay=600000',
                             'players=computer&side=1&delay=3600000', 'players=two&delay=0'])
            await open(`game=horses&${query}`);
    });
});

describe('every game from the URL, played by clicks', () => {
    const options = { horses: 'w=10&h=9&n=10', hex: 'size=4', hare: 'start=c2', fox: 'geese=17&sideways=1',
                      flock: 'w=8&h=6' };
    for (const name of GAME_NAMES)
        test(name, async () => {
            const query = `game=${name}&${options[name]}&seed=7&players=two`;
            const page = await open(query);
            const mirror = herd.newGame(name, `${options[name].replaceAll('&', ' ')} seed=7`);
            assert.equal((await state(page)).position, mirror.position());
            // Every cell or point of the board is an element with data-cell.
            const cells = await page.$$eval('#board [data-cell]', l => l.map(e => e.dataset.cell));
            assert.equal(new Set(cells).size, cells.length);
            const played = [];
            for (const a of mirror.legal())
                played.push(...a.match(/[a-z]\d+/g) ?? []);
            assert.ok(played.every(c => cells.includes(c)), 'every cell of a legal action is on the board');
            const actions = await playRandom(page, mirror, generator(3), name === 'hex' ? 14 : 8);
            assert.deepEqual(await logActions(page), actions, 'the log has every action, newest first');
            await page.screenshot({ path: path.join(shots, `${name}.png`) });
            mirror.free();
        });
});

describe('Herd of Horses as its description has it', () => {
    test('numbered horses, faded ones, corners, lines, progress bars, targets lettered, the log\'s wording, keys', async () => {
        const page = await open('game=horses&w=10&h=9&n=10&seed=3&players=computer&level=2');
        const mirror = herd.newGame('horses', { w: 10, h: 9, n: 10, seed: 3 });
        const pieces = await page.$$eval('.piece', l => l.map(e => ({ side: Number(e.dataset.side), label: e.dataset.label,
                                                                        cell: e.dataset.at, faded: e.classList.contains('faded') })));
        // The horses with their digits, 0 for the tenth.
        assert.deepEqual(pieces.map(p => [p.side, p.label, p.cell]),
                         mirror.horses().map(h => [h.side, String(h.number % 10), h.cell]));
        // Faded: Green's horses without a move, and only those.
        assert.deepEqual(pieces.filter(p => p.faded).map(p => p.cell).sort(),
                         mirror.horses().filter(h => h.side === 0 && targetsOf(mirror, h.cell).length === 0)
                               .map(h => h.cell).sort());
        assert.ok(pieces.some(p => p.faded), 'this start has horses that cannot move');
        // A connection line for each line of the library, in the side's colour.
        const links = await page.$$eval('.link', l => l.map(e => e.getAttribute('stroke')));
        assert.equal(links.length, mirror.lines(0).length + mirror.lines(1).length);
        assert.equal(new Set(links).size, 2);
        // The target corners: Green aims at the bottom-right cell (outlined
        // in green), Red at a1.
        const corners = await page.$$eval('.corner', l => l.map(e => e.getAttribute('stroke')));
        assert.equal(corners.length, 2);
        assert.deepEqual(corners, links.filter((c, i, all) => all.indexOf(c) === i));
        // The progress bars: as many parts as the library says, the filled
        // ones the moves come (full: arrived).
        for (const side of [0, 1]) {
            const bar = await page.$eval(`.bar[data-side="${side}"]`, e => ({
                parts: e.querySelectorAll('.parts span').length,
                filled: e.querySelectorAll('.parts span.filled').length,
            }));
            const { distance, parts } = mirror.progress(side);
            assert.deepEqual(bar, { parts, filled: parts - distance });
        }
        // The bars stand between the board and the log.
        const [boardBox, panelBox, logBox] = await Promise.all(['#board svg', '#panel', '.log'].map(s => page.locator(s).boundingBox()));
        assert.ok(boardBox.x + boardBox.width <= panelBox.x && panelBox.x + panelBox.width <= logBox.x);

        // A faded horse cannot be selected; a red horse neither.
        const stuck = pieces.find(p => p.faded);
        await page.click(`[data-cell="${stuck.cell}"]`);
        assert.deepEqual(await marked(page, 'data-selected'), []);
        // Why, in the library's words where it has some ("the herd would split").
        await page.waitForFunction(cell => document.getElementById('message').textContent.startsWith(`No move from ${cell}`), stuck.cell);
        assert.match(await text(page, '#message'), new RegExp(`^No move from ${stuck.cell}(: [a-z].*)?\\.$`));
        await page.click(`[data-cell="${mirror.horse(1, 1)}"]`);
        assert.deepEqual(await marked(page, 'data-selected'), []);
        await says(page, 'Red is the computer\'s: you play Green.');
        // A selected horse, then a cell it cannot jump to: the library's reason.
        const mover = mirror.horses().find(h => h.side === 0 && targetsOf(mirror, h.cell).length);
        await page.click(`[data-cell="${mover.cell}"]`);
        const everyCell = await page.$$eval('#board [data-cell]', l => l.map(e => e.dataset.cell));
        const off = everyCell.find(c => c !== mover.cell && !targetsOf(mirror, mover.cell).includes(c) &&
                                        !mirror.horses().some(h => h.cell === c));
        await page.click(`[data-cell="${off}"]`);
        await says(page, refusal(mirror, `${mover.cell}-${off}`));
        assert.deepEqual(await marked(page, 'data-selected'), []);

        // A digit selects the horse of that number: its jumps lettered a,
        // b, c... top to bottom, left to right; the digit again unselects.
        const horse = mirror.horses().find(h => h.side === 0 && targetsOf(mirror, h.cell).length >= 2);
        const key = String(horse.number % 10);
        await page.keyboard.press(key);
        assert.deepEqual(await marked(page, 'data-selected'), [horse.cell]);
        assert.equal(await page.locator('.ring').count(), 1);
        const letters = await page.$$eval('.target-letter', l => l.map(e => e.textContent));
        const targets = targetsOf(mirror, horse.cell);
        assert.deepEqual(letters, 'abcdefgh'.slice(0, targets.length).split(''));
        const reading = [...targets].sort((a, b) => a[0].localeCompare(b[0]) || Number(a.slice(1)) - Number(b.slice(1)));
        await page.screenshot({ path: path.join(shots, 'horses-selected.png') });
        await page.keyboard.press(key);
        assert.deepEqual(await marked(page, 'data-selected'), []);
        // The letter b plays the second jump in reading order; the
        // computer's reply comes from the worker.
        const start = mirror.position();
        await page.keyboard.press(key);
        await page.keyboard.press('b');
        mirror.play(`${horse.cell}-${reading[1]}`);
        const s = await settled(page, x => x.position !== start && x.position !== mirror.position());
        mirror.play((await logActions(page)).at(-1));
        assert.equal(s.position, mirror.position());
        const digits = '⓪①②③④⑤⑥⑦⑧⑨';
        assert.equal(await text(page, '#log li[data-side="0"]'),
                     `1. Green moved horse ${digits[horse.number % 10]}: ${horse.cell} → ${reading[1]}.`);
        assert.match(await text(page, '#log li[data-side="1"]'), /^2\. Red moved horse [⓪①-⑨]: [a-i]\d+ → [a-i]\d+\.$/);
        // The log, newest first, has Red's move on the right.
        const [top, second] = await page.$$('#log li');
        assert.equal(await top.getAttribute('data-side'), '1');
        const [topBox, secondBox] = [await top.boundingBox(), await second.boundingBox()];
        assert.ok(topBox.x > secondBox.x, 'Red\'s moves on the right');
        assert.match(await text(page, '#turn'), /^Green to move$/);
        mirror.free();
    });

    test('Hint and Undo against the computer; Cancel, then New game at the end', async () => {
        const page = await open('game=horses&seed=3&players=computer&level=2');
        const mirror = herd.newGame('horses', { seed: 3 });
        const start = mirror.position();
        // Nothing to undo yet: pressed, Undo says so and plays nothing.
        await page.click('#undo');
        await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Nothing to undo yet'));
        await page.click('#hint');
        // Hint's level is the game's (master with up to 7 horses a side:
        // views/horses.js), not the opponent's.
        await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Hint from Master: '));
        const hinted = await page.getAttribute('#message', 'data-action');
        assert.equal(hinted, mirror.hint(5));
        assert.deepEqual(await marked(page, 'data-hint'), hinted.split('-').sort());
        assert.equal((await state(page)).position, start, 'a hint plays nothing');
        await page.screenshot({ path: path.join(shots, 'horses-hint.png') });
        await withReply(page, mirror, hinted);
        assert.equal(await page.locator('#log li').count(), 2);
        await page.click('#undo');
        await settled(page, s => s.position === start);
        assert.equal(await page.locator('#log li').count(), 0);
        assert.equal(await page.getAttribute('#undo', 'title'), 'Nothing to undo yet: you have not moved.');
        mirror.free();
    });
});

describe('the other games\' own views', () => {
    test('hex: #roll, the dice, removals and placements left, a refused click', async () => {
        const page = await open('game=hex&size=3&seed=4&players=two');
        const mirror = herd.newGame('hex', { size: 3, seed: 4 });
        assert.ok(await page.isVisible('#roll'));
        assert.ok(await page.isDisabled('#hint'), 'no hint while the dice wait');
        const rng = generator(9);
        // Play on until a turn removes: the page's dice and counts as the
        // library's all the way.
        let removed = false, refused = false;
        for (let i = 0; i < 80 && !(removed && refused) && mirror.statusInfo().result === 'ongoing'; i++) {
            const legal = mirror.legal();
            const a = mirror.isChance() ? null : rng.pick(legal);
            if (a === null) {
                const copy = mirror.clone();
                const roll = copy.roll();
                copy.free();
                await clickAction(page, mirror, roll);
                const dice = await page.$$eval('.die', l => l.map(e => Number(e.dataset.value)));
                assert.deepEqual(dice, mirror.dice());
                assert.ok(await page.isHidden('#roll'));
            } else {
                // A click on a cell without an action: refused, nothing played.
                const cells = await page.$$eval('#board [data-cell]', l => l.map(e => e.dataset.cell));
                const idle = cells.find(c => !legal.includes(`+${c}`) && !legal.includes(`-${c}`));
                if (idle && !refused) {
                    const before = await state(page);
                    await page.click(`[data-cell="${idle}"]`);
                    // The library's reason for a placement (or removal) there.
                    const kind = legal.some(x => x.startsWith('+')) ? '+' : '-';
                    await says(page, refusal(mirror, `${kind}${idle}`));
                    assert.equal((await state(page)).position, before.position);
                    refused = true;
                }
                if (a.startsWith('-') && !removed)
                    await page.screenshot({ path: path.join(shots, 'hex-remove.png') });
                const side = mirror.statusInfo().side;
                const [who, whose] = [side, 1 - side].map(s => mirror.sides[s].replace(/^./, c => c.toUpperCase()));
                await clickAction(page, mirror, a);
                // The log says whose stone a removal took.
                if (a.startsWith('-') && !removed) {
                    const lines = await page.$$eval('#log li', l => l.map(e => e.textContent));
                    assert.ok(lines.some(line => line.endsWith(`${who} removed ${whose}'s ${a.slice(1)}.`)), lines.join('\n'));
                }
                removed ||= a.startsWith('-');
            }
            const phase = await page.$eval('.phase', e => ({ phase: e.dataset.phase, left: Number(e.dataset.left) }));
            assert.deepEqual(phase, { phase: mirror.phase(), left: mirror.left() });
        }
        assert.ok(removed, 'a stone was removed by a click on it');
        assert.ok(refused, 'a click without an action was refused');
        mirror.free();
    });

    test('fox: a chain of jumps hop by hop by clicks, ended by #stop', async () => {
        // A random game of the API that reaches a chain: its actions, played
        // on the page by clicks.
        let actions = null;
        for (let seed = 1; !actions; seed++) {
            const g = herd.newGame('fox'), rng = generator(seed), played = [];
            while (g.statusInfo().result === 'ongoing' && played.length < 80 && !g.inChain()) {
                const a = rng.pick(g.legal());
                g.play(a);
                played.push(a);
            }
            if (g.inChain())
                actions = played;
            g.free();
        }
        const page = await open('game=fox&seed=0&players=two');
        assert.ok(await page.isHidden('#stop'));
        const mirror = herd.newGame('fox');
        for (const a of actions)
            await clickAction(page, mirror, a);
        assert.match((await state(page)).position, / chain=1 /);
        // In the chain the fox is selected, its further jumps its targets.
        assert.deepEqual(await marked(page, 'data-selected'), [mirror.fox()]);
        assert.deepEqual(await marked(page, 'data-target'), targetsOf(mirror, mirror.fox()));
        assert.ok(await page.isVisible('#stop'));
        assert.equal(await page.getAttribute('.chain', 'data-hops'), '1');
        assert.equal(await page.locator('.hop').count(), 1);
        assert.equal(await page.getAttribute('[data-geese]', 'data-geese'), String(mirror.geeseLeft()));
        await page.screenshot({ path: path.join(shots, 'fox-chain.png') });
        await clickAction(page, mirror, 'stop');
        assert.equal(mirror.status(), 'ongoing geese');
        assert.ok(await page.isHidden('#stop'));
        assert.equal(await page.locator('.hop').count(), 0);
        mirror.free();
    });

    test('hare: the stall count beside its limit', async () => {
        const page = await open('game=hare&seed=0&players=two');
        const mirror = herd.newGame('hare');
        const rng = generator(4);
        for (let i = 0; i < 6 && mirror.statusInfo().result === 'ongoing'; i++) {
            await clickAction(page, mirror, rng.pick(mirror.legal()));
            const meter = await page.$eval('.meter', e => [Number(e.dataset.stall), Number(e.dataset.limit),
                                                         e.querySelectorAll('.filled').length]);
            assert.deepEqual(meter, [mirror.stall(), mirror.stallLimit, mirror.stall()]);
        }
        await page.screenshot({ path: path.join(shots, 'hare-stall.png') });
        mirror.free();
    });

    test('flock: ranges, captures, moves left, the straight-back ban; Hint and Undo', async () => {
        const page = await open('game=flock&seed=2&players=computer&level=1');
        const mirror = herd.newGame('flock', { seed: 2 });
        const rng = generator(6);
        // The hint is the computer's choice for the person's side (the
        // mirror's generator is the page's until the computer draws).
        await page.click('#hint');
        await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Hint from Expert: '));
        assert.equal(await page.getAttribute('#message', 'data-action'), mirror.hint(4));
        for (let turn = 0; turn < 4; turn++) {
            const stones = await page.$$eval('.piece', l => l.map(e => ({ cell: e.dataset.at, side: Number(e.dataset.side),
                                                                          range: Number(e.dataset.label) })));
            assert.deepEqual(stones, mirror.stones());
            assert.equal(await page.getAttribute('[data-moves-left]', 'data-moves-left'), String(mirror.movesLeft()));
            for (const side of [0, 1])
                assert.equal(await page.getAttribute(`.captures[data-side="${side}"]`, 'data-captured'),
                             String(mirror.captured(side)));
            // The squares said in words, not only in a title.
            assert.equal(await text(page, '.captures-note'),
                         `Each square is one of the ${mirror.capturesToWin} captures that win; a stone on it is a stone taken.`);
            const back = mirror.straightBack();
            assert.deepEqual(await page.$$eval('.banned', l => l.map(e => e.dataset.banned)),
                             back ? [`${back.stone}-${back.cell}`] : []);
            if (back)
                await page.screenshot({ path: path.join(shots, 'flock-straight-back.png') });
            await withReply(page, mirror, rng.pick(mirror.legal()));
        }
        const before = mirror.position();
        await page.click('#undo');
        mirror.undoTurn(0);
        await settled(page, s => s.position === mirror.position() && s.position !== before);
        assert.equal(await page.locator('#log li').count(), 6);
        mirror.free();
    });
});

describe('games to their end', () => {
    test('hare against the computer, the person\'s moves by clicks', async () => {
        const page = await open('game=hare&seed=0&players=computer&side=0&level=1&delay=0');
        const mirror = herd.newGame('hare');
        const rng = generator(8);
        while (mirror.statusInfo().result === 'ongoing')
            await withReply(page, mirror, rng.pick(mirror.legal()));
        const end = await state(page);
        assert.equal(end.status, mirror.status());
        assert.match(end.status, /^win (hounds|hare) /);
        assert.equal(await text(page, '#turn .result'), mirror.resultText()); // the library's words
        assert.match(await text(page, '#turn .result'), /^The (hare|hounds) .*: the (hare wins|hounds win)$/);
        // The person played the hounds.
        assert.equal(await text(page, '#turn'),
                     `${end.status.startsWith('win hounds') ? 'You win' : 'The computer wins'}. ${mirror.resultText()}.`);
        assert.equal(await text(page, '#new'), 'New game');
        assert.ok(await page.isDisabled('#hint'));
        await page.screenshot({ path: path.join(shots, 'hare-end.png') });
        await page.click('#new');
        await page.waitForSelector('#setup:not([hidden])');
        await page.click('#start');
        await settled(page, s => s.position === herd.newGame('hare').position());
        mirror.free();
    });

    test('Herd of Horses watched to the end, replayed from its log', async () => {
        const page = await open('game=horses&seed=5&players=watch&level=2&delay=0');
        const end = await settled(page, s => !s.status.startsWith('ongoing'));
        assert.match(end.status, /^win (green|red) (corner|no-moves)$/);
        const replay = herd.newGame('horses', { seed: 5 });
        for (const a of await logActions(page))
            replay.play(a);
        assert.equal(replay.position(), end.position);
        assert.equal(replay.status(), end.status);
        replay.free();
        assert.ok(await page.isDisabled('#undo'), 'no undo when watching');
        assert.equal(await text(page, '#new'), 'New game');
        await page.screenshot({ path: path.join(shots, 'horses-end.png') });
    });

    test('the page answers while the computer searches in the worker', async () => {
        const page = await open('game=flock&players=watch&level=5&delay=0&seed=1');
        await page.waitForSelector('#game[data-thinking]');
        // Frames keep coming while the strongest level thinks.
        const gaps = await page.evaluate(() => new Promise(resolve => {
            const times = [];
            const frame = t => (times.push(t), times.length < 30 ? requestAnimationFrame(frame) : resolve(times));
            requestAnimationFrame(frame);
        }));
        const longest = Math.max(...gaps.slice(1).map((t, i) => t - gaps[i]));
        assert.ok(longest < 250, `the longest frame took ${longest} ms`);
        await page.click('#new');
        await page.waitForSelector('#setup:not([hidden])');
    });
});

// The page's address refused: a key given twice, a game of none of the
// registry's, a position or a point that the library refuses. The setup
// screen says why in a player's words, with the library's words folded
// beneath where they differ, and no game starts; Start stays pressable
// where the refusal is of something the form does not hold and the form
// as shown is taken.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { open, useBrowser } from './browser.mjs';
import { loadHerd, positionReason } from './common.mjs';

const herd = await loadHerd();
useBrowser();

const text = (page, selector) => page.textContent(selector);

describe('the address refused', () => {
    test('a key given twice is refused, not read as its last value', async () => {
        const page = await open('game=horses&w=10&w=12', { game: false });
        assert.equal(await text(page, '#setup-message'), 'w=10 and w=12: the link gives w more than once; give it once');
        assert.equal(await page.getAttribute('#opt-w', 'aria-invalid'), 'true');
        assert.equal(await page.getAttribute('#game', 'data-position'), '', 'no game');
        // The form holds one value of each: Start starts what it shows.
        assert.ok(await page.isEnabled('#start'), 'the form as shown is taken');
        const players = await open('game=horses&players=two&players=watch', { game: false });
        assert.equal(await text(players, '#setup-message'),
                     'players=two and players=watch: the link gives players more than once; give it once');
    });

    test('a position the library refuses: what it is in a player\'s words, the library\'s words folded beneath', async () => {
        const reason = positionReason('hex', 'garbage');
        const page = await open('game=hex&players=two&position=garbage', { game: false });
        assert.equal(await text(page, '#setup-message'),
                     `The link's position (position= in the address, where Play on from a replay starts the game) is not a position of ${herd.games().find(g => g.name === 'hex').title}: the game cannot start there.`);
        assert.equal(await page.getAttribute('#game', 'data-position'), '', 'no game');
        assert.ok(await page.isVisible('#setup-reason summary'));
        assert.equal(await page.getAttribute('#setup-reason', 'open'), null, 'folded');
        assert.equal(await text(page, '#setup-reason code'), reason);
        // A new refusal typed replaces both.
        await page.fill('#opt-size', '99');
        await page.waitForFunction(() => document.getElementById('setup-message').textContent.startsWith('The board'));
        assert.ok(await page.isHidden('#setup-reason'));
    });

    test('a position refused, the options taken: Start starts the options\' own start, not the position', async () => {
        const page = await open('game=hex&players=two&position=garbage', { game: false });
        assert.ok(await page.isEnabled('#start'));
        assert.equal(await page.getAttribute('#start', 'title'), null, 'no reason to give on a button that works');
        await page.click('#start');
        await page.waitForSelector('#game[data-position]:not([data-position=""])');
        assert.equal(await page.getAttribute('#game', 'data-position'), herd.newGame('hex').position());
        assert.equal(new URL(page.url()).searchParams.get('position'), null);
    });

    test('a position of options the library refuses is the options\' refusal', async () => {
        const position = herd.newGame('hex').position();
        const page = await open(`game=hex&size=99&players=two&position=${encodeURIComponent(position)}`, { game: false });
        assert.match(await text(page, '#setup-message'), /^The board's side/);
        assert.ok(await page.isDisabled('#start'));
    });

    test('a game of none of the registry\'s: the page\'s refusal with the games, Start starts the game shown', async () => {
        const games = herd.games().map(g => `${g.name} (${g.title})`);
        const page = await open('game=chess&players=computer', { game: false });
        assert.equal(await text(page, '#setup-message'),
                     `Game: game=chess must be ${games.slice(0, -1).join(', ')} or ${games.at(-1)}`);
        assert.ok(await page.isEnabled('#start'), 'the form shows a game and options the library takes');
        const shown = await page.$eval('input[name="game"]:checked', e => e.value);
        await page.click('#start');
        await page.waitForSelector('#game[data-position]:not([data-position=""])');
        assert.equal(new URL(page.url()).searchParams.get('game'), shown);
        // Options the form shows refused still grey Start out.
        const wide = await open('game=chess&w=99', { game: false });
        assert.equal(await text(wide, '#setup-message'), "The board's width: enter a whole number from 8 to 30");
        assert.ok(await wide.isDisabled('#start'));
    });

    test('a key of neither the game nor the page: both lists in the page\'s words, Start starts the rest', async () => {
        const page = await open('game=horses&foo=1&w=10', { game: false });
        assert.equal(await text(page, '#setup-message'),
                     "foo=1: the link's foo is none of the options of Herd of Horses (w, h, n, seed) nor the page's (game, players, level, side, delay, position); leave it out");
        assert.ok(await page.isEnabled('#start'));
        assert.equal(await page.inputValue('#opt-w'), '10', 'the options given kept');
        await page.click('#start');
        await page.waitForSelector('#game[data-position]:not([data-position=""])');
        const address = new URL(page.url()).searchParams;
        assert.equal(address.get('foo'), null);
        assert.equal(address.get('w'), '10');
    });

    test('the hare\'s start not a point of the board: the page\'s words, the library\'s folded beneath', async () => {
        const page = await open('game=hare&start=z9', { game: false });
        assert.equal(await text(page, '#setup-message'),
                     'The hare\'s start point: start=z9 is no point of the board; choose one in the list');
        assert.equal(await page.getAttribute('#opt-start', 'aria-invalid'), 'true');
        assert.equal(await text(page, '#setup-reason code'), 'start=z9 is not a point of the board');
        assert.equal(await page.getAttribute('#game', 'data-position'), '', 'no game');
    });

    test('the hare\'s start on a hound\'s point: the library\'s reason under the label, said once', async () => {
        const page = await open('game=hare&start=e2&seed=1&players=computer&side=0&level=2', { game: false });
        assert.equal(await text(page, '#setup-message'),
                     'The hare\'s start point: start=e2 is occupied by a hound; choose one in the list');
        assert.equal(await page.getAttribute('#opt-start', 'aria-invalid'), 'true');
        assert.ok(await page.isDisabled('#start'));
        assert.ok(await page.isHidden('#setup-reason'), 'the library\'s words are in the message already');
        assert.equal(await page.getAttribute('#game', 'data-position'), '', 'no game');
    });
});

// How to play (app/help.js): hex's diagram is a capture by the rules, as the
// library plays it, drawn from the view's own positions; the panel is on top
// of everything at 390x844 and 1280x800, the setup's bar at the bottom of
// the screen included; Herd of Horses' says how its games can end.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { goto, newPage, useBrowser } from './browser.mjs';
import { GAME_NAMES, loadHerd, webDir } from './common.mjs';

const herd = await loadHerd();
const { viewOf } = await import(path.join(webDir, 'app/views/index.js'));
useBrowser();

// The board of a hex position text, as rows of '.', 'r' and 'b'.
const rowsOf = position => position.match(/ board=(\S+)/)[1].split('/');
const at = (rows, cell) => rows[cell.charCodeAt(0) - 97][Number(cell.slice(1)) - 1];

describe('hex\'s capture diagram', () => {
    test('the library plays it: the stone surrounded is captured, the placement given back', async () => {
        const { help } = await viewOf('hex');
        const { before, place, captured, after } = help.capture;
        const game = herd.fromPosition(before);
        assert.equal(at(rowsOf(before), captured), 'b', 'a Blue stone to capture');
        assert.equal(at(rowsOf(before), place), '.', 'an empty cell to place on');
        const left = game.position().match(/ left=(\d+)/)[1];
        game.play(`+${place}`);
        assert.equal(game.position(), after, 'the position after is the library\'s');
        assert.equal(at(rowsOf(after), captured), '.', 'the stone is captured');
        assert.equal(game.position().match(/ left=(\d+)/)[1], left, 'one placement used, one given back');
        game.free();
    });

    test('the diagram draws those positions, marked, and a caption says what happens', async () => {
        const { help } = await viewOf('hex');
        const { before, place, captured, after } = help.capture;
        const lines = help.diagram.split('\n');
        assert.match(lines[0], /^Before +After$/);
        const show = (rows, cell, mark) => rows.map((row, i) => [...row].map((c, j) =>
            `${String.fromCharCode(97 + i)}${j + 1}` === cell ? mark : { '.': '.', r: 'R', b: 'B' }[c]).join(' '));
        const [left, right] = [show(rowsOf(before), place, '*'), show(rowsOf(after), captured, 'x')];
        lines.slice(1).forEach((line, i) => {
            const [, a, b] = line.match(/^[a-z] +([.RBx* ]+?) +[a-z] +([.RBx* ]+)$/);
            assert.deepEqual([a, b], [left[i], right[i]], `row ${i + 1}`);
        });
        assert.ok(help.caption.includes(`on ${place} (*)`) && help.caption.includes(`${captured} then has only Red neighbours`));
    });
});

// docs/horses.md's rules that decide how a game of Herd of Horses can
// end (issue 44: a newcomer's game went round in circles for 160 moves).
test('Herd of Horses: the corners\' horse 1, no move loses, no move limit and no draw', async () => {
    const page = await goto(await newPage(), '', { game: false });
    await page.check('input[name="game"][value="horses"]');
    await page.click('#setup-help');
    await page.waitForSelector('#help[open]');
    const rules = (await page.$$eval('#help .rules li', l => l.map(e => e.textContent))).join('\n');
    for (const words of [/each corner starts with the other side's horse 1 on it, which may stay there the whole game/i,
                         /who has no move on their turn loses/, /hem the other herd in/,
                         /no move limit/, /rules never make a draw/, /resigning \(Resign\)/,
                         /two players on one screen may instead agree a draw \(Agree a draw\)/,
                         /the computer agrees one once the position has come up three times/])
        assert.match(rules, words);
});

// docs/hex.md: a roll that cannot be used in full (issue 44).
test('hex: what happens to the dice that cannot be used', async () => {
    const rules = (await viewOf('hex')).help.rules.join('\n');
    for (const words of [/fewer stones than the lower die, all of them are removed/,
                         /no cell is left where you may place, the turn ends at once/, /lost/, /no passing/])
        assert.match(rules, words);
});

// docs/fox.md, "Who wins": the default game is the fox's whatever the
// geese do, which a player of the geese learns before the game, not after
// it (issue 44).
test('Fox and Geese: who wins with the best play, and the option that lets the geese win', async () => {
    const tips = (await viewOf('fox')).help.tips(herd.games().find(g => g.name === 'fox')).join('\n');
    for (const words of [/without sideways steps \(the default\) the fox, whatever the geese do/,
                         /with sideways steps, 13 geese hold a draw and 15 or 17 win/,
                         /To play the geese for a win, tick "The geese may also step left or right" and choose 15 or 17 for "The geese" in the setup/])
        assert.match(tips, words);
    // Followed, the advice gives the geese a won game: no sentence sends
    // them to win with sideways alone (13 geese only hold a draw).
    assert.doesNotMatch(tips, /step left or right" in the setup/);
});

// A newcomer looked for "sideways to 1" and found a checkbox: the tip and
// the setup's note name each control by the words the setup shows beside it.
test('Fox and Geese: the tip and the setup\'s note name the controls as the setup shows them', async () => {
    const page = await goto(await newPage({ width: 1280, height: 800 }), '', { game: false });
    await page.check('input[name="game"][value="fox"]');
    await page.waitForFunction(() => document.getElementById('setup-note').textContent !== '');
    const labels = await page.$$eval('#setup-options label span', l => l.map(e => e.textContent));
    const note = await page.textContent('#setup-note');
    await page.click('#setup-help');
    await page.waitForSelector('#help[open]');
    const tips = await page.textContent('#help .tips');
    for (const words of [note, tips]) {
        const named = [...words.matchAll(/"([^"]+)"/g)].map(m => m[1]);
        // The checkbox by its whole label; the list of geese by its label's name.
        assert.deepEqual(named, [await page.textContent('label[for="opt-sideways"] span'),
                                 (await page.textContent('label[for="opt-geese"] span')).split(':')[0]], words);
        for (const name of named)
            assert.ok(labels.some(l => l === name || l.startsWith(`${name}:`)), `${name}: a label of the setup`);
        assert.doesNotMatch(words, /sideways to 1|geese to 15/);
    }
});

// rules.md, Flock's end: after 100 moves more stones wins, as many is a
// draw; what that asks of each side is a tip.
test('Flock: what the move limit asks of the side ahead and the side behind', async () => {
    const tips = (await viewOf('flock')).help.tips.join('\n');
    for (const words of [/at the limit of 100 the side with more stones wins and as many is a draw/,
                         /A capture ahead, keep your stones safe/, /behind or level, you must capture/])
        assert.match(tips, words);
});

// The same fact on the setup screen, before Start, as the options change
// it (a newcomer chose the geese and learnt it only by losing).
test('Fox and Geese\'s setup says who wins with the best play, as the options change it', async () => {
    const page = await goto(await newPage({ width: 390, height: 844 }), '', { game: false });
    const note = words => page.waitForFunction(w => document.getElementById('setup-note').textContent === w, words)
        .catch(async () => assert.equal(await page.textContent('#setup-note'), words));
    await page.check('input[name="game"][value="fox"]');
    await note('With these rules the fox wins against the best play of the geese: to play the geese for a win, tick "The geese may also step left or right" and choose 15 or 17 for "The geese".');
    assert.ok(await page.isVisible('#setup-note'));
    await page.check('#opt-sideways');
    await note('With these rules the best play on both sides is a draw: 15 or 17 geese win.');
    await page.selectOption('#opt-geese', '15');
    await note('With these rules the geese win with the best play.');
    await page.check('input[name="game"][value="horses"]');
    await note('');
    assert.ok(await page.isHidden('#setup-note'));
});

// Two players on one screen may agree a draw in every game (the page's
// Agree a draw): a help that says the rules give no draw says so too
// (issue 44: "no draw" beside the button).
test('no help says "no draw" without the draw two players may agree', async () => {
    for (const name of GAME_NAMES) {
        const rules = (await viewOf(name)).help.rules.join('\n');
        assert.doesNotMatch(rules, /\bno draw\b/, name);
        if (/never make a draw/.test(rules))
            assert.match(rules, /agree (a draw|one) with Agree a draw|agree a draw \(Agree a draw\)/, name);
    }
});

for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    test(`at ${size.width}x${size.height}: How to play covers the setup's bar`, async () => {
        const page = await goto(await newPage(size), '', { game: false });
        await page.check('input[name="game"][value="hex"]');
        await page.click('#setup-help');
        await page.waitForSelector('#help[open]');
        assert.equal(await page.textContent('#help figcaption'), (await viewOf('hex')).help.caption);
        // Each of the bar's controls is hidden, or under the panel.
        const shown = await page.evaluate(() => ['#start', '#open-record'].filter(selector => {
            const e = document.querySelector(selector), r = e.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            const panel = document.getElementById('help').getBoundingClientRect();
            const under = r.top >= panel.top && r.bottom <= panel.bottom && r.left >= panel.left && r.right <= panel.right;
            return getComputedStyle(e).visibility !== 'hidden' && !(under && document.getElementById('help').contains(top));
        }));
        assert.deepEqual(shown, [], 'the bar is not in sight beside the panel');
        await page.click('#help .close');
        await page.waitForFunction(() => !document.getElementById('help').open);
        assert.ok(await page.isVisible('#start'), 'the bar is back once the panel is closed');
    });
}

// Each game's panel as the page draws it: its marks and its tips, by name.
async function panels() {
    const page = await goto(await newPage({ width: 1280, height: 800 }), '', { game: false });
    const shown = {};
    for (const name of GAME_NAMES) {
        await page.check(`input[name="game"][value="${name}"]`);
        await page.click('#setup-help');
        await page.waitForSelector(`#help[open][data-game="${name}"]`);
        shown[name] = {
            marks: await page.$$eval('#help .marks dt', l => l.map(e => [e.textContent, e.nextElementSibling.textContent])),
            tips: await page.$$eval('#help .tips li', l => l.map(e => e.textContent)),
        };
        await page.click('#help .close');
        await page.waitForFunction(() => !document.getElementById('help').open);
    }
    return shown;
}

// A newcomer asked how the cells are named: said once in each panel's
// marks, as each board labels them (hex: no column numbers, each empty
// cell its name).
test('How to play says once how the board\'s cells are named', async () => {
    const shown = await panels();
    for (const name of GAME_NAMES) {
        const said = shown[name].marks.filter(([, meaning]) => /lettered/.test(meaning));
        assert.equal(said.length, 1, name);
        const [[mark, meaning]] = said;
        assert.match(meaning, /^the rows are lettered from the top and the (columns numbered from the left: b3 is row b, column 3|cells numbered along each row from 1 at its left: c4 is the fourth cell of row c)/, name);
        assert.equal(/c4/.test(meaning), name === 'hex', `${name}: hex's cells are counted along the row`);
        assert.match(mark, /^a, b, c…/, name);
    }
});

// Hint's level differs per game (hare's perfect, hex's master): the panel
// says why, naming the game's where it is one level (Herd of Horses'
// depends on the horses: Hint's own line names it).
test('How to play says why Hint\'s level is the game\'s own', async () => {
    const shown = await panels();
    for (const g of herd.games()) {
        const { hintLevel } = await viewOf(g.name);
        const level = g.levels.find(l => l.level === hintLevel);
        assert.equal(!level, typeof hintLevel === 'function', g.name);
        const which = level ? ` (here ${level.level}. ${level.name[0].toUpperCase()}${level.name.slice(1)})` : '';
        assert.equal(shown[g.name].tips.at(-1),
                     `Hint asks the strongest level that answers in about a second on this game${which}, so its level differs from game to game.`);
    }
});

// rules.md's hex turn: the lower die removes, the higher places; Red's first
// turn is smaller. A newcomer asked what a roll means for a plan.
test('hex: tips on what the dice mean for a plan, true to the rules', async () => {
    const tips = (await viewOf('hex')).help.tips.join('\n');
    for (const words of [/the lower die is how many enemy stones you remove, the higher how many of yours you place/,
                         /When the lower die is low \(a 1 or a 2\) you remove few enemy stones/,
                         /When the higher die is big \(a 5 or a 6\) you place many/,
                         /each capture gives one more stone to place/,
                         /Red's first turn is small \(nothing removed, only the lower die's number placed\)/])
        assert.match(tips, words);
    // A removal comes before the placements: no cell is closed for ever.
    assert.doesNotMatch(tips, /never place/);
});

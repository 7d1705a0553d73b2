// The page's words in headless Chromium (issue 44): a click at the wrong
// time says why (the dice wait, the other side's piece, the computer
// thinking, a replay), Hint names its action as the log writes it, the log
// says what a move captured, and against the computer the result is said
// from the person's side beside the library's sentence; the players end a
// game themselves (Resign, Agree a draw), and a game that keeps coming
// back to one position says how.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { goto, newPage, open, says, settled, state, useBrowser } from './browser.mjs';
import { GAME_NAMES, finishedGame, generator, loadHerd, positionReason } from './common.mjs';

const herd = await loadHerd();
useBrowser();

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// The players' line's words on a game played on from a replay (its log
// holds the moves before), and on one that starts at a position (a link's).
const PLAYED_ON = 'played on from a position';
const FROM_POSITION = `${PLAYED_ON}: the log begins there`;
const text = (page, selector) => page.textContent(selector);

// Plays `action` by clicks, as a person would.
async function clicks(page, action) {
    if (/^[+-]/.test(action))
        return page.click(`[data-cell="${action.slice(1)}"]`);
    const [from, to] = action.split('-');
    await page.click(`[data-cell="${from}"]`);
    await page.click(`[data-cell="${to}"]`);
}

// Opens the record's text from the setup screen; its replay at the end.
async function openRecord(record) {
    const page = await open('', { game: false });
    await page.setInputFiles('#open-record', { name: 'game.hgr', mimeType: 'text/plain',
                                                buffer: Buffer.from(record.text()) });
    await settled(page, s => s.ply === String(record.plies));
    return page;
}

// Plays on from the replay's position: two players, or against the
// computer (at `level` where given) once the dialog asks.
async function playOnFrom(page, players, level) {
    if (players === 'two')
        return page.click('#replay-friend');
    await page.click('#replay-computer');
    await page.waitForSelector('#playon-ask[open]');
    if (level !== undefined)
        await page.selectOption('#playon-level', String(level));
    await page.click('#playon-yes');
}

// The replay at `ply`.
async function seek(page, ply) {
    await page.$eval('#replay-slider', (e, value) => {
        e.value = String(value);
        e.dispatchEvent(new Event('input'));
    }, ply);
    return settled(page, s => s.ply === String(ply));
}

// The log's lines by action number, without the move's number (or the
// "… " of a move's later action).
const logLines = page => page.$$eval('#log li', l => Object.fromEntries(
    l.map(e => [Number(e.dataset.ply), e.textContent.replace(/^(\d+\.|…) /, '')])));

describe('a click at the wrong time says why', () => {
    test('the dice first, the other side\'s piece, an empty cell', async () => {
        const hex = await open('game=hex&size=3&seed=4&players=two');
        await hex.click('[data-cell="c3"]');
        await says(hex, 'It is Red\'s turn: roll the dice first.');
        const flock = await open('game=flock&seed=1&players=two');
        const stones = herd.newGame('flock', { seed: 1 }).stones();
        await flock.click(`[data-cell="${stones.find(s => s.side === 1).cell}"]`);
        await says(flock, 'It is Black\'s turn.');
        const empty = (await flock.$$eval('#board [data-cell]', l => l.map(e => e.dataset.cell)))
            .find(c => !stones.some(s => s.cell === c));
        await flock.click(`[data-cell="${empty}"]`);
        await says(flock, `${empty} is empty: first click the piece to move.`);
        // The library's sentence where it has one: a selected stone to a cell it cannot reach.
        const fox = await open('game=fox&players=two');
        await fox.click(`[data-cell="${herd.newGame('fox').geese()[0]}"]`);
        // A side that is a creature with its article, as the help and
        // the library's end lines say it; a colour by its name.
        await says(fox, 'It is the fox\'s turn.');
        const hare = await open('game=hare&players=two');
        await hare.click(`[data-cell="${herd.newGame('hare').hare()}"]`);
        await says(hare, 'It is the hounds\' turn.');
    });

    // Trial 8: a red horse clicked when playing Green against the
    // computer said only "It is Green's turn.".
    test('against the computer, its piece: whose it is and whose the person\'s', async () => {
        const horses = await open('game=horses&seed=3&players=computer&side=0&delay=600000');
        const red = herd.newGame('horses', { seed: 3 }).horses().find(h => h.side === 1).cell;
        await horses.click(`[data-cell="${red}"]`);
        await says(horses, 'Red is the computer\'s: you play Green.');
        const fox = await open('game=fox&players=computer&side=0&delay=600000');
        await fox.click(`[data-cell="${herd.newGame('fox').geese()[0]}"]`);
        await says(fox, 'The geese are the computer\'s: you play the fox.');
    });

    test('while the computer is to act, and in a replay', async () => {
        // The computer plays first and waits (delay) before it does.
        const thinking = await open('game=horses&players=computer&side=1&delay=600000');
        assert.ok((await state(thinking)).thinking);
        await thinking.click('[data-cell="a1"]');
        await says(thinking, 'The computer is thinking: wait for its move.');
        const watched = await open('game=hare&players=watch&delay=600000');
        await watched.click('[data-cell="c2"]');
        await says(watched, 'The computer plays both sides: Cancel goes back to choose the players.');
        const g = finishedGame('hare', 2), record = g.record();
        const page = await openRecord(record);
        await page.click('[data-cell="c2"]');
        await says(page, 'This is a replay: step through it with its buttons.');
        await seek(page, 1);
        await page.click('[data-cell="c2"]');
        await says(page, 'This is a replay: step through it with its buttons, or play on from here.');
        record.free();
        g.free();
    });
});

// The end of Hint's sentence: a full stop, and why its level where the
// opponent plays at another (or there is no opponent).
const HINT_WHY = /\.( [A-Z][a-z]+ is the strongest level that answers within about a second\.)?$/;

// Hint's line in a horses game against the computer at `level`.
async function hintLine(level) {
    const page = await open(`game=horses&seed=5&players=computer&side=0&level=${level}`);
    await page.waitForFunction(() => !document.getElementById('hint').disabled);
    await page.click('#hint');
    await page.waitForSelector('#message[data-kind="hint"]');
    return { text: await text(page, '#message'), level: Number(await page.getAttribute('#message', 'data-level')) };
}

test('Hint says why its level is not the opponent\'s', async () => {
    const novice = await hintLine(1);
    assert.ok(novice.level > 1, `the hint's level ${novice.level}`);
    const name = novice.text.match(/^Hint from ([A-Z][a-z]+): /)[1];
    assert.ok(novice.text.endsWith(`. ${name} is the strongest level that answers within about a second.`), novice.text);
    // Against the hint's own level there is nothing to explain.
    const same = await hintLine(novice.level);
    assert.match(same.text, new RegExp(`^Hint from ${name}: [^.]+\\.$`, 'u'));
});

describe('a watched game', () => {
    // The log's lines once no action is asked for (#game[data-busy]).
    const quiet = async page => {
        await page.waitForFunction(() => !document.getElementById('game').hasAttribute('data-busy'));
        return page.locator('#log li').count();
    };

    test('has Pause and Step, not Hint and Undo', async () => {
        const delay = 100;
        const page = await open(`game=fox&players=watch&seed=3&level=1&delay=${delay}`);
        assert.ok(await page.isHidden('#hint') && await page.isHidden('#undo'), 'no person to advise');
        assert.ok(await page.isHidden('#step'), 'Step only while paused');
        await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 1);
        await page.focus('#pause');
        await page.keyboard.press('Enter');
        assert.equal(await text(page, '#pause'), 'Resume');
        assert.equal(await page.getAttribute('#pause', 'aria-pressed'), 'true');
        let count = await quiet(page);
        for (let i = 0; i < 2; i++) {
            await page.click('#step');
            await page.waitForFunction(n => document.querySelectorAll('#log li').length === n + 1, count);
            count = await quiet(page);
            // A timer set after the step's action ran out after the page's
            // own would have (timers run in order): paused, the computer
            // asked for nothing.
            const after = await page.evaluate(ms => new Promise(done => setTimeout(() => done({
                busy: document.getElementById('game').hasAttribute('data-busy'),
                count: document.querySelectorAll('#log li').length }), ms)), delay + 50);
            assert.deepEqual(after, { busy: false, count }, 'no action while paused');
        }
        await page.click('#pause');
        assert.equal(await text(page, '#pause'), 'Pause');
        await page.waitForFunction(n => document.querySelectorAll('#log li').length > n, count);
    });
});

// An action's cells in order, as a line names them.
const cellsOf = line => line.match(/\b[a-z]\d+\b/g) ?? [];

describe('Hint speaks the log\'s words, as advice (issue 44: not as if played)', () => {
    for (const name of GAME_NAMES)
        test(name, async () => {
            const page = await open(`game=${name}&seed=5&players=two`);
            if (await page.isVisible('#roll')) {
                await page.click('#roll');
                await page.waitForFunction(() => !document.getElementById('hint').disabled);
            }
            await page.click('#hint');
            await page.waitForSelector('#message[data-kind="hint"]');
            const action = await page.getAttribute('#message', 'data-action');
            const words = (await text(page, '#message')).replace(/^Hint from [A-Z][a-z]+: /, '').replace(HINT_WHY, '');
            assert.notEqual(words, action, 'not the protocol\'s text');
            const count = await page.locator('#log li').count();
            await clicks(page, action);
            await page.waitForFunction(n => document.querySelectorAll('#log li').length === n + 1, count);
            assert.equal(await page.getAttribute('#log li:first-child', 'data-action'), action);
            const line = (await logLines(page))[count + 1];
            // "move horse ① a1 → b3", "place a4": what to do, not what was done.
            assert.match(words, /^(move|place|remove|stop)\b/);
            assert.doesNotMatch(words, /\b(moved|placed|removed|stopped|captures)\b/);
            const side = await page.getAttribute('#log li:first-child', 'data-side');
            const g = herd.newGame(name);
            assert.ok(!words.toLowerCase().includes(g.sides[Number(side)]), 'no side named');
            g.free();
            assert.deepEqual(cellsOf(words), cellsOf(line), 'the cells of its log line');
            if (name === 'horses')
                assert.match(words, /^move horse [⓪①-⑨] [a-z]\d+ → [a-z]\d+$/u);
        });
});

// Each side's pieces by cell, from the API: for the captures a log line names.
const PIECES = {
    fox: g => g.geese().map(cell => ({ cell, side: g.sides.indexOf('geese') })),
    flock: g => g.stones(),
    hex: g => g.cells().flatMap((row, r) => row.flatMap((side, i) => side >= 0 ? [{ cell: `${LETTERS[r]}${i + 1}`, side }] : [])),
};

describe('the log says what a move captured', () => {
    for (const [name, seed] of [['fox', 5], ['flock', 2], ['hex', 3]])
        test(name, async () => {
            const g = finishedGame(name, seed), record = g.record();
            // The captures of each action: the enemy pieces gone, but for
            // the cells the action names (hex's removals).
            const mirror = record.game(0), want = {};
            record.moves().forEach(({ action, side }, i) => {
                const enemy = () => PIECES[name](mirror).filter(p => p.side !== side).map(p => p.cell);
                const before = enemy();
                mirror.play(action);
                const after = new Set(enemy());
                const named = action.match(/[a-z]\d+/g) ?? [];
                want[i + 1] = before.filter(c => !after.has(c) && !named.includes(c));
            });
            mirror.free();
            const page = await openRecord(record);
            const lines = await logLines(page);
            let captures = 0;
            for (const [ply, cells] of Object.entries(want)) {
                const said = /, captures (.*)\.$/.exec(lines[ply])?.[1] ?? '';
                assert.deepEqual(said ? said.split(/, | and /).sort() : [], [...cells].sort(), `action ${ply}: ${lines[ply]}`);
                captures += cells.length;
            }
            assert.ok(captures > 0, 'the game has captures');
            if (name === 'fox') {
                // A jump names the goose between its ends.
                const jump = Object.values(lines).find(l => l.includes('captures'));
                assert.match(jump, /^Fox moved ([a-g])(\d) → ([a-g])(\d), captures [a-g]\d\.$/);
            }
            record.free();
            g.free();
        });
});

// Before: Herd of Horses' lines ended with a full stop, as seed 000 writes
// them ("3. Green moved horse ⓪: a3 → b5."), every other game's without.
describe('every line of the log is a sentence with its full stop', () => {
    for (const name of GAME_NAMES)
        test(name, async () => {
            const g = finishedGame(name, 3), record = g.record();
            const page = await openRecord(record);
            const lines = Object.values(await logLines(page));
            assert.equal(lines.length, record.plies);
            for (const line of lines)
                assert.match(line, /[^.]\.$/, line);
            record.free();
            g.free();
        });
    test('live, the person\'s lines and the computer\'s alike', async () => {
        const page = await open('game=flock&seed=3&players=computer&level=1&delay=0');
        const g = herd.newGame('flock', { seed: 3 });
        await clicks(page, g.legal()[0]);
        await page.waitForFunction(() => document.querySelectorAll('#log li').length === 2);
        const lines = await page.$$eval('#log li', l => l.map(e => ({ side: e.dataset.side, text: e.textContent })));
        assert.deepEqual(lines.map(l => l.side).sort(), ['0', '1']);
        for (const { text: line } of lines)
            assert.match(line, /^\d+\. (Black|White) moved [a-g]\d → [a-g]\d\.$/, line);
        g.free();
    });
});

describe('the result from the person\'s side against the computer', () => {
    // Flock seed 2, played at random, ends with White's 100th move and more
    // stones; seed 1 in a draw. The person plays on from the replay: the
    // last move, or the one before and the computer (novice) the last.
    for (const [seed, back, said] of [[2, 1, 'You win'], [2, 2, 'The computer wins'], [1, 2, 'Nobody wins']])
        test(said, async () => {
            const g = finishedGame('flock', seed), record = g.record();
            const page = await openRecord(record);
            await seek(page, record.plies - back);
            await page.click('#replay-computer');
            await page.click('#playon-yes');
            await page.waitForSelector('#replay', { state: 'hidden' });
            await clicks(page, record.moves()[record.plies - back].action);
            const end = await settled(page, s => !s.status.startsWith('ongoing'));
            const mirror = record.game(record.plies - back);
            mirror.play(record.moves()[record.plies - back].action);
            if (back === 2)
                mirror.genmove(0);
            assert.equal(end.status, mirror.status());
            assert.equal(await text(page, '#turn .result'), mirror.resultText(), 'the library\'s sentence as it is');
            // Two sentences, no chain of colons (issue 44); these games
            // end at Flock's move limit, which the note after them names.
            assert.equal(mirror.statusInfo().reason, 'move-limit');
            assert.equal(await text(page, '#turn'),
                         `${said}. ${mirror.resultText()}. The game has a move limit of 100 moves, which ended it.`);
            mirror.free();
            record.free();
            g.free();
        });

    test('two players and a watched game: the library\'s sentence alone', async () => {
        const page = await goto(await newPage(), 'game=hare&players=watch&level=1&delay=0&seed=2');
        await settled(page, s => !s.status.startsWith('ongoing'));
        assert.equal(await page.locator('#turn .result').count(), 0);
        const g = finishedGame('hare', 2), record = g.record();
        const two = await openRecord(record);
        await seek(two, record.plies - 1);
        await two.click('#replay-friend');
        await two.waitForSelector('#replay', { state: 'hidden' });
        await clicks(two, record.moves()[record.plies - 1].action);
        await settled(two, s => !s.status.startsWith('ongoing'));
        assert.equal(await text(two, '#turn'), `${g.resultText()}.`, 'a sentence, as the log\'s');
        record.free();
        g.free();
    });
});

// The record's turn number of each action (docs/records.md): the number
// written before the turn's first action, null for its later ones.
function recordTurns(text) {
    const tokens = text.slice(text.indexOf('\n\n')).replace(/\{[^}]*\}/g, ' ').trim().split(/\s+/);
    const turns = [];
    let pending = null;
    for (const token of tokens.slice(0, -1)) { // the result last
        const number = /^(\d+)\.$/.exec(token);
        if (number)
            pending = Number(number[1]);
        else
            [turns[turns.length], pending] = [pending, null];
    }
    return turns;
}

// What the replay says at `ply` from the record's numbers: the move of the
// action last played, and in a move of several actions which of them.
function where(turns, ply) {
    const total = Math.max(...turns);
    if (ply === 0)
        return `Start: ${total} moves`;
    let start = ply - 1, end = ply;
    while (turns[start] === null)
        start--;
    while (end < turns.length && turns[end] === null)
        end++;
    return `Move ${turns[start]} of ${total}${end - start > 1 ? `, action ${ply - start} of ${end - start}` : ''}`;
}

describe('the log and the replay number moves as the record does', () => {
    // Fox seed 2: a chain of two jumps as move 5 (c3-e5 e5-e3), one with a
    // stop as move 39; hex: every turn a roll and its stones.
    for (const [name, seed] of [['fox', 2], ['hex', 3]])
        test(name, async () => {
            const g = finishedGame(name, seed), record = g.record();
            const turns = recordTurns(record.text());
            assert.equal(turns.length, record.plies);
            const later = turns.indexOf(null); // a move's second action
            assert.ok(later > 0, 'a move of several actions');
            const page = await openRecord(record);
            // Each line starts with its move's number, or "… " after the first.
            const numbers = await page.$$eval('#log li', l => Object.fromEntries(l.map(e => [
                Number(e.dataset.ply), e.textContent.startsWith('… ') ? null : Number(/^(\d+)\. /.exec(e.textContent)?.[1])])));
            turns.forEach((turn, i) => assert.equal(numbers[i + 1], turn, `action ${i + 1}`));
            if (name === 'fox')
                assert.deepEqual(await page.$$eval('#log li[data-turn="5"]', l => l.map(e => e.textContent).reverse()),
                                 ['5. Fox moved c3 → e5, captures d4.', '… Fox moved e5 → e3, captures e4.']);
            for (const ply of [record.plies, later, later + 1, 0]) {
                if (ply !== record.plies)
                    await seek(page, ply);
                assert.equal(await text(page, '#replay-where'), where(turns, ply), `at ${ply}`);
            }
            record.free();
            g.free();
        });
});

// Issue 44: hex's replay said "Red to move" where live play says "Red to roll".
test('the turn line says the same live and in a replay: hex\'s dice', async () => {
    const live = await open('game=hex&seed=3&players=two');
    assert.equal(await text(live, '#turn'), 'Red to roll');
    const g = finishedGame('hex', 3), record = g.record();
    const page = await openRecord(record);
    await seek(page, 0);
    assert.equal(await text(page, '#turn'), 'Red to roll');
    await seek(page, 1); // the dice rolled: Red places
    assert.equal(await text(page, '#turn'), 'Red to move');
    record.free();
    g.free();
});

describe('the library\'s refusals as sentences', () => {
    test('FROM-TO with the log\'s arrow, a full stop, a capital', async () => {
        const fox = await open('game=fox&players=two');
        assert.throws(() => herd.newGame('fox').play('d4-d6'), { message: 'd4-d6 jumps over no goose' });
        await fox.click('[data-cell="d4"]');
        await fox.click('[data-cell="d6"]');
        await says(fox, 'd4 → d6 jumps over no goose.');
        // In fox seed 2's chain (move 5, c3-e5 then e5-e3) a step: the
        // library's sentence with a capital.
        const g = finishedGame('fox', 2), record = g.record();
        const page = await openRecord(record);
        await seek(page, 5);
        await page.click('#replay-friend');
        await page.waitForSelector('#replay', { state: 'hidden' });
        await page.click('[data-cell="e6"]');
        await says(page, 'The fox is in a jump chain: it may only jump on from e5 or stop.');
        record.free();
        g.free();
    });

    // Before: "The herd would split." alone, where every other refusal
    // names the move.
    test('a refusal that names no cell names the move first, in every game', async () => {
        const g = herd.newGame('horses');
        const cells = [...'abcdefgh'].flatMap(r => [1, 2, 3, 4, 5, 6, 7, 8].map(c => `${r}${c}`));
        const split = g.legal().map(a => a.split('-')[0]).flatMap(from => cells.map(to => `${from}-${to}`))
            .find(a => {
                try {
                    return !g.isLegal(a) && g.play(a);
                } catch (e) {
                    return e.message === 'the herd would split';
                }
            });
        g.free();
        assert.ok(split, 'a jump that splits the herd at the start');
        const [from, to] = split.split('-');
        const horses = await open('game=horses&seed=0&players=two');
        await clicks(horses, split);
        await says(horses, `${from} → ${to}: the herd would split.`);
        const fox = herd.newGame('fox');
        fox.play('d4-c4');
        assert.throws(() => fox.play('e3-c3'), { message: 'geese never jump' });
        fox.free();
        const geese = await open('game=fox&players=two');
        await clicks(geese, 'd4-c4');
        await settled(geese, s => s.status === 'ongoing geese');
        await clicks(geese, 'e3-c3');
        await says(geese, 'e3 → c3: geese never jump.');
    });

    // Before: a horse whose jumps were refused for two reasons got one.
    // The library says "f4 is occupied" of the fox's jump over e4 onto f4
    // as of a step onto a goose: the jump names what it would jump.
    test('the fox: a jump onto a piece names the goose it would jump, a step onto one the point', async () => {
        const g = herd.newGame('fox');
        assert.throws(() => g.play('d4-f4'), { message: 'f4 is occupied' });
        assert.throws(() => g.play('d4-e4'), { message: 'e4 is occupied' });
        g.free();
        const page = await open('game=fox&players=two');
        await page.click('[data-cell="d4"]');
        await page.click('[data-cell="f4"]');
        await says(page, 'The fox cannot jump e4: f4 beyond it is occupied.');
        await page.click('[data-cell="d4"]');
        await page.click('[data-cell="e4"]');
        await says(page, 'e4 is occupied.');
    });

    test('a piece without a move: each of the library\'s reasons, with the cells it refuses', async () => {
        // Herd of Horses' start: horse 2 on b3 has a knight's jump to a5, c5
        // and c1, each of which the library refuses as splitting the herd,
        // and to a1, d2 and d4, which other horses hold.
        const g = herd.newGame('horses');
        for (const to of ['a5', 'c5', 'c1'])
            assert.throws(() => g.play(`b3-${to}`), { message: 'the herd would split' });
        for (const to of ['a1', 'd2', 'd4'])
            assert.throws(() => g.play(`b3-${to}`), { message: `${to} is occupied` });
        g.free();
        const page = await open('game=horses&seed=0&players=two');
        await page.click('[data-cell="b3"]');
        await says(page, 'No move from b3: a1, d2 and d4 are occupied; the herd would split (to a5, c1 or c5).');
        // One reason alone is said alone: seed 5's horse on b1 is hemmed in.
        const hemmed = herd.newGame('horses', { seed: 5 });
        for (const to of ['a3', 'c3', 'd2'])
            assert.throws(() => hemmed.play(`b1-${to}`), { message: `${to} is occupied` });
        assert.ok(!hemmed.legal().some(a => a.startsWith('b1-')));
        hemmed.free();
        const five = await open('game=horses&seed=5&players=two');
        await five.click('[data-cell="b1"]');
        await says(five, 'No move from b1: a3, c3 and d2 are occupied.');
    });
});

describe('options typed on the setup screen', () => {
    // Issue 44: one friendly form, with the option's label, for all the
    // page can check from the ranges; the library's words for the rest.
    test('a number box empty, broken or out of range says the range with its label, before the library', async () => {
        const page = await open('', { game: false });
        await page.check('input[name=game][value=horses]');
        const message = () => page.textContent('#setup-message');
        const typed = async (box, value, words) => {
            await page.fill(box, value);
            await page.waitForFunction(w => document.getElementById('setup-message').textContent === w, words);
            assert.equal(await page.getAttribute(box, 'aria-invalid'), words ? 'true' : null, `${box}=${value}`);
            assert.equal(await page.isDisabled('#start'), !!words);
        };
        for (const value of ['', '8.5', '99', '7', '-5'])
            await typed('#opt-w', value, "The board's width: enter a whole number from 8 to 30");
        assert.equal(await page.getAttribute('#start', 'title'), await message());
        await typed('#opt-w', '10', '');
        await typed('#opt-h', '21', "The board's height: enter a whole number from 8 to 20");
        await typed('#opt-h', '10', '');
        // The seed may be empty (a random one), not a word nor out of 64 bits.
        for (const value of ['abc', '-5', '18446744073709551616'])
            await typed('#opt-seed', value, 'The seed: enter a whole number from 0 to 18446744073709551615, or nothing for a random seed');
        await typed('#opt-seed', '', '');
        // The points that hare's start takes come from the library
        // (page.test.mjs): the page offers no point it would refuse.
    });
});

// Two actions and their way back that bring the game to where it stood:
// [a, b, a back, b back], found by the library; null where there is none.
function cycle(g) {
    const back = a => a.split('-').reverse().join('-');
    const start = g.position();
    for (const a of g.legal()) {
        const one = g.clone();
        one.play(a);
        for (const b of one.legal()) {
            const two = one.clone();
            two.play(b);
            const round = [back(a), back(b)].every(x => two.isLegal(x) && (two.play(x), true));
            const found = round && two.position() === start;
            two.free();
            if (found) {
                one.free();
                return [a, b, back(a), back(b)];
            }
        }
        one.free();
    }
    return null;
}

// The record the page downloads now, read by the library.
async function downloaded(page) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    return herd.parseRecord(readFileSync(await file.path(), 'utf8'));
}

// Agree a draw, asked first: the game ends as agreed (`turn` the log's top
// line then), the record's Result 1/2-1/2; Undo takes it back to `status`.
// At the end the result says the game is over: Hint's reason is its title
// alone, no line under the buttons (before: "No hint: the game is over."
// stood there at the end of every game).
async function endsWithoutWhy(page) {
    assert.equal(await page.getAttribute('#hint', 'title'), 'No hint: the game is over.');
    assert.equal(await text(page, '#why'), '');
}

async function agreeDraw(page, turn, status) {
    await page.click('#draw');
    await page.waitForSelector('#resign-ask[open]');
    assert.equal(await text(page, '#resign-ask-text'), 'Agree a draw? The game ends with nobody winning; Undo can take it back.');
    assert.equal(await text(page, '#resign-yes'), 'Agree a draw');
    await page.click('#resign-yes');
    await page.waitForFunction(() => document.getElementById('game').dataset.status === 'draw agreed');
    assert.equal(await text(page, '#turn'), turn);
    await endsWithoutWhy(page);
    const record = await downloaded(page);
    assert.equal(record.tag('Result'), '1/2-1/2');
    assert.equal(record.tag('Termination'), 'agreed');
    record.free();
    await page.click('#undo');
    await page.waitForFunction(s => document.getElementById('game').dataset.status === s, status);
}

describe('the players end a game (issue 44: Herd of Horses has no move limit)', () => {
    test('against the computer: Resign, in the library\'s words and the record; Undo takes it back', async () => {
        const page = await open('game=horses&seed=0&players=computer&side=0&level=1');
        assert.equal(await text(page, '#resign'), 'Resign');
        // Against the computer a draw waits for a position come up three
        // times: pressed, Agree a draw says so where refusals go, with no
        // line standing under the buttons from the first move (before: it
        // stood there in every game against the computer).
        const drawWhy = 'The computer agrees a draw once the position has come up three times.';
        assert.ok(await page.isEnabled('#draw'));
        assert.equal(await page.getAttribute('#draw', 'title'), drawWhy);
        assert.ok(!(await text(page, '#why')).includes(drawWhy), 'no standing line before the position comes up again');
        await page.click('#draw');
        await says(page, drawWhy);
        assert.ok(!(await page.$eval('#resign-ask', e => e.open)), 'no question of a draw the computer refuses');
        // Resign asks first (issue 44), as Cancel does; Keep playing keeps the game.
        assert.ok((await text(page, '#why')).indexOf('Nothing to undo') < 0, 'no standing line before a move');
        assert.equal(await page.getAttribute('#undo', 'title'), 'Nothing to undo yet: you have not moved.');
        await page.click('#undo');
        await says(page, 'Nothing to undo yet: you have not moved.');
        await page.click('#resign');
        await page.waitForSelector('#resign-ask[open]');
        assert.equal(await text(page, '#resign-ask-text'), 'Resign? Red wins the game; Undo can take it back.');
        await page.click('#resign-no');
        await page.waitForFunction(() => !document.getElementById('resign-ask').open);
        assert.equal((await state(page)).status, 'ongoing green');
        await page.click('#resign');
        await page.click('#resign-yes');
        await page.waitForFunction(() => document.getElementById('game').dataset.status === 'win red resigned');
        assert.equal(await text(page, '#turn'), 'The computer wins. Green resigned: Red wins.');
        await endsWithoutWhy(page);
        assert.ok(await page.isHidden('#resign'));
        const record = await downloaded(page);
        assert.equal(record.tag('Result'), '0-1');
        assert.equal(record.tag('Termination'), 'resigned');
        record.free();
        await page.click('#undo');
        await page.waitForFunction(() => document.getElementById('game').dataset.status === 'ongoing green');
        assert.ok(await page.isVisible('#resign'));
        assert.equal(await page.locator('#log li').count(), 0, 'the ending alone is taken back');
    });

    test('while the computer is to move Resign waits, saying so; a watched game has none', async () => {
        const page = await open('game=horses&players=computer&side=1&delay=600000');
        assert.ok(await page.isDisabled('#resign'));
        const why = 'Resign waits for the computer\'s move.';
        assert.equal(await page.getAttribute('#resign', 'title'), why);
        assert.ok((await text(page, '#why')).includes(why));
        const watched = await open('game=horses&players=watch&delay=600000');
        assert.ok(await watched.isHidden('#resign'));
        assert.ok(await watched.isHidden('#draw'));
    });

    test('two players: the side to act resigns, or both agree a draw', async () => {
        const page = await open('game=fox&players=two');
        // Undo before any move says so, in fewer words than against the
        // computer (docs/web.md says both).
        await page.click('#undo');
        await says(page, 'Nothing to undo yet.');
        // The button is a sentence, the side named as the question names it
        // ("Geese resigns").
        assert.equal(await text(page, '#resign'), 'The fox resigns');
        await page.click('#resign');
        assert.equal(await text(page, '#resign-ask-text'), 'The fox resigns? The geese win the game; Undo can take it back.');
        await page.click('#resign-no');
        // Agree a draw asks first too, in the same dialog (it ended the game at once).
        await page.click('#draw');
        await page.waitForSelector('#resign-ask[open]');
        assert.equal(await text(page, '#resign-ask-text'), 'Agree a draw? The game ends with nobody winning; Undo can take it back.');
        assert.equal(await text(page, '#resign-yes'), 'Agree a draw');
        await page.click('#resign-no');
        await page.waitForFunction(() => !document.getElementById('resign-ask').open);
        assert.equal((await state(page)).status, 'ongoing fox');
        // The result a sentence with its stop, as against the computer.
        await agreeDraw(page, 'The players agreed a draw.', 'ongoing fox');
        assert.ok(await page.isVisible('#draw'), 'Undo takes the draw back');
        await clicks(page, herd.newGame('fox').legal()[0]);
        await page.waitForFunction(() => document.getElementById('resign').textContent === 'The geese resign');
        const horses = await open('game=horses&seed=0&players=two');
        await clicks(horses, 'a1-c2');
        await horses.waitForFunction(() => document.getElementById('resign').textContent === 'Red resigns');
        await horses.click('#resign');
        assert.equal(await text(horses, '#resign-ask-text'), 'Red resigns? Green wins the game; Undo can take it back.');
        assert.equal(await text(horses, '#resign-yes'), 'Resign');
        await horses.click('#resign-yes');
        await horses.waitForFunction(() => document.getElementById('game').dataset.status === 'win green resigned');
        assert.equal(await text(horses, '#turn'), 'Red resigned: Green wins.');
    });

    test('a position come up the third time: the note says how to end the game', async () => {
        const g = herd.newGame('horses', { seed: 0 });
        const round = cycle(g);
        assert.ok(round, 'seed 0 has a way there and back');
        const page = await open('game=horses&seed=0&players=two');
        for (let time = 2; time <= 3; time++) {
            for (const action of round) {
                const count = await page.locator('#log li').count();
                await clicks(page, action);
                await page.waitForFunction(n => document.querySelectorAll('#log li').length === n + 1, count);
            }
            assert.equal((await state(page)).position, g.position());
            if (time === 2)
                assert.equal(await page.locator('#turn .repeat').count(), 0, 'the second time says nothing');
        }
        assert.equal(await text(page, '#turn .repeat'),
                     'This position has come up 3 times. The game has no move limit: Resign or Agree a draw ends it, or Cancel for a new game.');
        assert.equal(await text(page, '#turn'), `Green to move ${await text(page, '#turn .repeat')}`);
        g.free();
    });
});

// Against the computer a game that goes round in
// circles ended only by Resign, a loss. The computer (the fox, with one
// step each turn) and the person (a goose stepping sideways and back) come
// round to one position three times: Agree a draw is greyed out, saying
// why, until then, and then ends the game as between two players.
test('against the computer: Agree a draw once the position has come up three times', async () => {
    const start = 'fox turn=fox chain=0 sideways=1 fox=a3 geese=a4,a5,b4,b5,c2,c3,c4,c5,d1,d3,d5,e6,g4';
    const page = await open(`game=fox&sideways=1&players=computer&side=1&level=1&delay=0&position=${encodeURIComponent(start)}`);
    const why = 'The computer agrees a draw once the position has come up three times.';
    // The line under the buttons says why once the position has come up
    // again (before: from the first move on); pressed, the button says it.
    const times = new Map();
    for (const [i, action] of ['e6-e7', 'e7-e6', 'e6-e7', 'e7-e6'].entries()) {
        const { position } = await settled(page, s => s.status === 'ongoing geese');
        times.set(position, (times.get(position) ?? 0) + 1);
        assert.ok(await page.isVisible('#draw'));
        assert.ok(await page.isEnabled('#draw'), `pressable before the third time (move ${i + 1})`);
        assert.equal(await page.getAttribute('#draw', 'title'), why);
        assert.equal((await text(page, '#why')).includes(why), times.get(position) === 2,
                     `move ${i + 1}: the position has come up ${times.get(position)} times`);
        await page.click('#draw');
        await says(page, why);
        assert.ok(!(await page.$eval('#resign-ask', e => e.open)), 'no question of a draw the computer refuses');
        await clicks(page, action);
        await page.waitForFunction(n => document.querySelectorAll('#log li').length >= n, 2 * i + 2);
    }
    assert.ok([...times.values()].includes(2), 'a position came up twice on the way');
    // The fox's step to b3 again: the third time the geese are to move there.
    await settled(page, s => s.status === 'ongoing geese');
    assert.equal(await page.locator('#log li').count(), 9);
    assert.equal(await text(page, '#turn .repeat'),
                 'This position has come up 3 times. The game has no move limit: Resign or Agree a draw ends it, or Cancel for a new game.');
    assert.ok(await page.isEnabled('#draw'));
    assert.equal(await page.getAttribute('#draw', 'title'), null);
    assert.ok(!(await text(page, '#why')).includes(why));
    await agreeDraw(page, 'Nobody wins. The players agreed a draw.', 'ongoing geese');
    assert.equal(await page.locator('#log li').count(), 9, 'the ending alone is taken back');
    assert.ok(await page.isEnabled('#draw'));
});

// Before: a newcomer following Hint (expert) against the suggested novice
// in Flock, seed 3, drew at the move limit, and the page never said that
// the limit was coming, nor that it ended the game.
test('flock: the turn line says the move limit is near, and the result that it ended the game', async () => {
    const g = herd.newGame('flock', { seed: 3 });
    while (g.history < 90)
        g.statusInfo().side === 0 ? g.play(g.hint(4)) : g.genmove(2);
    assert.equal(g.movesLeft(), 10);
    const page = await open(`game=flock&seed=3&players=computer&side=0&level=2&delay=0&position=${encodeURIComponent(g.position())}`);
    g.free();
    const near = '10 moves left before the move limit of 100, which ends the game.';
    assert.equal(await text(page, '#turn .limit'), near);
    assert.equal(await text(page, '#turn'), `Black to move ${near}`);
    for (;;) {
        const s = await settled(page);
        if (!s.status.startsWith('ongoing'))
            break;
        const left = Number(await page.getAttribute('[data-moves-left]', 'data-moves-left'));
        assert.equal(await text(page, '#turn .limit'), `${left} move${left === 1 ? '' : 's'} left before the move limit of 100, which ends the game.`);
        await page.click('#hint');
        await page.waitForSelector('#message[data-kind="hint"]');
        await clicks(page, await page.getAttribute('#message', 'data-action'));
        await page.waitForFunction(n => Number(document.querySelector('[data-moves-left]')?.dataset.movesLeft) < n, left);
    }
    assert.equal((await state(page)).status, 'draw move-limit');
    assert.equal(await text(page, '#turn'), 'Nobody wins. The 100 moves are played with as many stones each: a draw. ' +
                 'The game has a move limit of 100 moves, which ended it.');
    // Far from the limit, and in a game without one, no such words.
    const start = await open('game=flock&seed=3&players=two');
    assert.equal(await start.locator('#turn .limit').count(), 0);
    assert.equal(await text(start, '#turn'), 'Black to move');
});

describe('a replay', () => {
    test('the players\' line names the file, and the record\'s event, round and players', async () => {
        const g = finishedGame('fox', 5);
        const named = g.record({ Fox: 'Ann', Geese: 'Bob', Event: 'Club night', Round: '3' });
        const page = await openRecord(named);
        assert.equal(await text(page, '#players-line'), 'Replay of game.hgr: Club night, round 3, Ann (Fox) against Bob (Geese)');
        await seek(page, 2);
        assert.equal(await text(page, '#players-line'), 'Replay of game.hgr: Club night, round 3, Ann (Fox) against Bob (Geese)');
        const bare = g.record(), plain = await openRecord(bare);
        assert.equal(await text(plain, '#players-line'), 'Replay of game.hgr');
        // The game just played, replayed: no file.
        const played = await open('game=hare&players=watch&level=1&delay=0&seed=2');
        await settled(played, s => !s.status.startsWith('ongoing'));
        await played.click('#replay-this');
        await played.waitForSelector('#replay:not([hidden])');
        assert.equal(await text(played, '#players-line'), 'Replay of this game');
        for (const x of [named, bare, g])
            x.free();
    });

    test('one label leaves it, and Hint and Undo say why only when pressed', async () => {
        const page = await open('game=flock&seed=3&players=computer&side=0&level=1&delay=0');
        await page.click('#hint');
        await page.waitForSelector('#message[data-kind="hint"]');
        await clicks(page, await page.getAttribute('#message', 'data-action'));
        await page.waitForFunction(() => document.querySelectorAll('#log li').length === 2);
        await settled(page);
        await page.click('#resign');
        await page.click('#resign-yes');
        await settled(page, s => !s.status.startsWith('ongoing'));
        await page.click('#replay-this');
        const last = Number((await settled(page, s => s.ply !== undefined)).ply);
        for (const ply of [last, 1]) {
            await seek(page, ply);
            assert.equal(await text(page, '#new'), 'Close replay', `at ${ply}`);
            assert.equal(await text(page, '#why'), '', `no refusal standing at ${ply}`);
        }
        await page.click('#undo');
        await says(page, 'No undo in a replay: step back with its controls.');
        await page.click('#hint');
        await says(page, 'No hint in a replay: play on from here first.');
        await seek(page, last);
        await page.click('#hint');
        await says(page, 'No hint in a replay: the game is over.');
    });

    test('the log fades the actions after the one shown', async () => {
        const g = finishedGame('hare', 2), record = g.record();
        const page = await openRecord(record);
        const faded = () => page.$$eval('#log li', l => l.filter(e => e.classList.contains('later')
            && Number(getComputedStyle(e).opacity) < 1).map(e => Number(e.dataset.ply)).sort((a, b) => a - b));
        assert.deepEqual(await faded(), [], 'at the end nothing is to come');
        const at = 3;
        await seek(page, at);
        const later = Array.from({ length: record.plies - at }, (_, i) => at + 1 + i);
        assert.deepEqual(await faded(), later);
        assert.equal(await page.$$eval('#log li', l => l.filter(e => Number(e.dataset.ply) <= 3 &&
            (e.classList.contains('later') || getComputedStyle(e).opacity !== '1')).length), 0);
        await page.click('#replay-friend');
        await page.waitForSelector('#replay', { state: 'hidden' });
        assert.deepEqual(await faded(), [], 'played on: the rest of the record is gone, nothing faded');
        record.free();
        g.free();
    });

    test('Play on against the computer: the person chooses the side and the level, as in the setup', async () => {
        // Flock seed 3 at action 10, Black to move: Beginner (1) moves
        // otherwise than the default level there.
        const g = finishedGame('flock', 3), record = g.record(), ply = 10;
        const info = herd.games().find(x => x.name === 'flock');
        const mirror = record.game(ply), other = record.game(ply);
        mirror.genmove(1);
        other.genmove(info.defaultLevel);
        assert.notEqual(mirror.position(), other.position(), 'the levels differ here');
        const page = await openRecord(record);
        await seek(page, ply);
        await page.click('#replay-computer');
        await page.waitForSelector('#playon-ask[open]');
        assert.equal(await page.inputValue('#playon-side'), '0', 'the side to act first chosen');
        assert.equal(await page.inputValue('#playon-level'), String(info.defaultLevel));
        assert.deepEqual(await page.$$eval('#playon-level option', l => l.map(e => e.textContent)),
                         await (async () => {
                             const setup = await open('', { game: false });
                             await setup.check('input[name="game"][value="flock"]');
                             return setup.$$eval('#setup-level option', l => l.map(e => e.textContent));
                         })(), 'the setup\'s levels');
        await page.selectOption('#playon-level', '1');
        assert.equal(await text(page, '#playon-level-text'), `${info.levels[0].description[0].toUpperCase()}${info.levels[0].description.slice(1)}.`);
        await page.selectOption('#playon-side', '1');
        await page.click('#playon-yes');
        await page.waitForSelector('#replay', { state: 'hidden' });
        const s = await settled(page, x => x.position === mirror.position() || x.position === other.position());
        assert.equal(s.position, mirror.position(), 'the computer moved at the level chosen');
        assert.equal(await text(page, '#players-line'), `You play White, the computer (${info.levels[0].name[0].toUpperCase()}${info.levels[0].name.slice(1)}) Black, seed 3, ${PLAYED_ON}`);
        // Back to the replay keeps it.
        const again = await openRecord(record);
        await seek(again, ply);
        await again.click('#replay-computer');
        await again.click('#playon-no');
        assert.ok(await again.isVisible('#replay'));
        for (const x of [mirror, other, record, g])
            x.free();
    });
});

describe('a game played on from a replay starts there: Undo goes back no further', () => {
    // Plays on at action 6 of a finished game of Hare and Hounds, as two
    // players or against the computer (the person the side to act): the
    // page, the position played on from and its legal actions.
    async function playedOn(players) {
        const g = finishedGame('hare', 2), record = g.record(), ply = 6, mirror = record.game(ply);
        const page = await openRecord(record);
        await seek(page, ply);
        await playOnFrom(page, players);
        await page.waitForSelector('#replay', { state: 'hidden' });
        const at = mirror.position(), legal = mirror.legal();
        for (const x of [mirror, record, g])
            x.free();
        assert.equal((await state(page)).position, at);
        assert.equal(await page.locator('#log li').count(), ply, 'the log holds the moves before');
        return { page, at, legal };
    }

    // Undo at the position played on from says `nothing`; a move played
    // there is taken back to it, and no further.
    async function undoStopsThere(players, nothing) {
        const { page, at, legal } = await playedOn(players);
        await page.click('#undo');
        await says(page, nothing);
        assert.equal((await state(page)).position, at, 'the record\'s moves before stay');
        await clicks(page, legal[0]);
        await settled(page, s => s.position !== at);
        await page.click('#undo');
        await settled(page, s => s.position === at);
        await page.click('#undo');
        await says(page, nothing);
        assert.equal((await state(page)).position, at);
    }

    test('two players', () =>
        undoStopsThere('two', 'Nothing to undo yet: the game was played on from this position.'));

    test('against the computer', () =>
        undoStopsThere('computer', 'Nothing to undo yet: you have not moved since the game was played on from the replay.'));
});

describe('a record file\'s name carries the seed where the players\' line shows it', () => {
    // The players' line and the name of the record downloaded once the
    // game of `query` is resigned.
    async function fileName(query) {
        const page = await open(query);
        await page.click('#resign');
        await page.click('#resign-yes');
        await page.waitForFunction(() => document.getElementById('game').dataset.status.includes('resigned'));
        const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
        return { line: await text(page, '#players-line'), name: file.suggestedFilename() };
    }

    test('two players of Hare and Hounds: no seed; of Herd of Horses: its seed', async () => {
        const hare = await fileName('game=hare&seed=7&players=two');
        assert.equal(hare.line, 'Two players');
        assert.match(hare.name, /^hare-20\d{6}-\d{4}\.hgr$/);
        const horses = await fileName('game=horses&seed=7&players=two');
        assert.equal(horses.line, 'Two players, seed 7');
        assert.match(horses.name, /^horses-seed7-20\d{6}-\d{4}\.hgr$/);
    });
});

describe('a game played on has an address that opens it again', () => {
    // A game of `name` and `options`, `plies` random actions in (rolls
    // included), and its record.
    function recorded(name, options, plies) {
        const g = herd.newGame(name, options), rng = generator(options.seed);
        for (let i = 0; i < plies && g.statusInfo().result === 'ongoing'; i++)
            g.isChance() ? g.roll() : g.play(rng.pick(g.legal()));
        return g;
    }

    // Plays on at `ply` (two players, or against the computer: the person
    // the side to act, at `level`), then opens the page's address anew:
    // the same game, players, level and position, the address the same.
    async function reopens(g, ply, players, level = 0) {
        const record = g.record(), mirror = record.game(ply);
        const page = await openRecord(record);
        assert.equal(new URL(page.url()).search, '', 'a replay has no address of its own');
        await seek(page, ply);
        await playOnFrom(page, players, level);
        await page.waitForSelector('#replay', { state: 'hidden' });
        const query = new URL(page.url()).searchParams;
        assert.equal(query.get('game'), g.name);
        assert.equal(query.get('players'), players);
        for (const [key, value] of Object.entries(g.options()))
            assert.equal(query.get(key), String(value), `the option ${key}`);
        if (players === 'computer') {
            assert.equal(query.get('side'), String(mirror.statusInfo().side));
            assert.equal(query.get('level'), String(level));
        }
        const again = await open(query.toString());
        assert.equal((await state(again)).position, mirror.position(), 'the same position');
        // Played on, the log holds the moves before the position; opened
        // at it, the log begins there, which the players' line says
        // (before: it said so over the moves before).
        const line = await text(page, '#players-line');
        if (query.has('position')) {
            assert.equal(await page.locator('#log li').count(), ply, 'the moves before');
            assert.ok(line.endsWith(`, ${PLAYED_ON}`), line);
            assert.equal(await text(again, '#players-line'), `${line}: the log begins there`, 'the same players and level');
            assert.equal(await again.locator('#log li').count(), 0);
        } else {
            assert.equal(await text(again, '#players-line'), line, 'the same players and level');
        }
        assert.equal(new URL(again.url()).search, new URL(page.url()).search, 'the same address');
        record.free();
        return { query, mirror };
    }

    test('from a replay, against the computer and between two players, with the game\'s options', async () => {
        const fox = recorded('fox', { geese: 15, sideways: 1, seed: 5 }, 30);
        const { query, mirror } = await reopens(fox, 11, 'computer', 1);
        assert.equal(query.get('position'), mirror.position(), 'the position text of the protocol');
        mirror.free();
        const horses = recorded('horses', { w: 10, h: 9, n: 8, seed: 4 }, 40);
        (await reopens(horses, 17, 'two')).mirror.free();
        fox.free();
        horses.free();
    });

    // Trial 8: a game opened at a position showed "Two players, seed 5"
    // and an empty log, with nothing saying it starts mid-game.
    test('a game from a position says so in the players\' line', async () => {
        const fox = recorded('fox', { geese: 15, sideways: 1, seed: 5 }, 12);
        const query = `game=fox&geese=15&sideways=1&seed=5&players=two`;
        const page = await open(`${query}&position=${encodeURIComponent(fox.position())}`);
        assert.equal((await state(page)).position, fox.position());
        // No seed: two players of Fox and Geese play the same game at every seed.
        assert.equal(await text(page, '#players-line'), `Two players, ${FROM_POSITION}`);
        assert.equal(await page.locator('#log li').count(), 0, 'the log begins there');
        assert.equal(await text(await open(query), '#players-line'), 'Two players', 'a new game: no such words');
        fox.free();
    });

    test('at the start the options alone; a position refused says the library\'s reason', async () => {
        const hex = recorded('hex', { size: 4, seed: 6 }, 20);
        const { query, mirror } = await reopens(hex, 0, 'two');
        assert.ok(!query.has('position'), 'a new game of the options stands there');
        mirror.free();
        hex.free();
        const bad = 'fox turn=fox chain=1 sideways=0 fox=d4 geese=a3';
        const reason = positionReason('fox', bad);
        const page = await open(`game=fox&players=two&position=${encodeURIComponent(bad)}`, { game: false });
        assert.equal(await text(page, '#setup-message'),
                     "The link's position (position= in the address, where Play on from a replay starts the game) is not a position of Fox and Geese: the game cannot start there.");
        assert.equal(await text(page, '#setup-reason code'), reason, "the library's words kept beneath");
        assert.equal(await page.getAttribute('#game', 'data-position'), '', 'no game');
    });
});

test('a record file refused: the page says the file is no record it can read, the library\'s line and column kept', async () => {
    const page = await open('', { game: false });
    const g = finishedGame('hare', 2), record = g.record(), one = record.text();
    for (const [name, bad] of [['empty.hgr', ''], ['two.hgr', `${one}\n${one}`]]) {
        const reason = (() => {
            try {
                herd.parseRecord(bad).free();
            } catch (e) {
                return e.message;
            }
        })();
        assert.match(reason, /^record 1, line \d+, column \d+: /);
        await page.setInputFiles('#open-record', { name, mimeType: 'text/plain', buffer: Buffer.from(bad) });
        await page.waitForFunction(n => document.getElementById('record-message').textContent.startsWith(n), name);
        assert.equal(await text(page, '#record-message'),
                     `${name} is not a game record the page can read: ${reason.slice('record 1, '.length)}. Choose a record saved by this page (Download the record) or by herd-play.`);
    }
    record.free();
    g.free();
});

// Trial 8: the red refusal of a record file stayed under the next message
// once the setup changed, and on the setup screen after a game.
test('a record file refused: its message goes once the setup changes or a game starts', async () => {
    const page = await open('', { game: false });
    await page.check('input[name=game][value=horses]');
    const refused = async () => {
        await page.setInputFiles('#open-record', { name: 'bad.hgr', mimeType: 'text/plain', buffer: Buffer.from('garbage') });
        await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
    };
    const cleared = what => page.waitForFunction(() => document.getElementById('record-message').textContent === '', null, { timeout: 5000 })
        .catch(() => assert.fail(`${what} leaves the record's message`));
    await refused();
    await page.fill('#opt-w', '99');
    await page.waitForFunction(() => document.getElementById('setup-message').textContent !== '');
    assert.equal(await text(page, '#record-message'), '', 'a number typed: its refusal alone');
    await page.fill('#opt-w', '12');
    await refused();
    await page.click('#opt-seed + button');
    await cleared('New seed');
    await refused();
    await page.selectOption('#setup-level', '1');
    await cleared('a level chosen');
    await refused();
    await page.click('#start');
    await page.waitForSelector('#setup', { state: 'hidden' });
    await page.click('#new');
    await page.waitForSelector('#setup:not([hidden])');
    assert.equal(await text(page, '#record-message'), '', 'a game started');
});

// The JavaScript API of the web build (build/web/herd.mjs) in Node, checked
// against the native herd program (build/ci/programs/herd, or HERD_PROGRAM)
// command by command: random games of every game, errors, freeing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';

import { GAME_NAMES, HerdError, MEMORY_SOLVE, answer, codes, generator, herdProgram, loadHerd, optionsText,
         refusal, runNative } from './common.mjs';

const herd = await loadHerd();

// The commands given to the native program and the answers that the
// JavaScript calls give for them.
class Transcript {
    constructor() {
        this.commands = [];
        this.expected = [];
    }

    add(command, f) {
        let a;
        try {
            a = answer(f());
        } catch (e) {
            a = refusal(e);
        }
        this.commands.push(command);
        this.expected.push(a);
        return a;
    }

    check() {
        const got = runNative(this.commands);
        assert.equal(got.length, this.expected.length, 'one answer per command');
        for (let i = 0; i < got.length; i++)
            if (got[i] !== this.expected[i])
                assert.fail(`after\n  ${this.commands.slice(Math.max(0, i - 6), i).join('\n  ')}\n` +
                            `"${this.commands[i]}": herd answers\n  ${got[i]}\nthe JavaScript API\n  ${this.expected[i]}`);
        return got.length;
    }
}

// The board's points of a game whose option is a point: a default game's.
function pointsOf(name) {
    const g = herd.newGame(name);
    const points = g.points();
    g.free();
    return points;
}

// Options drawn from the registry: each left at its default, set in range,
// or (rarely) set past its range or off the board, which both sides refuse.
function randomOptions(name, rng) {
    const options = {};
    for (const o of herd.games().find(g => g.name === name).options) {
        const r = rng.next();
        if (r < 0.3)
            continue;
        if (o.kind === 'point')
            options[o.key] = r < 0.35 ? `${'abcde'[rng.int(5)]}${1 + rng.int(5)}` : rng.pick(pointsOf(name));
        else if (o.kind === 'choice')
            options[o.key] = r < 0.35 ? o.choices.at(-1) + 1 : rng.pick(o.choices);
        else if (typeof o.max === 'bigint')
            options[o.key] = r < 0.4 ? o.max : BigInt(rng.int(1e9));
        else if (r < 0.35)
            options[o.key] = rng.next() < 0.5 ? o.max + 1 : o.min - 1;
        else
            options[o.key] = o.min + rng.int(o.max - o.min + 1);
    }
    return options;
}

// One random game: every action is followed by the legal list, position
// and status on both sides; moves are mostly random legal ones, with
// computer moves, hints, undos, saves and loads, refused actions and shows.
function randomGame(t, name, rng, steps) {
    let g = null;
    const options = randomOptions(name, rng);
    t.add(`new ${name} ${optionsText(options)}`, () => {
        g = herd.newGame(name, options);
        return g.position();
    });
    if (!g)
        t.add(`new ${name}`, () => (g = herd.newGame(name)).position());
    // The default level and level 1 here: the searches of the higher levels
    // on large boards take the native Debug build seconds each (the next
    // test compares them on the default boards).
    const levels = 1;
    for (let step = 0; step < steps; step++) {
        t.add('legal', () => g.legal().join(' '));
        t.add('position', () => g.position());
        t.add('status', () => g.status());
        const r = rng.next(), legal = g.legal();
        if (r < 0.02)
            t.add('show', () => `${g.name}\n${g.show()}`);
        if (g.statusInfo().result !== 'ongoing') {
            t.add('genmove', () => g.genmove());
            t.add('hint', () => g.hint());
            t.add('play a1-a2', () => g.play('a1-a2'));
            if (r < 0.5)
                break;
            t.add('undo', () => g.undo());
        } else if (g.isChance()) {
            if (r < 0.1)
                t.add('genmove', () => g.genmove());
            t.add('roll', () => g.roll());
        } else if (r < 0.08) {
            t.add('undo', () => g.undo());
        } else if (r < 0.11) {
            let saved;
            t.add('save', () => (saved = g.save()));
            t.add(`load ${saved}`, () => {
                const loaded = herd.fromSave(saved);
                g.free();
                g = loaded;
            });
        } else if (r < 0.12) {
            const position = g.position();
            t.add(`set ${position}`, () => g.setPosition(position));
            t.add('undo', () => g.undo());
        } else if (r < 0.17) {
            const level = rng.int(levels + 1);
            t.add(`genmove ${level}`, () => g.genmove(level));
        } else if (r < 0.2) {
            const level = rng.int(levels + 1);
            t.add(`hint ${level}`, () => g.hint(level));
        } else if (r < 0.23) {
            // A legal action of the other side, or reversed, or garbage.
            const a = rng.pick(legal).split('-').reverse().join('-');
            t.add(`play ${a}`, () => g.play(a));
            t.add('play z9-z9', () => g.play('z9-z9'));
        } else {
            const a = rng.pick(legal);
            t.add(`play ${a}`, () => g.play(a));
        }
    }
    t.add('save', () => g.save());
    g.free();
}

describe('random games against the native herd program', () => {
    for (const [i, name] of GAME_NAMES.entries())
        test(name, () => {
            const rng = generator(1000 + i), t = new Transcript();
            for (let k = 0; k < 8; k++)
                randomGame(t, name, rng, 160);
            const n = t.check();
            assert.ok(n > 1000, `${n} answers compared`);
        });
});

describe('every level of the computer players chooses as the native one', () => {
    for (const name of GAME_NAMES)
        test(name, () => {
            const rng = generator(3), t = new Transcript();
            let g;
            t.add(`new ${name} seed=9`, () => (g = herd.newGame(name, { seed: 9 })).position());
            for (let round = 0; round < 3; round++) {
                for (let k = 0; k < 6 + 4 * round && g.statusInfo().result === 'ongoing'; k++) {
                    const a = g.isChance() ? null : rng.pick(g.legal());
                    a ? t.add(`play ${a}`, () => g.play(a)) : t.add('roll', () => g.roll());
                }
                if (g.isChance())
                    t.add('roll', () => g.roll());
                for (let level = 1; level <= g.maxLevel; level++) {
                    t.add(`hint ${level}`, () => g.hint(level));
                    t.add(`genmove ${level}`, () => g.genmove(level));
                    t.add('undo', () => g.undo());
                }
            }
            g.free();
            t.check();
        });
});

describe('undoTurn', () => {
    for (const name of GAME_NAMES)
        test(`${name}: back to the start of the side's latest turn`, () => {
            const rng = generator(7), g = herd.newGame(name, { seed: 5 });
            const positions = [g.position()]; // by history length
            let checked = 0;
            for (let step = 0; step < 300 && g.statusInfo().result === 'ongoing'; step++) {
                if (g.isChance())
                    g.roll();
                else if (rng.next() < 0.15 && g.history > 0) {
                    const side = rng.int(2), before = g.history;
                    try {
                        g.undoTurn(side);
                    } catch (e) {
                        assert.ok(e instanceof HerdError && e.code === codes.E_STATE, String(e));
                        assert.equal(g.history, before, 'a refusal takes nothing back');
                        continue;
                    }
                    assert.ok(g.history < before, 'at least one action taken back');
                    assert.equal(g.statusInfo().side, side, 'the side is to act');
                    assert.equal(g.position(), positions[g.history]);
                    positions.length = g.history + 1;
                    checked++;
                    continue;
                } else
                    g.play(rng.pick(g.legal()));
                positions[g.history] = g.position();
            }
            assert.ok(checked >= 3, `${checked} undoTurn calls checked`);
            assert.throws(() => g.undoTurn('nobody'), { name: 'HerdError', code: codes.E_ARG });
            g.free();
        });
});

describe('the history: historyMove() and moves()', () => {
    for (const name of GAME_NAMES)
        test(`${name}: the library's history against a log kept here`, () => {
            const rng = generator(11), g = herd.newGame(name, { seed: 3 });
            const log = [];
            for (let step = 0; step < 200; step++) {
                const r = rng.next();
                if (r < 0.1 && log.length) {
                    g.undo();
                    log.pop();
                } else if (r < 0.15 && log.length) {
                    const { side } = log.at(-1);
                    g.undoTurn(side);
                    while (log.length && log.at(-1).side === side)
                        log.pop();
                } else if (g.statusInfo().result === 'ongoing') {
                    const side = g.statusInfo().side, chance = g.isChance();
                    let action;
                    if (chance)
                        action = g.roll();
                    else if (rng.next() < 0.3)
                        action = g.genmove(1);
                    else
                        g.play(action = rng.pick(g.legal()));
                    log.push({ action, side, chance });
                }
                assert.equal(g.history, log.length);
                assert.deepEqual(g.moves(), log);
                if (log.length)
                    assert.deepEqual(g.historyMove(log.length - 1), log.at(-1));
            }
            const copy = g.clone();
            assert.deepEqual(copy.moves(), log);
            copy.load(copy.save());
            assert.deepEqual(copy.moves(), []);
            copy.free();
            g.free();
        });

    test('an index outside the history is refused with its range', () => {
        const g = herd.newGame('hex', { seed: 1 });
        assert.throws(() => g.historyMove(0),
                      { code: codes.E_RANGE, message: 'history index 0: the history is empty' });
        g.roll();
        g.genmove();
        assert.throws(() => g.historyMove(2),
                      { code: codes.E_RANGE, message: 'history index 2 is out of range 0..1' });
        assert.throws(() => g.historyMove(-1), { code: codes.E_RANGE });
        assert.throws(() => g.historyMove('0'), { code: codes.E_ARG });
        assert.equal(g.historyMove(0).chance, true);
        assert.equal(g.historyMove(1).chance, false);
        g.free();
    });
});

describe('errors: HerdError with the code and the native message', () => {
    // [setup commands, the command, what the API calls, the code]
    const cases = [
        [[], 'new nosuch', () => herd.newGame('nosuch'), codes.E_UNKNOWN],
        [[], 'new horses w=7', () => herd.newGame('horses', { w: 7 }), codes.E_RANGE],
        [[], 'new horses w=abc', () => herd.newGame('horses', { w: 'abc' }), codes.E_PARSE],
        [[], 'new horses zz=1', () => herd.newGame('horses', 'zz=1'), codes.E_UNKNOWN],
        [[], 'new fox geese=14', () => herd.newGame('fox', { geese: 14 }), codes.E_RANGE],
        [[], 'new hare start=d1', () => herd.newGame('hare', { start: 'd1' }), codes.E_RANGE],
        [[], 'new hare start=zz', () => herd.newGame('hare', { start: 'zz' }), codes.E_PARSE],
        [[], 'new flock h=13', () => herd.newGame('flock', { h: 13 }), codes.E_RANGE],
        [[], 'new hex size=1', () => herd.newGame('hex', { size: 1 }), codes.E_RANGE],
        [['new horses'], 'play zz', g => g.play('zz'), codes.E_PARSE],
        [['new horses'], 'play a1-a2', g => g.play('a1-a2'), codes.E_ILLEGAL],
        [['new fox'], 'play d4-d6-f6', g => g.play('d4-d6-f6'), codes.E_PARSE],
        [['new hex'], 'play +a1', g => g.play('+a1'), codes.E_ILLEGAL],
        [['new horses'], 'undo', g => g.undo(), codes.E_STATE],
        [['new horses'], 'roll', g => g.roll(), codes.E_STATE],
        [['new hex'], 'genmove', g => g.genmove(), codes.E_STATE],
        [['new hex'], 'hint', g => g.hint(), codes.E_STATE],
        [['new horses'], 'solve', g => g.solve(), codes.E_UNSUPPORTED],
        [[], 'set horses w=8', () => herd.fromPosition('horses w=8'), codes.E_PARSE],
        [[], 'set horses w=8 h=8 turn=green green=a1,a1 red=h8,g6',
         () => herd.fromPosition('horses w=8 h=8 turn=green green=a1,a1 red=h8,g6'), codes.E_POSITION],
        [[], 'set chess', () => herd.fromPosition('chess'), codes.E_UNKNOWN],
        [['new hare'], 'set hare turn=hounds hare=a1 hounds=d1,d3,e2 stall=0',
         g => g.setPosition('hare turn=hounds hare=a1 hounds=d1,d3,e2 stall=0'), codes.E_POSITION],
        [[], 'load x', () => herd.fromSave('x'), codes.E_UNKNOWN],
        [[], 'load horses save=1', () => herd.fromSave('horses save=1'), codes.E_PARSE],
    ];
    for (const [setup, command, f, code] of cases)
        test(command, () => {
            let game = null;
            const commands = [...setup, command];
            if (setup.length) {
                const [name, ...options] = setup[0].split(' ').slice(1);
                game = herd.newGame(name, options.join(' '));
            }
            const before = game?.position();
            let thrown;
            try {
                f(game);
            } catch (e) {
                thrown = e;
            }
            assert.ok(thrown instanceof HerdError, `${command}: ${thrown}`);
            assert.equal(thrown.code, code, `${command}: ${thrown.codeName} ${thrown.message}`);
            assert.equal(thrown.codeName, Object.entries(codes).map(([k, v]) => v === code && `HERD_${k}`).find(Boolean));
            assert.equal(thrown.description, herd.strerror(code));
            assert.equal(refusal(thrown), runNative(commands).at(-1));
            if (game) {
                assert.equal(game.position(), before, 'a refusal changes nothing');
                game.free();
            }
        });

    test('a level out of range', () => {
        const g = herd.newGame('horses');
        assert.throws(() => g.genmove(g.maxLevel + 1),
                      { name: 'HerdError', code: codes.E_RANGE, message: `level ${g.maxLevel + 1} is out of range 0..${g.maxLevel}` });
        assert.throws(() => g.hint(1.5), { code: codes.E_ARG });
        assert.throws(() => g.perft(65), { code: codes.E_ARG, message: 'depth 65 is out of range 0..64' });
        assert.throws(() => g.perft(-1), { code: codes.E_ARG });
        // Numbers that a C int would wrap into range are refused.
        assert.throws(() => g.genmove(2 ** 32 + 1), { code: codes.E_RANGE });
        assert.throws(() => g.perft(2 ** 32), { code: codes.E_ARG });
        assert.throws(() => g.horse(0, 2 ** 32 + 1), { code: codes.E_ARG, message: 'horse 4294967297 is out of range 1..6' });
        assert.throws(() => g.logLine(2 ** 32, 'a1-c2'), { code: codes.E_ARG });
        assert.equal(g.history, 0);
        g.free();
    });

    test('what the API refuses before the library sees it', () => {
        const g = herd.newGame('horses');
        assert.throws(() => herd.newGame('horses', { w: '8 h=9' }), { code: codes.E_PARSE });
        assert.throws(() => herd.newGame('horses', { 'w h': 8 }), { code: codes.E_PARSE });
        assert.throws(() => herd.newGame('horses', 8), { code: codes.E_ARG });
        assert.throws(() => herd.newGame(7), { code: codes.E_ARG });
        assert.throws(() => g.play('a1-c2\0'), { code: codes.E_PARSE, message: 'the action holds a NUL character' });
        assert.throws(() => g.play(undefined), { code: codes.E_ARG });
        assert.throws(() => g.horse(2, 1), { code: codes.E_ARG });
        assert.throws(() => g.horse('blue', 1), { code: codes.E_ARG, message: 'no side "blue" in horses: 0 (green) or 1 (red)' });
        assert.equal(g.history, 0);
        g.free();
    });
});

describe('numbers and texts are checked before they reach C', () => {
    // A Number passed to a C int or unsigned would be wrapped into its range
    // (2 ** 32 + 5 as 5) and a string converted (to NaN, then 0): the API
    // refuses them, quoting the value as given.
    test('the level limit is set and read apart from the solve limit', () => {
        const g = herd.fromPosition('fox turn=fox chain=0 sideways=0 fox=d5 geese=c1,c2,d1,d2,e1');
        assert.equal(g.levelLimit(), g.levelLimitDefault);
        g.setLevelLimit(4);
        assert.equal(g.levelLimit(), 4);
        assert.equal(g.sides[g.solve().winner], 'fox'); // the solve limit stays
        assert.throws(() => g.setLevelLimit(2 ** 32 + 5),
                      { code: codes.E_RANGE, message: `the level limit 4294967301 is out of range ${g.geeseToWin}..${g.solveMax}` });
        assert.equal(g.levelLimit(), 4);
        g.free();
    });

    test('a solve limit that a C int would wrap is refused, and changes nothing', () => {
        const g = herd.fromPosition('fox turn=fox chain=0 sideways=0 fox=d5 geese=c1,c2,d1,d2,e1');
        g.setSolveLimit(4);
        const range = `${g.geeseToWin}..${g.solveMax}`;
        assert.throws(() => g.setSolveLimit(2 ** 32 + 5),
                      { code: codes.E_RANGE, message: `the solve limit 4294967301 is out of range ${range}` });
        assert.throws(() => g.setSolveLimit(1e21),
                      { code: codes.E_RANGE, message: `the solve limit 1e+21 is out of range ${range}` });
        assert.throws(() => g.setSolveLimit(-(2 ** 53)), { code: codes.E_RANGE });
        assert.throws(() => g.setSolveLimit('5'),
                      { code: codes.E_ARG, message: "the solve limit must be a number, not the string '5'" });
        assert.throws(() => g.setSolveLimit(NaN),
                      { code: codes.E_ARG, message: 'the solve limit must be a whole number, not NaN' });
        assert.throws(() => g.solve(), { code: codes.E_UNSUPPORTED, message: /up to 4 geese/ });
        g.free();
    });

    test('levels, depths, horse and action numbers', () => {
        const g = herd.newGame('horses');
        const levels = `0..${g.maxLevel}`;
        assert.throws(() => g.level(-1), { code: codes.E_RANGE, message: `level -1 is out of range ${levels}` });
        assert.throws(() => g.level(2 ** 32), { code: codes.E_RANGE, message: `level 4294967296 is out of range ${levels}` });
        assert.throws(() => g.hint(2 ** 31), { code: codes.E_RANGE, message: `level 2147483648 is out of range ${levels}` });
        assert.throws(() => g.genmove('1'), { code: codes.E_ARG, message: "level must be a number, not the string '1'" });
        assert.throws(() => g.hint(1n), { code: codes.E_ARG, message: 'level must be a number, not the bigint 1n' });
        assert.throws(() => g.perft('2'), { code: codes.E_ARG, message: "depth must be a number, not the string '2'" });
        assert.throws(() => g.perft(null), { code: codes.E_ARG, message: 'depth must be a number, not null' });
        assert.throws(() => g.perft(2.5), { code: codes.E_ARG, message: 'depth must be a whole number, not 2.5' });
        assert.throws(() => g.perft(2 ** 32 + 1), { code: codes.E_ARG, message: 'depth 4294967297 is out of range 0..64' });
        assert.throws(() => g.horse(0, '1'), { code: codes.E_ARG, message: "horse must be a number, not the string '1'" });
        assert.throws(() => g.logLine('1', 'a1-c2'), { code: codes.E_ARG });
        assert.throws(() => g.logLine(Infinity, 'a1-c2'),
                      { code: codes.E_ARG, message: 'the action number must be a whole number, not Infinity' });
        assert.equal(g.history, 0);
        g.free();
    });

    test('a cell off the board is named as such', () => {
        const g = herd.newGame('flock');
        assert.throws(() => g.at('z99'), { code: codes.E_ARG, message: 'the cell z99 is not on the board' });
        assert.throws(() => g.at('a8'), { code: codes.E_ARG, message: 'the cell a8 is not on the board' });
        assert.throws(() => g.at('9a'), { code: codes.E_PARSE, message: "'9a' is not a cell name" });
        assert.equal(g.at('a1'), 1);
        g.free();
    });

    test('strerror() takes a code, a whole number', () => {
        assert.equal(herd.strerror(codes.E_ILLEGAL), 'illegal move');
        assert.throws(() => herd.strerror('x'), { code: codes.E_ARG, message: "the code must be a number, not the string 'x'" });
        assert.throws(() => herd.strerror(undefined), { code: codes.E_ARG, message: 'the code must be a number, not undefined' });
        assert.throws(() => herd.strerror(2 ** 32 - 5), { code: codes.E_ARG, message: /4294967291 is out of range/ });
    });

    test('a text with a lone surrogate is refused, the surrogate quoted as \\uXXXX', () => {
        assert.throws(() => herd.newGame('\ud800'),
                      { code: codes.E_PARSE, message: "the game's name '\\ud800': a lone surrogate is not text" });
        assert.throws(() => herd.newGame('fox', 'seed=1\udfff'),
                      { code: codes.E_PARSE, message: "the options 'seed=1\\udfff': a lone surrogate is not text" });
        // A pair is one character, which the library quotes as it is.
        assert.throws(() => herd.newGame('\ud83d\udc0e'), { code: codes.E_UNKNOWN, message: "unknown game '\ud83d\udc0e'" });
        const g = herd.newGame('horses');
        assert.throws(() => g.play('a1\ud800\n'),
                      { code: codes.E_PARSE, message: "the action 'a1\\ud800\\n': a lone surrogate is not text" });
        g.free();
    });
});

describe('the fox\'s solution table', () => {
    test('setSolveLimit() bounds the positions that solve() answers', () => {
        const endgame = 'fox turn=fox chain=0 sideways=0 fox=d5 geese=c1,c2,d1,d2,e1';
        const g = herd.fromPosition(endgame);
        assert.equal(g.solveDefault, 8);
        assert.equal(g.solveMax, 10);
        const value = () => {
            const { winner, plies } = g.solve();
            return answer(`${g.sides[winner]} ${plies}`);
        };
        const native = runNative([`set ${endgame}`, 'solve']).at(-1);
        assert.equal(value(), native);
        g.setSolveLimit(4);
        assert.throws(() => g.solve(), { code: codes.E_UNSUPPORTED, message: /up to 4 geese.*this position has 5/ });
        for (const bad of [3, 11])
            assert.throws(() => g.setSolveLimit(bad), { code: codes.E_RANGE, message: new RegExp(`${bad}`) });
        assert.throws(() => g.setSolveLimit(4.5), { code: codes.E_ARG });
        g.setSolveLimit(5);
        assert.equal(value(), native);
        assert.equal(g.position(), endgame, 'the limit changes no position');
        g.free();
    });
});

describe('the memory limit', () => {
    const endgame = 'fox turn=fox chain=0 sideways=0 fox=d4 geese=e3,e4,e5,f4';

    test('a limit below the need throws E_NOMEM and changes nothing; the need is enough', () => {
        const g = herd.fromPosition(endgame);
        assert.equal(g.memoryLimit(), null);
        const perfect = g.levels().find(l => l.name === 'perfect').level;
        const need = g.memoryNeeded(perfect);
        assert.ok(need > 100000, `${need}`);
        g.setMemoryLimit(need - 1);
        assert.equal(g.memoryLimit(), need - 1);
        assert.equal(g.clone().memoryLimit(), need - 1);
        const before = g.save();
        assert.throws(() => g.hint(perfect),
                      { code: codes.E_NOMEM, message: /^the fox table for 4 geese needs .*, over the memory limit of / });
        assert.throws(() => g.solve(), { code: codes.E_NOMEM, message: /over the memory limit/ });
        assert.equal(g.save(), before);
        g.setMemoryLimit(need);
        g.hint(perfect);
        g.solve();
        g.setMemoryLimit(null);
        assert.equal(g.memoryLimit(), null);
        g.free();
    });

    test('the need of solve(), and what is refused', () => {
        const g = herd.fromPosition(endgame);
        assert.ok(g.memoryNeeded(MEMORY_SOLVE) > 100000);
        assert.equal(g.memoryNeeded(0), 0);
        for (const bad of [-1, 1.5, '100'])
            assert.throws(() => g.setMemoryLimit(bad), { code: codes.E_ARG });
        assert.throws(() => g.memoryNeeded(g.maxLevel + 1), { code: codes.E_RANGE });
        const horses = herd.newGame('horses');
        assert.throws(() => horses.memoryNeeded(MEMORY_SOLVE),
                      { code: codes.E_UNSUPPORTED, message: /horses is not solved exactly/ });
        horses.free();
        g.free();
    });
});

describe('typed queries agree with the position text', () => {
    // A random game's positions, with each visited after every action.
    function visit(name, options, f) {
        const rng = generator(11), g = herd.newGame(name, options);
        for (let step = 0; step < 120 && g.statusInfo().result === 'ongoing'; step++) {
            if (g.isChance())
                g.roll();
            else
                g.play(rng.pick(g.legal()));
            f(g, Object.fromEntries(g.position().split(' ').slice(1).map(kv => kv.split('='))));
        }
        g.free();
    }

    test('horses', () => visit('horses', { w: 10, n: 8, seed: 2 }, (g, p) => {
        const { w, h, n } = g.options();
        assert.deepEqual([w, h], [Number(p.w), Number(p.h)]);
        for (const [side, key] of [[0, 'green'], [1, 'red']]) {
            assert.deepEqual(g.horses().filter(x => x.side === side).map(x => x.cell), p[key].split(','));
            assert.equal(p[key].split(',').length, n);
            assert.ok(g.together(side));
            const lines = g.lines(side);
            assert.ok(lines.length >= n - 1, 'a herd together has a spanning tree of lines');
            for (const [a, b] of lines) {
                const [r1, c1] = g.horse(side, a).match(/^(.)(\d+)$/).slice(1);
                const [r2, c2] = g.horse(side, b).match(/^(.)(\d+)$/).slice(1);
                const dr = Math.abs(r1.charCodeAt(0) - r2.charCodeAt(0)), dc = Math.abs(c1 - c2);
                assert.ok(a < b && dr * dc === 2, `${a}-${b} a knight's move apart`);
            }
            const { distance, parts } = g.progress(side);
            assert.ok(distance >= 0 && distance <= parts && parts > 0);
        }
    }));

    test('horses log line', () => {
        const g = herd.newGame('horses');
        const a = g.legal()[0];
        g.play(a);
        const [from, to] = a.split('-');
        assert.match(g.logLine(1, a), new RegExp(`^1\\. Green moved horse \\d: ${from} -> ${to}$`));
        assert.throws(() => g.logLine(2, 'zz'), { code: codes.E_PARSE });
        g.free();
    });

    test('horses history line: the log line of each history entry, undo included', () => {
        const g = herd.newGame('horses', { seed: 5 });
        assert.throws(() => g.historyLine(0), { code: codes.E_RANGE });
        const lines = [];
        for (let k = 1; k <= 4; k++) {
            const a = g.legal()[k % g.legal().length];
            g.play(a);
            lines.push(g.logLine(k, a));
        }
        assert.deepEqual([0, 1, 2, 3].map(i => g.historyLine(i)), lines);
        assert.match(lines[1], /^2\. Red moved horse \d: /);
        g.undo();
        assert.throws(() => g.historyLine(3), { code: codes.E_RANGE });
        assert.throws(() => g.historyLine(-1), { code: codes.E_RANGE });
        assert.throws(() => g.historyLine('1'), { code: codes.E_ARG });
        assert.equal(g.historyLine(2), lines[2]);
        g.free();
    });

    test('the ending in words, as the library says it in every binding', () => {
        const g = herd.newGame('hare');
        assert.equal(g.resultText(), '');
        g.resign('hounds');
        assert.equal(g.resultText(), 'The hounds resigned: the hare wins');
        assert.ok(g.show().endsWith('\nThe hounds resigned: the hare wins'));
        g.free();
        const h = herd.fromPosition('horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4');
        assert.equal(h.resultText(), 'Red has no move left: Green wins');
        h.free();
    });

    test('hex', () => visit('hex', { size: 4, seed: 3 }, (g, p) => {
        assert.equal(g.size(), Number(p.size));
        assert.equal(g.phase(), p.phase);
        assert.equal(g.left(), Number(p.left));
        assert.equal(g.turns(), BigInt(p.turns));
        assert.equal(g.dice()?.join(',') ?? '-', p.dice);
        const marks = { '-1': '.', 0: 'r', 1: 'b' };
        const board = g.cells().map(row => row.map(s => marks[s]).join('')).join('/');
        assert.equal(board.replace(/[rb]/g, 'x'), p.board.replace(/[^./]/g, 'x'));
        assert.equal(g.stones(0) + g.stones(1), (p.board.match(/[^./]/g) ?? []).length);
        assert.deepEqual(g.rows(), p.board.split('/').map(r => r.length));
    }));

    test('hare', () => visit('hare', {}, (g, p) => {
        assert.equal(g.hare(), p.hare);
        assert.deepEqual(g.hounds(), p.hounds.split(','));
        assert.equal(g.stall(), Number(p.stall));
        assert.ok(g.show().includes(`stall ${g.stall()} of ${g.stallLimit}`));
        assert.equal(g.status() === 'win hare stalling', g.stall() === g.stallLimit);
        assert.equal(g.points().length, 11);
        assert.ok(g.boardLines().every(([a, b]) => g.points().includes(a) && g.points().includes(b)));
    }));

    test('fox', () => visit('fox', { geese: 17, sideways: 1 }, (g, p) => {
        assert.equal(g.fox(), p.fox);
        assert.deepEqual(g.geese(), p.geese ? p.geese.split(',') : []);
        assert.equal(g.geeseLeft(), g.geese().length);
        assert.equal(g.sideways(), p.sideways === '1');
        assert.equal(g.inChain(), p.chain === '1');
        assert.equal(g.status() === 'win fox captured', g.geeseLeft() < g.geeseToWin);
        if (g.inChain())
            assert.ok(g.legal().includes('stop'));
        assert.equal(g.points().length, 33);
    }));

    test('flock', () => visit('flock', { w: 8, h: 6 }, (g, p) => {
        const { w, h } = g.options();
        assert.deepEqual([w, h], [Number(p.w), Number(p.h)]);
        const board = p.board.split('/');
        for (const { cell, side, range } of g.stones()) {
            const [row, col] = [cell.charCodeAt(0) - 97, Number(cell.slice(1)) - 1];
            assert.equal(board[row][col], side ? 'w' : 'b');
            assert.equal(g.at(cell), side);
            assert.ok(range >= 1 && range <= 3);
        }
        assert.equal(g.stones().length, (p.board.match(/[bw]/g) ?? []).length);
        assert.deepEqual([g.captured(0), g.captured(1)].join(','), p.captured);
        assert.equal(g.movesLeft(), g.moveLimit - Number(p.ply));
        assert.ok(g.show().includes(`move ${p.ply} of ${g.moveLimit}`));
        const won = /^win (black|white) captured$/.exec(g.status());
        assert.equal(Math.max(g.captured(0), g.captured(1)) >= g.capturesToWin, !!won);
        if (won)
            assert.ok(g.captured(g.sides.indexOf(won[1])) >= g.capturesToWin);
        const back = g.straightBack();
        if (back) {
            assert.ok(!g.legal().includes(`${back.stone}-${back.cell}`), 'the banned move is not legal');
            assert.equal(g.at(back.stone), g.statusInfo().side);
        }
    }));
});

describe('freeing', () => {
    test('a freed game refuses every call; free() twice is harmless', () => {
        const g = herd.newGame('fox');
        g.free();
        g.free();
        assert.ok(g.freed);
        for (const f of [() => g.position(), () => g.legal(), () => g.play('d4-d5'), () => g.save(), () => g.fox()])
            assert.throws(f, { name: 'HerdError', code: codes.E_STATE, message: 'the game is freed' });
    });

    test('1,000 games created, played and freed leave the heap as it was', () => {
        const round = (count) => {
            for (let i = 0; i < count; i++) {
                const name = GAME_NAMES[i % GAME_NAMES.length];
                const g = herd.newGame(name, { seed: i });
                for (let k = 0; k < 6 && g.statusInfo().result === 'ongoing'; k++)
                    g.isChance() ? g.roll() : g.genmove(k % 2 ? 0 : 1);
                g.legal();
                if (g.statusInfo().result === 'ongoing' && !g.isChance())
                    g.hint(1);
                const copy = g.clone(), loaded = herd.fromSave(g.save()), set = herd.fromPosition(g.position());
                for (const x of [g, copy, loaded, set])
                    x.free();
                assert.throws(() => herd.newGame(name, 'nosuch=1'), HerdError);
                assert.throws(() => herd.fromSave(`${name} save=1`), HerdError);
                assert.throws(() => herd.fromPosition(`${name} nonsense`), HerdError);
            }
        };
        round(GAME_NAMES.length); // anything allocated once is allocated now
        const before = herd.heapInUse();
        round(1000);
        assert.equal(herd.heapInUse(), before);
        // The measure sees a leak: a game not freed.
        const kept = herd.newGame('horses');
        assert.ok(herd.heapInUse() > before);
        kept.free();
        assert.equal(herd.heapInUse(), before);
    });
});

test('the raw C API is there beside the JavaScript one', () => {
    assert.equal(herd.version, herd.module.UTF8ToString(herd.module._herd_version_string()));
    assert.match(herd.version, /^\d+\.\d+\.\d+$/);
    assert.equal(typeof herd.module._herd_perft, 'function');
});

describe("glue.c's herd_js_step(): an action played and the next listed in one call", () => {
    const m = herd.module;
    // The moves (or outcomes) and probabilities at two places of the heap,
    // as u32 halves and doubles.
    const u32s = (at, n) => Array.from(m.HEAPU32.subarray(at >> 2, (at >> 2) + 2 * n));
    const f64s = (at, n) => Array.from(m.HEAPF64.subarray(at >> 3, (at >> 3) + n));

    test('it lists and plays what the separate calls list and play, through a game of each', () => {
        const rng = generator(11);
        for (const name of GAME_NAMES) {
            const g = herd.newGame(name), twin = g.clone(), cap = g.maxMoves;
            const [moves, probs, other, otherProbs, out] = [8, 8, 8, 8, 1].map(k => m._malloc(k * 8 * cap));
            let next = m._herd_js_step(g.handle, -1, moves, probs, cap);
            for (let plies = 0; ; plies++) {
                if (twin.statusInfo().result !== 'ongoing') {
                    assert.equal(next, 0, `${name}: nothing listed once the game is over`);
                    break;
                }
                const chance = twin.isChance();
                assert.equal(chance ? m._herd_chance_outcomes(twin.handle, other, otherProbs, cap, out)
                                    : m._herd_legal_moves(twin.handle, other, cap, out), 0);
                const n = m.HEAPU32[out >> 2];
                assert.equal(next, 2 * n + chance, `${name}: the number of choices and whether chance chooses`);
                assert.deepEqual(u32s(moves, n), u32s(other, n), `${name}: the list, in its order`);
                if (chance)
                    assert.deepEqual(f64s(probs, n), f64s(otherProbs, n), `${name}: the probabilities`);
                if (plies === 400)
                    break;
                const i = rng.int(n), at = (other >> 2) + 2 * i;
                assert.equal(m._herd_apply(twin.handle, m.HEAPU32[at], m.HEAPU32[at + 1]), 0);
                next = m._herd_js_step(g.handle, i, moves, probs, cap);
                assert.equal(g.position(), twin.position(), `${name}: the position after choice ${i}`);
                assert.equal(g.history, twin.history, `${name}: the undo history`);
            }
            for (const p of [moves, probs, other, otherProbs, out])
                m._free(p);
            g.free();
            twin.free();
        }
    });

    test('a refused action is herd_apply()\'s refusal and changes nothing', () => {
        const g = herd.newGame('hare'), cap = g.maxMoves, moves = m._malloc(8 * cap), probs = m._malloc(8 * cap);
        const before = g.position();
        assert.equal(m._herd_js_step(g.handle, cap, moves, probs, cap), codes.E_ARG, 'a place past the list');
        m.HEAPU32.fill(0xffffffff, moves >> 2, (moves >> 2) + 2);
        assert.equal(m._herd_js_step(g.handle, 0, moves, probs, cap),
                     m._herd_apply(g.handle, 0xffffffff, 0xffffffff), 'no move of the game');
        assert.ok(m._herd_apply(g.handle, 0xffffffff, 0xffffffff) < 0);
        assert.equal(g.position(), before);
        assert.equal(g.history, 0);
        g.setPosition('hare turn=hounds hare=e2 hounds=a2,b1,b3 stall=0');
        assert.equal(g.statusInfo().result, 'win');
        assert.equal(m._herd_js_step(g.handle, -1, moves, probs, cap), 0, 'a game over lists nothing');
        m._free(moves);
        m._free(probs);
        g.free();
    });
});

describe('the registry: herd.games()', () => {
    const games = herd.games();

    // The protocol's `games` line of an entry: KEY=LO..HI:DEFAULT,
    // KEY=A|B|C:DEFAULT or KEY=point:DEFAULT.
    const gamesLine = g => [g.name, ...g.options.map(o =>
        `${o.key}=${o.kind === 'range' ? `${o.min}..${o.max}` : o.kind === 'choice' ? o.choices.join('|') : 'point'}` +
        `:${o.default}`)].join(' ');

    test('every game, option, bound and default as the herd program\'s `games`', () => {
        assert.deepEqual(games.map(g => g.name), ['horses', 'hex', 'hare', 'fox', 'flock']);
        assert.equal(answer(games.map(gamesLine).join('\n')), runNative(['games'])[0]);
    });

    test('titles, sides, descriptions and levels as `herd --help` lists them', () => {
        const run = spawnSync(herdProgram, ['--help'], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        for (const g of games) {
            const lines = [`  ${g.name}: ${g.title} (${g.sides[0]} against ${g.sides[1]})`,
                ...g.options.map(o => `    ${o.key}=${o.kind === 'range' ? `${o.min}..${o.max}` :
                                              o.kind === 'choice' ? o.choices.join('|') : 'POINT'}` +
                                        ` (default ${o.default}): ${o.description}`),
                `    levels: ${g.levels.map(l => `${l.level}:${l.name}${l.level === g.defaultLevel ? ' (default)' : ''}`).join(' ')}`];
            assert.ok(run.stdout.includes(lines.join('\n') + '\n'), `${g.name}:\n${lines.join('\n')}\nin\n${run.stdout}`);
        }
    });

    test('the types of the values: numbers, a bigint seed, a cell name', () => {
        for (const g of games) {
            assert.ok(Object.isFrozen(g) && Object.isFrozen(g.options) && g.options.every(Object.isFrozen));
            assert.equal(g.options.at(-1).key, 'seed');
            for (const o of g.options) {
                const want = o.key === 'seed' ? 'bigint' : o.kind === 'point' ? 'string' : 'number';
                const values = [o.default, ...(o.kind === 'range' ? [o.min, o.max] : []), ...(o.choices ?? [])];
                assert.ok(values.every(v => typeof v === want), `${g.name} ${o.key}: ${want}`);
            }
        }
        const seed = games[0].options.at(-1);
        assert.equal(seed.max, 2n ** 64n - 1n);
        assert.deepEqual(games.find(g => g.name === 'fox').options[0].choices, [13, 15, 17]);
    });

    for (const entry of games)
        test(`${entry.name}: the entry agrees with a game's own answers`, () => {
            const g = herd.newGame(entry.name);
            assert.equal(g.info, entry);
            assert.deepEqual(g.sides, [0, 1].map(s => herd.module.UTF8ToString(herd.module._herd_side_name(g.handle, s))));
            assert.equal(entry.maxMoves, herd.module._herd_max_moves(g.handle));
            assert.equal(entry.levels.length, herd.module._herd_max_level(g.handle));
            for (const l of entry.levels)
                assert.deepEqual(g.level(l.level), l);
            assert.deepEqual(g.level(0), { ...entry.levels[entry.defaultLevel - 1], level: 0 });
            assert.equal(g.isChance(), entry.hasChance, 'a game with dice starts with a roll');
            let solved = true;
            try {
                g.solve();
            } catch (e) {
                assert.equal(e.code, codes.E_UNSUPPORTED);
                solved = false;
            }
            assert.equal(solved, entry.solvable);
            // The defaults are the options of a game made without any.
            assert.deepEqual(g.options(), Object.fromEntries(entry.options.map(o => [o.key, o.default])));
            g.free();
        });

    test('options(): what a game was made with, which makes the same game', () => {
        const rng = generator(21);
        let checked = 0;
        for (let i = 0; i < 200; i++) {
            const name = rng.pick(GAME_NAMES), options = randomOptions(name, rng);
            let g;
            try {
                g = herd.newGame(name, options);
            } catch (e) {
                assert.ok(e instanceof HerdError);
                continue;
            }
            const got = g.options(), entry = g.info;
            assert.deepEqual(Object.keys(got), entry.options.map(o => o.key));
            for (const o of entry.options)
                assert.equal(got[o.key], o.key in options ? (typeof o.default === 'bigint' ? BigInt(options[o.key])
                                                                 : options[o.key]) : o.default, `${name} ${o.key}`);
            const again = herd.newGame(name, got);
            assert.equal(again.save(), g.save());
            for (const x of [g, again])
                x.free();
            checked++;
        }
        assert.ok(checked > 100, `${checked} games`);
    });
});

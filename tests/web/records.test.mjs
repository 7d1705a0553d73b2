// Game records and the players' endings in the JavaScript API (build/web's
// herd.mjs), in the shapes of the Python package's: every game written,
// read and written again gives the same bytes in both forms, the endings
// stand in the status, the record and the game handed back, refused records
// say where, readRecords() reads lazily and frees what it made.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { GAME_NAMES, HerdError, codes, generator, loadHerd } from './common.mjs';

const herd = await loadHerd();

// A game of `name` played `plies` random actions (rolls included) or to its end.
function played(name, seed, plies) {
    const g = herd.newGame(name, { seed });
    const rng = generator(seed);
    for (let i = 0; i < plies && g.statusInfo().result === 'ongoing'; i++) {
        if (g.isChance()) {
            g.roll();
            continue;
        }
        const legal = g.legal();
        g.play(legal[Math.floor(rng.next() * legal.length)]);
    }
    return g;
}

describe('records', () => {
    test('every game writes, reads and writes the same bytes', () => {
        const texts = [];
        for (const name of GAME_NAMES)
            for (const seed of [1, 2, 3]) {
                const g = played(name, seed, 30 * seed);
                const r = g.record({ [g.sides[0]]: 'Ann', [g.sides[1]]: 'herd level 2', Event: 'round trip',
                                     Date: new Date(2026, 11, 7) });
                const text = r.text();
                const back = herd.parseRecord(text);
                assert.equal(back.text(), text);
                assert.equal(String(back), text);
                assert.equal(herd.parseRecord(r.text(true)).text(), text);
                assert.ok(!r.text(true).includes('\n'));
                assert.equal(back.plies, g.history);
                assert.deepEqual(back.moves(), g.moves());
                assert.equal(back.status(), g.status());
                assert.equal(back.tag('Date'), '2026.12.07');
                assert.equal(back.tags()[g.sides[0][0].toUpperCase() + g.sides[0].slice(1)], 'Ann');
                const end = back.game();
                assert.equal(end.position(), g.position());
                assert.equal(end.record().text(), text, 'a game handed back records the same text');
                for (const x of [end, back, r, g])
                    x.free();
                texts.push(text);
            }
        const read = [...herd.readRecords(texts.join('\n'))];
        assert.deepEqual(read.map(r => r.text()), texts);
        read.forEach(r => r.free());
    });

    test('comments, clocks and unknown tags come back', () => {
        const g = played('hare', 3, 12);
        const r = g.record({ TimeControl: '300+5', Mood: 'calm' });
        r.setComment(0, 'before the first');
        r.setComment(2, 'a comment');
        r.setClock(2, 297.9);
        const back = herd.parseRecord(r.text());
        assert.equal(back.text(), r.text());
        assert.equal(back.comment(0), 'before the first');
        assert.equal(back.comment(2), 'a comment');
        assert.equal(back.clock(2), 297);
        assert.equal(back.clock(1), null);
        assert.equal(Object.keys(back.tags()).at(-1), 'Mood');
        r.setComment(2, null);
        r.setClock(2, null);
        assert.equal(r.comment(2), null);
        assert.equal(r.clock(2), null);
        for (const [f, code] of [[() => r.setTag('Game', 'hex'), codes.E_ARG],
                                 [() => r.setTag('Date', 'yesterday'), codes.E_PARSE],
                                 [() => r.setTag('Event', ['a']), codes.E_ARG],
                                 [() => r.setTag('Event', 'a\ud800'), codes.E_PARSE],
                                 [() => r.setComment(1, 'a } inside'), codes.E_PARSE],
                                 [() => r.setComment(99, 'past the end'), codes.E_ARG],
                                 [() => r.setClock(0, 10), codes.E_ARG],
                                 [() => r.setClock(1, -5), codes.E_ARG],
                                 [() => r.game(99), codes.E_ARG]])
            assert.throws(f, e => e instanceof HerdError && e.code === code, String(f));
        for (const x of [back, r, g])
            x.free();
        assert.throws(() => r.text(), e => e.code === codes.E_STATE);
    });

    test('each ending stands in the status, the record and the game', () => {
        const cases = [[g => g.resign('hare'), 'win hounds resigned', '1-0'],
                       [g => g.resign(0), 'win hare resigned', '0-1'],
                       [g => g.timeOut('hounds'), 'win hare time', '0-1'],
                       [g => g.agreeDraw(), 'draw agreed', '1/2-1/2'],
                       [g => g.abandon(), 'over abandoned', '*']];
        for (const [end, status, result] of cases) {
            const g = played('hare', 7, 6), save = g.save(), n = g.history;
            end(g);
            assert.equal(g.status(), status);
            assert.equal(g.history, n);
            assert.deepEqual(g.legal(), []);
            assert.throws(() => g.abandon(), e => e.code === codes.E_STATE);
            const r = g.record();
            assert.equal(r.result, result);
            assert.equal(r.termination, status.split(' ').at(-1));
            assert.equal(herd.parseRecord(r.text()).status(), status);
            const back = r.game();
            assert.equal(back.status(), status);
            g.undo();  // the ending alone
            assert.equal(g.history, n);
            assert.equal(g.save(), save);
            for (const x of [back, r, g])
                x.free();
        }
        const g = herd.newGame('hex', { size: 3 });
        assert.throws(() => g.resign('green'), e => e.code === codes.E_ARG);
        g.resign('red');
        assert.equal(g.statusInfo().result, 'win');
        g.free();
    });

    test('a refused record says where, and reading goes on past it', () => {
        const good = [played('hare', 4, 20), played('hare', 5, 20)].map(g => g.record().text());
        const bad = good[0].replace(/\n1\. (\S+)/, '\n1. a0-z9');
        assert.throws(() => herd.parseRecord(bad), e => e instanceof HerdError && /^record 1, line \d+, column \d+: /.test(e.message)
            && e.record === 1 && e.line > 1 && e.column >= 1);
        assert.throws(() => herd.parseRecord('\ud800'), e => e.code === codes.E_PARSE);
        const reader = herd.readRecords([good[0], bad, good[1]].join('\n'));
        assert.equal(reader.next().value.text(), good[0]);
        assert.throws(() => reader.next(), e => /^record 2, /.test(e.message));
        assert.ok(reader.next().done, 'an error ends the loop');
        const skipped = [...herd.readRecords([good[0], bad, good[1]].join('\n'), { errors: 'skip' })];
        assert.deepEqual(skipped.map(r => r.text()), good);
        assert.throws(() => herd.readRecords('', { errors: 'ignore' }).next(), e => e.code === codes.E_ARG);
    });

    test('reading is lazy and frees what it made', () => {
        const texts = Array.from({ length: 20 }, (_, i) => played('flock', i + 1, 40).record({ Round: i }).text());
        const many = Array(10).fill(texts.join('\n')).join('\n') + '\n' + texts[0].replace(/\n1\. \S+/, '\n1. z9-z9');
        const before = herd.heapInUse();
        let seen = 0;
        for (const r of herd.readRecords(many)) {
            assert.equal(r.tag('Round'), String(seen % 20));
            r.free();
            if (++seen === 200)
                break;  // the broken record at the end is never read
        }
        assert.equal(seen, 200);
        assert.equal(herd.heapInUse(), before, 'the reader and its copy of the text are freed');
        assert.throws(() => [...herd.readRecords(many)], e => /^record 201, /.test(e.message));
    });
});

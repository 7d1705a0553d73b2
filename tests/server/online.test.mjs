// The page online, in headless Chromium (playwright-core from tests/web):
// herd-server serves build/web; one page creates a game against a friend,
// a second one at a phone's size takes the invitation, a third watches;
// they play a whole game of Flock by clicks, the friend's page is reloaded
// mid-game and plays on, the watcher sees every move, the record is
// downloaded; then a game against the computer on the server ends with a
// result. No page logs anything. HERD_SERVER names the server program
// (tools/test.sh: build/ci's).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { launch } from '../web/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const exe = process.env.HERD_SERVER ?? path.join(root, 'build/ci/programs/herd-server');
let server, browser, base;
const pages = [];

before(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'herd-online-'));
    server = spawn(exe, ['--port', '0', '--db', path.join(dir, 'games.sqlite'), '--web', path.join(root, 'build/web'),
                          '--rate', '100000', '--burst', '100000'],
                   { stdio: ['ignore', 'pipe', 'inherit'] });
    base = await new Promise((resolve, reject) => {
        server.stdout.once('data', d => {
            const m = /http:\/\/[^/ ]+\//.exec(String(d));
            m ? resolve(m[0]) : reject(new Error(`herd-server: ${d}`));
        });
        server.once('exit', code => reject(new Error(`herd-server ended: ${code}`)));
    });
    browser = await launch();
});

after(async () => {
    for (const { page, messages } of pages) {
        await page.close();
        assert.deepEqual(messages, [], 'the page logs nothing');
    }
    await browser?.close();
    server?.kill('SIGTERM');
});

async function newPage(url, viewport = { width: 1280, height: 860 }) {
    const page = await browser.newPage({ viewport });
    const messages = [];
    page.on('console', m => messages.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', e => messages.push(`pageerror: ${e.message}`));
    pages.push({ page, messages });
    await page.goto(url);
    return page;
}

const stateOf = async page => JSON.parse(await page.$eval('#online', e => e.dataset.state ?? 'null'));

// Waits until the page's state satisfies the predicate (of its JSON).
async function until(page, predicate, arg) {
    await page.waitForFunction(([p, a]) => {
        const s = document.getElementById('online').dataset.state;
        return s && new Function('s', 'a', `return (${p})(s, a)`)(JSON.parse(s), a);
    }, [predicate.toString(), arg], { timeout: 60000, polling: 50 });
    return stateOf(page);
}

// The page's drawing is the last state's: #game's position is the server's.
async function drawn(page, st) {
    await page.waitForFunction(p => document.getElementById('game').dataset.position === p, st.position,
                               { timeout: 60000, polling: 50 });
}

// Plays `action` (FROM-TO, or +CELL / -CELL) by clicks.
async function clickAction(page, action) {
    if (/^[+-]/.test(action))
        return page.click(`[data-cell="${action.slice(1)}"]`);
    const [from, to] = action.split('-');
    const selected = await page.$$eval('[data-cell][data-selected]', l => l.map(e => e.dataset.cell));
    if (selected[0] !== from)
        await page.click(`[data-cell="${from}"]`);
    await page.click(`[data-cell="${to}"]`);
}

test('two pages play a whole game online, one at a phone size and reloaded, a third watches', async () => {
    const a = await newPage(base);
    await page_setup(a, 'flock', 'friend');
    let st = await until(a, s => s.seat === 0);
    const invite = await a.$eval('#online-invite-link', e => e.value);
    assert.match(invite, /#join=[0-9a-f]{16}\.[0-9a-f]{32}$/);
    assert.ok(!(await a.isHidden('#online-abort')), 'abort is offered before the first move');
    const b = await newPage(invite, { width: 390, height: 844 });
    await until(b, s => s.seat === 1);
    const w = await newPage(`${base}#watch=${st.id}`);
    await until(w, s => s.seat === null);
    assert.ok(await w.isHidden('#online-resign'), 'a watcher has no buttons');
    const seen = [];
    let reloaded = false;
    st = await stateOf(a);
    while (st.status.result === 'ongoing') {
        const mover = st.to_act === 0 ? a : b;
        await drawn(mover, st);
        await clickAction(mover, st.legal[0]);
        const ply = st.ply + 1;
        st = await until(a, (s, p) => s.ply >= p, ply);
        await until(b, (s, p) => s.ply >= p, ply);
        const ws = await until(w, (s, p) => s.ply >= p, ply);
        seen.push(ws.moves[ply - 1]);
        if (ply === 6 && !reloaded) {
            reloaded = true;
            await b.reload();
            assert.equal((await until(b, (s, p) => s.ply >= p, ply)).seat, 1, 'the reload rejoins the seat');
        }
    }
    assert.deepEqual(seen, st.moves, 'the watcher saw every move');
    assert.ok(reloaded);
    await a.waitForSelector('#online-record:not([hidden])');
    const href = await a.$eval('#online-record', e => e.href);
    const record = await (await fetch(href)).text();
    assert.match(record, /\[Game "flock"\]/);
    assert.match(await a.textContent('#turn'), /win|draw/);
    assert.ok(!(await a.isHidden('#online-rematch')), 'a rematch is offered');
    // The rematch: both ask; both pages go on to the new game, seats swapped.
    await a.click('#online-rematch');
    await until(b, s => s.rematch[0]);
    await b.click('#online-rematch');
    const ra = await until(a, (s, id) => s.id !== id, st.id);
    const rb = await until(b, (s, id) => s.id !== id, st.id);
    assert.equal(ra.id, rb.id);
    assert.deepEqual([ra.seat, rb.seat, ra.ply], [1, 0, 0]);
    await drawn(b, rb);
    await clickAction(b, rb.legal[0]);
    assert.equal((await until(a, s => s.ply === 1)).moves.length, 1, 'the rematch is played');
});

async function page_setup(page, game, opponent, level) {
    await page.waitForSelector('#setup:not([hidden])');
    await page.check(`input[name=game][value=${game}]`);
    await page.check('input[name=players][value=online]');
    await page.selectOption('#setup-opponent', opponent);
    if (level)
        await page.selectOption('#setup-level', String(level));
    await page.click('#start');
}

test('a game against the computer on the server ends with a result', async () => {
    const p = await newPage(base);
    await page_setup(p, 'flock', 'computer', 1);
    let st = await until(p, s => s.seat === 0);
    assert.equal(st.seats[1].player, 'computer');
    while (st.status.result === 'ongoing') {
        st = await until(p, s => s.to_act === 0 || s.status.result !== 'ongoing');
        if (st.status.result !== 'ongoing')
            break;
        await drawn(p, st);
        await clickAction(p, st.legal[0]);
        st = await until(p, (s, n) => s.ply > n, st.ply);
    }
    assert.match(await p.textContent('#turn'), /win|draw/);
});

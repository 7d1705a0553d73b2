// The page (build/web/index.html) in Debian's Chromium, headless, driven by
// playwright-core (tests/web/package.json): games started from the URL,
// moves made by clicks, a refused click, Hint, Undo, the computer's moves
// from the worker, a game watched to its end, and no console message.
// Screenshots go to build/web-test/. CHROMIUM names another browser binary.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { generator, loadHerd, root, webDir } from './common.mjs';

const { chromium } = await import('playwright-core');
const herd = await loadHerd();
const shots = path.join(root, 'build/web-test');
const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(browserPath))
    throw new Error(`no Chromium at ${browserPath} (tools/deps.sh installs Debian's chromium)`);

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
                '.css': 'text/css', '.json': 'application/json', '.ts': 'text/plain' };

// A static server of build/web on a free loopback port.
function serve() {
    const server = createServer((req, res) => {
        const url = new URL(req.url, 'http://x');
        const file = path.join(webDir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
        const name = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
        if (!name.startsWith(webDir) || !existsSync(name)) {
            res.writeHead(404).end();
            return;
        }
        res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream' });
        res.end(readFileSync(name));
    });
    return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server, browser, base;

before(async () => {
    mkdirSync(shots, { recursive: true });
    server = await serve();
    base = `http://127.0.0.1:${server.address().port}/index.html`;
    browser = await chromium.launch({
        executablePath: browserPath,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
               '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
});

after(async () => {
    await browser?.close();
    server?.close();
});

// A page at the URL's query, with every console message and page error
// collected: the page logs nothing unless something is wrong.
async function open(query) {
    const page = await browser.newPage({ viewport: { width: 800, height: 1000 } });
    const messages = [];
    page.on('console', m => messages.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', e => messages.push(`page error: ${e.message}`));
    await page.goto(`${base}?${query}`);
    await page.waitForSelector('#game[data-position]:not([data-position=""])');
    return { page, messages };
}

const state = page => page.$eval('#game', e => ({ position: e.dataset.position, status: e.dataset.status,
                                                   thinking: e.hasAttribute('data-thinking') }));

// Waits until the page shows the position and nobody is thinking.
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

describe('Herd of Horses against the computer, from the URL', () => {
    test('click a move, a refused click, hint, the reply, undo', async () => {
        const { page, messages } = await open('game=horses&seed=3&players=computer&level=2');
        const mirror = herd.newGame('horses', { seed: 3 });
        const start = mirror.position();
        assert.deepEqual(await state(page), { position: start, status: 'ongoing green', thinking: false });
        assert.equal(await page.locator('[data-cell]').count(), 64);

        // A horse with moves: selected, its targets marked.
        const action = mirror.legal()[0], [from, to] = action.split('-');
        await page.click(`[data-cell="${from}"]`);
        assert.deepEqual(await marked(page, 'data-selected'), [from]);
        const targets = mirror.legal().filter(a => a.startsWith(`${from}-`)).map(a => a.split('-')[1]).sort();
        assert.deepEqual(await marked(page, 'data-target'), targets);
        await page.screenshot({ path: path.join(shots, 'horses-selected.png') });

        // A cell with no move: refused, nothing selected, nothing played.
        const empty = ['d5', 'e5', 'c6', 'h1'].find(c => !mirror.legal().some(a => a.startsWith(`${c}-`)));
        await page.click(`[data-cell="${empty}"]`);
        assert.deepEqual(await marked(page, 'data-selected'), []);
        assert.equal(await page.textContent('#message'), `No move from ${empty}`);
        assert.equal((await state(page)).position, start);

        // The move, then the computer's reply from the worker.
        await page.click(`[data-cell="${from}"]`);
        await page.click(`[data-cell="${to}"]`);
        mirror.play(action);
        const afterReply = await settled(page, s => s.status === 'ongoing green' && s.position !== start);
        const log = await page.$$eval('#log li', list => list.map(e => [e.dataset.action, e.textContent]));
        assert.equal(log.length, 2);
        assert.equal(log[1][0], action);
        assert.match(log[1][1], new RegExp(`^1\\. Green moved horse \\d: ${from} -> ${to}$`));
        assert.ok(mirror.legal().includes(log[0][0]), `the reply ${log[0][0]} is legal`);
        mirror.play(log[0][0]);
        assert.equal(afterReply.position, mirror.position());

        // Hint: a legal move, shown on its cells; nothing played.
        await page.click('#hint');
        await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Hint: '));
        const hinted = (await page.textContent('#message')).slice('Hint: '.length);
        assert.ok(mirror.legal().includes(hinted), `the hint ${hinted} is legal`);
        assert.deepEqual(await marked(page, 'data-hint'), hinted.split('-').sort());
        assert.equal((await state(page)).position, mirror.position());
        await page.screenshot({ path: path.join(shots, 'horses-hint.png') });

        // Undo: the reply and the move taken back.
        await page.click('#undo');
        await settled(page, s => s.position === start);
        assert.equal(await page.locator('#log li').count(), 0);
        assert.ok(await page.isDisabled('#undo'));
        assert.deepEqual(messages, []);
        mirror.free();
        await page.close();
    });

    test('the computer against itself, to the end', async () => {
        const { page, messages } = await open('game=horses&seed=5&players=watch&level=2&delay=0');
        const end = await settled(page, s => !s.status.startsWith('ongoing'));
        assert.match(end.status, /^(win (green|red) (corner|no-moves)|draw .+)$/);
        const actions = await page.$$eval('#log li', list => list.map(e => e.dataset.action).reverse());
        // The log replays to the final position.
        const replay = herd.newGame('horses', { seed: 5 });
        for (const a of actions)
            replay.play(a);
        assert.equal(replay.position(), end.position);
        assert.equal(replay.status(), end.status);
        replay.free();
        assert.match(await page.textContent('#turn'), /wins|Draw/);
        await page.screenshot({ path: path.join(shots, 'horses-end.png') });
        assert.deepEqual(messages, []);
        await page.close();
    });
});

describe('the other games in the plain view', () => {
    test('fox, two players: an action by its button', async () => {
        const { page, messages } = await open('game=fox&players=two&geese=15');
        const mirror = herd.newGame('fox', { geese: 15 });
        assert.equal((await state(page)).position, mirror.position());
        const action = mirror.legal().at(-1);
        await page.click(`button[data-action="${action}"]`);
        mirror.play(action);
        await settled(page, s => s.position === mirror.position());
        assert.equal((await state(page)).status, 'ongoing geese');
        await page.click('#undo');
        await settled(page, s => s.status === 'ongoing fox');
        assert.deepEqual(messages, []);
        mirror.free();
        await page.close();
    });

    test('fox: a chain of jumps, ended by #stop', async () => {
        // A random game of the API that reaches a chain: its actions, played
        // on the page by their buttons.
        let actions = null;
        for (let seed = 1; !actions; seed++) {
            const g = herd.newGame('fox'), rng = generator(seed), played = [];
            while (g.statusInfo().result === 'ongoing' && played.length < 80 && !g.inChain()) {
                const a = rng.pick(g.legal());
                g.play(a);
                played.push(a);
            }
            if (g.inChain() && g.legal().includes('stop'))
                actions = played;
            g.free();
        }
        const { page, messages } = await open('game=fox&players=two');
        assert.ok(await page.isHidden('#stop'));
        const mirror = herd.newGame('fox');
        for (const a of actions) {
            await page.click(`button[data-action="${a}"]`);
            mirror.play(a);
            await settled(page, s => s.position === mirror.position());
        }
        assert.match((await state(page)).position, / chain=1 /);
        assert.ok(await page.isVisible('#stop'));
        await page.click('#stop');
        mirror.play('stop');
        const s = await settled(page, x => x.position === mirror.position());
        assert.equal(s.status, 'ongoing geese');
        assert.ok(await page.isHidden('#stop'));
        assert.deepEqual(messages, []);
        mirror.free();
        await page.close();
    });

    test('hex: #roll rolls the dice', async () => {
        const { page, messages } = await open('game=hex&players=two&size=3&seed=4');
        assert.ok(await page.isVisible('#roll'));
        await page.click('#roll');
        const s = await settled(page, x => x.position.includes('phase=place'));
        const mirror = herd.newGame('hex', { size: 3, seed: 4 });
        mirror.roll();
        assert.equal(s.position, mirror.position());
        assert.ok(await page.isHidden('#roll'));
        assert.deepEqual(messages, []);
        mirror.free();
        await page.close();
    });

    test('options out of range: the library\'s message, no game', async () => {
        const page = await browser.newPage();
        const messages = [];
        page.on('console', m => messages.push(m.text()));
        await page.goto(`${base}?game=horses&w=7`);
        await page.waitForFunction(() => document.getElementById('message').textContent !== '');
        assert.equal(await page.textContent('#message'), 'w=7 is out of range 8..30');
        assert.equal(await page.getAttribute('#game', 'data-position'), '');
        assert.deepEqual(messages, []);
        await page.close();
    });
});

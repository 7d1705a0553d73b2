// What the tests of the page in headless Chromium share: a static server of
// build/web, the browser (Debian's /usr/bin/chromium, or CHROMIUM) driven by
// playwright-core, pages that collect their console messages, which must
// stay empty, and the game's state on a page. Screenshots go to
// build/web-test/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';

import { root, webDir } from './common.mjs';

const { chromium } = await import('playwright-core');

export const shots = path.join(root, 'build/web-test');
const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(browserPath))
    throw new Error(`no Chromium at ${browserPath} (tools/deps.sh installs Debian's chromium)`);

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
                '.css': 'text/css', '.json': 'application/json', '.ts': 'text/plain' };

/** A static server of build/web on a free loopback port. */
export function serve() {
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

/** Headless Chromium, as the tests run it. */
export function launch() {
    return chromium.launch({
        executablePath: browserPath,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
               '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
}

let server, browser, base;
const pages = [];

/** Serves the build and starts the browser before the file's tests, and
 *  stops both after them; every page of a test is closed when the test
 *  ends, after checking that it logged nothing. */
export function useBrowser() {
    before(async () => {
        mkdirSync(shots, { recursive: true });
        server = await serve();
        base = `http://127.0.0.1:${server.address().port}/index.html`;
        browser = await launch();
    });

    after(async () => {
        await browser?.close();
        server?.close();
    });

    afterEach(async () => {
        for (const { page, messages } of pages.splice(0)) {
            await page.close();
            assert.deepEqual(messages, [], 'the page logs nothing');
        }
    });
}

/** A page of the given viewport, with every console message and page error
 *  collected; goto() goes to the URL's query and waits until the game has
 *  started, or the setup is shown. */
export async function newPage(viewport = { width: 1280, height: 860 }) {
    const page = await browser.newPage({ viewport });
    const messages = [];
    page.on('console', m => messages.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', e => messages.push(`page error: ${e.message}`));
    pages.push({ page, messages });
    return page;
}

/** Goes to the page at the URL's query; waits until the game has started,
 *  or (game false) the setup screen is shown. */
export async function goto(page, query, { game = true } = {}) {
    await page.goto(`${base}?${query}`);
    await page.waitForSelector(game ? '#game[data-position]:not([data-position=""])' : '#setup:not([hidden])');
    return page;
}

/** A new page at the URL's query (goto()). */
export async function open(query, options = {}) {
    return goto(await newPage(options.viewport), query, options);
}

/** The game's state as the page shows it on #game: its position, status,
 *  whether the computer is thinking, and in a replay the ply shown. */
export const state = page => page.$eval('#game', e => ({ position: e.dataset.position, status: e.dataset.status,
                                                          thinking: e.hasAttribute('data-thinking'),
                                                          ply: e.dataset.ply }));

/** Waits until #message says `expected` (a refusal is the worker's
 *  answer); fails with the message it says. */
export async function says(page, expected) {
    try {
        await page.waitForFunction(t => document.querySelector('#message')?.textContent === t, expected);
    } catch {
        assert.equal(await page.textContent('#message'), expected);
    }
}

/** The state once the computer is not thinking and `predicate` holds
 *  (checked every 50 ms, for up to two minutes: a game watched to its end). */
export async function settled(page, predicate = () => true) {
    for (let i = 0; i < 2400; i++) {
        const s = await state(page);
        if (!s.thinking && predicate(s))
            return s;
        await page.waitForTimeout(50);
    }
    throw new Error(`the page did not settle: ${JSON.stringify(await state(page))}`);
}

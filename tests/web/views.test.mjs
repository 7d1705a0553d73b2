// The page's views (build/web/app/views/): each game of the registry has
// one, found by its name, with what the page and the worker call; a name
// without a view is refused with the message the page shows; a view imports
// no screen of the page.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { GAME_NAMES, webDir } from './common.mjs';

const { viewOf } = await import(path.join(webDir, 'app/views/index.js'));

describe('views', () => {
    for (const name of GAME_NAMES)
        test(`${name} has a view`, async () => {
            const view = await viewOf(name);
            assert.equal(typeof view.describe, 'function');
            assert.equal(typeof view.draw, 'function');
            assert.equal(typeof view.colors, 'object');
            assert.equal(typeof view.pieces, 'function');
        });

    test('a name without a view, or not a game name, is refused', async () => {
        for (const name of ['kite', 'hunt', 'board', '../herd', 'Horses', ''])
            await assert.rejects(viewOf(name), { message: `no view of the game ${name}` });
    });
});

// A view draws a game: it depends on what the views share (board.js,
// options.js, herd.mjs, one another), never on the setup screen or the
// game screen (views/fox.js imported setup.js for an option's name).
test('the views import no screen of the page', async () => {
    const dir = path.join(webDir, 'app/views');
    for (const file of readdirSync(dir).filter(f => f.endsWith('.js'))) {
        const source = readFileSync(path.join(dir, file), 'utf8');
        const imported = [...source.matchAll(/^import [^;]*? from '([^']+)';/gms)].map(m => m[1]);
        for (const module of imported)
            assert.match(module, /^(\.\/[a-z]+\.js|\.\.\/(board|options)\.js|\.\.\/\.\.\/herd\.mjs)$/, `${file} imports ${module}`);
    }
});

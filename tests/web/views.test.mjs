// The page's views (build/web/app/views/): each game of the registry has
// one, found by its name, with what the page and the worker call; a name
// without a view is refused with the message the page shows.
import assert from 'node:assert/strict';
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

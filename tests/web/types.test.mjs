// The TypeScript declarations of the package (herd.d.ts of the web build):
// tsc --strict compiles types.ts, which uses the API as a TypeScript program
// would and expects errors where the types must refuse a call.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { webDir } from './common.mjs';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

test('herd.d.ts compiles and types the API', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'herd-types-'));
    try {
        const config = path.join(dir, 'tsconfig.json');
        writeFileSync(config, JSON.stringify({
            compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'es2022',
                               moduleResolution: 'bundler', paths: { libherd: [path.join(webDir, 'herd.d.ts')] } },
            files: [fileURLToPath(new URL('./types.ts', import.meta.url))],
        }));
        const run = spawnSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stdout + run.stderr);
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
});

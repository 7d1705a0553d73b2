// The speed of the web build beside the native library's, in one run:
//     node tests/web/bench.mjs [--browser] [RUNS [GAME]]
// runs the native benchmark (HERD_BENCH, default build/release/tests/herd-bench:
// tests/bench/herd_bench.c) for each game, then the same perft positions and
// random playouts in build/web's WebAssembly module (bench-core.mjs), under
// Node, or with --browser in a page of headless Chromium (browser.mjs's
// server and browser), and prints both rates and their ratio. The two take
// turns, one run each, RUNS times (default 5), so that both see the machine
// as it is at that moment; each rate is the median of its runs, each ratio
// the median of the runs' ratios. Each figure runs once untimed before, on
// both sides.
// Perft goes through Game.perft(), one call into the module. "playouts in C"
// is herd_playouts() (uniformly random, and at level 1) on both sides, the
// same C loop; "playouts from JS" sets herd-bench's C loop of herd_apply()
// on a heap game beside the same loop written in JavaScript, which calls the
// module once per action (glue.c's herd_js_step()), as a JavaScript program
// that plays its own games would: that figure is the price of crossing into
// the module too.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { GAME_NAMES, loadHerd, root } from './common.mjs';
import * as core from './bench-core.mjs';

const args = process.argv.slice(2);
const inBrowser = args[0] === '--browser';
if (inBrowser)
    args.shift();
const runs = Number(args[0] ?? 5);
const only = args[1];
const bench = path.resolve(process.env.HERD_BENCH ?? path.join(root, 'build/release/tests/herd-bench'));
if (!Number.isInteger(runs) || runs < 1 || (only && !GAME_NAMES.includes(only)) || args.length > 2) {
    console.error('usage: node tests/web/bench.mjs [--browser] [RUNS [GAME]]');
    process.exit(2);
}
if (!existsSync(bench)) {
    console.error(`${bench} is missing: cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release && ` +
                  'cmake --build build/release --target herd-bench (or set HERD_BENCH)');
    process.exit(1);
}

function median(values) {
    const v = [...values].sort((a, b) => a - b), n = v.length;
    return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The options of a figure as herd-bench names them: KEY=VALUE text, or "the
// defaults" (in parentheses in a perft line).
function optionsOf(text) {
    const t = text.trim();
    return /^\(?the defaults\)?$/.test(t) ? '' : t;
}

// The native figures of one run of one game, each with the bench-core.mjs
// function that measures it in the module: its perft cases, heap-game
// playouts and herd_playouts() levels.
function native(game) {
    // Playwright starts Chromium in a session of its own, and Linux shares
    // the processor between sessions first (autogroups): the native side too
    // then runs in one of its own, or it would share its part with whatever
    // else runs in this one.
    const [file, argv] = inBrowser ? ['setsid', ['--wait', bench, '1', game]] : [bench, ['1', game]];
    const run = spawnSync(file, argv, { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.status !== 0)
        throw new Error(`${bench} exited with ${run.status}: ${run.stderr}`);
    const figures = [];
    const lines = run.stdout.split('\n');
    let playoutOptions = '';
    lines.forEach((line, i) => {
        let x = /^ {2}perft (.*?)\s+\+(\d+)\s+plies, depth (\d+):\s+(\d+) leaves,\s+([\d.]+) M leaves\/s$/.exec(line);
        if (x) {
            const c = { options: optionsOf(x[1]), plies: Number(x[2]), depth: Number(x[3]), leaves: x[4] };
            figures.push({ what: `perft ${c.options || '(defaults)'} +${c.plies} depth ${c.depth}`,
                           fn: 'perftRate', c, rate: Number(x[5]) * 1e6 });
        }
        x = /^ {2}random playouts from (.*) \(at most (\d+) moves\), heap game with undo history:$/.exec(line);
        const y = x && /^ {4}([\d.]+) games\/s, ([\d.]+) M moves\/s$/.exec(lines[i + 1]);
        if (y) {
            playoutOptions = optionsOf(x[1]);
            figures.push({ what: `playouts from JS ${playoutOptions || '(defaults)'}`, fn: 'jsPlayoutRate',
                           c: { options: playoutOptions, cap: Number(x[2]) }, rate: Number(y[2]) * 1e6 });
        }
        x = /^ {2}herd_playouts\(\), level (-?\d+) \((.*)\), at most (\d+) actions: [\d.]+ games\/s, ([\d.]+) M actions\/s$/.exec(line);
        if (x)
            figures.push({ what: `playouts in C, level ${x[1]} (${x[2]})`, fn: 'batchedRate',
                           c: { options: playoutOptions, level: Number(x[1]), cap: Number(x[3]) },
                           rate: Number(x[4]) * 1e6 });
    });
    if (!figures.some(f => f.fn === 'perftRate') || !figures.some(f => f.fn === 'batchedRate'))
        throw new Error(`no figures of ${game} in the output of ${bench}:\n${run.stdout}`);
    return figures;
}

// The module's side: measure(fn, name, c) runs bench-core.mjs's fn in Node,
// or in a page of headless Chromium that has loaded the build and
// bench-core.mjs; close() ends the browser.
async function wasmSide() {
    if (!inBrowser) {
        const herd = await loadHerd();
        return { herd, where: `Node ${process.version}`,
                 measure: async (fn, name, c) => core[fn](herd, name, c), close: async () => {} };
    }
    const { serve, launch } = await import('./browser.mjs');
    const server = await serve(), browser = await launch();
    const origin = `http://127.0.0.1:${server.address().port}`;
    const page = await browser.newPage();
    page.on('pageerror', e => console.error(`page error: ${e.message}`));
    // Any page of the server's origin, so that the page may import the build.
    await page.goto(`${origin}/herd.d.ts`);
    const source = readFileSync(new URL('./bench-core.mjs', import.meta.url), 'utf8');
    const version = await page.evaluate(async ([origin, source]) => {
        const { loadHerd } = await import(`${origin}/herd.mjs`);
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        globalThis.bench = { herd: await loadHerd(), core: await import(url) };
        return globalThis.bench.herd.version;
    }, [origin, source]);
    return {
        herd: { version }, where: `headless Chromium ${browser.version()}`,
        measure: (fn, name, c) => page.evaluate(([fn, name, c]) => bench.core[fn](bench.herd, name, c),
                                                [fn, name, c]),
        close: async () => {
            await browser.close();
            server.close();
        },
    };
}

const wasm = await wasmSide();
const herd = wasm.herd;

const fmt = (rate) => (rate / 1e6).toFixed(2).padStart(8);
console.log(`libherd ${herd.version}: WebAssembly (${wasm.where}) against native ` +
            `(${path.relative(root, bench)}), medians of ${runs} runs taken in turns, M per second`);
console.log(`${'game'.padEnd(7)}${'figure'.padEnd(46)}${'native'.padStart(8)}${'wasm'.padStart(8)}  ratio`);
const ratios = { same: [], js: [] };
for (const name of only ? [only] : GAME_NAMES) {
    const rows = new Map(); // figure → {js, native: [], wasm: []}
    // V8 runs a module's functions in its baseline compiler until they are
    // hot: one untimed run of each figure first, as a program that plays on
    // would have had.
    for (const f of native(name))
        await wasm.measure(f.fn, name, f.c);
    for (let r = 0; r < runs; r++) {
        for (const f of native(name)) {
            const row = rows.get(f.what) ?? { js: f.fn === 'jsPlayoutRate', native: [], wasm: [] };
            row.native.push(f.rate);
            row.wasm.push(await wasm.measure(f.fn, name, f.c));
            rows.set(f.what, row);
        }
    }
    for (const [what, { js, native: nat, wasm: w }] of rows) {
        const ratio = median(w.map((x, i) => x / nat[i]));
        ratios[js ? 'js' : 'same'].push(ratio);
        console.log(`${name.padEnd(7)}${what.padEnd(46)}${fmt(median(nat))}${fmt(median(w))}  ${ratio.toFixed(2)}`);
    }
}
await wasm.close();
const summary = (r) => `${median(r).toFixed(2)} (lowest ${Math.min(...r).toFixed(2)}, ` +
                       `highest ${Math.max(...r).toFixed(2)})`;
console.log(`median ratio wasm/native, the same C code on both sides: ${summary(ratios.same)}`);
console.log(`median ratio wasm/native, playouts from JS: ${summary(ratios.js)}`);

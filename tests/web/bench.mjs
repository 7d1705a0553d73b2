// The speed of the web build beside the native library's, in one run:
//     node tests/web/bench.mjs [RUNS [GAME]]
// runs the native benchmark (HERD_BENCH, default build/release/tests/herd-bench:
// tests/bench/herd_bench.c) for each game, then the same perft positions and
// random playouts in build/web's WebAssembly module under Node, and prints
// both rates and their ratio. The two take turns, one run each, RUNS times
// (default 5), so that both see the machine as it is at that moment; each
// rate is the median of its runs, each ratio the median of the runs' ratios.
// Each figure runs once untimed before, on both sides.
// Perft goes through Game.perft(), one call into the module; the playouts
// call the module's C functions from JavaScript once per action, as a
// JavaScript program that plays many games would.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { GAME_NAMES, loadHerd, root } from './common.mjs';

const runs = Number(process.argv[2] ?? 5);
const only = process.argv[3];
const bench = path.resolve(process.env.HERD_BENCH ?? path.join(root, 'build/release/tests/herd-bench'));
if (!Number.isInteger(runs) || runs < 1 || (only && !GAME_NAMES.includes(only))) {
    console.error('usage: node tests/web/bench.mjs [RUNS [GAME]]');
    process.exit(2);
}
if (!existsSync(bench)) {
    console.error(`${bench} is missing: cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release && ` +
                  'cmake --build build/release --target herd-bench (or set HERD_BENCH)');
    process.exit(1);
}

const herd = await loadHerd();
const m = herd.module;

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

// The native figures of one run of one game: its perft cases and heap-game
// playouts.
function native(game) {
    const run = spawnSync(bench, ['1', game], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.status !== 0)
        throw new Error(`${bench} exited with ${run.status}: ${run.stderr}`);
    const perft = [], playouts = [];
    const lines = run.stdout.split('\n');
    lines.forEach((line, i) => {
        let x = /^ {2}perft (.*?)\s+\+(\d+)\s+plies, depth (\d+):\s+(\d+) leaves,\s+([\d.]+) M leaves\/s$/.exec(line);
        if (x)
            perft.push({ options: optionsOf(x[1]), plies: Number(x[2]), depth: Number(x[3]),
                         leaves: BigInt(x[4]), rate: Number(x[5]) * 1e6 });
        x = /^ {2}random playouts from (.*) \(at most (\d+) moves\), heap game with undo history:$/.exec(line);
        const y = x && /^ {4}([\d.]+) games\/s, ([\d.]+) M moves\/s$/.exec(lines[i + 1]);
        if (y)
            playouts.push({ options: optionsOf(x[1]), cap: Number(x[2]), rate: Number(y[2]) * 1e6 });
    });
    if (!perft.length || !playouts.length)
        throw new Error(`no figures of ${game} in the output of ${bench}:\n${run.stdout}`);
    return { perft, playouts };
}

// herd_bench.c's make_game(): the options, then `plies` computer moves.
function makeGame(name, options, plies) {
    const g = herd.newGame(name, options);
    for (let i = 0; i < plies && g.statusInfo().result === 'ongoing'; i++)
        g.isChance() ? g.roll() : g.genmove(0);
    return g;
}

function perftRate(name, c) {
    const g = makeGame(name, c.options, c.plies);
    const t = performance.now();
    const leaves = g.perft(c.depth);
    const rate = Number(leaves) / ((performance.now() - t) / 1e3);
    g.free();
    if (leaves !== c.leaves)
        throw new Error(`perft ${c.depth} of ${name} ${c.options}: ${leaves} leaves, native ${c.leaves}`);
    return rate;
}

// herd_bench.c's playouts() with a heap game: random games from the start
// position for at least half a second, through the module's C functions.
function playoutRate(name, c) {
    const start = herd.newGame(name, c.options), g = start.clone();
    const cap = Math.max(g.maxMoves, 64);
    const buf = m._malloc(8 * cap), probs = m._malloc(8 * cap), out = m._malloc(16);
    let rate;
    {
        let moves = 0, elapsed;
        const t0 = performance.now();
        do {
            m._herd_copy_position(g.handle, start.handle);
            for (let k = 0; k < c.cap; k++) {
                m._herd_get_status(g.handle, out);
                if (m.HEAP32[out >> 2] !== 0)
                    break;
                let i = 0;
                if (m._herd_is_chance(g.handle)) {
                    m._herd_chance_outcomes(g.handle, buf, probs, cap, out);
                    const n = m.HEAPU32[out >> 2], p = m.HEAPF64.subarray(probs >> 3, (probs >> 3) + n);
                    let x = Math.random();
                    while (i + 1 < n && x >= p[i])
                        x -= p[i++];
                } else {
                    m._herd_legal_moves(g.handle, buf, cap, out);
                    i = Math.floor(Math.random() * m.HEAPU32[out >> 2]);
                }
                const lo = m.HEAPU32[(buf >> 2) + 2 * i], hi = m.HEAPU32[(buf >> 2) + 2 * i + 1];
                if (m._herd_apply(g.handle, lo, hi) !== 0)
                    throw new Error(`${name}: a legal action was refused`);
                moves++;
            }
            elapsed = (performance.now() - t0) / 1e3;
        } while (elapsed < 0.5);
        rate = moves / elapsed;
    }
    for (const p of [buf, probs, out])
        m._free(p);
    g.free();
    start.free();
    return rate;
}

const fmt = (rate) => (rate / 1e6).toFixed(2).padStart(8);
console.log(`libherd ${herd.version}: WebAssembly (Node ${process.version}) against native ` +
            `(${path.relative(root, bench)}), medians of ${runs} runs taken in turns, M per second`);
console.log(`${'game'.padEnd(7)}${'figure'.padEnd(42)}${'native'.padStart(8)}${'wasm'.padStart(8)}  ratio`);
const ratios = [];
for (const name of only ? [only] : GAME_NAMES) {
    const rows = new Map(); // figure → {native: [], wasm: []}
    const add = (what, nat, wasm) => {
        const row = rows.get(what) ?? { native: [], wasm: [] };
        row.native.push(nat);
        row.wasm.push(wasm);
        rows.set(what, row);
    };
    // V8 runs a module's functions in its baseline compiler until they are
    // hot: one untimed run of each figure first, as a program that plays on
    // would have had.
    const first = native(name);
    for (const c of first.perft)
        perftRate(name, c);
    for (const c of first.playouts)
        playoutRate(name, c);
    for (let r = 0; r < runs; r++) {
        const n = native(name);
        for (const c of n.perft)
            add(`perft ${c.options || '(defaults)'} +${c.plies} depth ${c.depth}`, c.rate, perftRate(name, c));
        for (const c of n.playouts)
            add(`playouts ${c.options || '(defaults)'} (moves)`, c.rate, playoutRate(name, c));
    }
    for (const [what, { native: nat, wasm }] of rows) {
        const ratio = median(wasm.map((w, i) => w / nat[i]));
        ratios.push(ratio);
        console.log(`${name.padEnd(7)}${what.padEnd(42)}${fmt(median(nat))}${fmt(median(wasm))}  ${ratio.toFixed(2)}`);
    }
}
console.log(`median ratio wasm/native: ${median(ratios).toFixed(2)} (lowest ${Math.min(...ratios).toFixed(2)}, ` +
            `highest ${Math.max(...ratios).toFixed(2)})`);

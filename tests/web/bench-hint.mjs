// How long Hint takes on the page, level by level, in build/web's
// WebAssembly module under Node:
//     node tests/web/bench-hint.mjs [POSITIONS]
//     node tests/web/bench-hint.mjs POSITIONS hex [LEVEL]
//     node tests/web/bench-hint.mjs POSITIONS horses [LEVEL [HORSES]]
// The second form times hex's tree searches (novice, expert, master) at
// every board size (or LEVEL alone), from which the hex view chose Hint's
// level; the third times Herd of Horses' expert and master (or LEVEL
// alone) on boards of 8x8, 16x16 and 30x20 with 4 to 10 horses (or HORSES
// alone), from which the horses view chose Hint's level by the horses.
// For each game at its default options and at its biggest board, plays
// POSITIONS (default 40) positions of a game (seed 1) against level 1 and
// times hint(LEVEL) on each for the page's Hint level (the views'
// hintLevel) and the level above it; prints the mean and the slowest.
// docs/web.md gives the figures from which each game's Hint level was chosen.
import path from 'node:path';

import { loadHerd, webDir } from './common.mjs';

const positions = Number(process.argv[2] ?? 40);
const herd = await loadHerd();
const { viewOf } = await import(path.join(webDir, 'app/views/index.js'));
const BIG = { horses: { w: 30, h: 20, n: 10 }, hex: { size: 13 }, fox: { geese: 17, sideways: 1 } };

function time(name, options, level) {
    const g = herd.newGame(name, { ...options, seed: 1 });
    let n = 0, total = 0, worst = 0, cpuTotal = 0, cpuWorst = 0;
    for (let i = 0; i < positions && g.statusInfo().result === 'ongoing'; i++) {
        if (g.isChance()) {
            g.roll();
            continue;
        }
        const start = performance.now(), cpuStart = process.cpuUsage();
        g.hint(level);
        const ms = performance.now() - start, cpu = process.cpuUsage(cpuStart);
        const cpuMs = (cpu.user + cpu.system) / 1000;
        n++;
        total += ms;
        worst = Math.max(worst, ms);
        cpuTotal += cpuMs;
        cpuWorst = Math.max(cpuWorst, cpuMs);
        g.genmove(1);
    }
    g.free();
    // The CPU time too: on a loaded machine the wall clock stretches, the
    // process's own time much less.
    return `${n} hints, mean ${(total / n).toFixed(1)} ms, slowest ${worst.toFixed(1)} ms ` +
           `(CPU: mean ${(cpuTotal / n).toFixed(1)} ms, slowest ${cpuWorst.toFixed(1)} ms)`;
}

// The page's Hint level for a game of `name` with `options` (the view's
// hintLevel, a number or a function of the game's snapshot).
async function hintLevel(name, options) {
    const view = await viewOf(name);
    if (typeof view.hintLevel !== 'function')
        return view.hintLevel;
    const g = herd.newGame(name, options);
    try {
        return view.hintLevel({ view: view.describe(g) });
    } finally {
        g.free();
    }
}

if (process.argv[3] === 'hex') {
    const hex = herd.games().find(g => g.name === 'hex');
    for (let size = hex.options.find(o => o.key === 'size').min; size <= 13; size++)
        for (let level = 2; level <= hex.levels.length; level++)
            if (process.argv[4] === undefined || Number(process.argv[4]) === level)
                console.log(`hex size ${size} level ${level} (${hex.levels[level - 1].name}): ` +
                            time('hex', { size }, level));
    process.exit(0);
}

// The boards of the horses form: the smallest, a middle one and the
// biggest, each with every number of horses (the time grows with the
// horses far more than with the cells).
const HORSES_BOARDS = [[8, 8], [16, 16], [30, 20]].flatMap(([w, h]) => [4, 5, 6, 7, 8, 9, 10].map(n => [w, h, n]));
if (process.argv[3] === 'horses') {
    const horses = herd.games().find(g => g.name === 'horses');
    const only = (arg, value) => process.argv[arg] === undefined || Number(process.argv[arg]) === value;
    for (const [w, h, n] of HORSES_BOARDS.filter(([, , n]) => only(5, n)))
        for (const level of [4, 5])
            if (only(4, level))
                console.log(`horses ${w}x${h} n ${n} (${w * h} cells) level ${level} ` +
                            `(${horses.levels[level - 1].name}): ${time('horses', { w, h, n }, level)}`);
    process.exit(0);
}

for (const game of herd.games())
    for (const options of [{}, BIG[game.name]].filter(Boolean)) {
        const hint = await hintLevel(game.name, options);
        for (const level of [hint, hint + 1].filter(l => l <= game.levels.length))
            console.log(`${game.name} ${JSON.stringify(options)} level ${level} (${game.levels[level - 1].name}): ${time(game.name, options, level)}`);
    }

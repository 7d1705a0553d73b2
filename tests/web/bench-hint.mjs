// How long Hint takes on the page, level by level, in build/web's
// WebAssembly module under Node:
//     node tests/web/bench-hint.mjs [POSITIONS]
//     node tests/web/bench-hint.mjs POSITIONS hex [LEVEL]
// The second form times hex's tree searches (novice, expert, master) at
// every board size (or LEVEL alone), from which the hex view chose Hint's
// level.
// For each game at its default options and at its biggest board, plays
// POSITIONS (default 40) positions of a game (seed 1) against level 1 and
// times hint(LEVEL) on each for the page's Hint level (the views'
// hintLevel) and the level above it; prints the mean and the slowest.
// docs/web.md gives the figures from which each game's Hint level was chosen.
import { loadHerd } from './common.mjs';

const positions = Number(process.argv[2] ?? 40);
const herd = await loadHerd();
// The page's Hint level of each game (bindings/js/web/app/views/NAME.js).
const HINT = { horses: 4, hex: 4, hare: 3, fox: 3, flock: 4 };
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

if (process.argv[3] === 'hex') {
    const hex = herd.games().find(g => g.name === 'hex');
    for (let size = hex.options.find(o => o.key === 'size').min; size <= 13; size++)
        for (let level = 2; level <= hex.levels.length; level++)
            if (process.argv[4] === undefined || Number(process.argv[4]) === level)
                console.log(`hex size ${size} level ${level} (${hex.levels[level - 1].name}): ` +
                            time('hex', { size }, level));
    process.exit(0);
}

for (const game of herd.games())
    for (const options of [{}, BIG[game.name]].filter(Boolean))
        for (const level of [HINT[game.name], HINT[game.name] + 1].filter(l => l <= game.levels.length))
            console.log(`${game.name} ${JSON.stringify(options)} level ${level} (${game.levels[level - 1].name}): ${time(game.name, options, level)}`);

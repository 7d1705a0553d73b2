// The WebAssembly side of tests/web/bench.mjs: the figures of herd-bench
// (tests/bench/herd_bench.c) measured in the module that loadHerd() gives,
// under Node or in a page (it imports nothing, so that a page can load it).
// Every function takes the loaded API (`herd`) and one figure as herd-bench
// printed it, and gives that figure's rate per second.

/** herd_bench.c's make_game(): the options, then `plies` computer moves. */
function makeGame(herd, name, options, plies) {
    const g = herd.newGame(name, options);
    for (let i = 0; i < plies && g.statusInfo().result === 'ongoing'; i++)
        g.isChance() ? g.roll() : g.genmove(0);
    return g;
}

/** Perft leaves per second: one call into the module (Game.perft()). */
export function perftRate(herd, name, c) {
    const g = makeGame(herd, name, c.options, c.plies);
    const t = performance.now();
    const leaves = g.perft(c.depth);
    const rate = Number(leaves) / ((performance.now() - t) / 1e3);
    g.free();
    if (String(leaves) !== c.leaves)
        throw new Error(`perft ${c.depth} of ${name} ${c.options}: ${leaves} leaves, native ${c.leaves}`);
    return rate;
}

/** herd_bench.c's playouts() with a heap game, driven from JavaScript: random
 *  games from the start position for at least half a second, the actions
 *  chosen in JavaScript as a program that plays its own games would, with
 *  one call into the module per action (glue.c's herd_js_step(): the
 *  action played, then the next legal moves or chance outcomes listed).
 *  Moves per second. */
export function jsPlayoutRate(herd, name, c) {
    const m = herd.module;
    const start = herd.newGame(name, c.options), g = start.clone(), handle = g.handle;
    const cap = Math.max(g.maxMoves, 64);
    const buf = m._malloc(8 * cap), probs = m._malloc(8 * cap);
    let moves = 0, elapsed;
    const t0 = performance.now();
    do {
        m._herd_copy_position(handle, start.handle);
        let next = m._herd_js_step(handle, -1, buf, probs, cap);
        for (let k = 0; k < c.cap && next > 0; k++) {
            const n = next >> 1;
            let i = 0;
            if (next & 1) {
                const p = m.HEAPF64, at = probs >> 3;
                let x = Math.random();
                while (i + 1 < n && x >= p[at + i])
                    x -= p[at + i++];
            } else {
                i = Math.floor(Math.random() * n);
            }
            next = m._herd_js_step(handle, i, buf, probs, cap);
            moves++;
        }
        if (next < 0)
            throw new Error(`${name}: herd_js_step refused with ${next}`);
        elapsed = (performance.now() - t0) / 1e3;
    } while (elapsed < 0.5);
    for (const p of [buf, probs])
        m._free(p);
    g.free();
    start.free();
    return moves / elapsed;
}

/** herd_bench.c's time_batched(): herd_playouts() from the start position,
 *  in batches of 16 games, each batch with its own seed, for at least half a
 *  second; the whole loop runs in C, as in herd-bench. Actions per second. */
export function batchedRate(herd, name, c) {
    const m = herd.module;
    const g = herd.newGame(name, c.options);
    const out = m._malloc(64);
    let actions = 0, seed = 0, elapsed;
    const t0 = performance.now();
    do {
        // tools/web.sh builds without WASM_BIGINT: a uint64_t argument is
        // passed as two 32-bit halves.
        // herd_playout_result: unsigned version (HERD_PLAYOUT_RESULT_VERSION,
        // 1), then six uint64_t from byte 8: games, wins[2], draws,
        // unfinished and the actions, at byte 48.
        m.HEAPU32[out >> 2] = 1;
        const rc = m._herd_playouts(g.handle, 16, 0, c.level, seed++, 0, c.cap, out);
        if (rc !== 0)
            throw new Error(`herd_playouts of ${name}, level ${c.level}: ${rc}`);
        actions += m.HEAPU32[(out >> 2) + 12] + 2 ** 32 * m.HEAPU32[(out >> 2) + 13];
        elapsed = (performance.now() - t0) / 1e3;
    } while (elapsed < 0.5);
    m._free(out);
    g.free();
    return actions / elapsed;
}

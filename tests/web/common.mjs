// What the tests of the web build share: where the build and the native
// herd program are, the games' names, a seeded generator, a game played to
// its end by it, and a run of the native program.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** build/web, or HERD_WEB_DIR. */
export const webDir = path.resolve(process.env.HERD_WEB_DIR ?? path.join(root, 'build/web'));

/** The native `herd` program: HERD_PROGRAM, or the CI build's. */
export const herdProgram = path.resolve(process.env.HERD_PROGRAM ?? path.join(root, 'build/ci/programs/herd'));

for (const [what, file] of [['the web build (bash tools/web.sh)', path.join(webDir, 'herd.mjs')],
                            ['the native herd program (HERD_PROGRAM)', herdProgram]])
    if (!existsSync(file))
        throw new Error(`${what} is missing: ${file}`);

export const { loadHerd, HerdError, codes, optionsText, MEMORY_SOLVE } = await import(path.join(webDir, 'herd.mjs'));

/** The games' names, from the library's registry. */
const herd = await loadHerd();
export const GAME_NAMES = herd.games().map(g => g.name);

/** A seeded generator (mulberry32): next() in [0, 1), int(n) in 0..n-1. */
export function generator(seed) {
    let a = seed >>> 0;
    const next = () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return { next, int: n => Math.floor(next() * n), pick: list => list[Math.floor(next() * list.length)] };
}

/** A finished game of `name` played by random moves (seeded), a game of
 *  the module's own library. */
export function finishedGame(name, seed) {
    const g = herd.newGame(name, { seed });
    const rng = generator(seed);
    while (g.statusInfo().result === 'ongoing')
        g.isChance() ? g.roll() : g.play(rng.pick(g.legal()));
    return g;
}

/** The library's refusal of `position` as a position of the game `name`
 *  (its message); throws where the game takes it. */
export function positionReason(name, position) {
    const g = herd.newGame(name);
    try {
        g.setPosition(position);
    } catch (e) {
        return e.message;
    } finally {
        g.free();
    }
    throw new Error(`${name} takes the position ${position}`);
}

/** Runs the native herd program on the command lines; its answers, each
 *  as one line ("= PAYLOAD", "=" or "? MESSAGE"; show's over several). */
export function runNative(commands) {
    const run = spawnSync(herdProgram, [], { input: commands.join('\n') + '\n', encoding: 'utf8',
                                             maxBuffer: 1 << 28 });
    if (run.status !== 0)
        throw new Error(`${herdProgram} exited with ${run.status}: ${run.stderr}`);
    const answers = run.stdout.split('\n\n');
    if (answers.pop() !== '')
        throw new Error(`the herd program's output does not end with an empty line`);
    return answers;
}

/** The protocol's answer of a payload, or of a HerdError. */
export function answer(payload) {
    return payload ? `= ${payload}` : '=';
}

export function refusal(error) {
    if (!(error instanceof HerdError))
        throw error;
    return `? ${error.message}`;
}

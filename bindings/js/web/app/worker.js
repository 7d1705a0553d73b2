// The Web Worker that holds the page's game: every action, the computer's
// choices included, runs here, so that a long search never freezes the page.
// The page sends {id, op, args} and gets {id, ok, value} or {id, ok: false,
// error}; `value` is a snapshot of the game (what the page draws) or, for
// `hint`, {hint}.
import { loadHerd } from '../herd.mjs';
import { viewOf } from './views/index.js';

const ready = loadHerd();
let game = null;
let view = null;

function snapshot(logged = []) {
    return {
        name: game.name,
        sides: game.sides,
        position: game.position(),
        status: game.status(),
        info: game.statusInfo(),
        legal: game.legal(),
        chance: game.isChance(),
        history: game.history,
        maxLevel: game.maxLevel,
        view: view.describe(game),
        logged,
    };
}

// Plays the action that f() plays and returns, with its log entry.
function act(f) {
    const side = game.statusInfo().side;
    const action = f();
    const number = game.history;
    const text = view.logLine ? view.logLine(game, number, action)
                              : `${number}. ${game.sides[side]}: ${action}`;
    return snapshot([{ number, side, action, text }]);
}

const ops = {
    new(herd, { name, options }) {
        const fresh = herd.newGame(name, options);
        game?.free();
        game = fresh;
        view = viewOf(name);
        return snapshot();
    },
    play(herd, { action }) {
        return act(() => {
            game.play(action);
            return action;
        });
    },
    genmove(herd, { level }) {
        return act(() => game.genmove(level));
    },
    roll() {
        return act(() => game.roll());
    },
    hint(herd, { level }) {
        return { hint: game.hint(level) };
    },
    undoTurn(herd, { side }) {
        game.undoTurn(side);
        return snapshot();
    },
};

onmessage = async ({ data: { id, op, args } }) => {
    try {
        postMessage({ id, ok: true, value: ops[op](await ready, args ?? {}) });
    } catch (e) {
        postMessage({ id, ok: false, error: { name: e.name, code: e.code, message: e.message } });
    }
};

// The Web Worker that holds the page's game: every action, the computer's
// choices included, runs here, so that a long search never freezes the page.
// The page sends {id, op, args} and gets {id, ok, value} or {id, ok: false,
// error}; `value` is a snapshot of the game (what the page draws), or for
// `games`, `check` and `hint` their own answers.
import { loadHerd } from '../herd.mjs';
import { arrow, byPlace, capital, cellsOf, listed } from './board.js';
import { viewOf } from './views/index.js';

const ready = loadHerd();
let game = null;
let view = null;
// A replay: the record, and its actions and log lines in order.
let replay = null;
// The actions of the history that Undo leaves alone: a game played on from
// a replay keeps the record's actions before the position played on from
// (its log and its record hold them), but it starts there.
let floor = 0;

function snapshot(lines = []) {
    return {
        name: game.name,
        sides: game.sides,
        position: game.position(),
        status: game.status(),
        info: game.statusInfo(),
        result: game.resultText(),
        legal: game.legal(),
        chance: game.isChance(),
        moves: game.moves(),
        seen: seen(game),
        limit: moveLimit(game),
        seed: String(game.options().seed ?? ''),
        floor,
        view: view.describe(game),
        pieces: view.pieces(game),
        lines,
    };
}

// A game's move limit, where it has one (Flock's 100 moves): {left, of},
// the moves left and the limit; null for a game without.
function moveLimit(g) {
    return typeof g.movesLeft === 'function' ? { left: g.movesLeft(), of: g.moveLimit } : null;
}

// How many times the game has stood in its present position, this time
// included, over its history (its undo history, replayed backwards on a
// copy): every game's repetition, from the library's position texts. 0 once
// the game is over.
function seen(g) {
    if (g.statusInfo().result !== 'ongoing')
        return 0;
    const now = g.position(), copy = g.clone();
    try {
        let count = 1;
        while (copy.history > 0) {
            copy.undo();
            if (copy.position() === now)
                count++;
        }
        return count;
    } finally {
        copy.free();
    }
}

// The players' endings (herd_end()) by their reason's word, as the
// protocol's status and a record's Termination carry it: `side` resigns or
// ran out of time; a draw agreed and a game abandoned name no side.
const ENDS = { resigned: (g, side) => g.resign(side), time: (g, side) => g.timeOut(side),
               agreed: g => g.agreeDraw(), abandoned: g => g.abandon() };

// Plays an action by f(), with the log line of the history's new last
// action.
function act(f) {
    return snapshot([played(game, f)]);
}

// Plays an action on `g` by f() and gives its log line: the view's line of
// the history's new last action (each view writes it from the history
// entry alone: horses from HorsesGame.historyLine()), and the enemy pieces
// that the action took off the board, found by comparing the view's
// pieces before and after, so that no game says its captures itself
// (flock's sandwiches, the fox's jumps, hex's surrounded stones). The
// cells the action names are left out: hex's removal "-e5" takes its own.
function played(g, f) {
    const before = view.pieces(g);
    f();
    const number = g.history;
    const { action, side } = g.historyMove(number - 1);
    const line = view.logLine?.(g, number, action, side) ?? `${number}. ${capital(g.sides[side])} moved ${arrow(action)}`;
    const left = new Set(view.pieces(g).filter(p => p.side !== side).map(p => p.cell));
    const named = cellsOf(action);
    const taken = byPlace(before.filter(p => p.side !== side && !left.has(p.cell) && !named.includes(p.cell))
                                .map(p => p.cell));
    return taken.length ? `${line}, captures ${listed(taken)}` : line;
}

// The game's sides as the library's sentences name them ("the fox", "the
// geese", "Green") and whether each is plural ("the geese win"): [{name,
// plural}] by side, from its own words on a fresh game that the other side
// resigns, so that the page's sentences name the sides as the library's.
function sideWords(herd, name) {
    return [1, 0].map(loser => {
        const g = herd.newGame(name);
        try {
            g.resign(loser);
            const [, who, one] = /: (.+) win(s?)$/.exec(g.resultText());
            return { name: who, plural: !one };
        } finally {
            g.free();
        }
    });
}

// A default game's points and the lines between them (hare, fox: the
// options whose value is a point, How to play's drawing); null for a board
// of cells.
function pointsBoard(herd, name) {
    const g = herd.newGame(name);
    try {
        return typeof g.boardLines === 'function' ? { points: g.points(), lines: g.boardLines() } : null;
    } finally {
        g.free();
    }
}

// Whether the game's start depends on its seed (Herd of Horses' horses
// placed at random), as the library answers: new games of a few seeds
// stand in more than one position.
function seededStart(herd, name) {
    const starts = new Set([0, 1, 2, 3].map(seed => {
        const g = herd.newGame(name, { seed });
        try {
            return g.position();
        } finally {
            g.free();
        }
    }));
    return starts.size > 1;
}

// The points that a point option takes: the board's points that the
// library accepts as its value (hare's start: not a hound's point).
function pointChoices(herd, name, board, key) {
    return board.points.filter(p => {
        try {
            herd.newGame(name, { [key]: p }).free();
            return true;
        } catch {
            return false;
        }
    });
}

const ops = {
    // The registry, each game's side words and board of points (or null),
    // and per game the points each point option takes ({hare: {start:
    // [...]}}).
    games(herd) {
        const games = herd.games().map(g => ({ ...g, words: sideWords(herd, g.name), board: pointsBoard(herd, g.name) }));
        const boards = {};
        for (const g of games)
            for (const o of g.options.filter(o => o.kind === 'point'))
                (boards[g.name] ??= {})[o.key] = pointChoices(herd, g.name, g.board, o.key);
        return { games, points: boards };
    },
    // Whether the game's start depends on its seed: asked by the page once
    // per game, when a game of it first starts (four new games each), not
    // for every game at startup.
    seededStart(herd, { name }) {
        return seededStart(herd, name);
    },
    // The library's refusal of the options, or null.
    check(herd, { name, options }) {
        try {
            herd.newGame(name, options).free();
            return null;
        } catch (e) {
            if (e.name !== 'HerdError')
                throw e;
            return e.message;
        }
    },
    // A new game of the options; at `position` (a position text of the
    // protocol's) where one is given: a game played on, reopened.
    async new(herd, { name, options, position }) {
        const fresh = herd.newGame(name, options);
        let found;
        try {
            if (position)
                fresh.setPosition(position);
            found = await viewOf(name);
        } catch (e) {
            fresh.free();
            throw e;
        }
        replay?.record.free();
        replay = null;
        floor = 0;
        game?.free();
        game = fresh;
        view = found;
        return snapshot();
    },
    // A game online (online.js): the server's start position and actions
    // played here, so that the page draws it as any other.
    // An ending by the players (`status`, the server's) is played too, so
    // that the library says it in words.
    async replay(herd, { name, options, start, moves, status }) {
        await ops.new(herd, { name, options });
        game.setPosition(start);
        const lines = moves.map(action => played(game, () => game.play(action)));
        if (status && status.result !== 'ongoing' && ENDS[status.reason] && game.statusInfo().result === 'ongoing')
            ENDS[status.reason](game, 1 - status.side);
        return snapshot(lines);
    },
    // An ending by the players of a game on this page: `side` resigns, or
    // both agree a draw (reason `agreed`).
    end(herd, { reason, side }) {
        if (!Object.hasOwn(ENDS, reason))
            throw new Error(`no such ending: ${reason}`);
        ENDS[reason](game, side);
        return snapshot();
    },
    play(herd, { action }) {
        return act(() => game.play(action));
    },
    // The library's reason for refusing an action text, or null where it is
    // legal; nothing is played (a refused action changes nothing).
    why(herd, { action }) {
        if (game.isLegal(action))
            return null;
        try {
            game.play(action);
        } catch (e) {
            if (e.name !== 'HerdError')
                throw e;
            return e.message;
        }
        throw new Error(`${action} was played, although it is not legal`);
    },
    // why() of each action text, in order: one request for many.
    whyEach(herd, { actions }) {
        return actions.map(action => ops.why(herd, { action }));
    },
    genmove(herd, { level }) {
        return act(() => game.genmove(level));
    },
    roll() {
        return act(() => game.roll());
    },
    // The computer's advice at `level`: its action, and the log's line of
    // it (played on a copy), which the page shows in the log's words.
    hint(herd, { level }) {
        const hint = game.hint(level), side = game.statusInfo().side;
        const copy = game.clone();
        try {
            return { hint, side, line: played(copy, () => copy.play(hint)) };
        } finally {
            copy.free();
        }
    },
    // A record file's text (records.md), replayed: its game at the end,
    // with every action's log line written as it is played again.
    async openRecord(herd, { text }) {
        const record = herd.parseRecord(text);
        try {
            const found = await viewOf(record.tag('Game'));
            const start = record.game(0);
            game?.free();
            game = start;
            view = found;
            const lines = record.moves().map(({ action }) => played(game, () => game.play(action)));
            replay?.record.free();
            replay = { record, moves: game.moves(), lines, tags: record.tags() };
            floor = 0;
        } catch (e) {
            record.free();
            throw e;
        }
        return ops.seek(herd, { ply: replay.record.plies });
    },
    // The replay at its position after `ply` actions; at the end the
    // players' ending too.
    seek(herd, { ply }) {
        const { record, moves, lines, tags } = replay;
        const at = record.game(ply >= record.plies ? undefined : ply);
        game.free();
        game = at;
        return { ...snapshot(lines.slice(0, ply)), replay: { ply, plies: record.plies, moves, lines, tags } };
    },
    // Plays on from the replay's position: the game keeps its history,
    // which Undo goes back no further than (`floor`). `start` is what
    // opens this game again (its address): the game's options, and its
    // position text where a new game of those options stands elsewhere
    // (null at the start).
    playOn(herd) {
        const lines = replay.lines.slice(0, game.history);
        replay.record.free();
        replay = null;
        floor = game.history;
        const options = Object.fromEntries(Object.entries(game.options()).map(([k, v]) => [k, String(v)]));
        const fresh = herd.newGame(game.name, options);
        try {
            const position = fresh.position() === game.position() ? null : game.position();
            return { ...snapshot(lines), start: { options, position } };
        } finally {
            fresh.free();
        }
    },
    // The game's record (records.md) and its game's name.
    record() {
        const record = game.record();
        try {
            return { text: record.text(), name: game.name };
        } finally {
            record.free();
        }
    },
    // Takes back `side`'s latest turn (the library's herd_undo_turn()), or
    // where that turn began before the position played on from (the game
    // played on mid-turn), back to that position alone.
    undoTurn(herd, { side }) {
        const copy = game.clone();
        try {
            copy.undoTurn(side);
            if (copy.history >= floor)
                game.undoTurn(side);
            else
                while (game.history > floor)
                    game.undo();
        } finally {
            copy.free();
        }
        return snapshot();
    },
};

onmessage = async ({ data: { id, op, args } }) => {
    try {
        postMessage({ id, ok: true, value: await ops[op](await ready, args ?? {}) });
    } catch (e) {
        postMessage({ id, ok: false, error: { name: e.name, code: e.code, message: e.message } });
    }
};

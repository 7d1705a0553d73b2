// libherd in JavaScript: the C library compiled to WebAssembly (herd-core.mjs,
// built by tools/web.sh) behind a small object API. docs/web.md describes it;
// herd.d.ts gives its types.
//
//     import { loadHerd } from './herd.mjs';
//     const herd = await loadHerd();
//     const game = herd.newGame('fox', { geese: 15, seed: 3 });
//     game.play(game.legal()[0]);
//     game.genmove();
//     console.log(game.status());   // "ongoing fox"
//     game.free();
//
// Conventions: cells and actions are the protocol's texts ("a1", "a1-b3");
// sides are 0 and 1, and where a side is asked for, its name ("green") is
// taken too; every uint64_t of the C API (perft counts, hex turns) is a
// bigint, and so is an option's value when its range passes
// Number.MAX_SAFE_INTEGER (the seed); other options' values are numbers. A
// refusal of the library is thrown as a HerdError carrying the library's code
// and message; a failed call changes nothing.

import createHerdModule from './herd-core.mjs';

/** herd.h's herd_code values. */
export const codes = Object.freeze({
    OK: 0,
    E_ARG: -1,
    E_NOMEM: -2,
    E_RANGE: -3,
    E_PARSE: -4,
    E_ILLEGAL: -5,
    E_BUFFER: -6,
    E_STATE: -7,
    E_UNKNOWN: -8,
    E_POSITION: -9,
    E_UNSUPPORTED: -10,
    E_INTERRUPTED: -11,
});

/** herd.h's HERD_MEMORY_SOLVE: the level of Game.memoryNeeded() that asks
 *  for solve()'s need. */
export const MEMORY_SOLVE = -1;

// herd.h's HERD_MEMORY_UNLIMITED: the largest size_t of the WebAssembly
// build (32 bits).
const MEMORY_UNLIMITED = 2 ** 32 - 1;

const codeNames = new Map(Object.entries(codes).map(([name, code]) => [code, `HERD_${name}`]));

/** A call that libherd (or this package, before calling it) refused. */
export class HerdError extends Error {
    constructor(code, message, description = '') {
        super(message || description || `error ${code}`);
        this.name = 'HerdError';
        /** The negative herd_code, e.g. -5. */
        this.code = code;
        /** Its name in herd.h, e.g. "HERD_E_ILLEGAL". */
        this.codeName = codeNames.get(code) ?? `HERD_E(${code})`;
        /** herd_strerror(code), e.g. "illegal move". */
        this.description = description;
    }
}

const RESULTS = ['ongoing', 'win', 'draw', 'over'];
const HEX_PHASES = ['roll', 'remove', 'place'];
const ROW_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

// The scratch area of each module: out-parameters of the C calls. A
// region's comment gives a struct's fields at their wasm32 offsets, which
// bindings/check_api.py (test api_js) checks against the headers.
const SCRATCH = 1024;
const OUT = 0;          // size_t, int or a pointer
const OUT2 = 4;         // a second int
const OUT64 = 8;        // uint64_t
const STATUS = 16;      // herd_status: result@0, side@4, reason@8
const ERROR = 64;       // herd_error: code@0, message[160]@4
const STRUCT = 256;     // option structs, cells (herd_cell: row@0, col@4)
const LINES = 512;      // herd_horses_line[HERD_HORSES_MAX_LINES]: a@0, b@4
const RECORD_ERROR = 256; // herd_record_error: code@0, record@4, line@8, column@12, message[160]@16

// record.h's HERD_RECORD_END: the largest size_t of the WebAssembly build.
const RECORD_END = 2 ** 32 - 1;

/** The protocol's name of a cell: row letter, then the column from 1. */
export function cellName(row, col) {
    return `${ROW_LETTERS[row]}${col + 1}`;
}

/** [row, col], 0-based, of a cell name such as "e5". */
export function parseCell(name) {
    const m = /^([a-z])([1-9][0-9]?)$/.exec(String(name));
    if (!m)
        throw new HerdError(codes.E_PARSE, `'${quote(String(name))}' is not a cell name`);
    return [ROW_LETTERS.indexOf(m[1]), Number(m[2]) - 1];
}

// A text for a message, as the library quotes input (docs/reliability.md,
// "Echoed input"), and a lone surrogate, which UTF-8 cannot carry, as \uXXXX.
function quote(text) {
    return text.replace(/[\\\0-\x1f\x7f-\x9f\u2028\u2029]|\p{Cs}/gu, c => {
        const named = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }[c];
        const code = c.charCodeAt(0);
        return named ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
    });
}

// A value that is not what a call wants, for a message: a string quoted.
function described(value) {
    if (typeof value === 'string')
        return `the string '${quote(value)}'`;
    if (typeof value === 'bigint')
        return `the bigint ${value}n`;
    if (value === null || value === undefined || typeof value === 'boolean')
        return String(value);
    return `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`;
}

const INT_MIN = -(2 ** 31), INT_MAX = 2 ** 31 - 1, UINT_MAX = 2 ** 32 - 1;

// Every Number that a call passes to a C integer goes through here first:
// a whole number within lo..hi, bounds that lie within the C type's range,
// or the refusal. Without it the module would wrap the Number into the type
// (2 ** 32 + 5 into 5) and turn a string into NaN and then 0. Not a number,
// or not whole: E_ARG; out of range: `code`, the library's for the call.
function whole(value, what, lo, hi, code = codes.E_RANGE) {
    if (typeof value !== 'number')
        throw new HerdError(codes.E_ARG, `${what} must be a number, not ${described(value)}`);
    if (!Number.isInteger(value))
        throw new HerdError(codes.E_ARG, `${what} must be a whole number, not ${value}`);
    if (value < lo || value > hi)
        throw new HerdError(code, `${what} ${value} is out of range ${lo}..${hi}`);
    return value;
}

// The module's C functions and the conversions between its memory and
// JavaScript values.
class Core {
    constructor(m) {
        this.m = m;
        this.scratch = m._malloc(SCRATCH);
        this.text = m._herd_js_text();
        this.textSize = m._herd_js_text_size();
        // The registry, read once: name → frozen entry.
        const list = JSON.parse(this.glueText(m._herd_js_games())).map(gameInfo);
        this.games = new Map(list.map(g => [g.name, g]));
        this.gameList = Object.freeze(list);
    }

    i32(at) {
        return this.m.HEAP32[(this.scratch + at) >> 2];
    }

    u64(at) {
        const h = this.m.HEAPU32, i = (this.scratch + at) >> 2;
        return (BigInt(h[i + 1]) << 32n) | BigInt(h[i]);
    }

    string(ptr) {
        return ptr ? this.m.UTF8ToString(ptr) : '';
    }

    strerror(code) {
        return this.string(this.m._herd_strerror(whole(code, 'the code', INT_MIN, INT_MAX, codes.E_ARG)));
    }

    // The text that a glue call wrote to its buffer, or its refusal.
    glueText(rc) {
        if (rc < 0)
            throw this.error(rc, '');
        return this.string(this.text);
    }

    // A bound of the headers (glue.c's herd_js_limit()).
    limit(name) {
        const rc = this.withString(name, 'the limit', p => this.m._herd_js_limit(p));
        if (rc < 0)
            throw this.error(rc, `no limit ${name}`);
        return rc;
    }

    error(code, message) {
        return new HerdError(code, message || this.strerror(code), this.strerror(code));
    }

    // The herd_status at the scratch's STATUS as statusInfo() gives it.
    status() {
        return {
            result: RESULTS[this.i32(STATUS)],
            side: this.i32(STATUS + 4),
            reason: this.string(this.m._herd_reason_name(this.i32(STATUS + 8))),
        };
    }

    // The herd_reason that the library names `name` ('resigned', ...).
    reasonCode(name) {
        if (!this.reasons) {
            this.reasons = new Map();
            for (let i = 0; this.m._herd_reason_name(i); i++)
                this.reasons.set(this.string(this.m._herd_reason_name(i)), i);
        }
        return this.reasons.get(name);
    }

    // A text that a writer (buf, cap, len) gives, of any length: asked with
    // cap 0, then written into a heap buffer of that size.
    written(f) {
        const rc = f(0, 0, this.scratch + OUT);
        if (rc === codes.OK)
            return '';
        if (rc !== codes.E_BUFFER)
            throw this.error(rc, '');
        const size = this.i32(OUT) + 1, ptr = this.m._malloc(size);
        if (!ptr)
            throw this.error(codes.E_NOMEM, 'out of memory');
        try {
            const again = f(ptr, size, this.scratch + OUT);
            if (again < 0)
                throw this.error(again, '');
            return this.string(ptr);
        } finally {
            this.m._free(ptr);
        }
    }

    // The refusal of a record read (herd_record_error at RECORD_ERROR):
    // records.md's message, with record, line and column (null where not
    // known).
    recordError() {
        const e = this.error(this.i32(RECORD_ERROR), this.string(this.scratch + RECORD_ERROR + 16));
        for (const [key, at] of [['record', RECORD_ERROR + 4], ['line', RECORD_ERROR + 8], ['column', RECORD_ERROR + 12]])
            e[key] = this.m.HEAPU32[(this.scratch + at) >> 2] || null;
        return e;
    }

    // Calls f with the text's UTF-8 bytes in the heap (pointer, length),
    // refused as withString() refuses, but NULs kept: the reader says where.
    withBytes(text, what, f) {
        if (typeof text !== 'string')
            throw new HerdError(codes.E_ARG, `${what} must be a string, not ${described(text)}`);
        if (/\p{Cs}/u.test(text))
            throw new HerdError(codes.E_PARSE, `${what}: a lone surrogate is not text`);
        const bytes = new TextEncoder().encode(text);
        const ptr = this.m._malloc(bytes.length + 1);
        if (!ptr)
            throw this.error(codes.E_NOMEM, 'out of memory');
        this.m.HEAPU8.set(bytes, ptr);
        return f(ptr, bytes.length);
    }

    // Calls f with the text as a NUL-terminated UTF-8 string in the heap. A
    // NUL character would cut the text short, and a lone surrogate has no
    // UTF-8 (the module's encoder would make another character of it), so
    // both are refused.
    withString(text, what, f) {
        if (typeof text !== 'string')
            throw new HerdError(codes.E_ARG, `${what} must be a string, not ${typeof text}`);
        if (text.includes('\0'))
            throw new HerdError(codes.E_PARSE, `${what} holds a NUL character`);
        if (/\p{Cs}/u.test(text))
            throw new HerdError(codes.E_PARSE, `${what} '${quote(text)}': a lone surrogate is not text`);
        const size = this.m.lengthBytesUTF8(text) + 1;
        const ptr = this.m._malloc(size);
        if (!ptr)
            throw this.error(codes.E_NOMEM, 'out of memory');
        try {
            this.m.stringToUTF8(text, ptr, size);
            return f(ptr);
        } finally {
            this.m._free(ptr);
        }
    }

    // herd_new(), herd_new_from_save(): a handle, or the herd_error thrown.
    create(f) {
        const rc = f(this.scratch + OUT, this.scratch + ERROR);
        if (rc < 0)
            throw this.error(rc, this.string(this.scratch + ERROR + 4));
        return this.i32(OUT);
    }
}

// ------------------------------------------------------------ the registry

// An option's value from its text: a cell name for a point option, else a
// whole number, a bigint for the options whose default is one.
function optionValue(option, text) {
    if (option.kind === 'point')
        return text;
    return typeof option.default === 'bigint' ? BigInt(text) : Number(text);
}

// One game of glue.c's JSON (herd_js_games()), frozen. The uint64_t values
// come as strings of digits; an option whose range passes what a number
// holds exactly has bigints, the others numbers.
function gameInfo(raw) {
    const options = raw.options.map(o => {
        const big = o.kind === 'range' && BigInt(o.max) > BigInt(Number.MAX_SAFE_INTEGER);
        const value = o.kind === 'point' ? text => text : big ? BigInt : Number;
        const option = { key: o.key, kind: o.kind, description: o.description, default: value(o.default) };
        if (o.kind === 'range')
            Object.assign(option, { min: value(o.min), max: value(o.max) });
        if (o.kind === 'choice')
            option.choices = Object.freeze(o.choices.map(value));
        return Object.freeze(option);
    });
    return Object.freeze({
        kind: raw.kind,
        name: raw.name,
        title: raw.title,
        sides: Object.freeze(raw.sides),
        options: Object.freeze(options),
        levels: Object.freeze(raw.levels.map(l => Object.freeze(l))),
        defaultLevel: raw.defaultLevel,
        maxMoves: raw.maxMoves,
        hasChance: raw.hasChance,
        solvable: raw.solvable,
    });
}

/** KEY=VALUE text of an options object ({w: 10, seed: 3}) or text. */
export function optionsText(options) {
    if (options === undefined || options === null)
        return '';
    if (typeof options === 'string')
        return options;
    if (typeof options !== 'object')
        throw new HerdError(codes.E_ARG, `options must be an object or a KEY=VALUE text, not ${typeof options}`);
    const parts = [];
    for (const [key, raw] of Object.entries(options)) {
        if (raw === undefined)
            continue;
        const value = typeof raw === 'boolean' ? String(Number(raw)) : String(raw);
        for (const [what, word] of [['key', key], ['value', value]])
            if (!word || /[\s=\0]/.test(word))
                throw new HerdError(codes.E_PARSE,
                    `option ${key}=${value}: a ${what} is one word without '='`);
        parts.push(`${key}=${value}`);
    }
    return parts.join(' ');
}

// Frees the handles (games, records) that were dropped without free().
const dropped = new FinalizationRegistry(({ release, ptr }) => release(ptr));

// An object that owns a pointer of the module: freed by free(), or by the
// garbage collector once dropped (when is up to the collector).
class Owner {
    constructor(core, ptr, release) {
        this._core = core;
        this._ptr = ptr;
        this._release = release;
        dropped.register(this, { release, ptr }, this);
    }

    get _m() {
        return this._core.m;
    }

    /** Frees it; later calls throw. Calling it again is harmless. */
    free() {
        if (this._ptr) {
            dropped.unregister(this);
            this._release(this._ptr);
            this._ptr = 0;
        }
    }

    /** Whether free() was called. */
    get freed() {
        return !this._ptr;
    }
}

/** A game: a libherd handle and the generic API of herd.h. */
export class Game extends Owner {
    constructor(core, ptr) {
        super(core, ptr, core.m._herd_free);
        const m = core.m;
        /** The game's name, as newGame() takes it. */
        this.name = core.string(m._herd_game_name(ptr));
        /** Its entry of the registry (Herd.games()). */
        this.info = core.games.get(this.name);
        /** The names of side 0 (who acts first) and side 1. */
        this.sides = this.info.sides;
        /** The most legal actions this game can have at once. */
        this.maxMoves = this.info.maxMoves;
        /** The highest level of genmove(). */
        this.maxLevel = this.info.levels.length;
    }

    // The handle, or a HerdError once the game is freed.
    get _g() {
        if (!this._ptr)
            throw new HerdError(codes.E_STATE, 'the game is freed');
        return this._ptr;
    }

    /** The herd_game pointer, for the raw C API of Herd.module. */
    get handle() {
        return this._g;
    }

    // Throws the refusal of a call that took the handle non-const: the
    // game's own message when it has one, else the code's description.
    _check(rc) {
        if (rc < 0)
            throw this._core.error(rc, this._core.string(this._m._herd_last_error(this._g)));
        return rc;
    }

    // Throws the refusal of a const call, which leaves no message.
    _checkConst(rc, message = '') {
        if (rc < 0)
            throw this._core.error(rc, message);
        return rc;
    }

    // A text that a const call wrote to the glue's buffer; `args` go
    // between the game and the buffer.
    _text(f, ...args) {
        this._checkConst(f(this._g, ...args, this._core.text, this._core.textSize, this._core.scratch + OUT));
        return this._core.string(this._core.text);
    }

    // 0 or 1 from a side number or name.
    _side(side) {
        const i = typeof side === 'string' ? this.sides.indexOf(side) : side;
        if (i !== 0 && i !== 1)
            throw new HerdError(codes.E_ARG,
                `no side ${JSON.stringify(side)} in ${this.name}: 0 (${this.sides[0]}) or 1 (${this.sides[1]})`);
        return i;
    }

    // A level of genmove(), hint() and level(), checked here: the const
    // calls of the library leave no message.
    _level(level) {
        return whole(level, 'level', 0, this.maxLevel);
    }

    /** An independent copy, history included. */
    clone() {
        this._checkConst(this._m._herd_clone(this._g, 0, 0, this._core.scratch + OUT));
        return wrap(this._core, this._core.i32(OUT));
    }

    /** The position text of protocol.md. */
    position() {
        return this._text(this._m._herd_position_to_text);
    }

    /** Replaces the position with one of the same game; clears the history. */
    setPosition(text) {
        this._core.withString(text, 'the position', p => this._check(this._m._herd_position_from_text(this._g, p)));
    }

    /** The legal actions' texts in byte order, as the protocol's `legal`. */
    legal() {
        this._checkConst(this._m._herd_js_legal(this._g));
        const list = this._core.string(this._core.text);
        // The texts are ASCII, whose UTF-16 order is their byte order.
        return list ? list.trimEnd().split(' ').sort() : [];
    }

    /** Whether the action text names a legal action now. */
    isLegal(action) {
        return this._core.withString(action, 'the action', p => this._m._herd_js_is_legal(this._g, p) === 1);
    }

    /** Plays an action text after checking it. */
    play(action) {
        this._core.withString(action, 'the action', p => this._check(this._m._herd_js_play(this._g, p)));
    }

    /** Takes back the last action (a move, a genmove, a roll), or first
     *  the players' ending (resign(), ...) alone. */
    undo() {
        this._check(this._m._herd_undo(this._g));
    }

    /** Takes back actions until `side` (default: the side to act) is at the
     *  start of its latest turn: the reply since, then that side's turn. */
    undoTurn(side) {
        if (side === undefined) {
            const st = this.statusInfo();
            if (st.result !== 'ongoing')
                throw new HerdError(codes.E_ARG, 'the game is over: name the side whose turn to take back');
            side = st.side;
        }
        this._check(this._m._herd_undo_turn(this._g, this._side(side)));
    }

    /** The number of actions that undo() can take back. */
    get history() {
        return this._m._herd_history_length(this._g);
    }

    /** Action `i` of the undo history, 0 the oldest and history - 1 the
     *  last played: {action (its text), side (the side to act before it),
     *  chance (whether it was a chance event's outcome, the hex dice)}. */
    historyMove(i) {
        return this._historyMove(this._historyIndex(i));
    }

    // i checked as an index of the undo history.
    _historyIndex(i) {
        const n = this.history;
        if (n === 0 && Number.isInteger(i))
            throw new HerdError(codes.E_RANGE, `history index ${i}: the history is empty`);
        return whole(i, 'history index', 0, n - 1);
    }

    _historyMove(i) {
        const core = this._core;
        this._checkConst(this._m._herd_js_history_move(this._g, i, core.scratch + OUT, core.scratch + OUT2));
        return { action: core.string(core.text), side: core.i32(OUT), chance: core.i32(OUT2) !== 0 };
    }

    /** Every action of the undo history, oldest first, as historyMove()
     *  gives them: the actions since the game was made, its position set
     *  or a save loaded, as many as undo() can take back. */
    moves() {
        return Array.from({ length: this.history }, (_, i) => this._historyMove(i));
    }

    /** {result: 'ongoing'|'win'|'draw'|'over' (abandoned by its players),
     *  side (to act, or the winner; -1 for a draw or over), reason
     *  (protocol.md's: '' while ongoing; the players' 'resigned', 'time',
     *  'agreed', 'abandoned')}. */
    statusInfo() {
        this._checkConst(this._m._herd_get_status(this._g, this._core.scratch + STATUS));
        return this._core.status();
    }

    /** The protocol's status text: `ongoing SIDE`, `win SIDE REASON`,
     *  `draw REASON` or `over abandoned`, as the herd program writes it. */
    status() {
        return statusText(this.statusInfo(), this.sides);
    }

    // herd_end() with the reason the library names `reason`.
    _end(reason, side) {
        this._check(this._m._herd_end(this._g, this._core.reasonCode(reason), side));
    }

    /** `side` resigns: the other side wins ('resigned'). Either side may, at
     *  any moment of a game that goes on; undo() takes it back first. */
    resign(side) {
        this._end('resigned', this._side(side));
    }

    /** `side`'s time ran out: the other side wins ('time'). */
    timeOut(side) {
        this._end('time', this._side(side));
    }

    /** Both players agree a draw ('agreed'). */
    agreeDraw() {
        this._end('agreed', -1);
    }

    /** The game ends without a result: 'over', 'abandoned'. */
    abandon() {
        this._end('abandoned', -1);
    }

    /** The record of the game's history (docs/records.md), from the first
     *  position the history holds: a GameRecord. `tags` are its tags: a
     *  side's name gives its player ({green: 'Ann'} is the tag Green), the
     *  others as records.md spells them (Event, Site, Date as YYYY.MM.DD or
     *  a Date, Round, TimeControl 'S+I', or tags of your own). A game that
     *  GameRecord.game() gave keeps that record's tags, comments and clocks
     *  of the plies it still shares with it. */
    record(tags = {}) {
        const core = this._core;
        if (tags === null || typeof tags !== 'object')
            throw new HerdError(codes.E_ARG, `tags must be an object, not ${described(tags)}`);
        const base = this._recordBase && !this._recordBase.freed ? this._recordBase._r : 0;
        this._checkConst(this._m._herd_record_from_game(this._g, base, 0, 0, core.scratch + OUT));
        const record = new GameRecord(core, core.i32(OUT));
        try {
            for (const [key, value] of Object.entries(tags)) {
                const side = this.sides.indexOf(key.toLowerCase());
                record.setTag(side < 0 ? key : key[0].toUpperCase() + key.slice(1).toLowerCase(), value);
            }
        } catch (e) {
            record.free();
            throw e;
        }
        return record;
    }

    /** Whether a chance event (the hex dice) waits for roll(). */
    isChance() {
        return this._m._herd_is_chance(this._g) !== 0;
    }

    /** Draws the chance event's outcome and plays it; its text. */
    roll() {
        this._check(this._m._herd_js_roll(this._g));
        return this._core.string(this._core.text);
    }

    /** The computer player at `level` (0: the game's default) chooses an
     *  action and plays it; its text. */
    genmove(level = 0) {
        this._check(this._m._herd_js_genmove(this._g, this._level(level)));
        return this._core.string(this._core.text);
    }

    /** What genmove(level) would play now, changing nothing. */
    hint(level = 0) {
        const rc = this._m._herd_js_hint(this._g, this._level(level));
        this._checkConst(rc, rc < 0 ? this._core.string(this._core.text) : '');
        return this._core.string(this._core.text);
    }

    /** The levels of genmove(): [{level, name, description}] from level 1
     *  (the registry's). */
    levels() {
        return this.info.levels;
    }

    /** The options the game was made with, as newGame() takes them: every
     *  key of the registry's entry ({w: 8, h: 8, n: 6, seed: 0n}). */
    options() {
        const text = this._text(this._m._herd_game_options_text);
        const values = new Map(text.split(' ').map(kv => kv.split('=')));
        return Object.fromEntries(this.info.options.map(o => [o.key, optionValue(o, values.get(o.key))]));
    }

    /** {level, name, description} of one level; 0 names the default level. */
    level(level) {
        const core = this._core;
        this._checkConst(this._m._herd_level_name(this._g, this._level(level), core.scratch + OUT,
                                                  core.scratch + OUT2));
        return { level, name: core.string(core.i32(OUT)), description: core.string(core.i32(OUT2)) };
    }

    /** The number of action sequences of length `depth` (0..64): a bigint. */
    perft(depth) {
        this._check(this._m._herd_perft(this._g, whole(depth, 'depth', 0, 64, codes.E_ARG),
                                        this._core.scratch + OUT64));
        return this._core.u64(OUT64);
    }

    /** The exact value for the games the library solves (hare, and fox
     *  positions within FoxGame.setSolveLimit()):
     *  {winner: side, plies: actions to the end}. */
    solve() {
        const core = this._core;
        this._check(this._m._herd_solve(this._g, core.scratch + OUT, core.scratch + OUT2));
        return { winner: core.i32(OUT), plies: core.i32(OUT2) >>> 0 };
    }

    /** Sets the most bytes that the game's tables and the work area of one
     *  call (a search, a table that solve() or a `perfect` level builds,
     *  perft()) may hold at once; null for no limit, the default. A call
     *  that needs more (memoryNeeded()) throws E_NOMEM, saying what needs
     *  how much, and changes nothing; tables kept above the new limit are
     *  freed (herd_set_memory_limit). clone() copies it. */
    setMemoryLimit(bytes) {
        const limit = bytes === null ? MEMORY_UNLIMITED
                                     : whole(bytes, 'memory limit', 0, MEMORY_UNLIMITED, codes.E_ARG);
        this._check(this._m._herd_set_memory_limit(this._g, limit));
    }

    /** The memory limit in bytes, null for none. */
    memoryLimit() {
        const limit = this._m._herd_memory_limit(this._g) >>> 0;
        return limit === MEMORY_UNLIMITED ? null : limit;
    }

    /** The bytes that genmove(level) would hold at its peak now, the tables
     *  the game keeps included (herd_memory_needed); MEMORY_SOLVE as the
     *  level gives solve()'s. 0 for a level that allocates nothing. */
    memoryNeeded(level = 0) {
        const core = this._core;
        const lv = level === MEMORY_SOLVE ? level : this._level(level);
        const rc = this._m._herd_memory_needed(this._g, lv, core.scratch + OUT);
        const why = rc === codes.E_UNSUPPORTED ? `${this.name} is not solved exactly`
                  : rc === codes.E_STATE ? (this.isChance() ? 'a chance event waits: roll first'
                                                             : 'the game is over')
                  : '';
        this._checkConst(rc, why);
        return core.i32(OUT) >>> 0;
    }

    /** One line that fromSave() or load() turns back into this game. */
    save() {
        return this._text(this._m._herd_save);
    }

    /** Replaces the game with a save of the same game; clears the history. */
    load(text) {
        this._core.withString(text, 'the save', p => this._check(this._m._herd_load(this._g, p)));
    }

    /** The board drawn as text, over several lines. */
    show() {
        return this._text(this._m._herd_show);
    }

    /** How the game ended, in the library's words for people ("Red has no
     *  move left: Green wins"); '' while it goes on (herd_result_text()). */
    resultText() {
        return this._text(this._m._herd_result_text);
    }

    // A query of the game's own header that writes ints: f(g, ...args,
    // out, out2) → [out, out2].
    _ints(f, ...args) {
        const core = this._core;
        this._checkConst(f(this._g, ...args, core.scratch + OUT, core.scratch + OUT2));
        return [core.i32(OUT), core.i32(OUT2)];
    }

    // A query of a cell by its name (f(g, row, col, out)): what it writes,
    // or the cell named as off the board.
    _at(f, cell) {
        const rc = f(this._g, ...parseCell(cell), this._core.scratch + OUT);
        this._checkConst(rc, rc < 0 ? `the cell ${cell} is not on the board` : '');
        return this._core.i32(OUT);
    }

    // A query that writes one herd_cell (f(g, ...args, cell*)): its name.
    _cell(f, ...args) {
        const core = this._core;
        this._checkConst(f(this._g, ...args, core.scratch + STRUCT));
        return cellName(core.i32(STRUCT), core.i32(STRUCT + 4));
    }
}

/** Herd of Horses (horses.h). */
export class HorsesGame extends Game {
    /** Where horse `number` (1..n) of `side` stands. */
    horse(side, number) {
        const n = this.options().n;
        return this._cell(this._m._herd_horses_horse, this._side(side), whole(number, 'horse', 1, n, codes.E_ARG));
    }

    /** Every horse: [{side, number, cell}], side 0's first, by number. */
    horses() {
        const n = this.options().n, list = [];
        for (const side of [0, 1])
            for (let number = 1; number <= n; number++)
                list.push({ side, number, cell: this.horse(side, number) });
        return list;
    }

    /** Whether the side's herd is together. */
    together(side) {
        return this._ints(this._m._herd_horses_together, this._side(side))[0] === 1;
    }

    /** The connection lines of the side's herd: [[a, b]] horse numbers, a < b. */
    lines(side) {
        const core = this._core;
        const rc = this._m._herd_horses_lines(this._g, this._side(side), core.scratch + LINES,
                                              (SCRATCH - LINES) / 8, core.scratch + OUT);
        this._checkConst(rc);
        const lines = [];
        for (let i = 0; i < core.i32(OUT); i++)
            lines.push([core.i32(LINES + 8 * i), core.i32(LINES + 8 * i + 4)]);
        return lines;
    }

    /** The side's progress bar: {distance, parts} (see horses.h). */
    progress(side) {
        const [distance, parts] = this._ints(this._m._herd_horses_progress, this._side(side));
        return { distance, parts };
    }

    /** The moves-log line of `action`, just played as action `number` (from
     *  1): "3. Green moved horse 0: a3 -> b5". */
    logLine(number, action) {
        whole(number, 'the action number', 1, UINT_MAX, codes.E_ARG);
        this._core.withString(action, 'the action',
            p => this._check(this._m._herd_js_horses_log_line(this._g, number, p)));
        return this._core.string(this._core.text);
    }

    /** The moves-log line of history entry `i` (0 the oldest, as
     *  historyMove() numbers them), numbered i + 1: the line logLine() gave
     *  when that action was played, so that a log drawn from the history
     *  keeps no numbers of its own and nothing to trim after undo()
     *  (herd_horses_history_line()). */
    historyLine(i) {
        return this._text(this._m._herd_horses_history_line, this._historyIndex(i));
    }
}

/** Herd on a hexhex board (hex.h). Cells are named by row letter and their
 *  place in the row from 1. */
export class HexGame extends Game {
    /** The board side N. */
    size() {
        return this._ints(this._m._herd_hex_size)[0];
    }

    /** The number of cells of each row, from row a. */
    rows() {
        const rows = [];
        for (let row = 0; row < 2 * this.size() - 1; row++)
            rows.push(this._ints(this._m._herd_hex_row_length, row)[0]);
        return rows;
    }

    /** Who holds each cell, row by row: 0, 1 or -1 (empty). */
    cells() {
        return this.rows().map((length, row) =>
            Array.from({ length }, (_, col) => this._ints(this._m._herd_js_hex_at, row, col)[0]));
    }

    /** 'roll', 'remove' or 'place'. */
    phase() {
        return HEX_PHASES[this._ints(this._m._herd_hex_phase)[0]];
    }

    /** [low, high] of this turn's dice, or null while rolling. */
    dice() {
        const [lo, hi] = this._ints(this._m._herd_hex_dice);
        return lo ? [lo, hi] : null;
    }

    /** Removals or placements left in this phase (0 while rolling). */
    left() {
        return this._ints(this._m._herd_hex_left)[0];
    }

    /** The turns completed: a bigint. */
    turns() {
        this._checkConst(this._m._herd_hex_turns(this._g, this._core.scratch + OUT64));
        return this._core.u64(OUT64);
    }

    /** The side's stones on the board. */
    stones(side) {
        return this._ints(this._m._herd_hex_stones, this._side(side))[0];
    }
}

/** The games played on points joined by lines, hare and fox: their board
 *  from herd_GAME_point() and herd_GAME_line(). */
export class HuntGame extends Game {
    /** The board's points, in byte order. */
    points() {
        const core = this._core, f = this._m[`_herd_${this.name}_point`], names = [];
        while (f(names.length, core.scratch + STRUCT) === codes.OK)
            names.push(cellName(core.i32(STRUCT), core.i32(STRUCT + 4)));
        return names;
    }

    /** The board's lines: [[point, point]], the upper (or left) one first. */
    boardLines() {
        const core = this._core, f = this._m[`_herd_${this.name}_line`], lines = [];
        while (f(lines.length, core.scratch + STRUCT, core.scratch + STRUCT + 8) === codes.OK)
            lines.push([cellName(core.i32(STRUCT), core.i32(STRUCT + 4)),
                        cellName(core.i32(STRUCT + 8), core.i32(STRUCT + 12))]);
        return lines;
    }
}

/** Hare and Hounds (hare.h). */
export class HareGame extends HuntGame {
    /** The hare's point. */
    hare() {
        return this._cell(this._m._herd_hare_locate);
    }

    /** The hounds' points, in byte order. */
    hounds() {
        const core = this._core;
        this._checkConst(this._m._herd_hare_hounds(this._g, core.scratch + STRUCT));
        return [0, 1, 2].map(i => cellName(core.i32(STRUCT + 8 * i), core.i32(STRUCT + 8 * i + 4)));
    }

    /** The hounds' moves in a row that did not go up. */
    stall() {
        return this._ints(this._m._herd_hare_stall)[0];
    }

    /** The stall() that ends the game (HERD_HARE_STALL_LIMIT). */
    get stallLimit() {
        return this._core.limit('hare.stall');
    }
}

/** Fox and Geese (fox.h). */
export class FoxGame extends HuntGame {
    /** The fox's point. */
    fox() {
        return this._cell(this._m._herd_fox_locate);
    }

    /** The geese's points, in byte order. */
    geese() {
        return this.points().filter(p => this._ints(this._m._herd_js_fox_at, ...parseCell(p))[0] === 1);
    }

    /** The number of geese on the board. */
    geeseLeft() {
        return this._ints(this._m._herd_fox_geese_left)[0];
    }

    /** Fewer geese left than this: the fox has won (HERD_FOX_GEESE_TO_WIN). */
    get geeseToWin() {
        return this._core.limit('fox.geese');
    }

    /** Whether the geese may step sideways. */
    sideways() {
        return this._ints(this._m._herd_fox_sideways)[0] === 1;
    }

    /** Whether the fox is in a jump chain: its actions are then its further
     *  jumps and `stop`. */
    inChain() {
        return this._ints(this._m._herd_fox_in_chain)[0] === 1;
    }

    /** The most geese of the positions that solve() reads from the
     *  solution table, which bounds its memory: 4 to solveMax, solveDefault
     *  at first (herd_fox_set_solve_limit). */
    setSolveLimit(geese) {
        whole(geese, 'the solve limit', this.geeseToWin, this.solveMax);
        this._check(this._m._herd_fox_set_solve_limit(this._g, geese));
    }

    /** The most geese of the positions for which the `perfect` level builds
     *  the solution table (beyond it, it searches): 4 to solveMax,
     *  levelLimitDefault at first, which keeps each of its moves within
     *  5 s (herd_fox_set_level_limit). */
    setLevelLimit(geese) {
        whole(geese, 'the level limit', this.geeseToWin, this.solveMax);
        this._check(this._m._herd_fox_set_level_limit(this._g, geese));
    }

    /** The perfect level's limit (herd_fox_level_limit). */
    levelLimit() {
        return this._ints(this._m._herd_fox_level_limit)[0];
    }

    /** The perfect level's limit in a new game (HERD_FOX_LEVEL_LIMIT_DEFAULT). */
    get levelLimitDefault() {
        return this._core.limit('fox.level_limit_default');
    }

    /** The solve limit of a new game (HERD_FOX_SOLVE_DEFAULT). */
    get solveDefault() {
        return this._core.limit('fox.solve_default');
    }

    /** The largest solve limit (HERD_FOX_SOLVE_MAX). */
    get solveMax() {
        return this._core.limit('fox.solve_max');
    }
}

/** Flock (flock.h). */
export class FlockGame extends Game {
    /** The captures in all that win (HERD_FLOCK_CAPTURES_TO_WIN). */
    get capturesToWin() {
        return this._core.limit('flock.captures');
    }

    /** The moves in all, both sides, after which the count decides
     *  (HERD_FLOCK_MOVE_LIMIT). */
    get moveLimit() {
        return this._core.limit('flock.moves');
    }

    /** Who holds a cell: 0, 1 or -1 (empty). */
    at(cell) {
        return this._at(this._m._herd_js_flock_at, cell);
    }

    /** Every stone: [{cell, side, range}], row by row. */
    stones() {
        const { w, h } = this.options(), list = [];
        for (let row = 0; row < h; row++)
            for (let col = 0; col < w; col++) {
                const side = this._ints(this._m._herd_js_flock_at, row, col)[0];
                if (side >= 0)
                    list.push({ cell: cellName(row, col), side,
                                range: this._ints(this._m._herd_js_flock_range, row, col)[0] });
            }
        return list;
    }

    /** The enemy stones the side has captured in all (3 win). */
    captured(side) {
        return this._ints(this._m._herd_flock_captured, this._side(side))[0];
    }

    /** The moves left before the move limit decides. */
    movesLeft() {
        return this._ints(this._m._herd_flock_moves_left)[0];
    }

    /** The move that the straight-back rule forbids now, {stone, cell}, or
     *  null. */
    straightBack() {
        const core = this._core;
        this._checkConst(this._m._herd_flock_straight_back(this._g, core.scratch + OUT,
                                                           core.scratch + STRUCT, core.scratch + STRUCT + 8));
        if (!core.i32(OUT))
            return null;
        return { stone: cellName(core.i32(STRUCT), core.i32(STRUCT + 4)),
                 cell: cellName(core.i32(STRUCT + 8), core.i32(STRUCT + 12)) };
    }
}

// The protocol's status text of a statusInfo().
function statusText({ result, side, reason }, sides) {
    if (result === 'ongoing')
        return `ongoing ${sides[side]}`;
    return result === 'win' ? `win ${sides[side]} ${reason}` : `${result} ${reason}`;
}

// A tag's value as text: a Date as YYYY.MM.DD, a number its digits.
function tagValue(key, value) {
    if (value instanceof Date)
        return `${String(value.getFullYear()).padStart(4, '0')}.${String(value.getMonth() + 1).padStart(2, '0')}.` +
               String(value.getDate()).padStart(2, '0');
    if (typeof value === 'number' || typeof value === 'bigint')
        return String(value);
    if (typeof value !== 'string')
        throw new HerdError(codes.E_ARG, `tag ${key}: a value is a string, a number or a Date, not ${described(value)}`);
    return value;
}

/** A game record (docs/records.md): tags, every action from the first
 *  position, comments and clocks, how the game ended. Made by
 *  Game.record(), Herd.parseRecord() and Herd.readRecords(). */
export class GameRecord extends Owner {
    constructor(core, ptr) {
        super(core, ptr, core.m._herd_record_free);
    }

    get _r() {
        if (!this._ptr)
            throw new HerdError(codes.E_STATE, 'the record is freed');
        return this._ptr;
    }


    /** records.md's text: tag lines, an empty line, the movetext in lines of
     *  at most 80 characters; with oneLine true its one-line form. */
    text(oneLine = false) {
        const r = this._r;
        return this._core.written((buf, cap, len) => this._m._herd_record_write(r, oneLine ? 1 : 0, buf, cap, len));
    }

    /** text(). */
    toString() {
        return this.text();
    }

    /** The tags in the record's order, as an object {Game: 'hare', ...}. */
    tags() {
        const core = this._core, r = this._r, out = {};
        for (let i = 0, n = this._m._herd_record_tag_count(r); i < n; i++) {
            this._m._herd_record_tag_at(r, i, core.scratch + OUT, core.scratch + OUT2);
            out[core.string(core.i32(OUT))] = core.string(core.i32(OUT2));
        }
        return out;
    }

    /** The value of the tag `key`, or null. */
    tag(key) {
        const p = this._core.withString(key, "the tag's key", k => this._m._herd_record_tag(this._r, k));
        return p ? this._core.string(p) : null;
    }

    /** Adds or replaces a tag; null or undefined removes it. The game's own
     *  tags (Game, Start, Options, Seed, Result, Termination) are refused. */
    setTag(key, value) {
        const core = this._core, r = this._r;
        const set = v => core.withString(key, "the tag's key", k => this._m._herd_record_set_tag(r, k, v));
        const rc = value === null || value === undefined ? set(0)
            : core.withString(tagValue(key, value), `tag ${key}`, set);
        if (rc < 0)
            throw core.error(rc, rc === codes.E_ARG ? `tag ${key} is the game's own: it comes from the game`
                : rc === codes.E_PARSE ? `tag ${key} '${quote(String(value))}' is not a value records.md allows there` : '');
    }

    /** The number of actions, chance outcomes included. */
    get plies() {
        return this._m._herd_record_plies(this._r);
    }

    _ply(ply, lo) {
        return whole(ply, 'ply', lo, this.plies, codes.E_ARG);
    }

    /** Every action, as Game.moves() gives them ({action, side, chance}). */
    moves() {
        const game = this.game();
        try {
            return game.moves();
        } finally {
            game.free();
        }
    }

    /** The comment after action `ply` (0: before the first), or null. */
    comment(ply) {
        const p = this._m._herd_record_comment(this._r, this._ply(ply, 0));
        return p ? this._core.string(p) : null;
    }

    /** Sets the comment after action `ply`; null removes it. */
    setComment(ply, text) {
        ply = this._ply(ply, 0);
        const set = p => this._m._herd_record_set_comment(this._r, ply, p);
        const rc = text === null || text === undefined ? set(0) : this._core.withString(text, 'the comment', set);
        if (rc < 0)
            throw this._core.error(rc, rc === codes.E_PARSE
                ? "a comment is at most 4096 bytes of text without '}' or control characters" : '');
    }

    /** The mover's time left after action `ply`, in seconds, or null. */
    clock(ply) {
        const core = this._core;
        const rc = this._m._herd_record_clock(this._r, this._ply(ply, 1), core.scratch + OUT64);
        if (rc === codes.E_STATE)
            return null;
        if (rc < 0)
            throw core.error(rc, '');
        return Number(BigInt.asIntN(64, core.u64(OUT64))) / 1000;
    }

    /** Sets the mover's time left after action `ply` (seconds, written as
     *  [%clk H:MM:SS]); null removes it. */
    setClock(ply, seconds) {
        ply = this._ply(ply, 1);
        let ms = -1;
        if (seconds !== null && seconds !== undefined) {
            if (typeof seconds !== 'number' || !(seconds >= 0 && seconds < 1e12))
                throw new HerdError(codes.E_ARG, `a clock is a number of seconds 0..1e12, not ${described(seconds)}`);
            ms = Math.trunc(seconds * 1000);
        }
        const rc = this._m._herd_js_record_set_clock(this._r, ply, ms);
        if (rc < 0)
            throw this._core.error(rc, '');
    }

    /** The Result tag: '1-0', '0-1', '1/2-1/2' or '*'. */
    get result() {
        return this.tag('Result') ?? '*';
    }

    /** The Termination tag ('corner', 'resigned', ...), or null. */
    get termination() {
        return this.tag('Termination');
    }

    /** The status at the record's end, as Game.statusInfo() gives it. */
    statusInfo() {
        const rc = this._m._herd_record_status(this._r, this._core.scratch + STATUS);
        if (rc < 0)
            throw this._core.error(rc, '');
        return this._core.status();
    }

    /** The status text at the record's end, as Game.status() gives it. */
    status() {
        return statusText(this.statusInfo(), this._core.games.get(this.tag('Game')).sides);
    }

    /** The game at `ply` (0: the start; undefined: the end, the players'
     *  ending included), its history holding the actions up to there. */
    game(ply) {
        const core = this._core;
        const at = ply === undefined ? RECORD_END : this._ply(ply, 0);
        const rc = this._m._herd_record_game(this._r, at, 0, 0, core.scratch + OUT);
        if (rc < 0)
            throw core.error(rc, '');
        const game = wrap(core, core.i32(OUT));
        game._recordBase = this;
        return game;
    }
}

const CLASSES = { horses: HorsesGame, hex: HexGame, hare: HareGame, fox: FoxGame, flock: FlockGame };

function wrap(core, ptr) {
    const name = core.string(core.m._herd_game_name(ptr));
    return new (CLASSES[name] ?? Game)(core, ptr);
}

/** What loadHerd() gives: the module and the ways to make games. */
export class Herd {
    constructor(module) {
        this._core = new Core(module);
        /** The emscripten module: the C functions as _herd_*, its memory. */
        this.module = module;
        /** The library's version, "MAJOR.MINOR.PATCH". */
        this.version = this._core.string(module._herd_version_string());
    }

    /** The library's games, in its order: what each is called, its sides,
     *  its options with their kinds, bounds and defaults, its computer
     *  levels (herd.h's registry, frozen). */
    games() {
        return this._core.gameList;
    }

    /** A new game: `options` an object ({geese: 15, seed: 3}) or the
     *  `KEY=VALUE ...` text of the herd program's `new`. */
    newGame(name, options) {
        const core = this._core, text = optionsText(options);
        const ptr = core.withString(name, "the game's name", n => core.withString(text, 'the options',
            o => core.create((out, err) => this.module._herd_new(n, o, 0, 0, out, err))));
        return wrap(core, ptr);
    }

    /** A game of the position text's game, in that position, as the herd
     *  program's `set` makes one. */
    fromPosition(text) {
        if (typeof text !== 'string')
            throw new HerdError(codes.E_ARG, `the position must be a string, not ${typeof text}`);
        const game = this.newGame(text.split(' ', 1)[0]);
        try {
            game.setPosition(text);
        } catch (e) {
            game.free();
            throw e;
        }
        return game;
    }

    /** The game that a save text restores, of any game. */
    fromSave(text) {
        const core = this._core;
        const ptr = core.withString(text, 'the save', s => core.create(
            (out, err) => this.module._herd_new_from_save(s, 0, 0, out, err)));
        return wrap(core, ptr);
    }

    /** One record (either form of docs/records.md), read and replayed: a
     *  GameRecord. A refused record throws records.md's message ("record 1,
     *  line 3, column 9: ...") with record, line and column. */
    parseRecord(text) {
        const core = this._core, m = this.module;
        return core.withBytes(text, 'the record', (ptr, len) => {
            try {
                const rc = m._herd_record_parse(ptr, len, 0, 0, core.scratch + OUT, core.scratch + RECORD_ERROR);
                if (rc < 0)
                    throw core.recordError();
                return new GameRecord(core, core.i32(OUT));
            } finally {
                m._free(ptr);
            }
        });
    }

    /** The records of a text, one after another: a generator of GameRecord
     *  (lazy: each is read and replayed when asked for). A refused record
     *  throws its error (as parseRecord()), which ends the loop; with
     *  {errors: 'skip'} such records are passed over. A record longer than
     *  maxBytes (0: 1 MiB) stops the reading. Leaving the loop early frees
     *  the reader (or call return() on the generator). */
    *readRecords(text, { maxBytes = 0, errors = 'raise' } = {}) {
        const core = this._core, m = this.module;
        if (errors !== 'raise' && errors !== 'skip')
            throw new HerdError(codes.E_ARG, `errors is 'raise' or 'skip', not ${described(errors)}`);
        whole(maxBytes, 'maxBytes', 0, UINT_MAX, codes.E_ARG);
        const [ptr, reader] = core.withBytes(text, 'the records', (p, len) => {
            const rc = m._herd_record_reader_from_buffer(p, len, maxBytes, 0, 0, core.scratch + OUT);
            if (rc < 0) {
                m._free(p);
                throw core.error(rc, '');
            }
            return [p, core.i32(OUT)];
        });
        try {
            for (;;) {
                const rc = m._herd_record_read(reader, core.scratch + OUT, core.scratch + RECORD_ERROR);
                if (rc === codes.E_STATE)
                    return;
                if (rc === codes.OK) {
                    yield new GameRecord(core, core.i32(OUT));
                    continue;
                }
                if (errors === 'skip' && rc !== codes.E_NOMEM)
                    continue;
                throw core.recordError();
            }
        } finally {
            m._herd_record_reader_free(reader);
            m._free(ptr);
        }
    }

    /** herd_strerror(code). */
    strerror(code) {
        return this._core.strerror(code);
    }

    /** The bytes of the module's heap in use (malloc's), for leak checks. */
    heapInUse() {
        return this.module._herd_js_heap_in_use();
    }
}

let loading = null;

/** Loads the WebAssembly module once and gives the API over it. */
export function loadHerd() {
    loading ??= createHerdModule().then(module => new Herd(module));
    return loading;
}

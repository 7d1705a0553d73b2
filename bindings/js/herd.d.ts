// Types of libherd's JavaScript API (herd.mjs). docs/web.md describes it.

/** herd.h's herd_code values. */
export declare const codes: Readonly<{
    OK: 0; E_ARG: -1; E_NOMEM: -2; E_RANGE: -3; E_PARSE: -4; E_ILLEGAL: -5; E_BUFFER: -6;
    E_STATE: -7; E_UNKNOWN: -8; E_POSITION: -9; E_UNSUPPORTED: -10; E_INTERRUPTED: -11;
}>;

/** The level of Game.memoryNeeded() that asks for solve()'s need. */
export declare const MEMORY_SOLVE: -1;

/** A call that libherd (or this package, before calling it) refused. The
 *  package refuses a `number` parameter that is not a number (a string
 *  '2' included) or not whole with E_ARG, and one out of its range (a C
 *  int's at most) with the call's code, quoting the value as given; a text
 *  with a NUL character or a lone surrogate with E_PARSE. */
export declare class HerdError extends Error {
    constructor(code: number, message?: string, description?: string);
    readonly name: 'HerdError';
    /** The negative herd_code, e.g. -5. */
    readonly code: number;
    /** Its name in herd.h, e.g. "HERD_E_ILLEGAL". */
    readonly codeName: string;
    /** herd_strerror(code), e.g. "illegal move". */
    readonly description: string;
    /** Where a record read failed (Herd.parseRecord(), readRecords()):
     *  the record's number, line and column from 1, null where not known. */
    readonly record?: number | null;
    readonly line?: number | null;
    readonly column?: number | null;
}

/** A side: 0 (who acts first) or 1, or its name ("green", "fox"...). */
export type Side = 0 | 1 | string;

/** Options of newGame(): an object ({geese: 15, seed: 3}) or KEY=VALUE text. */
export type Options = string | Record<string, number | bigint | string | boolean | undefined>;

export interface StatusInfo {
    /** 'over': ended by its players without a result (abandon()). */
    result: 'ongoing' | 'win' | 'draw' | 'over';
    /** Ongoing: the side to act; win: the winner; draw, over: -1. */
    side: number;
    /** protocol.md's reason ("corner", "captured", ..., and the players'
     *  "resigned", "time", "agreed", "abandoned"); "" while ongoing. */
    reason: string;
}

/** A tag's value for Game.record() and GameRecord.setTag(): null removes it. */
export type TagValue = string | number | bigint | Date | null | undefined;

/** A game record (docs/records.md): tags, every action from the first
 *  position, comments and clocks, how the game ended. */
export declare class GameRecord {
    /** Whether free() was called. */
    readonly freed: boolean;
    /** Frees the record; later calls throw. */
    free(): void;
    /** records.md's text; with oneLine its one-line form. */
    text(oneLine?: boolean): string;
    toString(): string;
    /** The tags in the record's order. */
    tags(): Record<string, string>;
    /** A tag's value, or null. */
    tag(key: string): string | null;
    /** Adds, replaces or (null) removes a tag; the game's own are refused. */
    setTag(key: string, value: TagValue): void;
    /** The number of actions, chance outcomes included. */
    readonly plies: number;
    /** Every action, as Game.moves() gives them. */
    moves(): HistoryMove[];
    /** The comment after action `ply` (0: before the first), or null. */
    comment(ply: number): string | null;
    setComment(ply: number, text: string | null): void;
    /** The mover's time left after action `ply`, in seconds, or null. */
    clock(ply: number): number | null;
    setClock(ply: number, seconds: number | null): void;
    /** The Result tag: '1-0', '0-1', '1/2-1/2' or '*'. */
    readonly result: string;
    /** The Termination tag, or null. */
    readonly termination: string | null;
    /** The status at the end, as Game.statusInfo() and status() give it. */
    statusInfo(): StatusInfo;
    status(): string;
    /** The game at `ply` (0: the start; omitted: the end). */
    game(ply?: number): Game;
}

/** A move of the undo history (Game.historyMove()). */
export interface HistoryMove {
    /** Its move text. */
    action: string;
    /** The side to act before it: the side that took it. */
    side: number;
    /** Whether it was a chance event's outcome (the hex dice). */
    chance: boolean;
}

export interface Level {
    readonly level: number;
    readonly name: string;
    readonly description: string;
}

interface OptionCommon {
    /** The key, as newGame() takes it: "w". */
    readonly key: string;
    /** One line, lower case, no final period. */
    readonly description: string;
}

/** A whole number in min..max (a bigint for the seed, whose range passes
 *  what a number holds exactly). */
export interface RangeOption extends OptionCommon {
    readonly kind: 'range';
    readonly min: number | bigint;
    readonly max: number | bigint;
    readonly default: number | bigint;
}

/** One of the choices, ascending. */
export interface ChoiceOption extends OptionCommon {
    readonly kind: 'choice';
    readonly choices: readonly number[];
    readonly default: number;
}

/** A point of the board, as its cell name. */
export interface PointOption extends OptionCommon {
    readonly kind: 'point';
    readonly default: string;
}

export type OptionInfo = RangeOption | ChoiceOption | PointOption;

/** A game of the library's registry (herd.h's herd_game_desc). */
export interface GameInfo {
    /** herd_kind: 1 horses .. 5 flock. */
    readonly kind: number;
    /** Its name for newGame(): "horses". */
    readonly name: string;
    /** Its title for people: "Herd of Horses". */
    readonly title: string;
    /** Side 0 (acts first) and side 1. */
    readonly sides: readonly [string, string];
    /** Its options, in the protocol's order; the seed is the last. */
    readonly options: readonly OptionInfo[];
    /** Its computer levels, from level 1. */
    readonly levels: readonly Level[];
    /** The level that level 0 means. */
    readonly defaultLevel: number;
    /** Its most legal actions at once. */
    readonly maxMoves: number;
    /** Whether it has chance events (dice). */
    readonly hasChance: boolean;
    /** Whether solve() solves it. */
    readonly solvable: boolean;
}

/** A game: a libherd handle and the generic API of herd.h. */
export declare class Game {
    /** The game's name, as newGame() takes it. */
    readonly name: string;
    /** Its entry of the registry (Herd.games()). */
    readonly info: GameInfo;
    /** The names of side 0 and side 1. */
    readonly sides: readonly [string, string];
    /** The most legal actions this game can have at once. */
    readonly maxMoves: number;
    /** The highest level of genmove(). */
    readonly maxLevel: number;
    /** The number of moves that undo() can take back. */
    readonly history: number;
    /** Move `i` of the undo history, 0 the oldest and history - 1 the
     *  last played; E_RANGE naming the range for an index outside it. */
    historyMove(i: number): HistoryMove;
    /** Every move of the undo history, oldest first. */
    moves(): HistoryMove[];
    /** Whether free() was called. */
    readonly freed: boolean;
    /** The herd_game pointer, for the raw C API of Herd.module. */
    readonly handle: number;

    /** Frees the handle; later calls throw. Calling it again is harmless. */
    free(): void;
    /** An independent copy, history included. */
    clone(): this;
    /** The position text of protocol.md. */
    position(): string;
    /** Replaces the position with one of the same game; clears the history. */
    setPosition(text: string): void;
    /** The legal actions' texts in byte order (the protocol's `legal`). */
    legal(): string[];
    isLegal(action: string): boolean;
    /** Plays an action text after checking it. */
    play(action: string): void;
    /** Takes back the last action (a move, a genmove, a roll), or first the
     *  players' ending alone. */
    undo(): void;
    /** Takes back actions until `side` (default: the side to act) is at the
     *  start of its latest turn. */
    undoTurn(side?: Side): void;
    /** `ongoing SIDE`, `win SIDE REASON`, `draw REASON` or `over abandoned`. */
    status(): string;
    statusInfo(): StatusInfo;
    /** `side` resigns: the other side wins. */
    resign(side: Side): void;
    /** `side`'s time ran out: the other side wins. */
    timeOut(side: Side): void;
    /** A draw both players accept. */
    agreeDraw(): void;
    /** The game ends without a result ('over'). */
    abandon(): void;
    /** The record of the game's history; tags by records.md's names, a
     *  side's name ({green: 'Ann'}) for its player. */
    record(tags?: Record<string, TagValue>): GameRecord;
    /** Whether a chance event (the hex dice) waits for roll(). */
    isChance(): boolean;
    /** Draws the chance event's outcome and plays it; its text. */
    roll(): string;
    /** The computer player chooses and plays; the action's text. Level 0 is
     *  the game's default. */
    genmove(level?: number): string;
    /** What genmove(level) would play now; changes nothing. */
    hint(level?: number): string;
    /** The levels of genmove(), from level 1 (the registry's). */
    levels(): readonly Level[];
    /** The options the game was made with: every key of the registry's
     *  entry, with the types of its values. */
    options(): Record<string, number | bigint | string>;
    /** One level (0..maxLevel); 0 names the default level. */
    level(level: number): Level;
    /** The number of action sequences of length depth (0..64). */
    perft(depth: number): bigint;
    /** The exact value, for the games the library solves (hare, and fox positions within setSolveLimit()). */
    solve(): { winner: number; plies: number };
    /** The most bytes that the game's tables and the work area of one call
     *  may hold at once; null for no limit (the default). A call that needs
     *  more throws E_NOMEM and changes nothing. */
    setMemoryLimit(bytes: number | null): void;
    /** The memory limit in bytes, null for none. */
    memoryLimit(): number | null;
    /** The bytes genmove(level) would hold at its peak now (MEMORY_SOLVE:
     *  solve()'s), the tables the game keeps included. */
    memoryNeeded(level?: number): number;
    /** One line that Herd.fromSave() or load() turns back into this game. */
    save(): string;
    /** Replaces the game with a save of the same game; clears the history. */
    load(text: string): void;
    /** The board drawn as text. */
    show(): string;
    /** How the game ended, in words ("Red has no move left: Green wins"); '' while it goes on. */
    resultText(): string;
}

export declare class HorsesGame extends Game {
    options(): { w: number; h: number; n: number; seed: bigint };
    /** Where horse `number` (1..n) of `side` stands. */
    horse(side: Side, number: number): string;
    horses(): { side: number; number: number; cell: string }[];
    together(side: Side): boolean;
    /** The connection lines of the side's herd, as pairs of horse numbers. */
    lines(side: Side): [number, number][];
    progress(side: Side): { distance: number; parts: number };
    /** The moves-log line of `action`, just played as action `number`. */
    logLine(number: number, action: string): string;
    /** The moves-log line of history entry `i` (0 the oldest), numbered i + 1. */
    historyLine(i: number): string;
}

export declare class HexGame extends Game {
    options(): { size: number; seed: bigint };
    size(): number;
    /** The number of cells of each row, from row a. */
    rows(): number[];
    /** Who holds each cell, row by row: 0, 1 or -1 (empty). */
    cells(): number[][];
    phase(): 'roll' | 'remove' | 'place';
    /** [low, high], or null while rolling. */
    dice(): [number, number] | null;
    /** Removals or placements left in this phase. */
    left(): number;
    turns(): bigint;
    stones(side: Side): number;
}

/** hare and fox: points joined by lines. */
export declare class HuntGame extends Game {
    points(): string[];
    boardLines(): [string, string][];
}

export declare class HareGame extends HuntGame {
    options(): { start: string; seed: bigint };
    hare(): string;
    hounds(): string[];
    stall(): number;
    /** The stall() that ends the game. */
    readonly stallLimit: number;
}

export declare class FoxGame extends HuntGame {
    options(): { geese: number; sideways: number; seed: bigint };
    fox(): string;
    geese(): string[];
    geeseLeft(): number;
    sideways(): boolean;
    inChain(): boolean;
    /** Fewer geese left than this: the fox has won. */
    readonly geeseToWin: number;
    /** The most geese that solve() reads from the table (4..solveMax). */
    setSolveLimit(geese: number): void;
    /** The most geese for which the perfect level builds the table (4..solveMax). */
    setLevelLimit(geese: number): void;
    levelLimit(): number;
    readonly levelLimitDefault: number;
    readonly solveDefault: number;
    readonly solveMax: number;
}

export declare class FlockGame extends Game {
    options(): { w: number; h: number; seed: bigint };
    /** Who holds a cell: 0, 1 or -1 (empty); a cell off the board is refused (E_ARG). */
    at(cell: string): number;
    stones(): { cell: string; side: number; range: number }[];
    captured(side: Side): number;
    movesLeft(): number;
    straightBack(): { stone: string; cell: string } | null;
    /** The captures in all that win. */
    readonly capturesToWin: number;
    /** The moves in all (both sides) after which the count decides. */
    readonly moveLimit: number;
}

export interface GameByName {
    horses: HorsesGame;
    hex: HexGame;
    hare: HareGame;
    fox: FoxGame;
    flock: FlockGame;
}

/** What loadHerd() gives. */
export declare class Herd {
    /** The emscripten module: the C functions as _herd_*, its memory. */
    readonly module: any;
    /** The library's version, "MAJOR.MINOR.PATCH". */
    readonly version: string;
    /** The library's games, in its order (frozen). */
    games(): readonly GameInfo[];
    newGame<K extends keyof GameByName>(name: K, options?: Options): GameByName[K];
    newGame(name: string, options?: Options): Game;
    /** A game in the position of a position text, of any game. */
    fromPosition(text: string): Game;
    /** The game that a save text restores, of any game. */
    fromSave(text: string): Game;
    /** One record (either form), read and replayed. */
    parseRecord(text: string): GameRecord;
    /** The records of a text one after another, lazily. */
    readRecords(text: string, options?: { maxBytes?: number; errors?: 'raise' | 'skip' }):
        Generator<GameRecord, void, undefined>;
    /** herd_strerror(code); a code that is not a whole number is refused (E_ARG). */
    strerror(code: number): string;
    /** The bytes of the module's heap in use, for leak checks. */
    heapInUse(): number;
}

/** Loads the WebAssembly module (once) and gives the API over it. */
export declare function loadHerd(): Promise<Herd>;

/** The KEY=VALUE text of an options object. */
export declare function optionsText(options?: Options | null): string;
/** "a1" from row 0, column 0. */
export declare function cellName(row: number, col: number): string;
/** [row, col] of a cell name. */
export declare function parseCell(name: string): [number, number];

// The game screen: one game in the worker, drawn by its view, played by
// clicks and keys, with the computer's actions chosen in the worker. #game
// carries data-position and data-status after every action, and
// data-thinking while the computer is to act. A record opened (or a game
// just finished) is replayed: stepped through by the replay's controls, the
// log's lines and the arrow keys, and played on from any of its positions.
import { cellName, parseCell } from '../herd.mjs';
import { Board, Log, advice, byPlace, capital, html, listed, targetLetter, turnsOf } from './board.js';
import { choose, levelText } from './setup.js';
import { viewOf } from './views/index.js';

const $ = id => document.getElementById(id);
const NO_PICK = Object.freeze({ selected: null, targets: [], hint: [] });
// How many moves before a game's move limit the turn line starts to say
// how many are left (limitNote()).
const LIMIT_NEAR = 10;
// Why Agree a draw ends nothing yet against the computer (endWhy()).
const DRAW_WAITS = 'The computer agrees a draw once the position has come up three times.';

// The library's refusal ("a2-e2 is not a step along a line") as the page
// writes a sentence: an action FROM-TO with the log's arrow, a capital
// first letter (not a cell's: cells are lower case everywhere on the page)
// and a full stop, the library's words otherwise kept. A refusal of
// `action` that names no cell ("the herd would split") names the action
// first, as the others do: "d4 → f5: the herd would split.".
function refusalText(text, action = null) {
    if (!text)
        return text;
    const named = action && !/\b[a-z]\d+\b/.test(text) ? `${action}: ${text}` : text;
    const arrowed = named.replace(/\b([a-z]\d+)-(?=[a-z]\d+\b)/g, '$1 → ');
    return stopped(/^[a-z]\d/.test(arrowed) ? arrowed : capital(arrowed));
}

// A sentence with its full stop, where it has none: the refusals, and
// every line of the log, which the views write in one style ("1. Fox moved
// d4 → c4.", "3. Green moved horse ⓪: a3 → b5." as seed 000 writes it).
function stopped(text) {
    return /[.!?…]$/.test(text) ? text : `${text}.`;
}

// A date and time as a file's name writes them: 20261207-1105 (local time).
function stamp(d) {
    const two = n => String(n).padStart(2, '0');
    return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`;
}

export class Play {
    // client: the worker's (client.js); onLeave(): back to the setup;
    // onFault(error): something went wrong that is no refusal;
    // onPlayOn(setup): a replay played on, as the setup that opens it again.
    constructor(client, games, onLeave, onFault, onPlayOn) {
        this.client = client;
        this.games = games;
        this.onFault = onFault;
        this.onPlayOn = onPlayOn;
        this.root = $('game');
        this.log = new Log($('log'), ply => this.seek(ply));
        this.board = new Board($('board'), cell => this.click(cell));
        this.ui = {
            board: this.board,
            panel: $('panel'),
            log: this.log,
            click: cell => this.click(cell),
            humanToAct: () => this.humanToAct(),
            // A view's refusal of a key (views/horses.js: a horse it has not).
            message: text => this.message(text),
        };
        this.snap = null;
        this.generation = 0;
        // Whether each game's start depends on its seed, by name
        // (startSeeded()).
        this.seededStarts = new Map();
        $('roll').addEventListener('click', () => this.send('roll'));
        $('stop').addEventListener('click', () => this.play('stop'));
        $('hint').addEventListener('click', () => this.hint());
        $('undo').addEventListener('click', () => this.undo());
        $('pause').addEventListener('click', () => this.pause(!this.paused));
        $('step').addEventListener('click', () => this.computerActs());
        // Resign and Agree a draw ask first, as Cancel does, in one
        // dialog (#resign-ask).
        $('resign').addEventListener('click', () => this.askEnd('resigned'));
        $('draw').addEventListener('click', () => this.askEnd('agreed'));
        $('resign-ask').addEventListener('close', () => {
            if ($('resign-ask').returnValue === 'end')
                this.end(this.asked);
        });
        $('replay-first').addEventListener('click', () => this.seek(0));
        $('replay-back').addEventListener('click', () => this.seek(this.replay.ply - 1));
        $('replay-forward').addEventListener('click', () => this.seek(this.replay.ply + 1));
        $('replay-last').addEventListener('click', () => this.seek(this.replay.plies));
        $('replay-slider').addEventListener('input', e => this.seek(Number(e.target.value)));
        $('replay-friend').addEventListener('click', () => this.playOn('two'));
        $('replay-computer').addEventListener('click', () => this.askPlayOn());
        $('playon-level').addEventListener('change', () => this.playOnLevelText());
        $('playon-ask').addEventListener('close', () => {
            if ($('playon-ask').returnValue === 'play')
                this.playOn('computer', Number($('playon-side').value), Number($('playon-level').value));
        });
        $('replay-this').addEventListener('click', () => this.replayThis());
        $('download').addEventListener('click', () => this.download());
        const leave = () => {
            this.stop();
            onLeave(this.setup);
        };
        // A game that goes on, with actions played, is left only once the
        // person says so (#leave): Keep playing, or Escape, keeps it.
        $('new').addEventListener('click', () => {
            if (!this.unfinished())
                return leave();
            $('leave').returnValue = '';
            $('leave').showModal();
        });
        $('leave').addEventListener('close', () => {
            if ($('leave').returnValue === 'leave' && this.snap)
                leave();
        });
        document.addEventListener('keydown', e => this.key(e));
    }

    // Starts the game of `setup` ({name, options, players, side, level,
    // delay}); a refusal of the options is thrown, with nothing shown.
    // `first`, optional: the request that gives the first snapshot in place
    // of a new game's (a record opened).
    async start(setup, first = null) {
        this.stop();
        const mine = this.generation;
        const value = first ? await this.client.request(first.op, first.args)
            : setup.online ? setup.online.patch(await this.client.request('replay', setup.online.replay()))
            : await this.client.request('new', { name: setup.name, options: setup.options, position: setup.position });
        setup = first ? { ...setup, name: value.name } : setup;
        const [view, seededStart] = await Promise.all([viewOf(setup.name), this.startSeeded(setup.name)]);
        if (mine !== this.generation)
            return;
        this.setup = setup;
        this.seededStart = seededStart;
        this.playedOn = false;
        this.view = view;
        this.info = this.games.find(g => g.name === setup.name);
        this.busy = false;
        this.paused = false;
        this.log.reset();
        this.show(value);
        $('title').textContent = this.info.title;
        document.title = this.info.title;
        $('players-line').textContent = this.playersText();
        this.root.dataset.game = setup.name;
        this.info.sides.forEach((s, i) => this.root.style.setProperty(`--side${i}`, this.view.colors[s]));
        this.root.hidden = false;
        this.message('');
        // A board bigger than its box opens on the person's pieces.
        const side = this.personSide();
        this.board.opening(value.pieces.filter(p => p.side === side).map(p => p.cell));
        this.render();
        this.nextTurn();
    }

    // Opens the text of a record file (records.md) for its replay, at its
    // end; a refusal of the library (the record's line and column) is thrown.
    // `file`: the file's name, which the players' line gives (none: the
    // game just played).
    openRecord(text, file = '') {
        this.recordFile = file;
        return this.start({ name: '', options: {}, players: 'two', side: 0, level: 0, delay: 200 },
                          { op: 'openRecord', args: { text } });
    }

    // The game just played, replayed from its end.
    async replayThis() {
        if (this.busy || !this.snap || this.replay)
            return;
        const { text } = await this.client.request('record');
        await this.openRecord(text).catch(e => e.name === 'HerdError' ? this.message(e.message) : this.onFault(e));
    }

    // The replay's position after `ply` actions (0: the start).
    async seek(ply) {
        if (!this.replay || this.busy || ply < 0 || ply > this.replay.plies || ply === this.replay.ply)
            return;
        await this.send('seek', { ply });
    }

    // Play on against the computer asks the person's side (the side to act
    // first chosen) and the computer's level (the game's, or the one it
    // played at before), with the setup's choosers (setup.js choose()).
    askPlayOn() {
        if (!this.replay || this.busy)
            return;
        choose(this.info, $('playon-side'), $('playon-level'), this.toActSide(), this.setup.level);
        this.playOnLevelText();
        $('playon-ask').returnValue = '';
        $('playon-ask').showModal();
    }

    playOnLevelText() {
        $('playon-level-text').textContent = levelText(this.info.levels[Number($('playon-level').value) - 1]);
    }

    toActSide() {
        return this.snap.info.result === 'ongoing' ? this.snap.info.side : 0;
    }

    // Leaves the replay at the position shown: two players on this screen,
    // or the person against the computer, playing `side` (default: the side
    // to act) against its `level` (default: as before). The setup then
    // holds the game's options and position, which open it again.
    async playOn(players, side = this.toActSide(), level = this.setup.level) {
        if (!this.replay || this.busy)
            return;
        const mine = this.generation;
        this.setup = { ...this.setup, players, side, level };
        await this.send('playOn');
        if (mine !== this.generation || !this.snap?.start)
            return;
        const { options, position } = this.snap.start;
        this.setup = { ...this.setup, options, position: position ?? undefined, drawn: null };
        this.playedOn = true;
        $('players-line').textContent = this.playersText();
        this.onPlayOn?.(this.setup);
    }

    // The game's record (records.md) as a file to save, named by the game,
    // its seed where the players' line shows it (shownSeed()) and the
    // person's date and time, so that later downloads do not clash:
    // hex-seed12-20261207-1105.hgr, hare-20261207-1105.hgr.
    async download() {
        const { text, name } = await this.client.request('record');
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
        const seed = this.shownSeed();
        link.download = `${[name, ...(seed ? [`seed${seed}`] : []), stamp(new Date())].join('-')}.hgr`;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 0);
    }

    // A new state of a game online (online.js): replayed in the worker,
    // then drawn.
    async remote() {
        const mine = this.generation, online = this.setup?.online;
        if (!online || !this.snap)
            return;
        const value = await this.client.request('replay', online.replay());
        if (mine !== this.generation)
            return;
        this.show(online.patch(value));
        $('players-line').textContent = this.playersText();
        this.render();
    }

    // Drops the game: late answers are ignored and the worker restarts,
    // which ends any search in progress.
    stop() {
        this.generation++;
        clearTimeout(this.timer);
        this.setup?.online?.close();
        if (this.snap)
            this.client.restart();
        this.snap = null;
        this.replay = null;
        this.root.hidden = true;
        this.root.dataset.position = '';
        this.root.dataset.status = '';
        this.root.removeAttribute('data-thinking');
    }

    // Online: any side but this page's seat (a watcher has none).
    isComputer(side) {
        const { players, side: human, online } = this.setup;
        if (online)
            return side !== online.seat;
        return players === 'watch' || (players === 'computer' && side !== human);
    }

    ongoing() {
        return !!this.snap && this.snap.info.result === 'ongoing';
    }

    // A game of the players on this page that goes on and has actions to
    // lose (not watched, not a replay, not online: the server keeps it).
    unfinished() {
        return this.ongoing() && !this.replay && !this.setup.online && this.setup.players !== 'watch' &&
            this.snap.moves.length > 0;
    }

    humanToAct() {
        return !this.replay && this.ongoing() && !this.isComputer(this.snap.info.side);
    }

    // A request that changes the game; its snapshot is drawn. A refusal of
    // the library is the person's to read; anything else is a fault.
    async send(op, args) {
        if (this.busy || !this.snap)
            return;
        const mine = this.generation;
        this.busy = true;
        this.render();
        let done = false;
        try {
            const value = await this.client.request(op, args);
            if (mine !== this.generation)
                return;
            this.message('');
            this.show(value);
            done = true;
        } catch (e) {
            if (mine === this.generation)
                e.name === 'HerdError' ? this.message(e.message) : this.onFault(e);
        } finally {
            if (mine === this.generation) {
                this.busy = false;
                this.render();
                // After a refusal the computer does not try again by itself.
                if (done)
                    this.nextTurn();
            }
        }
    }

    play(action) {
        return this.setup.online ? this.setup.online.act(action) : this.send('play', { action });
    }

    show(value) {
        this.snap = value;
        this.replay = value.replay ?? null;
        // A replay's log has every action of the record, the one shown marked.
        const { moves, lines } = this.replay ?? value;
        this.log.update(moves, lines, e => this.lineText(e));
        this.pick = this.autoPick();
        this.root.dataset.position = value.position;
        this.root.dataset.status = value.status;
    }

    // The pick with the piece that alone may act (a fox in its chain)
    // selected, where the person is to act; else nothing picked.
    autoPick() {
        const auto = this.humanToAct() ? this.view.autoSelect?.(this.ui, this.snap) : null;
        return auto ? { ...NO_PICK, selected: auto, targets: this.targets(auto) } : NO_PICK;
    }

    // A log entry's line as the log shows it ({text, action, side, number}:
    // the worker's line, then the view's logText), a sentence.
    lineText(entry) {
        return stopped(this.view.logText?.(entry) ?? entry.text);
    }

    nextTurn() {
        clearTimeout(this.timer);
        if (this.replay || !this.ongoing() || !this.isComputer(this.snap.info.side) || this.setup.online)
            return;
        if (this.paused)
            return;
        const mine = this.generation;
        this.timer = setTimeout(() => {
            if (mine === this.generation)
                this.computerActs();
        }, this.setup.delay);
    }

    // The computer's next action (a roll where the dice wait): after the
    // delay, or at once by Step while a watched game is paused.
    computerActs() {
        if (this.ongoing() && this.isComputer(this.snap.info.side))
            this.snap.chance ? this.send('roll') : this.send('genmove', { level: this.setup.level });
    }

    // A watched game paused (Pause) or going on again (Resume): paused,
    // the computer's next action waits for Step; an action already asked
    // for still arrives.
    pause(paused) {
        this.paused = paused;
        if (paused)
            clearTimeout(this.timer);
        else if (!this.busy)
            this.nextTurn();
        this.render();
    }

    // Whether a game watched on this page goes on (Pause and Step then).
    watching() {
        return this.setup.players === 'watch' && !this.replay && !this.setup.online && this.ongoing();
    }

    // The cells that the piece on `cell` can go to, in reading order (its
    // legal actions CELL-TO).
    targets(cell) {
        return byPlace(this.snap.legal.filter(a => a.startsWith(`${cell}-`)).map(a => a.slice(cell.length + 1)));
    }

    // A click on a cell: a target of the selected piece plays the move; the
    // selected piece again unselects it; a cell with an action of its own
    // (hex: +CELL places, -CELL removes) plays it; a piece with moves is
    // selected, showing its targets; anything else is refused.
    click(cell) {
        if (this.busy)
            return;
        if (!this.humanToAct())
            return this.message(this.waitWhy());
        const { selected, targets } = this.pick;
        if (selected && targets.includes(cell))
            return this.play(`${selected}-${cell}`);
        // The piece that alone may act (a fox in its chain) plays its move
        // to `cell` selected or not (after Hint, say, or unselected).
        const only = this.view.autoSelect?.(this.ui, this.snap);
        if (only && this.targets(only).includes(cell))
            return this.play(`${only}-${cell}`);
        if (selected === cell) {
            this.pick = NO_PICK;
            return this.render();
        }
        for (const action of [`+${cell}`, `-${cell}`])
            if (this.snap.legal.includes(action))
                return this.play(action);
        const mine = this.targets(cell);
        this.pick = mine.length ? { ...NO_PICK, selected: cell, targets: mine } : NO_PICK;
        this.message('');
        this.render();
        if (!mine.length)
            this.refuse(cell, selected);
    }

    // A click that plays and selects nothing: the library says why the move
    // meant is refused (the selected piece to `cell`; where the game places
    // and removes, a placement or removal there), else clickWhy() does.
    async refuse(cell, selected) {
        const kind = ['+', '-'].find(k => this.snap.legal.some(a => a.startsWith(k)));
        const meant = this.snap.chance ? null : selected ? `${selected}-${cell}` : kind ? `${kind}${cell}` : null;
        const mine = this.generation;
        const own = !meant && !this.snap.chance && this.snap.pieces.some(p => p.cell === cell && p.side === this.snap.info.side);
        let why = null;
        try {
            why = meant ? await this.client.request('why', { action: meant })
                : own ? await this.stuckWhy(cell) : null;
        } catch (e) {
            return this.onFault(e);
        }
        // A jump over an enemy piece onto a piece: the library's "f4 is
        // occupied", as for a step onto one, says what was jumped.
        const over = selected && why === `${cell} is occupied` ? this.jumpedOver(selected, cell) : null;
        if (over && this.snap.pieces.some(p => p.cell === over && p.side !== this.snap.info.side))
            why = `${this.sideWord(this.snap.info.side, true)} cannot jump ${over}: ${cell} beyond it is occupied`;
        // A move refused by its shape ("e2-f5 is not a knight's move") onto
        // a piece: the cell taken is what keeps every piece off it.
        else if (why?.includes(meant) && this.snap.pieces.some(p => p.cell === cell))
            why = `${cell} is occupied`;
        if (mine === this.generation)
            this.message(why ?? this.clickWhy(cell), 'refusal', meant);
    }

    // The point that a move FROM-TO passes over, where it is a jump's
    // shape on the game's board of points (the registry's lines, Fox and
    // Geese's cross): the point halfway, joined by a line to each end;
    // else null.
    jumpedOver(from, to) {
        const lines = this.info.board?.lines;
        const [[r1, c1], [r2, c2]] = [from, to].map(parseCell);
        if (!lines || (r1 + r2) % 2 || (c1 + c2) % 2)
            return null;
        const over = cellName((r1 + r2) / 2, (c1 + c2) / 2);
        const joined = (a, b) => lines.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
        return joined(from, over) && joined(over, to) ? over : null;
    }

    // Why the side's own piece on `cell` has no move, in the library's
    // words: its refusal of the piece's move to each cell of the board,
    // the ones that only say the move is no move of the game's shape
    // ("b3-b4 is not a knight's move": they name the action) left out.
    // Each reason is said once, the most frequent first: one that names its
    // cell for all its cells ("a1 and d2 are occupied"), another with the
    // cells it refuses ("the herd would split (to a5 or c1)") where there
    // are several reasons; null where none is left.
    async stuckWhy(cell) {
        const to = this.board.cells().filter(c => c !== cell);
        const refused = (await this.client.request('whyEach', { actions: to.map(c => `${cell}-${c}`) }))
            .map((why, i) => ({ why, to: to[i] }))
            .filter(({ why, to }) => why && !why.includes(`${cell}-${to}`));
        // The reasons by their words, a cell they name as "*".
        const groups = new Map();
        for (const { why, to } of refused) {
            const own = new RegExp(`\\b${to}\\b`), named = own.test(why);
            const words = named ? why.replace(own, '*') : why;
            groups.set(words, { named, cells: [...groups.get(words)?.cells ?? [], to] });
        }
        const said = [...groups].sort(([, a], [, b]) => b.cells.length - a.cells.length).map(([words, { named, cells }]) => {
            if (named)
                return (cells.length > 1 ? words.replace(/^\* is /, '* are ') : words).replace('*', listed(byPlace(cells)));
            return groups.size > 1 ? `${words} (to ${listed(byPlace(cells), 'or')})` : words;
        });
        return said.length ? `No move from ${cell}: ${said.join('; ')}` : null;
    }

    // Why a click on `cell` that means no action does nothing, where the
    // library has no sentence for it: the dice wait, the piece there is the
    // other side's (against the computer: the computer's, and which side
    // the person plays), the cell is empty, or the piece has no move.
    clickWhy(cell) {
        if (this.snap.chance)
            return `${this.whoseTurn()}: roll the dice first.`;
        const side = this.snap.info.side;
        const owner = this.snap.pieces.find(p => p.cell === cell)?.side;
        if (owner === undefined)
            return `${cell} is empty: first click the piece to move.`;
        if (owner === side)
            return `No move from ${cell}.`;
        if (this.setup.players === 'computer' && !this.setup.online)
            return `${this.sideWord(owner, true)} ${this.info.words[owner].plural ? 'are' : 'is'} the computer's: you play ${this.sideWord(side)}.`;
        return `${this.whoseTurn()}.`;
    }

    // Why a click on the board does nothing while the person is not to act.
    waitWhy() {
        if (this.replay)
            return this.ongoing() ? 'This is a replay: step through it with its buttons, or play on from here.'
                : 'This is a replay: step through it with its buttons.';
        if (!this.ongoing())
            return 'The game is over: New game starts another.';
        if (this.setup.online)
            return `${this.whoseTurn()}: wait for the move.`;
        if (this.setup.players === 'watch')
            return 'The computer plays both sides: Cancel goes back to choose the players.';
        return 'The computer is thinking: wait for its move.';
    }

    // "It is Black's turn", "It is the hounds' turn": the side to act, as
    // a sentence names it (sideWord()).
    whoseTurn() {
        const name = this.sideWord(this.snap.info.side);
        return `It is ${name}'${name.endsWith('s') ? '' : 's'} turn`;
    }

    // A side as the page's sentences name it: as the library's do ("the
    // fox", "the geese", "Green": the worker's `words`), with a capital
    // when it starts one. Labels (buttons, "Fox to move", the choosers)
    // give the side's name alone.
    sideWord(side, start = false) {
        const word = this.info.words[side].name;
        return start ? capital(word) : word;
    }

    // "The geese resign", "Red resigns": the button and the question of
    // a side's resignation in two-player games, in one wording.
    resigns(side) {
        return `${this.sideWord(side, true)} ${this.info.words[side].plural ? 'resign' : 'resigns'}`;
    }

    key(e) {
        if (this.root.hidden || e.ctrlKey || e.metaKey || e.altKey || this.busy)
            return;
        const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
        if (this.replay && step !== undefined && e.target.id !== 'replay-slider') {
            e.preventDefault();
            this.seek(Math.max(0, Math.min(this.replay.plies, this.replay.ply + step)));
            return;
        }
        if (!this.humanToAct())
            return;
        if (e.key === 'Escape') {
            this.pick = NO_PICK;
            this.render();
        } else if (this.view.key?.(this.ui, this.snap, this.pick, e.key)) {
            e.preventDefault();
        } else if (this.board.lettered && /^[a-z]$/.test(e.key) && !e.target.closest?.('input, select, textarea')) {
            this.message(this.letterWhy(e.key));
        }
    }

    // Why the letter `key` plays nothing where the board letters the
    // selected piece's targets a, b, c...: no piece is selected, or it
    // has no target of that letter.
    letterWhy(key) {
        const { selected, targets } = this.pick;
        if (!selected)
            return `No piece selected for ${key}: first select one, then press the letter of its move.`;
        const letters = listed(targets.map((c, i) => targetLetter(i)));
        return `${selected} has no move ${key}: ${targets.length > 1 ? 'its moves are' : 'its move is'} ${letters}.`;
    }

    async hint() {
        if (this.replay)
            return this.message(this.hintWhy());
        if (this.busy || !this.humanToAct() || this.snap.chance)
            return;
        const mine = this.generation;
        try {
            const level = this.hintLevel();
            const { hint, side, line } = await this.client.request('hint', { level });
            if (mine !== this.generation)
                return;
            // The hint's cells ringed; a fox in its chain stays selected.
            this.pick = { ...this.autoPick(), hint: hint.match(/[a-z][0-9]+/g) ?? [] };
            // The log's line for the action, worded as advice (advice()).
            const words = this.lineText({ text: line, action: hint, side, number: this.snap.moves.length + 1 });
            this.message(`Hint from ${this.levelName(level)}: ${advice(words, capital(this.snap.sides[side]))}.${this.hintLevelWhy(level)}`, 'hint');
            $('message').dataset.level = level;
            $('message').dataset.action = hint;
            this.render();
        } catch (e) {
            if (mine === this.generation)
                e.name === 'HerdError' ? this.message(e.message) : this.onFault(e);
        }
    }

    // Hint's level: the game's strongest that answers within about a second
    // (the view's hintLevel, docs/web.md), whatever the opponent's level; a
    // view whose time grows with the board gives it as a function of the
    // game's snapshot.
    hintLevel() {
        const chosen = this.view.hintLevel;
        const level = typeof chosen === 'function' ? chosen(this.snap) : chosen;
        return Math.min(level ?? this.info.defaultLevel, this.info.levels.length);
    }

    // Why the hint's level is not the opponent's: a newcomer against
    // Novice would otherwise wonder why Master answers. Nothing to say
    // where the computer plays at that level.
    hintLevelWhy(level) {
        if (this.setup.players === 'computer' && (this.setup.level || this.info.defaultLevel) === level)
            return '';
        return ` ${this.levelName(level)} is the strongest level that answers within about a second.`;
    }

    levelName(level) {
        return capital(this.info.levels[(level || this.info.defaultLevel) - 1].name);
    }

    // Against the computer: back to the person's latest turn, with the
    // computer's reply; two players: the latest turn, whoever played it.
    // Only the actions played here: a game played on from a replay keeps
    // the record's before it in its log, but Undo stops there (the
    // worker's floor).
    undoSide() {
        const { players, side } = this.setup;
        if (players === 'watch')
            return undefined;
        // Resign or a draw agreed is taken back alone, whoever moved.
        if (this.endedHere())
            return players === 'two' ? 0 : side;
        const here = this.log.entries.slice(this.snap.floor);
        if (players === 'two')
            return here.at(-1)?.side;
        return here.some(e => e.side === side) ? side : undefined;
    }

    undo() {
        if (this.replay || (!this.busy && this.nothingToUndo()))
            return this.message(this.undoWhy());
        const side = this.undoSide();
        if (!this.busy && side !== undefined && (this.humanToAct() || !this.ongoing()))
            this.send('undoTurn', { side });
    }

    // Whether the players may end the game themselves here (Resign, and
    // Agree a draw: against the computer once the game goes round in
    // circles, endWhy()): a game on this page that goes on, not watched;
    // online the server's buttons do it.
    endable() {
        return !this.replay && !this.setup.online && this.setup.players !== 'watch' && this.ongoing();
    }

    // The person's side: against the computer the one chosen, online the
    // seat; else (two players, watching, a replay) the side to act. It is
    // the side that resigns, and the one whose pieces a board opens on.
    personSide() {
        const { players, side, online } = this.setup;
        if (typeof online?.seat === 'number')
            return online.seat;
        return players === 'computer' ? side : this.snap.info.side;
    }

    // Ends the game by the players' `reason` (the worker's `end`: the
    // library's herd_end()); Undo takes it back.
    end(reason) {
        if (!this.busy && this.endable() && !this.endWhy(reason))
            this.send('end', { reason, side: this.personSide() });
    }

    // The question of an ending by the players (`reason`: resigned or
    // agreed): who resigns and who wins, or that nobody does, and that
    // Undo takes it back; its button (Resign, Agree a draw) ends the game,
    // Keep playing (or Escape) keeps it.
    askEnd(reason) {
        if (this.busy || !this.endable())
            return;
        const why = this.endWhy(reason);
        if (why)
            return this.message(why);
        const side = this.personSide(), winner = this.info.words[1 - side];
        const who = this.setup.players === 'two' ? `${this.resigns(side)}?` : 'Resign?';
        const what = reason === 'agreed' ? 'Agree a draw? The game ends with nobody winning'
            : `${who} ${this.sideWord(1 - side, true)} ${winner.plural ? 'win' : 'wins'} the game`;
        $('resign-ask-text').textContent = `${what}; Undo can take it back.`;
        $('resign-yes').textContent = reason === 'agreed' ? 'Agree a draw' : 'Resign';
        this.asked = reason;
        $('resign-ask').returnValue = '';
        $('resign-ask').showModal();
    }

    // Why Resign (and Agree a draw) are greyed out now, or ''.
    resignWhy() {
        if (this.isComputer(this.snap.info.side))
            return 'Resign waits for the computer\'s move.';
        return this.busy ? 'Resign waits while an action is being played.' : '';
    }

    // Why the ending of `reason` (resigned, agreed) is refused now, or ''.
    // The computer takes a draw only in a game that goes round in circles:
    // once the position has come up three times (the turn line's count).
    endWhy(reason) {
        const why = this.resignWhy();
        return why || (reason === 'agreed' && this.drawWaits() ? DRAW_WAITS : '');
    }

    // Whether the computer would refuse a draw now: the position has not
    // come up three times. Agree a draw stays pressable then and says why
    // when pressed, as Undo does; the line under the buttons says it only
    // once the position has come up again, where it helps.
    drawWaits() {
        return this.setup.players === 'computer' && this.snap.seen < 3;
    }

    // Whether the game was ended by its players on this page.
    endedHere() {
        return !this.replay && !this.setup.online && ['resigned', 'agreed'].includes(this.snap.info.reason);
    }

    // A game that keeps coming back to the same position (the third time
    // or more: the worker's count), which no rule ends in every game:
    // how the players end it; '' otherwise.
    repeatNote() {
        const n = this.snap.seen;
        if (!(n >= 3) || this.replay || this.setup.online)
            return '';
        const way = this.setup.players === 'watch' ? 'Cancel ends it' : 'Resign or Agree a draw ends it, or Cancel for a new game';
        return `This position has come up ${n} times. The game has no move limit: ${way}.`;
    }

    // Who plays, and the game's seed where it matters (a URL without one
    // plays the library's default): the start position is the seed's, unless the
    // game was played on from a position (its record's Start tag), which
    // the line says; opened at that position (a link's), the log is empty
    // there, which it says too; played on from a replay, the log holds the
    // moves before it.
    playersText() {
        if (this.setup.online)
            return this.setup.online.playersText();
        if (this.replay)
            return this.replayTitle();
        const from = !this.setup.position ? ''
            : this.playedOn ? ', played on from a position' : ', played on from a position: the log begins there';
        const seed = this.shownSeed();
        return `${this.playersWho()}${seed ? `, seed ${seed}` : ''}${from}`;
    }

    // The game's seed where it changes the game (seedMatters()), as the
    // players' line and the record file's name give it; '' where it does
    // not, and online, where the game starts from the server's position.
    shownSeed() {
        return !this.setup.online && this.snap.seed && this.seedMatters() ? this.snap.seed : '';
    }

    // Whether the seed changes this game: its start (not a game from a
    // position, which has its own), its dice, or the computer's choices;
    // two players of Hare and Hounds play the same game at every seed.
    seedMatters() {
        const { players, position } = this.setup;
        return players !== 'two' || this.info.hasChance || (this.seededStart && !position);
    }

    // Whether the start of the game `name` depends on its seed (Herd of
    // Horses' horses placed at random): the worker's answer, asked the
    // first time a game of it starts and kept.
    async startSeeded(name) {
        if (!this.seededStarts.has(name))
            this.seededStarts.set(name, await this.client.request('seededStart', { name }));
        return this.seededStarts.get(name);
    }

    // A replay's players' line: the file's name (the game just played:
    // "this game"), and the record's event, round and players where it
    // has them: "Replay of club.hgr: Club night, round 3, Ann (Fox)
    // against Bob (Geese)".
    replayTitle() {
        const tags = this.replay.tags, known = v => v && v !== '?' ? v : null;
        const names = this.snap.sides.map(s => known(tags[capital(s)]));
        const players = names.some(Boolean) ? names.map((n, i) => `${n ?? '?'} (${capital(this.snap.sides[i])})`).join(' against ') : null;
        const round = known(tags.Round) && `round ${tags.Round}`;
        const about = [known(tags.Event), round, players].filter(Boolean).join(', ');
        return `Replay of ${this.recordFile || 'this game'}${about ? `: ${about}` : ''}`;
    }

    // Who plays whom, for the players' line.
    playersWho() {
        const { players, side, level } = this.setup, name = this.levelName(level);
        if (players === 'two')
            return 'Two players';
        if (players === 'watch')
            return `The computer (${name}) against itself`;
        return `You play ${capital(this.info.sides[side])}, the computer (${name}) ${capital(this.info.sides[1 - side])}`;
    }

    // The turn's line; at the end against the computer the result from the
    // person's side ("You win") before the library's sentence, which
    // #turn .result holds as the library writes it.
    renderTurn() {
        const text = this.turnText(), mine = this.personalResult();
        // The result a sentence, after the person's where there is one:
        // "You win. Green resigned: Red wins.", "The players agreed a draw.".
        if (mine)
            $('turn').replaceChildren(`${mine}. `, html('span', { class: 'result' }, null, text), '.');
        else
            $('turn').textContent = this.ongoing() ? text : stopped(text);
        // Each note on a line of its own, in the repeat note's style
        // (style.css: #turn .repeat).
        for (const [kind, note] of [['repeat', this.repeatNote()], ['repeat limit', this.limitNote()]])
            if (note)
                $('turn').append(' ', html('span', { class: kind }, null, note));
    }

    // A game with a move limit (Flock's 100 moves), from the last
    // LIMIT_NEAR moves before it: how many are left; at the end, that
    // the limit ended the game. '' otherwise.
    limitNote() {
        const limit = this.snap.limit, { result, reason } = this.snap.info;
        if (!limit)
            return '';
        if (result !== 'ongoing')
            return reason === 'move-limit' ? `The game has a move limit of ${limit.of} moves, which ended it.` : '';
        if (limit.left > LIMIT_NEAR)
            return '';
        const left = `${limit.left} move${limit.left === 1 ? '' : 's'} left`;
        return `${left} before the move limit of ${limit.of}, which ends the game.`;
    }

    // Against the computer (on this screen), once the game is won or drawn:
    // who won, said to the person; else ''.
    personalResult() {
        const { result, side } = this.snap.info;
        if (this.replay || this.setup.online || this.setup.players !== 'computer' || (result !== 'win' && result !== 'draw'))
            return '';
        if (result === 'draw')
            return 'Nobody wins';
        return side === this.setup.side ? 'You win' : 'The computer wins';
    }

    turnText() {
        const { result, side } = this.snap.info;
        const who = capital(this.snap.sides[side]);
        if (result !== 'ongoing') // the library's words (herd_result_text())
            return this.snap.result;
        if (this.isComputer(side) && !this.replay && !this.setup.online)
            return `${who}: the computer is thinking…`;
        return this.toAct(who);
    }

    // What the side to act does next, the same live, online and in a
    // replay: "Red to roll", "Fox: jump again or stop", "Green to move".
    toAct(who) {
        if (this.snap.chance)
            return `${who} to roll`;
        return this.snap.legal.includes('stop') ? `${who}: jump again or stop` : `${who} to move`;
    }

    render() {
        if (!this.snap)
            return;
        const snap = this.snap, mine = this.humanToAct() && !this.busy;
        this.renderTurn();
        $('turn').dataset.side = snap.info.side;
        this.view.draw(this.ui, snap, this.pick);
        this.board.lastMove(this.log.lastWithCells(this.replay?.ply));
        this.renderReplay();
        this.root.toggleAttribute('data-thinking', this.ongoing() && this.isComputer(snap.info.side));
        this.root.toggleAttribute('data-busy', this.busy);
        // Watched, there is no person to advise or to take back a move:
        // Hint and Undo make way for Pause and Step.
        const watched = this.setup.players === 'watch' && !this.replay;
        $('hint').hidden = watched;
        $('undo').hidden = watched;
        $('pause').hidden = !this.watching();
        // Step shown only while paused; pressed while an action is asked
        // for, it does nothing (send()).
        $('step').hidden = !(this.watching() && this.paused);
        $('pause').textContent = this.paused ? 'Resume' : 'Pause';
        $('pause').setAttribute('aria-pressed', String(!!this.paused));
        $('roll').hidden = !(mine && snap.chance);
        $('stop').hidden = !(mine && snap.legal.includes('stop'));
        const ends = this.endable();
        $('resign').hidden = !ends;
        $('draw').hidden = !ends;
        if (ends)
            $('resign').textContent = this.setup.players === 'two' ? this.resigns(snap.info.side) : 'Resign';
        const why = { hint: this.hintWhy(), undo: this.undoWhy(), resign: ends ? this.resignWhy() : '',
                      draw: ends ? this.endWhy('agreed') : '' };
        // Undo before any move, Hint and Undo in a replay, and Agree a draw
        // before the computer takes one, stay pressable: they say why when
        // pressed (hint(), undo(), askEnd()), with no line standing there
        // from the start.
        const pressable = { hint: !!this.replay, undo: !!this.replay || this.nothingToUndo(),
                            draw: ends && !this.resignWhy() && this.drawWaits() };
        for (const [id, reason] of Object.entries(why)) {
            $(id).disabled = !!reason && !pressable[id];
            reason ? $(id).setAttribute('title', reason) : $(id).removeAttribute('title');
        }
        // Once the game is over the result says so: Hint's reason stays
        // its title alone.
        // Hidden buttons (Hint and Undo watched) say nothing.
        const said = { ...why, hint: this.ongoing() && !pressable.hint && !watched ? why.hint : '',
                       undo: pressable.undo || watched ? '' : why.undo,
                       draw: pressable.draw && this.snap.seen < 2 ? '' : why.draw };
        $('why').textContent = [...new Set(Object.values(said).filter(Boolean))].join(' ');
        // A replay's one label at every step: the button leaves it.
        $('new').textContent = this.replay ? 'Close replay' : this.ongoing() ? 'Cancel' : 'New game';
    }

    // The replay's controls (shown only in a replay), the log's line of the
    // position shown, and the end's offers: the record and its replay.
    renderReplay() {
        const r = this.replay, over = !this.ongoing();
        $('replay').hidden = !r;
        $('replay-this').hidden = !!r || !over || !!this.setup.online;
        $('download').hidden = !over && !r;
        // In a replay the actions after the one shown are still to come: faded.
        for (const li of $('log').children)
            li.classList.toggle('later', !!r && Number(li.dataset.ply) > r.ply);
        if (!r) {
            this.log.mark(0);
            delete this.root.dataset.ply;
            return;
        }
        $('replay-slider').max = r.plies;
        $('replay-slider').value = r.ply;
        $('replay-where').textContent = this.replayWhere(r);
        // Its room kept at the end, so that the board stays in place.
        $('replay-on').style.visibility = over ? 'hidden' : '';
        this.log.mark(r.ply);
        this.root.dataset.ply = r.ply;
        $('players-line').textContent = this.playersText();
    }

    // Where the replay is, in the record's moves (its turns, as the file
    // numbers them): "Move 11 of 31", and in a move of several actions (a
    // fox's chain, a hex turn) which of them: "Move 11 of 31, action 2 of 3".
    replayWhere({ ply, moves }) {
        const turns = turnsOf(moves), total = turns.at(-1)?.turn ?? 0;
        if (ply === 0)
            return `Start: ${total} move${total === 1 ? '' : 's'}`;
        const { turn } = turns[ply - 1], run = turns.filter(t => t.turn === turn);
        const part = run.length > 1 ? `, action ${run.indexOf(turns[ply - 1]) + 1} of ${run.length}` : '';
        return `Move ${turn} of ${total}${part}`;
    }

    // Why Hint is greyed out now, for its title and the line under the
    // buttons; '' when it is not.
    hintWhy() {
        if (this.replay)
            return this.ongoing() ? 'No hint in a replay: play on from here first.' : 'No hint in a replay: the game is over.';
        if (this.setup.online)
            return 'No hint in a game online.';
        if (!this.ongoing())
            return 'No hint: the game is over.';
        if (this.isComputer(this.snap.info.side))
            return 'No hint while the computer is to move.';
        if (this.busy)
            return 'No hint while an action is being played.';
        return this.snap.chance ? 'No hint while the dice wait: roll them first.' : '';
    }

    // Whether the players on this page have played nothing Undo could
    // take back yet (not a replay, online or watched: those say otherwise).
    nothingToUndo() {
        return !this.replay && !this.setup.online && this.setup.players !== 'watch' && this.undoSide() === undefined;
    }

    // Why Undo is greyed out now, or ''.
    undoWhy() {
        if (this.replay)
            return 'No undo in a replay: step back with its controls.';
        if (this.setup.online)
            return 'No undo in a game online.';
        if (this.setup.players === 'watch')
            return 'Nothing to undo: the computer plays both sides.';
        if (this.nothingToUndo() && this.snap.floor > 0)
            return this.setup.players === 'two' ? 'Nothing to undo yet: the game was played on from this position.'
                : 'Nothing to undo yet: you have not moved since the game was played on from the replay.';
        if (this.nothingToUndo())
            return this.setup.players === 'two' ? 'Nothing to undo yet.' : 'Nothing to undo yet: you have not moved.';
        if (this.ongoing() && !this.humanToAct())
            return 'Undo waits for the computer\'s move.';
        return this.busy ? 'Undo waits while an action is being played.' : '';
    }

    // A refusal (of `action`, where one was meant), or with kind 'hint'
    // the computer's advice. A refusal is shown as a sentence
    // (refusalText()).
    message(text, kind = 'refusal', action = null) {
        $('message').textContent = kind === 'refusal' ? refusalText(text, action) : text;
        $('message').dataset.kind = kind;
        delete $('message').dataset.action;
        delete $('message').dataset.level;
    }
}

// The game screen: one game in the worker, drawn by its view, played by
// clicks and keys, with the computer's actions chosen in the worker. #game
// carries data-position and data-status after every action, and
// data-thinking while the computer is to act.
import { Board, Log, byPlace, capital } from './board.js';
import { viewOf } from './views/index.js';

const $ = id => document.getElementById(id);
const NO_PICK = Object.freeze({ selected: null, targets: [], hint: [] });

export class Play {
    // client: the worker's (client.js); onLeave(): back to the setup;
    // onFault(error): something went wrong that is no refusal.
    constructor(client, games, onLeave, onFault) {
        this.client = client;
        this.games = games;
        this.onFault = onFault;
        this.root = $('game');
        this.log = new Log($('log'));
        this.board = new Board($('board'), cell => this.click(cell));
        this.ui = {
            board: this.board,
            panel: $('panel'),
            log: this.log,
            click: cell => this.click(cell),
            humanToAct: () => this.humanToAct(),
        };
        this.snap = null;
        this.generation = 0;
        $('roll').addEventListener('click', () => this.send('roll'));
        $('stop').addEventListener('click', () => this.play('stop'));
        $('hint').addEventListener('click', () => this.hint());
        $('undo').addEventListener('click', () => this.undo());
        $('new').addEventListener('click', () => {
            this.stop();
            onLeave(this.setup);
        });
        document.addEventListener('keydown', e => this.key(e));
    }

    // Starts the game of `setup` ({name, options, players, side, level,
    // delay}); a refusal of the options is thrown, with nothing shown.
    async start(setup) {
        this.stop();
        const mine = this.generation;
        const value = setup.online ? setup.online.patch(await this.client.request('replay', setup.online.replay()))
                                   : await this.client.request('new', { name: setup.name, options: setup.options });
        const view = await viewOf(setup.name);
        if (mine !== this.generation)
            return;
        this.setup = setup;
        this.view = view;
        this.info = this.games.find(g => g.name === setup.name);
        this.busy = false;
        this.log.reset();
        this.show(value);
        $('title').textContent = this.info.title;
        document.title = `${this.info.title} - libherd`;
        $('players-line').textContent = this.playersText();
        this.root.dataset.game = setup.name;
        this.info.sides.forEach((s, i) => this.root.style.setProperty(`--side${i}`, this.view.colors[s]));
        this.root.hidden = false;
        this.message('');
        this.render();
        this.nextTurn();
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

    humanToAct() {
        return this.ongoing() && !this.isComputer(this.snap.info.side);
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
        this.pick = NO_PICK;
        this.log.update(value.moves, value.lines, e => this.view.logText?.(e) ?? e.text);
        const auto = this.humanToAct() ? this.view.autoSelect?.(this.ui, value) : null;
        if (auto)
            this.pick = { ...NO_PICK, selected: auto, targets: this.targets(auto) };
        this.root.dataset.position = value.position;
        this.root.dataset.status = value.status;
    }

    nextTurn() {
        clearTimeout(this.timer);
        if (!this.ongoing() || !this.isComputer(this.snap.info.side) || this.setup.online)
            return;
        const mine = this.generation;
        this.timer = setTimeout(() => {
            if (mine === this.generation)
                this.snap.chance ? this.send('roll') : this.send('genmove', { level: this.setup.level });
        }, this.setup.delay);
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
        if (this.busy || !this.humanToAct())
            return;
        const { selected, targets } = this.pick;
        if (selected && targets.includes(cell))
            return this.play(`${selected}-${cell}`);
        if (selected === cell) {
            this.pick = NO_PICK;
            return this.render();
        }
        for (const action of [`+${cell}`, `-${cell}`])
            if (this.snap.legal.includes(action))
                return this.play(action);
        const mine = this.targets(cell);
        this.pick = mine.length ? { ...NO_PICK, selected: cell, targets: mine } : NO_PICK;
        this.message(mine.length ? '' : `No move from ${cell}`);
        this.render();
    }

    key(e) {
        if (this.root.hidden || e.ctrlKey || e.metaKey || e.altKey || this.busy || !this.humanToAct())
            return;
        if (e.key === 'Escape') {
            this.pick = NO_PICK;
            this.render();
        } else if (this.view.key?.(this.ui, this.snap, this.pick, e.key)) {
            e.preventDefault();
        }
    }

    async hint() {
        if (this.busy || !this.humanToAct() || this.snap.chance)
            return;
        const mine = this.generation;
        try {
            const { hint } = await this.client.request('hint', { level: this.setup.level });
            if (mine !== this.generation)
                return;
            this.pick = { ...NO_PICK, hint: hint.match(/[a-z][0-9]+/g) ?? [] };
            this.message(`Hint: ${hint}`, 'hint');
            this.render();
        } catch (e) {
            if (mine === this.generation)
                e.name === 'HerdError' ? this.message(e.message) : this.onFault(e);
        }
    }

    // Against the computer: back to the person's latest turn, with the
    // computer's reply; two players: the latest turn, whoever played it.
    undoSide() {
        const { players, side } = this.setup;
        if (players === 'watch')
            return undefined;
        if (players === 'two')
            return this.log.lastSide();
        return this.log.entries.some(e => e.side === side) ? side : undefined;
    }

    undo() {
        const side = this.undoSide();
        if (!this.busy && side !== undefined && (this.humanToAct() || !this.ongoing()))
            this.send('undoTurn', { side });
    }

    playersText() {
        const { players, side, level, online } = this.setup;
        if (online)
            return online.playersText();
        const name = capital(this.info.levels[(level || this.info.defaultLevel) - 1].name);
        if (players === 'two')
            return 'Two players';
        if (players === 'watch')
            return `The computer (${name}) against itself`;
        return `You play ${capital(this.info.sides[side])}, the computer (${name}) ${capital(this.info.sides[1 - side])}`;
    }

    turnText() {
        const { result, side, reason } = this.snap.info;
        const who = capital(this.snap.sides[side]);
        if (result === 'win')
            return `${who} wins (${reason})`;
        if (result === 'draw')
            return `Draw (${reason})`;
        if (result === 'over')
            return `Game over (${reason})`;
        if (this.setup.online && this.isComputer(side))
            return `${who} to move`;
        if (this.isComputer(side))
            return `${who}: the computer is thinking…`;
        if (this.snap.chance)
            return `${who} to roll`;
        return this.snap.legal.includes('stop') ? `${who}: jump again or stop` : `${who} to move`;
    }

    render() {
        if (!this.snap)
            return;
        const snap = this.snap, mine = this.humanToAct() && !this.busy;
        $('turn').textContent = this.turnText();
        $('turn').dataset.side = snap.info.side;
        this.view.draw(this.ui, snap, this.pick);
        this.root.toggleAttribute('data-thinking', this.ongoing() && this.isComputer(snap.info.side));
        $('roll').hidden = !(mine && snap.chance);
        $('stop').hidden = !(mine && snap.legal.includes('stop'));
        const why = { hint: this.hintWhy(), undo: this.undoWhy() };
        for (const [id, reason] of Object.entries(why)) {
            $(id).disabled = !!reason;
            reason ? $(id).setAttribute('title', reason) : $(id).removeAttribute('title');
        }
        $('why').textContent = Object.values(why).filter(Boolean).join(' ');
        $('new').textContent = this.ongoing() ? 'Cancel' : 'New game';
    }

    // Why Hint is greyed out now, for its title and the line under the
    // buttons; '' when it is not.
    hintWhy() {
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

    // Why Undo is greyed out now, or ''.
    undoWhy() {
        if (this.setup.online)
            return 'No undo in a game online.';
        if (this.setup.players === 'watch')
            return 'Nothing to undo: the computer plays both sides.';
        if (this.undoSide() === undefined)
            return this.setup.players === 'two' ? 'Nothing to undo yet.' : 'Nothing to undo yet: you have not moved.';
        if (this.ongoing() && !this.humanToAct())
            return 'Undo waits for the computer\'s move.';
        return this.busy ? 'Undo waits while an action is being played.' : '';
    }

    // A refusal, or with kind 'hint' the computer's advice.
    message(text, kind = 'refusal') {
        $('message').textContent = text;
        $('message').dataset.kind = kind;
    }
}

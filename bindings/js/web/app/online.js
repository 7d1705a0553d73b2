// Games online, through herd-server (docs/server.md): the setup screen's
// `Online` creates a game on the server; links open one:
//
//   #play=ID        the seat whose token this browser keeps (localStorage),
//                   or watching when it keeps none
//   #join=ID.CODE   an invitation: claims the free seat, then #play=ID
//   #watch=ID       watching
//
// The server is the referee: this page sends the person's actions and
// draws each state the server sends (replayed in the worker, so the board
// views are the same as offline). Both clocks, resign, draw offers, abort
// before the first move and the rematch are in #online; a reload or a lost
// connection rejoins the seat. #online carries data-state: the last state's
// JSON, for tests.
import { capital } from './board.js';

const $ = id => document.getElementById(id);
const KEY = 'herd-online:';

function clockText(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

async function post(path, body) {
    const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                  body: JSON.stringify(body) });
    const out = await r.json();
    if (!r.ok)
        throw Object.assign(new Error(out.message), { name: 'HerdError', code: out.error });
    return out;
}

export class Online {
    // play: the game screen (play.js); games: the registry's games.
    constructor(play, games, onFault) {
        this.play = play;
        this.games = games;
        this.onFault = onFault;
        this.ws = null;
        this.state = null;
        this.seat = null;
        for (const [id, type] of [['online-resign', 'resign'], ['online-draw', 'draw-offer'],
                                  ['online-accept', 'draw-accept'], ['online-decline', 'draw-decline'],
                                  ['online-abort', 'abort'], ['online-rematch', 'rematch']])
            $(id).addEventListener('click', () => this.send({ type }));
        this.tick = setInterval(() => this.drawClocks(), 200);
    }

    // The link of the URL's fragment, or false when it names no game online.
    async openLink(hash) {
        const m = /^#(play|join|watch)=([0-9a-f]{16})(?:\.([0-9a-f]{32}))?$/.exec(hash);
        if (!m)
            return false;
        const [, kind, id, code] = m;
        if (kind === 'join') {
            if (code) {
                const { seat, token } = await post(`/api/games/${id}/join`, { code });
                localStorage.setItem(KEY + id, JSON.stringify({ seat, token }));
            }
            history.replaceState(null, '', `${location.pathname}#play=${id}`);
        }
        this.open(id, kind === 'watch');
        return true;
    }

    // A new game on the server from the setup screen's choices.
    async create(setup) {
        const { seed, ...options } = setup.options;
        const body = {
            game: setup.name,
            options: Object.entries(options).map(([k, v]) => `${k}=${v}`).join(' '),
            time_control: $('setup-tc').value.trim() || '-',
            opponent: $('setup-opponent').value,
            level: setup.level || this.games.find(g => g.name === setup.name).defaultLevel,
            seat: setup.side,
        };
        const out = await post('/api/games', body);
        localStorage.setItem(KEY + out.id, JSON.stringify({ seat: out.seat, token: out.token, invite: out.invite }));
        history.replaceState(null, '', `${location.pathname}#play=${out.id}`);
        this.open(out.id, false);
    }

    open(id, watch) {
        this.close();
        this.id = id;
        this.closing = false;
        this.started = false;
        this.kept = watch ? null : JSON.parse(localStorage.getItem(KEY + id) ?? 'null');
        this.connect();
    }

    connect() {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
        this.ws = ws;
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', game: this.id, token: this.kept?.token }));
        ws.onmessage = e => this.receive(JSON.parse(e.data));
        // A lost connection rejoins the seat; the server keeps the game.
        ws.onclose = () => {
            if (ws === this.ws && !this.closing)
                this.retry = setTimeout(() => this.connect(), 1000);
        };
        clearInterval(this.keepalive);
        this.keepalive = setInterval(() => this.send({ type: 'ping' }), 20000);
    }

    close() {
        this.closing = true;
        clearTimeout(this.retry);
        clearInterval(this.keepalive);
        this.ws?.close();
        this.ws = null;
        $('online').hidden = true;
    }

    send(msg) {
        if (this.ws?.readyState === WebSocket.OPEN)
            this.ws.send(JSON.stringify(msg));
    }

    act(action) {
        this.send({ type: 'move', ply: this.state.ply, move: action });
    }

    async receive(msg) {
        if (msg.type === 'error') {
            this.play.message(msg.message);
            return;
        }
        if (msg.type !== 'state')
            return;
        this.state = msg;
        this.received = performance.now();
        this.seat = msg.seat;
        $('online').dataset.state = JSON.stringify(msg);
        // The rematch: the same players, the same tokens, the seats swapped.
        if (msg.next && this.kept && msg.id === this.id) {
            const next = msg.next;
            localStorage.setItem(KEY + next, JSON.stringify({ token: this.kept.token }));
            history.replaceState(null, '', `${location.pathname}#play=${next}`);
            this.id = next;
            this.kept = { token: this.kept.token };
            this.send({ type: 'hello', game: next, token: this.kept.token });
            return;
        }
        try {
            if (!this.started || this.play.setup?.online !== this || this.play.info?.name !== msg.game) {
                this.started = true;
                await this.play.start({ name: msg.game, options: {}, players: 'online', side: msg.seat ?? 0,
                                        level: 0, online: this });
                $('setup').hidden = true;
            } else {
                await this.play.remote();
            }
        } catch (e) {
            this.onFault(e);
        }
        this.drawPanel();
    }

    // For the worker's `replay`.
    replay() {
        const { game, options, start, moves, status } = this.state;
        return { name: game, options, start, moves, status };
    }

    // The worker's snapshot with the server's word on the game: its status
    // (the players' endings included) and the legal actions of this seat.
    patch(value) {
        const s = this.state.status, over = s.result !== 'ongoing';
        const who = s.side >= 0 ? value.sides[s.side] : '';
        return {
            ...value,
            info: s,
            status: s.result === 'ongoing' ? `ongoing ${who}` : s.result === 'win' ? `win ${who} ${s.reason}`
                : `${s.result} ${s.reason}`,
            legal: over ? [] : value.legal,
        };
    }

    playersText() {
        const s = this.state;
        const names = s.seats.map((x, i) => `${capital(x.side)}: ${i === this.seat ? 'you' : x.name}`);
        return `Online, ${names.join(', ')}${this.seat === null ? ' (watching)' : ''}`;
    }

    drawClocks() {
        const s = this.state, c = s?.clock;
        $('online-clocks').hidden = !c;
        if (!c || $('online').hidden)
            return;
        const spent = c.running >= 0 ? performance.now() - this.received : 0;
        for (const i of [0, 1]) {
            const el = $(`online-clock${i}`);
            el.textContent = `${capital(s.seats[i].side)} ${clockText(c.left[i] - (c.running === i ? spent : 0))}`;
            el.toggleAttribute('data-running', c.running === i);
        }
    }

    drawPanel() {
        const s = this.state, seat = this.seat, mine = seat !== null;
        const ongoing = s.status.result === 'ongoing', other = mine ? 1 - seat : -1;
        $('online').hidden = false;
        $('online-resign').hidden = !(mine && ongoing);
        $('online-draw').hidden = !(mine && ongoing && s.seats[other].player === 'human' && s.draw_offer !== seat &&
                                    s.draw_offer !== other);
        $('online-accept').hidden = $('online-decline').hidden = !(mine && ongoing && s.draw_offer === other);
        $('online-abort').hidden = !(mine && ongoing && s.moves.every(m => m.startsWith('dice:')));
        $('online-rematch').hidden = !(mine && !ongoing && !s.next && !s.rematch[seat]);
        const notes = [];
        if (s.draw_offer >= 0)
            notes.push(s.draw_offer === seat ? 'You offer a draw.' : `${capital(s.seats[s.draw_offer].side)} offers a draw.`);
        if (mine && s.rematch[other] && !s.rematch[seat])
            notes.push('Your opponent asks for a rematch.');
        $('online-note').textContent = notes.join(' ');
        const invite = mine && !s.seats[other].taken && this.kept?.invite;
        $('online-invite').hidden = !invite;
        if (invite)
            $('online-invite-link').value = new URL(invite, location.href).href;
        $('online-watch').href = `#watch=${s.id}`;
        $('online-record').hidden = !s.record;
        if (s.record)
            $('online-record').href = s.record;
        this.drawClocks();
    }
}

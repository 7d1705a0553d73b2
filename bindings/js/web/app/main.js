// The page: one game from the URL's parameters, drawn by the game's view,
// played by clicks, with the computer's moves chosen in the worker.
//
//   index.html?game=NAME&KEY=VALUE...&players=two|computer|watch&level=N
//              &side=0|1&delay=MS
//
// KEY=VALUE are the game's options (herd_new()'s); `side` is the side the
// person plays against the computer (0, who acts first, by default);
// `delay` the pause before each computer move (watch: 400 ms by default).
// Element #game carries data-position and data-status after every action,
// and data-thinking while the worker computes.
import { Board, Log } from './board.js';
import { viewOf } from './views/index.js';

const PAGE_KEYS = ['game', 'players', 'level', 'side', 'delay'];

const params = new URLSearchParams(location.search);
const setup = {
    name: params.get('game') ?? 'horses',
    options: Object.fromEntries([...params].filter(([k]) => !PAGE_KEYS.includes(k))),
    players: params.get('players') ?? 'computer',
    level: Number(params.get('level') ?? 0),
    human: params.get('side') === '1' ? 1 : 0,
};
setup.delay = Number(params.get('delay') ?? (setup.players === 'watch' ? 400 : 0));

const $ = id => document.getElementById(id);
const root = $('game');
const view = viewOf(setup.name);
const log = new Log($('log'));
const ui = {
    board: new Board($('board'), cell => clickCell(cell)),
    panel: $('panel'),
    play: action => send('play', { action }),
    humanToAct,
};

let snap = null;            // the game as the worker last described it
let pick = { selected: null, targets: [], hint: [] };
let busy = false;           // a request is with the worker
let generation = 0;         // bumped by New game: late answers are dropped

// ------------------------------------------------------------ the worker

let worker, pending;

function startWorker() {
    worker?.terminate();
    pending = new Map();
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
        const p = pending.get(data.id);
        pending.delete(data.id);
        data.ok ? p.resolve(data.value) : p.reject(Object.assign(new Error(data.error.message), data.error));
    };
    worker.onerror = e => fail(new Error(`the worker failed: ${e.message}`));
}

let nextId = 1;
function request(op, args) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, args });
    });
}

// Sends a request that changes the game, then draws the answer.
async function send(op, args) {
    if (busy)
        return;
    const mine = generation;
    busy = true;
    root.toggleAttribute('data-thinking', op === 'genmove' || op === 'roll');
    render();
    let done = false;
    try {
        const value = await request(op, args);
        if (mine !== generation)
            return;
        pick = { selected: null, targets: [], hint: [] };
        message('');
        show(value, op === 'new');
        done = true;
    } catch (e) {
        if (mine !== generation)
            return;
        // A refusal of the library is the person's to read; anything else
        // is a fault of the page.
        if (e.name === 'HerdError')
            message(e.message);
        else
            fail(e);
    } finally {
        if (mine === generation) {
            busy = false;
            root.removeAttribute('data-thinking');
            render();
            // After a refusal the computer does not try again by itself.
            if (done)
                nextTurn();
        }
    }
}

// ------------------------------------------------------------- the game

function isComputer(side) {
    return setup.players === 'watch' || (setup.players === 'computer' && side !== setup.human);
}

function humanToAct() {
    return !!snap && snap.info.result === 'ongoing' && !isComputer(snap.info.side);
}

function show(value, fresh) {
    snap = value;
    if (fresh)
        log.reset();
    log.update(snap.history, snap.logged);
    root.dataset.position = snap.position;
    root.dataset.status = snap.status;
}

let timer = null;
function nextTurn() {
    clearTimeout(timer);
    if (!snap || snap.info.result !== 'ongoing' || !isComputer(snap.info.side))
        return;
    const mine = generation;
    timer = setTimeout(() => {
        if (mine === generation)
            snap.chance ? send('roll') : send('genmove', { level: setup.level });
    }, setup.delay);
}

function newGame() {
    generation++;
    clearTimeout(timer);
    busy = false;
    snap = null;
    startWorker();
    send('new', { name: setup.name, options: setup.options });
}

// A click on a cell: a target of the selected piece plays the move; a cell
// with an action of its own (hex: +CELL places, -CELL removes) plays it; a
// piece with moves is selected, showing its targets.
function clickCell(cell) {
    if (busy || !humanToAct())
        return;
    const legal = snap.legal;
    if (pick.selected && pick.targets.includes(cell))
        return ui.play(`${pick.selected}-${cell}`);
    for (const action of [`+${cell}`, `-${cell}`])
        if (legal.includes(action))
            return ui.play(action);
    const targets = legal.filter(a => a.startsWith(`${cell}-`)).map(a => a.slice(cell.length + 1));
    if (targets.length) {
        pick = { selected: cell, targets, hint: [] };
        message('');
    } else {
        pick = { selected: null, targets: [], hint: [] };
        message(`No move from ${cell}`);
    }
    render();
}

async function hint() {
    if (busy || !humanToAct() || snap.chance)
        return;
    try {
        const { hint } = await request('hint', { level: setup.level });
        const cells = hint.match(/[a-z][0-9]+/g) ?? [];
        pick = { selected: null, targets: [], hint: cells };
        message(`Hint: ${hint}`);
        render();
    } catch (e) {
        e.name === 'HerdError' ? message(e.message) : fail(e);
    }
}

function undo() {
    if (busy || !snap || snap.history === 0)
        return;
    // Against the computer: back to the person's latest turn; two players:
    // the latest turn, whoever played it.
    const side = setup.players === 'computer' ? setup.human : log.lastSide();
    send('undoTurn', { side });
}

// ------------------------------------------------------------- drawing

function capital(text) {
    return text[0].toUpperCase() + text.slice(1);
}

function turnText() {
    const { result, side, reason } = snap.info;
    if (result === 'win')
        return `${capital(snap.sides[side])} wins (${reason})`;
    if (result === 'draw')
        return `Draw (${reason})`;
    const who = capital(snap.sides[side]);
    if (isComputer(side))
        return `${who}: the computer is thinking`;
    return snap.chance ? `${who} to roll` : `${who} to move`;
}

function render() {
    if (!snap)
        return;
    $('turn').textContent = turnText();
    view.draw(ui, snap, pick);
    ui.board.mark(pick);
    const mine = humanToAct() && !busy;
    $('roll').hidden = !(mine && snap.chance);
    $('stop').hidden = !(mine && snap.legal.includes('stop'));
    $('hint').disabled = !mine || snap.chance;
    $('undo').disabled = busy || snap.history === 0 || setup.players === 'watch';
}

function message(text) {
    $('message').textContent = text;
}

function fail(e) {
    console.error(e);
    message(`Something went wrong: ${e.message}`);
}

$('title').textContent = `libherd: ${setup.name}`;
document.title = `libherd: ${setup.name}`;
$('roll').addEventListener('click', () => send('roll'));
$('stop').addEventListener('click', () => ui.play('stop'));
$('hint').addEventListener('click', hint);
$('undo').addEventListener('click', undo);
$('new').addEventListener('click', newGame);
newGame();

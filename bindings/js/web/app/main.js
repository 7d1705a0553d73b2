// The page: the setup screen, or at once the game that the URL names.
//
//   index.html?game=NAME&KEY=VALUE...&players=two|computer|watch&level=N
//              &side=0|1&delay=MS&position=TEXT
//
// KEY=VALUE are the game's options (herd_new()'s; without a seed, a fresh
// one is drawn, as the setup's empty seed box does); `players` is `computer`
// by default; `side` is the side the person plays against the computer (0,
// who acts first, by default); `level` the computer's level, by its number
// or name (the page's suggested level of the game by default: setup.js);
// `delay` the pause before each computer action (400 ms when watching, 200
// against the computer); `position` a position text of the protocol's, where
// the game starts (a game played on from a replay).
// docs/web.md gives the page's contract for tests.
import { capital } from './board.js';
import { Client } from './client.js';
import { Help } from './help.js';
import { Online } from './online.js';
import { Play } from './play.js';
import { isSeed, randomSeed } from './options.js';
import { Setup, DELAY_MAX, delayOf, refusedChoice, refusedDelay, suggestedLevel, wholeIn } from './setup.js';

const PAGE_KEYS = ['game', 'players', 'level', 'side', 'delay', 'position'];
const PLAYERS = ['two', 'computer', 'watch'];
// A page opened by herd-server (its API answers) offers games online.
const SERVED = await fetch(location.pathname, { method: 'HEAD' }).then(r => r.headers.has('X-Herd-Server'), () => false);

function fail(e) {
    console.error(e);
    document.getElementById('message').textContent = `Something went wrong: ${e.message}`;
    document.getElementById('setup-message').textContent = `Something went wrong: ${e.message}`;
}

const client = new Client(fail);
const registry = await client.request('games');
const games = registry.games;

// The refusal of the page's own values of a URL's query (players, side,
// the level `word`, read as `level`, the delay) for `game` (a registry
// entry), as the setup words a refusal (refusedChoice(), and a number's
// range as outOfRange() says it); null when it takes them.
function queryRefusal(params, game, word, level) {
    const players = params.get('players'), side = params.get('side');
    if (players !== null && !PLAYERS.includes(players))
        return refusedChoice('Players', 'players', players, PLAYERS);
    if (side !== null && side !== '0' && side !== '1')
        return refusedChoice('Your side', 'side', side, game.sides.map((s, i) => `${i} (${capital(s)})`));
    if (!(level >= 0 && level <= game.levels.length))
        return refusedChoice('Computer level', 'level', word, game.levels.map(l => `${l.level} (${l.name})`));
    const delay = params.get('delay');
    if (delay !== null && !wholeIn(delay, 0, DELAY_MAX))
        return refusedDelay();
    return unknownKey(params, game);
}

// A key that is neither the game's option nor the page's ("foo=1"),
// refused with both lists rather than in the library's words; null where
// there is none.
function unknownKey(params, game) {
    const keys = game.options.map(o => o.key);
    const key = [...params.keys()].find(k => !PAGE_KEYS.includes(k) && !keys.includes(k));
    return key === undefined ? null
        : `${key}=${params.get(key)}: the link's ${key} is none of the options of ${game.title} (${keys.join(', ')}) ` +
          `nor the page's (${PAGE_KEYS.join(', ')}); leave it out`;
}

// A key that a URL's query gives more than once ("w=10 and w=12"), which
// the page refuses rather than take one; null when each is given once.
function repeatedRefusal(params) {
    const key = [...params.keys()].find((k, i, keys) => keys.indexOf(k) !== i);
    return key === undefined ? null
        : `${params.getAll(key).map(v => `${key}=${v}`).join(' and ')}: the link gives ${key} more than once; give it once`;
}

// A game's name of none of the registry's games, refused as a value of the
// setup's is, with the games it takes.
const unknownGame = name => refusedChoice('Game', 'game', name, games.map(g => `${g.name} (${g.title})`));

// The setup of a URL's query, or null when it names no game; `refusal`
// the query's values that the page refuses (repeatedRefusal(), an unknown
// game, queryRefusal()). Each is refused aside (Setup.show()): the form
// holds a usable choice in its place (a game, one value of a key given
// twice, the default players, side, delay, the suggested level), so the
// message stays and Start is as the form's own check has it. Without a
// seed the game gets a fresh one, `drawn` (the address then names it; the
// setup's box stays empty, as after its own draw).
function fromQuery(params) {
    const name = params.get('game');
    if (name === null)
        return null;
    const game = games.find(g => g.name === name);
    const players = PLAYERS.includes(params.get('players')) ? params.get('players') : 'computer';
    // A level by its number or its name; -1 for neither.
    const word = params.get('level') ?? String(game ? suggestedLevel(game) : 0);
    const level = /^\d+$/.test(word) ? Number(word) : (game?.levels.find(l => l.name === word)?.level ?? -1);
    // The game's options alone: a key of neither is refused aside (unknownKey()).
    const options = Object.fromEntries([...params].filter(([k]) => !PAGE_KEYS.includes(k) &&
                                                                   (!game || game.options.some(o => o.key === k))));
    const seed = game?.options.find(isSeed);
    const drawn = seed && !params.has(seed.key) ? seed.key : null;
    if (drawn)
        options[drawn] = randomSeed();
    const delay = params.get('delay');
    return {
        name,
        options,
        drawn,
        players,
        side: params.get('side') === '1' ? 1 : 0,
        level,
        delay: delay !== null && wholeIn(delay, 0, DELAY_MAX) ? Number(delay) : undefined,
        position: params.get('position') ?? undefined,
        refusal: repeatedRefusal(params) ?? (game ? queryRefusal(params, game, word, level) : unknownGame(name)),
    };
}

// The URL that starts this setup again.
function query(setup) {
    const params = new URLSearchParams({ game: setup.name, ...setup.options, players: setup.players });
    if (setup.players === 'computer')
        params.set('side', setup.side);
    if (setup.level && setup.players !== 'two')
        params.set('level', setup.level);
    if (setup.delay !== undefined && setup.delay !== delayOf(setup.players))
        params.set('delay', setup.delay);
    if (setup.position)
        params.set('position', setup.position);
    return `?${params}`;
}

// The page's address: the URL that starts `setup` again.
const showAddress = setup => history.replaceState(null, '', `${location.pathname}${query(setup)}`);

const setupScreen = new Setup(registry, (name, options) => client.request('check', { name, options }), start);
const play = new Play(client, games, setup => {
    setupScreen.fill(setup);
    setupScreen.show();
    history.replaceState(null, '', location.pathname);
}, fail, showAddress);

// The setup screen with a refusal, filled with what was refused; `reason`
// the library's words where the refusal is the page's; `aside` when the
// refusal is of what the form does not hold (Setup.show()).
function refuse(setup, message, reason = '', aside = false) {
    setupScreen.fill(setup, false);
    setupScreen.show(message, reason, aside);
}

// A link's position (`position`) that the library refuses, in a player's words.
function positionRefusal(name) {
    const title = games.find(g => g.name === name)?.title ?? name;
    return `The link's position (position= in the address, where Play on from a replay starts the game) is not a position of ${title}: the game cannot start there.`;
}

const online = new Online(play, games, fail);
const help = new Help(games);
document.getElementById('setup-help').addEventListener('click', () => help.open(setupScreen.game.name).catch(fail));
document.getElementById('game-help').addEventListener('click', () => help.open(play.setup.name).catch(fail));

// A record file chosen on the setup screen is replayed; its refusal (the
// library's, with the line and column) is said beside the file's input.
document.getElementById('open-record').addEventListener('change', async e => {
    const file = e.target.files[0];
    e.target.value = '';
    if (!file)
        return;
    try {
        await play.openRecord(await file.text(), file.name);
    } catch (error) {
        return error.name === 'HerdError' ? setupScreen.recordRefused(error.message, file.name) : fail(error);
    }
    setupScreen.hide();
    history.replaceState(null, '', location.pathname);
});
document.getElementById('setup-online').hidden = !SERVED;

async function start(setup) {
    if (setup.players === 'online') {
        try {
            await online.create(setup);
        } catch (e) {
            return e.name === 'HerdError' ? refuse(setup, e.message) : fail(e);
        }
        return;
    }
    if (setup.refusal)
        return refuse(setup, setup.refusal, '', true);
    const delay = setup.delay ?? delayOf(setup.players);
    try {
        await play.start({ ...setup, delay });
    } catch (e) {
        if (e.name !== 'HerdError')
            return fail(e);
        // The options taken, the position is what the library refused: said
        // in the page's words, the library's kept beneath them.
        const position = setup.position && !await client.request('check', { name: setup.name, options: setup.options });
        return position ? refuse(setup, positionRefusal(setup.name), e.message, true) : refuse(setup, e.message);
    }
    setupScreen.hide();
    showAddress(setup);
}

const fromUrl = fromQuery(new URLSearchParams(location.search));
addEventListener('hashchange', () => online.openLink(location.hash).catch(fail));
if (SERVED && await online.openLink(location.hash).catch(e => (fail(e), true))) {
    // a game online: its first state shows it
} else if (fromUrl) {
    start(fromUrl);
} else {
    setupScreen.fill({ name: games[0].name });
    setupScreen.show();
}

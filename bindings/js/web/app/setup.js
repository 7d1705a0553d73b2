// The setup screen, built from the library's registry (herd.games()): the
// game, a control for each of its options from the option's kind, the
// players (two, against the computer with your side and its level by name,
// or the computer against itself) and the seed. The worker checks the
// options with the library as they are typed; its refusal is shown at once.
import { capital, html } from './board.js';
import { isSeed, isSwitch, optionLabel, optionName, randomSeed } from './options.js';
import { viewOf } from './views/index.js';

const $ = id => document.getElementById(id);

// The longest pause a link or the setup may ask before each computer
// action: an hour.
export const DELAY_MAX = 3600000;

/** The pause before each computer action where none is asked for (ms). */
export const delayOf = players => players === 'watch' ? 400 : 200;

/** Whether `text` is a whole number from `min` to `max` (numbers or bigints). */
export const wholeIn = (text, min, max) => /^-?\d+$/.test(text) && BigInt(text) >= BigInt(min) && BigInt(text) <= BigInt(max);

/** The refusal of a delay outside 0..DELAY_MAX, the link's and the setup's. */
export const refusedDelay = () => refusedNumber('Delay', 'a whole number of milliseconds', 0, DELAY_MAX);

// The level the page suggests to a newcomer, by the level's name in the
// registry: the weakest that searches, which plays sensibly and can be
// beaten (docs/web.md). The library's default is the strongest level that
// needs no memory, for most games a random or greedy player.
const SUGGESTED = { horses: 'novice', hex: 'novice', hare: 'club', fox: 'club', flock: 'novice' };

/** The level the page suggests for `game` (a registry entry): its number,
 *  the library's default where the table names no level of the game. */
export function suggestedLevel(game) {
    return game.levels.find(l => l.name === SUGGESTED[game.name])?.level ?? game.defaultLevel;
}

/** Fills the choosers (select elements) of the person's side and the
 *  computer's level of `game`, with `side` (default 0) and
 *  `level` (default: the page's suggestion) chosen: the setup's, and Play on
 *  from here against the computer's. */
export function choose(game, sideSelect, levelSelect, side, level) {
    sideSelect.replaceChildren(...game.sides.map((s, i) => html('option', { value: i }, null, capital(s))));
    sideSelect.value = String(side ?? 0);
    const suggested = suggestedLevel(game);
    levelSelect.replaceChildren(...game.levels.map(l =>
        html('option', { value: l.level }, null,
             `${l.level}. ${capital(l.name)}${l.level === suggested ? ' (suggested)' : ''}`)));
    // A level of none of the game's (a link's, refused) chooses the
    // suggested one rather than leaving the chooser blank.
    levelSelect.value = String(game.levels.some(l => l.level === level) ? level : suggested);
}

/** The page's refusal of a value `key`=`value` that must be one of
 *  `values` (texts), under the control's `label`: "The geese: geese=14
 *  must be 13, 15 or 17". */
export function refusedChoice(label, key, value, values) {
    const list = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join('');
    return `${label}: ${key}=${value} must be ${list}`;
}

/** The page's refusal of a number outside `min`..`max`, under the
 *  control's `label`, `what` it counts: "Delay: enter a whole number of
 *  milliseconds from 0 to 3600000". */
export function refusedNumber(label, what, min, max) {
    return `${label}: enter ${what} from ${min} to ${max}`;
}

/** What the short name beside each option is: its key in a link to the
 *  game `game` (a registry entry), shown with its first option. */
export function keysText(game) {
    const o = game.options.find(o => !isSeed(o)) ?? game.options[0];
    return `Each option's short name is its key in a link to the game: ?game=${game.name}&${o.key}=${o.default} sets "${optionName(o)}" to ${o.default}.`;
}

/** A level's description as a sentence under its chooser ('' for none):
 *  the library's words as they come. */
export function levelText(level) {
    return level ? capital(level.description) + '.' : '';
}

export class Setup {
    // registry: {games, points} of the worker's `games`; check(name,
    // options) answers the library's refusal or null; onStart(setup).
    constructor(registry, check, onStart) {
        this.games = registry.games;
        this.points = registry.points;
        this.check = check;
        this.form = $('setup-form');
        this.checked = 0;
        $('setup-delay').max = DELAY_MAX;
        $('setup-delay').value = delayOf('watch');
        $('setup-delay-range').textContent = `0 to ${DELAY_MAX}`;
        for (const g of this.games) {
            const label = html('label', { class: 'game-choice' }, $('setup-games'));
            html('input', { type: 'radio', name: 'game', value: g.name }, label);
            html('b', {}, label, g.title);
            html('span', { class: 'hint-text' }, label,
                 `${capital(g.sides[0])} against ${g.sides[1]}${g.hasChance ? ', with dice' : ''}`);
        }
        this.form.addEventListener('change', e => {
            if (e.target.name === 'game')
                this.fill({ name: e.target.value });
            // Your side is asked for only against the computer: choosing
            // one chooses that, rather than a list greyed out.
            if (e.target.id === 'setup-side')
                this.form.elements.players.value = 'computer';
            this.update();
        });
        this.form.addEventListener('input', e => {
            if (e.target.id !== 'open-record')
                this.validate();
        });
        this.form.addEventListener('submit', async e => {
            e.preventDefault();
            if (await this.validate())
                onStart(this.read());
            else // the refused option, where its reason (in the bar) points
                this.form.querySelector('[aria-invalid]')?.focus();
        });
    }

    get game() {
        return this.games.find(g => g.name === this.form.elements.game.value);
    }

    // Shows the screen with a refusal of the options filled in (none:
    // ''), in the page's own words where it has them (outOfRange()); the
    // library's words (`reason`, or the refusal the page's replace) stay
    // beneath, folded, unless the page's words hold them. A refusal
    // `aside` is of what the form does not hold (the game's name, a key
    // given twice, a position) or holds a usable choice in place of (a
    // link's players, side, level or delay): Start is then as the form's
    // own check has it.
    async show(message = '', reason = '', aside = false) {
        // No refusal, nothing to wait for: shown at once.
        const own = message ? await this.outOfRange() : null;
        const blocked = !!own || (!!message && (!aside || !!await this.check(this.game.name, this.options())));
        $('setup').hidden = false;
        this.message(own?.text ?? message, own?.key, blocked);
        const library = reason || (own && !own.text.includes(message) ? message : '');
        $('setup-reason').hidden = !library;
        $('setup-reason').querySelector('code').textContent = library;
        document.title = this.game?.title ?? 'libherd';
    }

    // A game starts: a record's refusal is of the past.
    hide() {
        $('setup').hidden = true;
        this.recordRefused('');
    }

    // Shows a refusal (none: ''), on the option `key`: the page's own
    // names it, the library's starts with it ("n=10 ..."); Start greyed
    // out while the form is `blocked`, by default while there is a refusal.
    message(text, key = null, blocked = !!text) {
        $('setup-message').textContent = text;
        $('setup-reason').hidden = true;
        for (const input of this.form.querySelectorAll('[data-key]')) {
            const invalid = !!text && (key ? key === input.dataset.key
                : /^[=:]/.test(text.slice(input.dataset.key.length)) && text.startsWith(input.dataset.key));
            // aria-invalid="" reads as not invalid: "true", or none.
            invalid ? input.setAttribute('aria-invalid', 'true') : input.removeAttribute('aria-invalid');
        }
        $('start').disabled = blocked;
        // The message is the visible reason; the title says it on the button.
        blocked ? $('start').setAttribute('title', text) : $('start').removeAttribute('title');
    }

    // A record file the library refused (none: ''): the reason beside the
    // file's input, in the bar that stays in sight, with what to do. Start
    // stays as it was: the options have not changed. The page reads a
    // file of one record (the library refuses text after it): its
    // "record 1, " says nothing, and is left out; its line and column kept.
    recordRefused(reason, file = 'The file') {
        $('record-message').textContent = reason &&
            `${file} is not a game record the page can read: ${reason.replace(/^record 1, /, '')}. Choose a record saved by this page (Download the record) or by herd-play.`;
    }

    // Fills the form: the game's controls with the given values (the
    // library's defaults elsewhere), the players, the level and the delay; then asks
    // the library, unless `check` is false (a refusal is shown already).
    fill({ name, options = {}, drawn = null, players, side, level, delay }, check = true) {
        const game = this.games.find(g => g.name === name) ?? this.games[0];
        this.form.elements.game.value = game.name;
        if (!$('setup').hidden)
            document.title = game.title;
        const box = $('setup-options');
        box.replaceChildren();
        for (const o of game.options)
            box.append(this.control(game, o, o.key === drawn ? undefined : options[o.key]));
        $('setup-keys').textContent = keysText(game);
        if (players)
            this.form.elements.players.value = players;
        choose(game, $('setup-side'), $('setup-level'), side, level);
        // A watched game's delay (another game's is its players' default);
        // a change of game keeps the box as it is.
        if (delay !== undefined)
            $('setup-delay').value = this.watching() ? delay : delayOf('watch');
        this.update();
        if (check)
            this.validate();
    }

    // One option's control, by its kind: a number in its range (a switch
    // for 0..1), a choice, a point of the board, or the seed.
    control(game, o, value) {
        const id = `opt-${o.key}`;
        const row = html('div', { class: 'option' });
        const label = html('label', { for: id }, row);
        const seed = isSeed(o), toggle = isSwitch(o);
        html('code', {}, label, o.key);
        html('span', {}, label, optionLabel(o));
        let input;
        if (toggle) {
            input = html('input', { type: 'checkbox', id });
            input.checked = String(value ?? o.default) === '1';
            label.prepend(input);
        } else if (o.kind === 'range' && !seed) {
            input = html('input', { type: 'number', id, min: o.min, max: o.max, step: 1, required: '' }, row);
            input.value = value ?? o.default;
            html('span', { class: 'range' }, row, `${o.min} to ${o.max}`);
        } else if (o.kind === 'range') {
            input = html('input', { type: 'text', id, inputmode: 'numeric', autocomplete: 'off',
                                    placeholder: 'random', size: 22 }, row);
            input.value = value ?? '';
            const dice = html('button', { type: 'button', class: 'small', title: 'a random seed' }, row, 'New seed');
            dice.addEventListener('click', () => {
                input.value = randomSeed();
                this.validate();
            });
        } else {
            const values = o.kind === 'choice' ? o.choices.map(String) : this.points[game.name][o.key];
            input = html('select', { id }, row);
            input.replaceChildren(...values.map(v => html('option', { value: v }, null, v)));
            input.value = String(value ?? o.default);
            // A value of none of the choices (a link's) leaves the list
            // unchosen; outOfRange() names the value.
            input.dataset.given = String(value ?? o.default);
        }
        input.dataset.key = o.key;
        input.dataset.seed = seed ? '1' : '';
        return row;
    }

    // Whether the players chosen are the computer against itself.
    watching() {
        return this.form.elements.players.value === 'watch';
    }

    // The level's description; with two players the level is greyed out,
    // and that line and its title say why; the delay's box, shown when
    // watching.
    update() {
        const two = this.form.elements.players.value === 'two';
        $('setup-delay-row').hidden = !this.watching();
        const game = this.game, level = game.levels[Number($('setup-level').value) - 1];
        const why = 'No computer plays in a game of two players.';
        $('setup-level').disabled = two;
        two ? $('setup-level').setAttribute('title', why) : $('setup-level').removeAttribute('title');
        $('setup-level-text').textContent = two ? why : levelText(level);
        this.note();
    }

    // The game's line under the options (its view's setupNote()), for the
    // options as they are now; '' for none.
    async note() {
        const game = this.game, view = await viewOf(game.name);
        if (game === this.game)
            $('setup-note').textContent = view.setupNote?.(this.options(), game) ?? '';
    }

    // The options as typed: {key: text}; an empty seed draws a fresh one
    // when `fresh` (its key goes to this.drawn), else is left out.
    options(fresh = false) {
        const options = {};
        this.drawn = null;
        for (const input of $('setup-options').querySelectorAll('[data-key]')) {
            const key = input.dataset.key;
            if (input.type === 'checkbox')
                options[key] = input.checked ? '1' : '0';
            else if (input.value.trim() !== '')
                options[key] = input.value.trim();
            else if (input.dataset.seed && fresh)
                [options[key], this.drawn] = [randomSeed(), key];
            else if (!input.dataset.seed)
                options[key] = input.value;
        }
        return options;
    }

    // The library's word on the options typed so far, shown at once (in
    // place of a record's refusal: the setup has changed); true when it
    // takes them. Answers to earlier checks are dropped.
    async validate() {
        this.recordRefused('');
        const mine = ++this.checked;
        const name = this.game.name, options = this.options();
        const own = await this.outOfRange();
        const refusal = own?.text ?? await this.check(name, options);
        if (mine !== this.checked)
            return false;
        this.message(refusal ?? '', own?.key);
        return !refusal;
    }

    // A number box that holds no whole number in its option's range
    // (empty, "abc", "8.5", "99", "-5"), or a list of choices or points
    // left with none (a link's geese=14, start=z9), said by the page with
    // the option's label before the text reaches the library, whose words
    // are the protocol's ("w=99 is out of range 8..30"): {key, text}, or
    // null when every box holds one. The seed may be empty (random). A
    // point of the board that the list lacks (the hare's start on a
    // hound) is the library's to say why, under the label. What the page
    // cannot know (options that do not fit together) stays the library's.
    // The delay's box, when watching, is checked last, as a number box.
    async outOfRange() {
        const game = this.game;
        for (const o of game.options) {
            const input = $(`opt-${o.key}`);
            const label = optionName(o);
            if (o.kind === 'choice' && input?.value === '')
                return { key: o.key, text: refusedChoice(label, o.key, input.dataset.given, o.choices.map(String)) };
            if (o.kind === 'point' && input?.value === '') {
                const given = input.dataset.given;
                const why = game.board.points.includes(given) ? await this.check(game.name, { [o.key]: given })
                    : `${o.key}=${given} is no point of the board`;
                return { key: o.key, text: `${label}: ${why}; choose one in the list` };
            }
            if (o.kind !== 'range' || !input || input.type === 'checkbox')
                continue;
            const value = input.value.trim(), seed = isSeed(o);
            if ((seed && value === '') || wholeIn(value, o.min, o.max))
                continue;
            return { key: o.key, text: refusedNumber(seed ? 'The seed' : label, 'a whole number', o.min, o.max)
                                       + (seed ? ', or nothing for a random seed' : '') };
        }
        if (this.watching() && !wholeIn($('setup-delay').value.trim(), 0, DELAY_MAX))
            return { key: 'delay', text: refusedDelay() };
        return null;
    }

    read() {
        const players = this.form.elements.players.value;
        const options = this.options(true);
        return {
            name: this.game.name,
            options,
            drawn: this.drawn,
            players,
            side: Number($('setup-side').value),
            level: players === 'two' ? 0 : Number($('setup-level').value),
            // The delay box is the watched game's (update()).
            delay: players === 'watch' ? Number($('setup-delay').value.trim()) : undefined,
        };
    }
}

// The words of a game's options (the registry's entries), shared by the
// setup screen and the views, which name the setup's controls as it shows
// them (Fox and Geese's advice).
import { capital } from './board.js';

/** Whether the option `o` (the registry's) is a switch, a range 0..1: a checkbox. */
export const isSwitch = o => o.kind === 'range' && o.min === 0 && o.max === 1;

/** Whether the option `o` is the seed, whose range passes
 *  Number.MAX_SAFE_INTEGER (a bigint): digits, or empty for a random one. */
export const isSeed = o => typeof o.max === 'bigint';

/** A fresh 64-bit seed, as the text of its digits. */
export function randomSeed() {
    const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
    return String((BigInt(hi) << 32n) | BigInt(lo));
}

/** The words beside the option's control: its description; a switch's
 *  says what 1 does ("The geese may also step left or right"). */
export function optionLabel(o) {
    return capital(isSwitch(o) ? o.description.replace(/^1: /, '') : o.description);
}

/** The option's name in a sentence: its label up to a ':' or ','
 *  ("The geese"), as refusals and advice name the control. */
export function optionName(o) {
    return optionLabel(o).split(/[,:]/)[0];
}

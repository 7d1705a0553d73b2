// The games of libherd and the options that herd_new() takes for each: the
// ONE place where the JavaScript package spells out facts of each game that
// the C API does not list (yet). Side names, levels and move bounds are read
// from the library itself (Game.sides, Game.levels(), Game.maxMoves). When
// herd.h lists its games and their options, this table is read from there.
//
// An option is {key, default} with either min and max (a whole number in that
// range), values (one of them), or kind 'point' (a point of the board).

const seed = Object.freeze({ key: 'seed', min: 0, max: 2n ** 64n - 1n, default: 0 });

function options(...list) {
    return Object.freeze(list.map(o => Object.freeze(o)));
}

export const GAMES = Object.freeze({
    horses: options({ key: 'w', min: 8, max: 30, default: 8 },
                    { key: 'h', min: 8, max: 20, default: 8 },
                    { key: 'n', min: 4, max: 10, default: 6 }, seed),
    hex: options({ key: 'size', min: 2, max: 13, default: 5 }, seed),
    hare: options({ key: 'start', kind: 'point', default: 'a2' }, seed),
    fox: options({ key: 'geese', values: [13, 15, 17], default: 13 },
                 { key: 'sideways', values: [0, 1], default: 0 }, seed),
    flock: options({ key: 'w', min: 5, max: 12, default: 7 },
                   { key: 'h', min: 5, max: 12, default: 7 }, seed),
});

export const GAME_NAMES = Object.freeze(Object.keys(GAMES));

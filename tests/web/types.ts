// Compiled by types.test.mjs with tsc --strict against build/web/herd.d.ts:
// the declarations are valid and say what the API gives. Never run.
import { codes, FoxGame, GameRecord, HerdError, HorsesGame, loadHerd, MEMORY_SOLVE, optionsText,
         type GameInfo, type OptionInfo, type StatusInfo } from 'libherd';

export async function typed(): Promise<string> {
    const herd = await loadHerd();
    const horses: HorsesGame = herd.newGame('horses', { w: 10, seed: 3n });
    const { w, seed }: { w: number; seed: bigint } = horses.options();
    const lines: [number, number][] = horses.lines('green');
    const logged: string = horses.historyLine(0), ending: string = horses.resultText();
    const fox = herd.newGame('fox', 'geese=15');
    const chain: boolean = (fox as FoxGame).inChain();
    const info: StatusInfo = fox.statusInfo();
    const count: bigint = fox.perft(2);
    const games: readonly GameInfo[] = herd.games();
    const option: OptionInfo = games[0].options[0];
    const bounds = option.kind === 'range' ? `${option.min}..${option.max}` :
        option.kind === 'choice' ? option.choices.join('|') : option.default.toUpperCase();
    const levelName: string = games[0].levels[games[0].defaultLevel - 1].name;
    const title: string = fox.info.title;
    fox.setMemoryLimit(null);
    const limit: number | null = fox.memoryLimit();
    const need: number = fox.memoryNeeded(MEMORY_SOLVE) + fox.memoryNeeded();
    // @ts-expect-error: a limit is a number of bytes or null
    fox.setMemoryLimit('1 MB');
    // @ts-expect-error: the registry is read only
    games[0].title = 'x';
    // @ts-expect-error: a game's name is a string
    herd.newGame(7);
    // @ts-expect-error: no such query
    horses.geese();
    fox.resign('geese');
    const record: GameRecord = fox.record({ fox: 'Ann', Date: new Date(), Round: 3 });
    const tags: Record<string, string> = record.tags();
    const clock: number | null = record.clock(1);
    for (const r of herd.readRecords(record.text(), { errors: 'skip' }))
        r.game(0).free();
    // @ts-expect-error: a tag's value is a string, a number or a Date
    record.setTag('Event', ['a']);
    const over: StatusInfo['result'] = herd.parseRecord(record.text(true)).statusInfo().result;
    try {
        fox.play('a1-a2');
    } catch (e) {
        if (e instanceof HerdError && e.code === codes.E_PARSE)
            return `${e.codeName} ${e.message}`;
    }
    horses.free();
    fox.free();
    return `${w} ${seed} ${lines.length} ${chain} ${info.result} ${count} ${optionsText({ a: 1 })} ${bounds} ${levelName} ${title} ${limit} ${need} ${Object.keys(tags).length} ${clock} ${over}`;
}

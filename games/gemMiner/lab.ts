// Gem Miner in the scene lab (games/shared/lab/adapter.ts): pick the difficulty, how many levels
// the miner digs and how the game ends (a cash-out, or a rock under the last dig); the rules play
// the digs and the shaft takes each answer as the panel hands them to the scene. The digs and the
// rocks are read from the faces the tiles came to rest on, as the headless run reads them.
import {
  defineLabGame,
  numberChoices,
  playAnswers,
  playStepped,
  sortedTiles,
} from '../shared/lab/adapter';
import { boardOfResult } from './board';
import { gemMinerChannel } from './channel';
import {
  DIFFICULTIES,
  GEM_MINER,
  rocksPerLevel,
  rules,
  SHAFTS,
  type Difficulty,
  type GemMinerState,
} from './rules';
import type { GemMinerSimulation } from './simulation';

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((t): t is number => typeof t === 'number') : [];

/** A game from its shaft: the digs in order, cashed out if it still runs after them. */
function gameOf(
  wire: Readonly<Record<string, unknown>>,
  rocks: number[][],
  digs: number[],
  cashOut: boolean,
) {
  const start: GemMinerState = { rocks, dug: [], status: 'playing' };
  return playStepped(rules, wire, start, digs, cashOut);
}

export const lab = defineLabGame({
  initial: { difficulty: 'medium', levels: '4', end: 'cashout' },
  controls: () => [
    {
      kind: 'choice',
      name: 'difficulty',
      label: 'games.gemMiner.field_difficulty',
      choices: DIFFICULTIES.map((value) => ({ value, key: `games.gemMiner.difficulty_${value}` })),
    },
    {
      kind: 'choice',
      name: 'levels',
      label: 'dev.lab.levels',
      choices: numberChoices(1, GEM_MINER.levels),
    },
    {
      kind: 'choice',
      name: 'end',
      label: 'dev.lab.end',
      choices: [
        { value: 'cashout', key: 'dev.lab.end_cashout' },
        { value: 'rock', key: 'dev.lab.end_rock' },
      ],
    },
  ],
  round: (pick) => {
    const difficulty = pick.difficulty as Difficulty;
    const { tiles } = SHAFTS[difficulty];
    const levels = Number(pick.levels);
    const lost = pick.end === 'rock';
    // The miner zigzags down; the rocks are the other tiles, or under the last dig when lost.
    const digs = Array.from({ length: levels }, (_, level) => level % tiles);
    const rocks = Array.from({ length: GEM_MINER.levels }, (_, level) => {
      const dig = digs[level] ?? -1;
      const others = Array.from({ length: tiles }, (_, t) => t).filter((t) => t !== dig);
      const rockUnderDig = lost && level === levels - 1;
      return (rockUnderDig ? [dig, ...others] : others).slice(0, rocksPerLevel(difficulty));
    });
    return gameOf({ difficulty }, rocks, digs, !lost);
  },
  recorded: (bet) => {
    const { params, result } = bet;
    // A game over shows its rocks: replay its digs from them. One still running shows as it is.
    if (!Array.isArray(result.rocks)) return { params, result, multiplier: bet.multiplier };
    const rocks = (result.rocks as unknown[]).map(numbers);
    return gameOf(params, rocks, rules.movesOf(result), rules.cashedOut(result));
  },
  async play(round, stage) {
    const scene = await gemMinerChannel.whenShown();
    const sim = stage.sim as GemMinerSimulation;
    await playAnswers(
      round,
      stage,
      () => sim.settled,
      (result) => {
        const board = boardOfResult(result);
        const level = board.dug.length - 1;
        // A new dig: the miner walks there and swings before the answer lands.
        if (level >= 0 && level >= sim.board.dug.length) scene.digging(board.dug[level]!, level);
        scene.configure(board);
      },
    );
  },
  shown: ({ sim }) => {
    const shaft = sim as GemMinerSimulation;
    if (!shaft.settled) return null;
    const faces = shaft.tiles.map((row) => row.map((tile) => tile.face));
    const dug = faces.flatMap((row) => {
      const tile = row.findIndex((face) => face === 'gem' || face === 'rock');
      return tile >= 0 ? [tile] : [];
    });
    const rocks = faces.map((row) =>
      row.flatMap((face, tile) => (face === 'rock' || face === 'rock-unpicked' ? [tile] : [])),
    );
    return { dug, rocks };
  },
  expected: ({ result }) => ({
    dug: numbers(result.dug),
    rocks: Array.isArray(result.rocks) ? result.rocks.map(sortedTiles) : null,
  }),
});

// Gem Miner (games/gemMiner/README.md): a shaft of 8 levels dug top to bottom, one tile a level;
// the rocks of every level are drawn from the floats at the start (one nonce for the whole game).
import {
  defineSteppedRules,
  fieldParams,
  type ParamFields,
  type VerifyValues,
} from '../fairness/contract';
import type { RuleIssue } from '../fairness/issues';
import { MULTIPLIER_SCALE } from '../fairness/money';
import { pickGame } from '../fairness/pickGame';

export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Tiles and gems of a level per difficulty; the rest of a level's tiles are rocks. */
export const SHAFTS: Readonly<Record<Difficulty, { tiles: number; gems: number }>> = {
  easy: { tiles: 4, gems: 3 },
  medium: { tiles: 3, gems: 2 },
  hard: { tiles: 2, gems: 1 },
  expert: { tiles: 3, gems: 1 },
};

export const GEM_MINER = {
  id: 'gemMiner',
  levels: 8,
  /** The widest level (easy): tile numbers on the wire are 0 .. maxTiles - 1. */
  maxTiles: 4,
} as const;

export const rocksPerLevel = (difficulty: Difficulty): number =>
  SHAFTS[difficulty].tiles - SHAFTS[difficulty].gems;

/**
 * Every level's rock tiles in draw order. Level L uses floats f[L*r] .. f[L*r + r - 1]:
 * pool = [0..tiles-1]; for j = 0..r-1 the rock is pool.splice(floor(f[L*r + j] * (tiles - j)), 1).
 */
export function shaftRocks(difficulty: Difficulty, floats: readonly number[]): number[][] {
  const { tiles } = SHAFTS[difficulty];
  const r = rocksPerLevel(difficulty);
  return Array.from({ length: GEM_MINER.levels }, (_, level) => {
    const pool = Array.from({ length: tiles }, (_, t) => t);
    return Array.from(
      { length: r },
      (_, j) => pool.splice(Math.floor(floats[level * r + j]! * (tiles - j)), 1)[0]!,
    );
  });
}

/**
 * floor(100 * 0.99 * (tiles / gems)^k) / 100 in e4 units, computed on integers
 * (99 * tiles^k / gems^k hundredths); 0 before the first level (nothing to cash out).
 */
export function gemMinerMultiplierE4(difficulty: Difficulty, cleared: number): number {
  if (cleared <= 0) return 0;
  if (cleared > GEM_MINER.levels) throw new RangeError('more levels than the shaft has');
  const { tiles, gems } = SHAFTS[difficulty];
  const hundredths = (99n * BigInt(tiles) ** BigInt(cleared)) / BigInt(gems) ** BigInt(cleared);
  return Number(hundredths) * (MULTIPLIER_SCALE / 100);
}

export type GemMinerStatus = 'playing' | 'lost' | 'cashed_out' | 'cleared';

export interface GemMinerState {
  /** Every level's rocks, decided at the start: the secret of a running game. */
  rocks: readonly (readonly number[])[];
  /** The tile dug on each level, top level first. */
  dug: readonly number[];
  status: GemMinerStatus;
}

export interface GemMinerBet extends VerifyValues {
  difficulty: Difficulty;
}

const FIELDS = {
  difficulty: {
    type: 'choice',
    choices: DIFFICULTIES,
    default: 'medium',
    description:
      'easy: 4 tiles, 3 gems a level; medium: 3 tiles, 2 gems; hard: 2 tiles, 1 gem; expert: 3 tiles, 1 gem',
  },
} as const satisfies ParamFields;

/** Levels cleared: the gems found (a lost game keeps none). */
export const levelsCleared = (state: GemMinerState): number =>
  state.status === 'lost' ? state.dug.length - 1 : state.dug.length;

/** A dig on the current level: a rock loses the game, the last gem clears the shaft (cashed out). */
export function digTile(
  state: GemMinerState,
  tile: number,
  difficulty: Difficulty,
): GemMinerState | RuleIssue {
  const { tiles } = SHAFTS[difficulty];
  if (tile >= tiles) {
    return { field: 'tile', key: 'validation.between', params: { min: 0, max: tiles - 1 } };
  }
  const level = state.dug.length;
  const dug = [...state.dug, tile];
  if (state.rocks[level]!.includes(tile)) return { ...state, dug, status: 'lost' };
  return { ...state, dug, status: dug.length === GEM_MINER.levels ? 'cleared' : 'playing' };
}

/** Gem Miner on the rules contract: the shaft is decided at the start, one nonce per game. */
export const rules = defineSteppedRules<GemMinerBet, GemMinerState, GemMinerBet>({
  kind: 'stepped',
  id: GEM_MINER.id,
  docs: {
    summary:
      'Gem Miner: dig one tile a level down an 8-level shaft, the rocks decided at the start',
    description:
      'Rocks per level r = tiles - gems; level L takes floats f[L*r] .. f[L*r + r - 1], each ' +
      "drawing a rock from the level's remaining tiles. result: {difficulty, level (levels " +
      'cleared), dug: [tile per level], status: playing|lost|cashed_out|cleared, next_multiplier ' +
      "(after one more level, null when over), rocks (every level's rock tiles, only once the " +
      'game is over)}. A rock loses the stake; cash out after at least one level; clearing all 8 ' +
      'levels cashes out by itself. Multiplier after k levels: floor(100 * 0.99 * (tiles/gems)^k) ' +
      '/ 100. The bet id is the game id.',
  },
  ...fieldParams<GemMinerBet>(FIELDS),
  floatsNeeded: (bet) => GEM_MINER.levels * rocksPerLevel(bet.difficulty),
  outcome: (bet, floats) => ({ rocks: shaftRocks(bet.difficulty, floats) }),
  /** Each level's multiplier is 0.99 times the fair odds of reaching it (its README). */
  rtp: () => 0.99,
  summary: (wire, result) =>
    `${String(result.status)} · ${String(result.level)}/${GEM_MINER.levels} ${String(wire.difficulty)}`,
  describe: (wire, result) => {
    const level = Number(result.level);
    return {
      key: `history_${String(result.status)}`,
      values: {
        // A rock ends the game on the level after the last one cleared.
        level: result.status === 'lost' ? level + 1 : level,
        levels: GEM_MINER.levels,
        difficulty: { key: `history_${String(wire.difficulty)}` },
      },
    };
  },
  move: {
    field: 'tile',
    spec: {
      type: 'integer',
      min: 0,
      max: GEM_MINER.maxTiles - 1,
      default: 0,
      description: 'the tile of the current level, 0 .. tiles - 1, left to right',
    },
    at: {
      field: 'level',
      spec: {
        type: 'integer',
        min: 0,
        max: GEM_MINER.levels - 1,
        default: 0,
        description:
          'optional: the level the dig is meant for; a dig sent for another level (one already passed, a retried request) is refused',
      },
      of: (state: GemMinerState) => state.dug.length,
    },
  },
  start: (bet, floats) => ({
    rocks: shaftRocks(bet.difficulty, floats),
    dug: [],
    status: 'playing',
  }),
  step: (state, tile, bet) => digTile(state, tile, bet.difficulty),
  /** The rocks only once the game is over, so no answer tells where they are before. */
  ...pickGame({
    playing: 'playing',
    moves: 'dug',
    nothingWon: { field: 'game', key: 'games.gemMiner.no_level' },
    cleared: levelsCleared,
    multiplierE4: (bet: GemMinerBet, cleared) => gemMinerMultiplierE4(bet.difficulty, cleared),
    resultHead: (state, bet) => ({ difficulty: bet.difficulty, level: levelsCleared(state) }),
    secrets: (state) => ({ rocks: state.rocks.map((rocks) => [...rocks]) }),
  }),
});

// The shaft as the panel and the scene share it (pure; from the server's bet result).
import { DIFFICULTIES, GEM_MINER, SHAFTS, type Difficulty } from './rules';

export type ShaftStatus = 'idle' | 'playing' | 'lost' | 'cashed_out' | 'cleared';

export interface GemMinerBoard {
  difficulty: Difficulty;
  status: ShaftStatus;
  /** The tile dug on each level, top level first. */
  dug: readonly number[];
  /** Every level's rocks: known only once the game is over. */
  rocks: readonly (readonly number[])[] | null;
  /** Auto-play's tile per level (-1: a random tile), marked on the idle shaft; null: none. */
  pattern: readonly number[] | null;
  /** Auto-play cashes out after this many levels (marked on the ladder); null: none. */
  target: number | null;
}

export const idleBoard = (difficulty: Difficulty): GemMinerBoard => ({
  difficulty,
  status: 'idle',
  dug: [],
  rocks: null,
  pattern: null,
  target: null,
});

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((t): t is number => typeof t === 'number') : [];

const isDifficulty = (value: unknown): value is Difficulty =>
  DIFFICULTIES.includes(value as Difficulty);

/** The board of a Gem Miner bet's result ({difficulty, dug, status, rocks?}). */
export function boardOfResult(result: Readonly<Record<string, unknown>>): GemMinerBoard {
  const status = (
    ['playing', 'lost', 'cashed_out', 'cleared'].includes(String(result.status))
      ? result.status
      : 'idle'
  ) as ShaftStatus;
  return {
    difficulty: isDifficulty(result.difficulty) ? result.difficulty : 'medium',
    status,
    dug: numbers(result.dug),
    rocks: Array.isArray(result.rocks) ? result.rocks.map(numbers) : null,
    pattern: null,
    target: null,
  };
}

/** What a tile shows. */
export type TileFace = 'hidden' | 'gem' | 'rock' | 'gem-unpicked' | 'rock-unpicked';

/** Faces of every tile, level by level: dug ones, and after the end the whole shaft dimmed. */
export function tileFaces(board: GemMinerBoard): TileFace[][] {
  const { tiles } = SHAFTS[board.difficulty];
  return Array.from({ length: GEM_MINER.levels }, (_, level) =>
    Array.from({ length: tiles }, (_, tile): TileFace => {
      const rock = board.rocks?.[level]?.includes(tile) ?? false;
      if (board.dug[level] === tile) {
        // A dug tile is a gem unless the game ended on it.
        const lostHere = board.status === 'lost' && level === board.dug.length - 1;
        return lostHere || rock ? 'rock' : 'gem';
      }
      if (!board.rocks) return 'hidden';
      return rock ? 'rock-unpicked' : 'gem-unpicked';
    }),
  );
}

/** The level being dug (the first not dug), or -1 when no game runs. */
export const currentLevel = (board: GemMinerBoard): number =>
  board.status === 'playing' ? board.dug.length : -1;

/** A tile of the level for "random tile", from a 0..1 number (the panel passes Math.random()). */
export const randomTile = (difficulty: Difficulty, r: number): number =>
  Math.min(SHAFTS[difficulty].tiles - 1, Math.floor(r * SHAFTS[difficulty].tiles));

export type PatternName = 'left' | 'right' | 'zigzag' | 'random' | 'custom';
export const PATTERNS: readonly PatternName[] = ['left', 'right', 'zigzag', 'random', 'custom'];

/** A preset's tile per level (-1: random); 'custom' starts from the left column. */
export function patternTiles(name: PatternName, difficulty: Difficulty): number[] {
  const last = SHAFTS[difficulty].tiles - 1;
  return Array.from({ length: GEM_MINER.levels }, (_, level) => {
    switch (name) {
      case 'right':
        return last;
      case 'zigzag':
        return level % 2 === 0 ? 0 : last;
      case 'random':
        return -1;
      default:
        return 0;
    }
  });
}

/** The tile auto-play digs on `level` (a random one for -1 or a tile the level lacks). */
export function patternTile(
  pattern: readonly number[],
  level: number,
  difficulty: Difficulty,
  r: number,
): number {
  const tile = pattern[level] ?? -1;
  return tile >= 0 && tile < SHAFTS[difficulty].tiles ? tile : randomTile(difficulty, r);
}

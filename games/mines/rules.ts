// Mines (GAMES.md section 3): 5 x 5 tiles, 1..24 mines drawn from the floats, a multiplier that
// grows with every safe reveal.
import type { RuleIssue } from '../fairness/issues';

export const MINES = {
  id: 'mines',
  tiles: 25,
  minMines: 1,
  maxMines: 24,
  /** Draw-and-remove uses one float per draw; 24 draws decide any board. */
  floatsNeeded: 24,
} as const;

/**
 * The mine tiles in draw order: pool = [0..24]; for i = 0..23 take
 * pool.splice(floor(f_i * (25 - i)), 1); the first `mines` drawn are the mines.
 */
export function minePositions(floats: readonly number[], mines: number): number[] {
  const pool = Array.from({ length: MINES.tiles }, (_, i) => i);
  const drawn: number[] = [];
  for (let i = 0; i < mines; i++) {
    drawn.push(pool.splice(Math.floor(floats[i]! * (MINES.tiles - i)), 1)[0]!);
  }
  return drawn;
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/**
 * M(k) = 0.99 * C(25, k) / C(25 - mines, k), rounded down to 2 decimals, in e4 units
 * (k = 0 gives 0: nothing to cash out yet).
 */
export function minesMultiplierE4(mines: number, safeReveals: number): number {
  if (safeReveals <= 0) return 0;
  if (safeReveals > MINES.tiles - mines) throw new RangeError('more safe reveals than safe tiles');
  const hundredths =
    (99n * binomial(MINES.tiles, safeReveals)) / binomial(MINES.tiles - mines, safeReveals);
  return Number(hundredths) * 100;
}

export function validateMinesCount(value: unknown): RuleIssue[] {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < MINES.minMines ||
    value > MINES.maxMines
  ) {
    return [
      {
        field: 'mines',
        key: 'validation.between',
        params: { min: MINES.minMines, max: MINES.maxMines },
      },
    ];
  }
  return [];
}

export function validateTile(value: unknown): RuleIssue[] {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= MINES.tiles) {
    return [{ field: 'tile', key: 'validation.between', params: { min: 0, max: MINES.tiles - 1 } }];
  }
  return [];
}

export type MinesStatus = 'active' | 'lost' | 'cashed_out' | 'cleared';

export interface MinesState {
  mines: readonly number[];
  revealed: readonly number[];
  status: MinesStatus;
}

/**
 * A reveal: a mine ends the game lost; a safe tile extends `revealed`, and clearing every safe
 * tile ends the game won (cashed out automatically).
 */
export function revealTile(state: MinesState, tile: number): MinesState {
  if (state.status !== 'active') throw new RangeError('the game is over');
  if (state.revealed.includes(tile)) throw new RangeError('tile already revealed');
  const revealed = [...state.revealed, tile];
  if (state.mines.includes(tile)) return { ...state, revealed, status: 'lost' };
  const cleared = revealed.length === MINES.tiles - state.mines.length;
  return { ...state, revealed, status: cleared ? 'cleared' : 'active' };
}

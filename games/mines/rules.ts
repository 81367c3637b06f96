// Mines (see games/mines/README.md): 5 x 5 tiles, 1..24 mines drawn from the floats, a multiplier
// that grows with every safe reveal.
import {
  defineSteppedRules,
  fieldIssues,
  fieldParams,
  type ParamFields,
} from '../fairness/contract';
import type { RuleIssue } from '../fairness/issues';
import { pickGame } from '../fairness/pickGame';

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
  return fieldIssues(MINES_FIELDS, { mines: value });
}

export function validateTile(value: unknown): RuleIssue[] {
  return fieldIssues({ tile: rules.move.spec }, { tile: value });
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

export interface MinesBet extends Record<string, number> {
  mines: number;
}

const MINES_FIELDS = {
  mines: {
    type: 'integer',
    min: MINES.minMines,
    max: MINES.maxMines,
    default: 3,
    description: `${MINES.minMines} .. ${MINES.maxMines}`,
  },
} as const satisfies ParamFields;

const safeReveals = (state: MinesState) =>
  state.revealed.filter((t) => !state.mines.includes(t)).length;

/** Mines on the rules contract: the board is decided at the start, one nonce per game. */
export const rules = defineSteppedRules<MinesBet, MinesState, MinesBet>({
  kind: 'stepped',
  id: MINES.id,
  docs: {
    summary: 'Mines: a 5 x 5 board, the mines decided at the start',
    description:
      'result: {mines_count, revealed: [tiles in reveal order], status: active|lost|cashed_out|' +
      'cleared, next_multiplier (the multiplier after one more safe tile, null when over), mines ' +
      '(the mine tiles in draw order, only once the game is over)}. A mine ends the game lost; ' +
      'clearing every safe tile cashes out. The bet id is the game id.',
  },
  ...fieldParams<MinesBet>(MINES_FIELDS),
  /** Each reveal's multiplier is 0.99 times the fair odds of surviving it (its README). */
  rtp: () => 0.99,
  summary: (_wire, result) =>
    `${String(result.status)} · ${Array.isArray(result.revealed) ? result.revealed.length : 0}/${String(result.mines_count)}`,
  describe: (_wire, result) => {
    const revealed = Array.isArray(result.revealed) ? result.revealed.length : 0;
    return {
      key: `history_${String(result.status)}`,
      values: {
        // A lost game's last reveal was the mine: count the safe tiles only.
        count: result.status === 'lost' ? Math.max(0, revealed - 1) : revealed,
        mines: Number(result.mines_count),
      },
    };
  },
  floatsNeeded: () => MINES.floatsNeeded,
  outcome: (bet, floats) => ({ mines: minePositions(floats, bet.mines) }),
  move: {
    field: 'tile',
    spec: {
      type: 'integer',
      min: 0,
      max: MINES.tiles - 1,
      default: 0,
      description: `0 .. ${MINES.tiles - 1}, left to right, top to bottom`,
    },
  },
  start: (bet, floats) => ({
    mines: minePositions(floats, bet.mines),
    revealed: [],
    status: 'active',
  }),
  step(state, tile) {
    if (state.revealed.includes(tile)) return { field: 'tile', key: 'games.mines.tile_revealed' };
    return revealTile(state, tile);
  },
  /** The board only once the game is over, so an answer never tells where the mines are. */
  ...pickGame({
    playing: 'active',
    moves: 'revealed',
    nothingWon: { field: 'game', key: 'games.mines.no_reveal' },
    cleared: safeReveals,
    multiplierE4: (bet: MinesBet, safe) => minesMultiplierE4(bet.mines, safe),
    resultHead: (_state, bet) => ({ mines_count: bet.mines }),
    secrets: (state) => ({ mines: [...state.mines] }),
  }),
});

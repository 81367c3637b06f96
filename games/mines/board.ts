// The mines board as the panel and the scene share it (pure; from the server's bet result).
import { MINES } from './rules';

export type MinesGameStatus = 'idle' | 'active' | 'lost' | 'cashed_out' | 'cleared';

export interface MinesBoard {
  status: MinesGameStatus;
  /** Tiles in reveal order. */
  revealed: number[];
  /** The mine tiles: known only once the game is over. */
  mines: number[] | null;
}

export const EMPTY_BOARD: MinesBoard = { status: 'idle', revealed: [], mines: null };

/** What a tile shows. */
export type TileFace = 'hidden' | 'gem' | 'mine' | 'gem-unpicked' | 'mine-unpicked';

/** Faces of all 25 tiles: revealed ones, and after the end the rest of the board dimmed. */
export function tileFaces(board: MinesBoard): TileFace[] {
  const mines = new Set(board.mines ?? []);
  const revealed = new Set(board.revealed);
  return Array.from({ length: MINES.tiles }, (_, tile) => {
    if (revealed.has(tile)) return mines.has(tile) ? 'mine' : 'gem';
    if (board.status === 'active' || board.status === 'idle' || !board.mines) return 'hidden';
    return mines.has(tile) ? 'mine-unpicked' : 'gem-unpicked';
  });
}

/** The board of a mines bet's result ({revealed, status, mines?}). */
export function boardOfResult(result: Record<string, unknown>): MinesBoard {
  const status = (
    ['active', 'lost', 'cashed_out', 'cleared'].includes(String(result.status))
      ? result.status
      : 'idle'
  ) as MinesGameStatus;
  const numbers = (value: unknown) =>
    Array.isArray(value) ? value.filter((t): t is number => typeof t === 'number') : [];
  return {
    status,
    revealed: numbers(result.revealed),
    mines: Array.isArray(result.mines) ? numbers(result.mines) : null,
  };
}

/** Moves the keyboard cursor on the 5 x 5 grid (stops at the edges). */
export function moveCursor(tile: number, dx: number, dy: number): number {
  const x = Math.min(4, Math.max(0, (tile % 5) + dx));
  const y = Math.min(4, Math.max(0, Math.floor(tile / 5) + dy));
  return y * 5 + x;
}

/** A hidden tile for "random tile", from a 0..1 number (the panel passes Math.random()). */
export function randomHiddenTile(board: MinesBoard, r: number): number | null {
  const hidden = Array.from({ length: MINES.tiles }, (_, t) => t).filter(
    (t) => !board.revealed.includes(t),
  );
  return hidden.length ? hidden[Math.floor(r * hidden.length)]! : null;
}

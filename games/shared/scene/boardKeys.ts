// The keyboard of a game played on a board of tiles (docs/developers/game-kit.md, "Keyboard"), the
// same in every such game: the arrows move a cursor, Enter or Space picks the tile under it, a
// digit picks a tile of the current row by its number, and C cashes out (the panel's `cashout`
// action).
import type { KeyAction } from '../../../engine/index';

/** The cursor's moves, `pick` (Enter, Space) and `cashout` (C). */
export const BOARD_ACTIONS: readonly KeyAction[] = [
  { name: 'left', keys: ['ArrowLeft'] },
  { name: 'right', keys: ['ArrowRight'] },
  { name: 'up', keys: ['ArrowUp'] },
  { name: 'down', keys: ['ArrowDown'] },
  { name: 'pick', keys: ['Enter', 'NumpadEnter', 'Space'] },
  { name: 'cashout', keys: ['KeyC'] },
];

/** `tile1` .. `tile<count>` on the digit keys, top row and keypad. */
export const tileActions = (count: number): KeyAction[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `tile${i + 1}`,
    keys: [`Digit${i + 1}`, `Numpad${i + 1}`],
  }));

const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

/** The cursor's step [dx, dy] for an arrow action, or null for any other. */
export const cursorStep = (action: string): readonly [number, number] | null =>
  STEPS[action] ?? null;

/** The tile (from 0) a `tile<n>` action picks, or null for any other action. */
export function tileOfAction(action: string): number | null {
  const digit = /^tile([1-9])$/.exec(action);
  return digit ? Number(digit[1]) - 1 : null;
}

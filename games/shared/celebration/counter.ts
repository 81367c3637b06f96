// The won amount counting up (pure): how long each tier counts and holds, and the eased value
// shown at a moment of the count.
import type { WinTier } from './tiers';

/** How a tier's celebration runs, in ms: the count up, then the final amount held, then the fade. */
export interface CelebrationTiming {
  countMs: number;
  holdMs: number;
  fadeMs: number;
}

/** Longer for a bigger win; the fade is short so the next round is never kept waiting. */
export const TIMING: Readonly<Record<WinTier, CelebrationTiming>> = {
  win: { countMs: 700, holdMs: 700, fadeMs: 250 },
  big: { countMs: 1500, holdMs: 1000, fadeMs: 300 },
  huge: { countMs: 2600, holdMs: 1500, fadeMs: 350 },
};

/** Instant mode: no count, the final amount held briefly. */
export const INSTANT_TIMING: CelebrationTiming = { countMs: 0, holdMs: 900, fadeMs: 200 };

/** Ease-out (cubic): quick at first, slowing into the final amount. 0 -> 0, 1 -> 1. */
export function easeOut(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 1 - (1 - p) ** 3;
}

/**
 * The cents the counter shows `elapsedMs` into a count of `countMs` towards `finalCents`: whole
 * cents, never down, never past the final amount, and exactly it from the end of the count on.
 */
export function countedCents(finalCents: number, elapsedMs: number, countMs: number): number {
  if (countMs <= 0 || elapsedMs >= countMs) return finalCents;
  return Math.min(finalCents, Math.floor(finalCents * easeOut(elapsedMs / countMs)));
}

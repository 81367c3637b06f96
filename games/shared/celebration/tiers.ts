// How much a settled round is worth celebrating, by the multiple of the stake it paid back.
// Defined once here: the celebration, its sounds and the big win's haptic pulse all read it.

/** A win worth a celebration: 'win' (more than the stake back), 'big' and 'huge'. */
export type WinTier = 'win' | 'big' | 'huge';

/** The tiers from the smallest up. */
export const WIN_TIERS: readonly WinTier[] = ['win', 'big', 'huge'];

/**
 * The least payout multiplier of each tier. 'win' is any payout above the stake (a payout of the
 * stake or less, a push or a partial return, is not a win to celebrate); 'big' from 10x; 'huge'
 * from 50x (rare in every game: dice under 1.98, plinko's outer buckets, a long mines run).
 */
export const TIER_FROM: Readonly<Record<Exclude<WinTier, 'win'>, number>> = { big: 10, huge: 50 };

/**
 * The tier of a round that took `stakeCents` and paid `payoutCents` back, or null when it is not
 * a win to celebrate (a loss, a push, less than the stake back).
 */
export function winTier(stakeCents: number, payoutCents: number): WinTier | null {
  if (!(stakeCents > 0) || !(payoutCents > stakeCents)) return null;
  const multiplier = payoutCents / stakeCents;
  if (multiplier >= TIER_FROM.huge) return 'huge';
  if (multiplier >= TIER_FROM.big) return 'big';
  return 'win';
}

/** Whether `tier` is at least `least` ('big' is at least 'win'). */
export const tierAtLeast = (tier: WinTier | null, least: WinTier): boolean =>
  tier !== null && WIN_TIERS.indexOf(tier) >= WIN_TIERS.indexOf(least);

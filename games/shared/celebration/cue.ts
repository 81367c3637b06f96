// What the round kit does as a round settles: a win worth it celebrated (the overlay, the tier's
// sound, a haptic pulse for a big one), anything else the quick sound of a round that won nothing.
import { getEngine } from '../../../engine/index';
import { celebrateRound, type SettledBet } from './celebrations';
import { playWinSound } from './sounds';
import { tierAtLeast, type WinTier } from './tiers';

/**
 * Celebrates `bet` when it is a win worth it: the overlay's celebration (its burst and flash
 * asked of engine.motion, none in instant mode) and the tier's sound. Answers the tier, or null
 * when the round won nothing to celebrate (the caller plays its quick loss sound).
 */
export function celebrateSettled(bet: SettledBet, instant: boolean): WinTier | null {
  const motion = getEngine().motion;
  const tier = celebrateRound(bet, { instant, allow: (effect) => motion.allow(effect) });
  if (tier) playWinSound(bet.game, tier);
  return tier;
}

/** A big win or more (the haptic pulse's). */
export const isBigWin = (tier: WinTier | null) => tierAtLeast(tier, 'big');

// The win celebration's one source: the round kit tells it of every settled round, the game
// page's overlay (WinCelebration.tsx) shows what it holds. No React, no engine: plain state.
import { unitsToCents } from '../format/amount';
import { tierAtLeast, winTier, type WinTier } from './tiers';

/** A celebration as the overlay plays it. */
export interface Celebration {
  /** Counts up from 1: a new celebration replaces the one shown. */
  id: number;
  /** The game whose round it celebrates (its sounds). */
  game: string;
  tier: WinTier;
  stakeCents: number;
  /** What the counter ends on: the round's payout. */
  payoutCents: number;
  /** Instant mode: the final amount at once, no burst or flash. */
  instant: boolean;
  /** Particles burst (a big win or more, motion allowed, not instant). */
  burst: boolean;
  /** The scene flashes (a huge win, motion allowed, not instant). */
  flash: boolean;
  /** The next bet began: the counter jumps to the payout and the overlay leaves. */
  cut: boolean;
}

/** The part of a settled bet the celebration reads (amounts in currency units). */
export interface SettledBet {
  game: string;
  amount: number;
  payout: number;
}

let shown: Celebration | null = null;
let lastId = 0;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

/** The celebration to show now, or null. */
export const currentCelebration = (): Celebration | null => shown;

/** Calls `listener` after every change; returns the unsubscribe. */
export function subscribeCelebrations(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** How a celebration may play: instant mode, and the player's motion wishes (engine.motion.allow). */
export interface CelebrationFeel {
  instant: boolean;
  /** Asked once per effect a celebration would play; false leaves it out. */
  allow(effect: 'burst' | 'flash'): boolean;
}

/**
 * A round settled: a win worth it (see tiers.ts) starts its celebration, replacing any shown.
 * Answers the tier, or null for a round that is not a win to celebrate.
 */
export function celebrateRound(bet: SettledBet, feel: CelebrationFeel): WinTier | null {
  const stakeCents = unitsToCents(bet.amount);
  const payoutCents = unitsToCents(bet.payout);
  const tier = winTier(stakeCents, payoutCents);
  if (!tier) return null;
  const { instant } = feel;
  // Instant mode asks for no effect at all: nothing to count as played or left out.
  const burst = !instant && tierAtLeast(tier, 'big') && feel.allow('burst');
  const flash = !instant && tier === 'huge' && feel.allow('flash');
  lastId += 1;
  shown = {
    id: lastId,
    game: bet.game,
    tier,
    stakeCents,
    payoutCents,
    instant,
    burst,
    flash,
    cut: false,
  };
  tell();
  return tier;
}

/** The next bet began: the shown celebration ends at once on its final amount. */
export function cutCelebrationShort(): void {
  if (!shown || shown.cut) return;
  shown = { ...shown, cut: true };
  tell();
}

/** The overlay has finished celebration `id` (a newer one is left alone). */
export function celebrationEnded(id: number): void {
  if (shown?.id !== id) return;
  shown = null;
  tell();
}

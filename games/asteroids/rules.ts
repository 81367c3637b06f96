// Asteroids (see games/asteroids/README.md): f0 decides the prize tier; the floats after it decide
// which gem each of the nine asteroids holds, so that the gems show the prize.
import { defineInstantRules, NO_PARAMS } from '../fairness/contract';
import {
  formatMultiplier,
  multiplierToNumber,
  payoutCents,
  MULTIPLIER_SCALE,
} from '../fairness/money';

/** The nine gem kinds, one per multiplier, highest first (the deck's order). */
export const GEM_KINDS = [10_000, 1_000, 200, 100, 50, 10, 5, 2, 1] as const;
export type GemKind = (typeof GEM_KINDS)[number];

/** The weights per million (games/asteroids/README.md), in the order of the cumulative ranges. */
export const TIER_WEIGHTS: readonly { kind: GemKind | 0; weight: number }[] = [
  { kind: 10_000, weight: 1 },
  { kind: 1_000, weight: 10 },
  { kind: 200, weight: 100 },
  { kind: 100, weight: 300 },
  { kind: 50, weight: 800 },
  { kind: 10, weight: 7_000 },
  { kind: 5, weight: 36_000 },
  { kind: 2, weight: 150_000 },
  { kind: 1, weight: 300_000 },
  { kind: 0, weight: 505_789 },
];

/** The return to player of a round: Σ weight × multiplier / 1,000,000 (96.0%). */
const ASTEROIDS_RTP =
  TIER_WEIGHTS.reduce((sum, { kind, weight }) => sum + kind * weight, 0) / 1_000_000;

export const ASTEROIDS = {
  id: 'asteroids',
  count: 9,
  /** Gems of the won kind in a winning round. */
  matched: 3,
  /** Copies of each kind in the deck: so no other kind can show up three times. */
  copies: 2,
  /** f0 (tier), f1..f9 (draws from the deck), f10..f18 (places). */
  floatsNeeded: 19,
} as const;

/** The prize tier (0 = no win, else the won kind's multiplier) from f0. */
export function asteroidsTier(f0: number): GemKind | 0 {
  const ticket = Math.floor(f0 * 1_000_000);
  let upper = 0;
  for (const { kind, weight } of TIER_WEIGHTS) {
    upper += weight;
    if (ticket < upper) return kind;
  }
  return 0;
}

/** Takes the element at floor(f * length) out of `list` (a draw without replacement). */
function draw<T>(list: T[], f: number): T {
  return list.splice(Math.floor(f * list.length), 1)[0]!;
}

/**
 * The gem of asteroids 0..8. The round's nine gems: a win starts with three of its kind and
 * draws six from a deck of two of every other kind (16 cards, highest kind first); a loss draws
 * nine from two of every kind (18 cards). Draw i takes card floor(f_i * cards left) out of the
 * deck (f1, f2, ...). The nine gems, in the order drawn (the won three first), are then placed:
 * asteroid j (0..8) takes gem floor(f_{10+j} * gems left) out of that list.
 */
export function asteroidsGems(tier: GemKind | 0, floats: readonly number[]): GemKind[] {
  const gems: GemKind[] = tier === 0 ? [] : [tier, tier, tier];
  const deck = GEM_KINDS.filter((kind) => kind !== tier).flatMap((kind) =>
    Array<GemKind>(ASTEROIDS.copies).fill(kind),
  );
  for (let i = 1; gems.length < ASTEROIDS.count; i++) gems.push(draw(deck, floats[i]!));
  return Array.from({ length: ASTEROIDS.count }, (_, j) => draw(gems, floats[10 + j]!));
}

export interface AsteroidsRound {
  tier: GemKind | 0;
  gems: GemKind[];
}

export function playAsteroids(floats: readonly number[]): AsteroidsRound {
  const tier = asteroidsTier(floats[0]!);
  return { tier, gems: asteroidsGems(tier, floats) };
}

/** The kind shown three times in `gems`, or 0 (what the scene lights up). */
export function tripleOf(gems: readonly number[]): number {
  return gems.find((kind) => gems.filter((other) => other === kind).length === 3) ?? 0;
}

export const rules = defineInstantRules<Record<string, never>, Record<string, never>>({
  kind: 'instant',
  id: ASTEROIDS.id,
  docs: {
    summary: 'Buy a round of Asteroids',
    description:
      'tier from floor(f0 * 1000000) against the cumulative weights (10000x: 1, 1000x: 10, ' +
      '200x: 100, 100x: 300, 50x: 800, 10x: 7000, 5x: 36000, 2x: 150000, 1x: 300000, ' +
      'no win: 505789). Gems: a win takes three of its kind and draws 6 from two of every ' +
      'other kind, a loss draws 9 from two of every kind (draw i takes card floor(f_i * left)); ' +
      'asteroid j takes gem floor(f_(10+j) * left) of those. ' +
      'result: {multiplier, gems: [the kind (multiplier) of asteroids 0..8]}.',
  },
  ...NO_PARAMS,
  /** The prize tiers' weights per million times their multipliers. */
  rtp: () => ASTEROIDS_RTP,
  summary: (_wire, result) => {
    const multiplier = Number(result.multiplier);
    return multiplier > 0 ? `${formatMultiplier(multiplier)} ×3` : '—';
  },
  describe: (_wire, result) => {
    const multiplier = Number(result.multiplier);
    return multiplier > 0
      ? { key: 'history_won', values: { multiplier: formatMultiplier(multiplier) } }
      : { key: 'history_lost' };
  },
  floatsNeeded: () => ASTEROIDS.floatsNeeded,
  outcome: (_values, floats) => {
    const round = playAsteroids(floats);
    return { tier: round.tier, gems: round.gems };
  },
  play(_bet, floats, amountCents) {
    const round = playAsteroids(floats);
    const multiplierE4 = round.tier * MULTIPLIER_SCALE;
    return {
      multiplierE4,
      payoutCents: payoutCents(amountCents, multiplierE4),
      result: { multiplier: multiplierToNumber(multiplierE4), gems: round.gems },
    };
  },
});

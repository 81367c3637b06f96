/**
 * The operator console's check (the server computes it, the console shows it): the observed
 * return to player of a game's bets beside its theory, with a confidence interval.
 * The observed RTP is the ratio paid / wagered; its standard error is the ratio estimator's,
 * sqrt(Σ (p_i − R·a_i)²) / Σ a_i (stakes may differ bet to bet), computed from sums a database
 * can return in one pass: Σa, Σp, Σa², Σp², Σa·p.
 */

/** The sums of a game's settled bets over a period (cents), and the stake-weighted theory. */
export interface ReturnSums {
  bets: number;
  wagered: number;
  paid: number;
  wageredSquares: number;
  paidSquares: number;
  products: number;
  /** Σ stake × the theoretical RTP of that bet's parameters. */
  expectedPaid: number;
}

export interface RtpCheck {
  observed: number;
  theoretical: number;
  /** The confidence interval of the observed RTP. */
  low: number;
  high: number;
  /** Enough bets were made to judge (MIN_BETS_TO_FLAG); fewer are never flagged. */
  judged: boolean;
  /** True when judged and the theory lies outside the interval. */
  flagged: boolean;
}

/** z for a two-sided 99% interval. */
export const Z_99 = 2.5758;
/** Fewer bets than this are never flagged: the normal approximation needs a sample. */
export const MIN_BETS_TO_FLAG = 1_000;

export function rtpCheck(sums: ReturnSums, z = Z_99, minBets = MIN_BETS_TO_FLAG): RtpCheck {
  const { bets, wagered, paid } = sums;
  const theoretical = wagered > 0 ? sums.expectedPaid / wagered : 0;
  if (bets === 0 || wagered <= 0) {
    return { observed: 0, theoretical, low: 0, high: 0, judged: false, flagged: false };
  }
  const observed = paid / wagered;
  // Σ (p − R a)² = Σp² − 2R Σap + R² Σa², floored at 0 against rounding.
  const residual = Math.max(
    0,
    sums.paidSquares - 2 * observed * sums.products + observed * observed * sums.wageredSquares,
  );
  const correction = bets > 1 ? bets / (bets - 1) : 1;
  const se = Math.sqrt(residual * correction) / wagered;
  // A return is never below zero: the interval is cut there (it only matters for a handful of bets).
  const low = Math.max(0, observed - z * se);
  const high = observed + z * se;
  const judged = bets >= minBets;
  const flagged = judged && (theoretical < low || theoretical > high);
  return { observed, theoretical, low, high, judged, flagged };
}

/** Adds one bet to running sums (tests and small in-memory checks; the console sums in SQL). */
export function addBet(sums: ReturnSums, stake: number, payout: number, rtp: number): void {
  sums.bets += 1;
  sums.wagered += stake;
  sums.paid += payout;
  sums.wageredSquares += stake * stake;
  sums.paidSquares += payout * payout;
  sums.products += stake * payout;
  sums.expectedPaid += stake * rtp;
}

export const emptySums = (): ReturnSums => ({
  bets: 0,
  wagered: 0,
  paid: 0,
  wageredSquares: 0,
  paidSquares: 0,
  products: 0,
  expectedPaid: 0,
});

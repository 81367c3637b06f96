// Auto-bet: repeat the same bet until a count, a profit or a loss limit is reached.

export interface AutoBetSettings {
  /** Bets to place; 0 means no limit. */
  count: number;
  /** Stop once the session's profit reaches this many cents (0: off). */
  stopOnProfitCents: number;
  /** Stop once the session's loss reaches this many cents (0: off). */
  stopOnLossCents: number;
  /**
   * Stop after a single bet pays at least this many cents (0: off). A game offers it by giving
   * it in `initialAuto`; without it the field is not shown.
   */
  stopOnWinOverCents?: number;
}

export interface AutoBetProgress {
  played: number;
  /** Payouts minus stakes of this auto-bet session, in cents. */
  profitCents: number;
}

export type AutoBetStop = 'count' | 'profit' | 'loss' | 'win' | null;

export const AUTO_BET_START: AutoBetProgress = { played: 0, profitCents: 0 };

/** The progress after one settled bet. */
export function recordAutoBet(
  progress: AutoBetProgress,
  stakeCents: number,
  payoutCents: number,
): AutoBetProgress {
  return {
    played: progress.played + 1,
    profitCents: progress.profitCents + payoutCents - stakeCents,
  };
}

/** Why auto-bet stops now (after a bet that paid `lastPayoutCents`), or null to place the next bet. */
export function autoBetStop(
  settings: AutoBetSettings,
  progress: AutoBetProgress,
  lastPayoutCents = 0,
): AutoBetStop {
  if (settings.count > 0 && progress.played >= settings.count) return 'count';
  const winOver = settings.stopOnWinOverCents ?? 0;
  if (winOver > 0 && lastPayoutCents >= winOver) return 'win';
  if (settings.stopOnProfitCents > 0 && progress.profitCents >= settings.stopOnProfitCents) {
    return 'profit';
  }
  if (settings.stopOnLossCents > 0 && -progress.profitCents >= settings.stopOnLossCents) {
    return 'loss';
  }
  return null;
}

// Auto-bet: repeat the same bet until a count, a profit or a loss limit is reached.

export interface AutoBetSettings {
  /** Bets to place; 0 means no limit. */
  count: number;
  /** Stop once the session's profit reaches this many cents (0: off). */
  stopOnProfitCents: number;
  /** Stop once the session's loss reaches this many cents (0: off). */
  stopOnLossCents: number;
}

export interface AutoBetProgress {
  played: number;
  /** Payouts minus stakes of this auto-bet session, in cents. */
  profitCents: number;
}

export type AutoBetStop = 'count' | 'profit' | 'loss' | null;

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

/** Why auto-bet stops now, or null to place the next bet. */
export function autoBetStop(settings: AutoBetSettings, progress: AutoBetProgress): AutoBetStop {
  if (settings.count > 0 && progress.played >= settings.count) return 'count';
  if (settings.stopOnProfitCents > 0 && progress.profitCents >= settings.stopOnProfitCents) {
    return 'profit';
  }
  if (settings.stopOnLossCents > 0 && -progress.profitCents >= settings.stopOnLossCents) {
    return 'loss';
  }
  return null;
}

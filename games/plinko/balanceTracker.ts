// The top bar while many plinko balls are in flight: every stake leaves at once, every payout
// arrives when its ball lands, and the bar ends equal to the server's balance.

export interface BalanceTracker {
  /** A bet answer: the server's balance after it (bets are numbered; the latest one wins). */
  betPlaced(betId: number, serverBalanceCents: number, payoutCents: number): number;
  /** A ball landed: its payout reaches the bar. */
  ballLanded(payoutCents: number): number;
  /** What the bar shows: the latest server balance minus payouts still in the air. */
  shownCents(): number;
}

export function balanceTracker(): BalanceTracker {
  let latestBetId = -1;
  let serverCents = 0;
  let pendingCents = 0;
  const shown = () => serverCents - pendingCents;
  return {
    betPlaced(betId, serverBalanceCents, payoutCents) {
      if (betId > latestBetId) {
        latestBetId = betId;
        serverCents = serverBalanceCents;
      }
      pendingCents += payoutCents;
      return shown();
    },
    ballLanded(payoutCents) {
      pendingCents -= payoutCents;
      return shown();
    },
    shownCents: shown,
  };
}

import { unitsToCents } from '../format/amount';
import type { GameServices } from '../wire/services';
import type { BetAnswer } from '../wire/types';

/**
 * The top bar while bets animate, several at once if need be (balls in flight): every
 * stake leaves at once, every payout arrives when its animation ends, and the bar ends equal to
 * the server's balance.
 */
export interface BalanceTracker {
  /** A bet answer: the server's balance after it (bets are numbered; the latest one wins). */
  betPlaced(betId: number, serverBalanceCents: number, payoutCents: number): number;
  /** A bet's animation ended: its payout reaches the bar. */
  betSettled(payoutCents: number): number;
  /** The server's balance moved by `deltaCents` after the answer (a live round paid at its end). */
  serverMoved(deltaCents: number): number;
  /** What the bar shows: the latest server balance minus payouts still animating. */
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
    betSettled(payoutCents) {
      pendingCents -= payoutCents;
      return shown();
    },
    serverMoved(deltaCents) {
      serverCents += deltaCents;
      return shown();
    },
    shownCents: shown,
  };
}

/**
 * What an animation resolves with when the round ended with another answer than the one it
 * started from (a live round: its end, with the payout and the balance after it): what the panel
 * shows, and that answer.
 */
export class EndedWith<T> {
  constructor(
    readonly shown: T,
    readonly answer: BetAnswer,
  ) {}
}

/**
 * The top bar around one bet's animation: the stake leaves at once (the server's balance minus
 * the payout), the payout arrives when the animation ends, even when it fails. Bets whose
 * animations overlap share one `tracker`. Resolves with what the animation shows and the answer
 * the bet ended with (the one it was placed with, unless the animation said EndedWith).
 */
export async function settleWithAnimation<T>(
  services: Pick<GameServices, 'setBalance'>,
  answer: BetAnswer,
  animate: () => Promise<T | EndedWith<T>>,
  tracker: BalanceTracker = balanceTracker(),
): Promise<{ shown: T; answer: BetAnswer }> {
  const payoutCents = unitsToCents(answer.bet.payout);
  const placedCents = unitsToCents(answer.balance);
  services.setBalance(tracker.betPlaced(answer.bet.id, placedCents, payoutCents) / 100);
  let final = answer;
  try {
    const played = await animate();
    if (!(played instanceof EndedWith)) return { shown: played, answer };
    final = played.answer;
    return { shown: played.shown, answer: final };
  } finally {
    tracker.betSettled(payoutCents);
    // A round that ended with another answer (a live round's end, the payout credited then): the
    // bar follows the balance that answer moved it to.
    services.setBalance(tracker.serverMoved(unitsToCents(final.balance) - placedCents) / 100);
  }
}

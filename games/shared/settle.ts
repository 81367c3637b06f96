import type { BetAnswer, GameServices } from './services';

/**
 * The top bar after a bet: the stake leaves at once (the server's balance minus the payout),
 * the payout arrives when the animation ends, so the bar ends on the server's balance.
 */
export async function settleWithAnimation(
  services: Pick<GameServices, 'setBalance'>,
  answer: BetAnswer,
  animate: () => Promise<void>,
): Promise<void> {
  services.setBalance(Math.round((answer.balance - answer.bet.payout) * 100) / 100);
  try {
    await animate();
  } finally {
    services.setBalance(answer.balance);
  }
}

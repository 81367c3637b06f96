import { Type } from 'typebox';
import { centsToAmount, multiplierToNumber } from '../../../games/fairness/index';
import type { SeedPair } from '../fairness/schema';
import type { Bet } from '../games/schema';

/** A bet on the wire: amounts in currency units, the multiplier with 4 decimals. */
export const BetBody = Type.Object({
  id: Type.Integer(),
  game: Type.String(),
  amount: Type.Number(),
  multiplier: Type.Number(),
  payout: Type.Number(),
  nonce: Type.Integer(),
  server_seed_hash: Type.String(),
  client_seed: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  result: Type.Record(Type.String(), Type.Unknown()),
  created_at: Type.String(),
});

/** What every bet route answers: the bet and the balance after it. */
export const BetAnswerBody = Type.Object({
  bet: BetBody,
  balance: Type.Number(),
});

export type PairSeeds = Pick<SeedPair, 'serverSeedHash' | 'clientSeed'>;

export function betJson(bet: Bet, pair: PairSeeds) {
  return {
    id: bet.id,
    game: bet.game,
    amount: centsToAmount(bet.amountCents),
    multiplier: multiplierToNumber(bet.multiplierE4),
    payout: centsToAmount(bet.payoutCents),
    nonce: bet.nonce,
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    params: bet.params as Record<string, unknown>,
    result: bet.result as Record<string, unknown>,
    created_at: bet.createdAt.toISOString(),
  };
}

export type BetJson = ReturnType<typeof betJson>;
export interface BetAnswer {
  bet: BetJson;
  balance: number;
}

import { Type, type Static } from 'typebox';

/**
 * A settled bet as the live feed carries it between instances: the player's id travels with it
 * (the bus is internal) so that a stream can mark its own player's bets; `player` is already
 * null for a player who hides their name. No seeds, nonce, parameters or result.
 */
export interface FeedBet {
  id: number;
  game: string;
  user_id: number;
  /** The player's name, or null when they hide it (users.hide_name). */
  player: string | null;
  /** When the bet was settled (ISO 8601). */
  time: string;
  amount: number;
  multiplier: number;
  payout: number;
}

/** A feed bet on the wire (event `bet`, and each bet of `backlog`). */
export const PublicBetBody = Type.Object({
  id: Type.Integer(),
  game: Type.String(),
  player: Type.Union([Type.String(), Type.Null()], {
    description: 'The player’s name; null when they hide it',
  }),
  user_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The player’s id (their profile); null when they hide their name',
  }),
  time: Type.String({ description: 'When the bet was settled (ISO 8601)' }),
  amount: Type.Number({ description: 'Stake in currency units' }),
  multiplier: Type.Number(),
  payout: Type.Number(),
  mine: Type.Optional(
    Type.Boolean({ description: 'True on the signed-in stream’s own bets (hidden ones too)' }),
  ),
});
export type PublicBet = Static<typeof PublicBetBody>;

/** What a stream sends of a feed bet: a hidden player's id stays on the server. */
export function publicBet(bet: FeedBet, mine: boolean): PublicBet {
  return {
    id: bet.id,
    game: bet.game,
    player: bet.player,
    user_id: bet.player === null ? null : bet.user_id,
    time: bet.time,
    amount: bet.amount,
    multiplier: bet.multiplier,
    payout: bet.payout,
    ...(mine ? { mine: true } : {}),
  };
}

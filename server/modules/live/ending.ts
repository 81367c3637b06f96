import { sql, type SQL } from 'drizzle-orm';
import { capPayout, centsToAmount, payoutCents } from '../../../games/fairness/index';
import type { Db, Tx } from '../../db/database';
import { preparedSql, toDate } from '../../db/prepared';
import { betJson, type BetAnswer, type BetJson } from '../bets/json';
import type { Bet } from '../games/schema';
import { balanceChangeCtes } from '../wallet/service';
import type { Notification } from './bus';

// A live round's two statements, as named prepared statements: the round read as of now, and its
// ending written once. Names as in server/db/schema and the games and fairness schemas; bigint
// columns as text (node-postgres would give strings anyway).

const p = (name: string) => sql.placeholder(name);

/** A round as read: its session, its bet, the seeds its answer shows and the balance now. */
export interface RoundRow<State> {
  status: string;
  state: State;
  id: string;
  user_id: number;
  game: string;
  amount_cents: string;
  multiplier_e4: string;
  payout_cents: string;
  seed_pair_id: number;
  nonce: number;
  params: unknown;
  result: unknown;
  created_at: Date | string;
  server_seed_hash: string;
  client_seed: string;
  balance_cents: string;
}

const readStatement = preparedSql<RoundRow<unknown>>(
  'live_round_read',
  sql`SELECT s.status, s.state, b.id::text AS id, b.user_id, b.game,
      b.amount_cents::text AS amount_cents, b.multiplier_e4::text AS multiplier_e4,
      b.payout_cents::text AS payout_cents, b.seed_pair_id, b.nonce, b.params, b.result,
      b.created_at, pair.server_seed_hash, pair.client_seed,
      u.balance_cents::text AS balance_cents
    FROM game_sessions AS s
    JOIN bets AS b ON b.id = s.bet_id
    JOIN seed_pairs AS pair ON pair.id = b.seed_pair_id
    JOIN users AS u ON u.id = s.user_id
    WHERE s.bet_id = ${p('bet')}::bigint AND s.game = ${p('game')}::text`,
);

/** Round `betId` of `game` as of now, without a lock (one round trip); null when there is none. */
export async function readRound<State>(
  db: Db | Tx,
  game: string,
  betId: number,
): Promise<RoundRow<State> | null> {
  const [row] = await readStatement(db, { bet: betId, game });
  return (row as RoundRow<State> | undefined) ?? null;
}

export function betOfRound(row: RoundRow<unknown>): Bet {
  return {
    id: Number(row.id),
    userId: row.user_id,
    game: row.game,
    amountCents: Number(row.amount_cents),
    multiplierE4: Number(row.multiplier_e4),
    payoutCents: Number(row.payout_cents),
    seedPairId: row.seed_pair_id,
    nonce: row.nonce,
    params: row.params,
    result: row.result,
    createdAt: toDate(row.created_at),
  };
}

/** The round's answer as read: its bet with its seeds, and the balance. */
export function answerOfRound(row: RoundRow<unknown>): BetAnswer {
  const pair = { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed };
  return { bet: betJson(betOfRound(row), pair), balance: centsToAmount(Number(row.balance_cents)) };
}

/**
 * One statement, atomic on its own: locks the player's balance row (first, as every balance
 * change does), ends the session if it is still `active` (the compare-and-set that makes an
 * ending happen once, whichever timer, cash-out or instance gets there first), credits the
 * payout with its ledger line, writes the bet's multiplier, payout and result, and (on the
 * database's bus) sends the NOTIFY that announces it, which leaves at the commit. Answers the
 * balance after it and the player's name, or no row when the round had already ended (nothing
 * written, nothing sent).
 */
function endSql(notify: boolean): SQL {
  return sql`WITH player AS MATERIALIZED (
      SELECT name, hide_name FROM users WHERE id = ${p('user')}::int FOR NO KEY UPDATE
    ), ended AS (
      UPDATE game_sessions SET status = ${p('status')}::text, ended_at = ${p('ended_at')}::timestamptz
      WHERE bet_id = ${p('bet')}::bigint AND status = 'active' AND EXISTS (SELECT 1 FROM player)
      RETURNING bet_id
    ), ${balanceChangeCtes(
      p('user'),
      [{ deltaCents: p('payout'), reason: 'payout', reference: p('reference') }],
      sql`EXISTS (SELECT 1 FROM ended)`,
    )}, settled AS (
      UPDATE bets
      SET multiplier_e4 = ${p('multiplier')}::bigint, payout_cents = ${p('payout')}::bigint,
        result = ${p('result')}::jsonb
      WHERE id = ${p('bet')}::bigint AND EXISTS (SELECT 1 FROM ended)
    )
    SELECT balance.balance_cents::text AS balance, player.name, player.hide_name${
      notify ? sql`, pg_notify(${p('channel')}::text, ${p('payload')}::text) AS notified` : sql``
    }
    FROM balance, player`;
}

interface EndRow {
  balance: string;
  name: string;
  hide_name: boolean;
}

const endStatement = preparedSql<EndRow>('live_round_end', endSql(false));
const endAndNotifyStatement = preparedSql<EndRow>('live_round_end_notify', endSql(true));

/** How a round ends, as written. */
export interface RoundEndingWrite {
  status: string;
  endedAt: number;
  multiplierE4: number;
  result: Record<string, unknown>;
}

/** A written ending: the answer, and the player's name for the live bets feed. */
export interface WrittenEnding {
  answer: BetAnswer;
  player: { id: number; name: string; hideName: boolean };
}

/**
 * Writes the ending of the round read as `row` (endSql); `notification(bet)` gives the NOTIFY
 * that announces it, if any. Null when the round had already ended.
 */
export async function endRound(
  db: Db | Tx,
  row: RoundRow<unknown>,
  ending: RoundEndingWrite,
  notification: (bet: BetJson) => Notification | null,
): Promise<WrittenEnding | null> {
  const bet = betOfRound(row);
  const payout = capPayout(payoutCents(bet.amountCents, ending.multiplierE4));
  const ended: Bet = {
    ...bet,
    multiplierE4: ending.multiplierE4,
    payoutCents: payout,
    result: ending.result,
  };
  const pair = { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed };
  const json = betJson(ended, pair);
  const notify = notification(json);
  const values = {
    user: bet.userId,
    bet: bet.id,
    status: ending.status,
    ended_at: new Date(ending.endedAt).toISOString(),
    payout,
    reference: `bet:${bet.id}`,
    multiplier: ending.multiplierE4,
    result: JSON.stringify(ending.result),
  };
  const [written] = notify
    ? await endAndNotifyStatement(db, { ...values, ...notify })
    : await endStatement(db, values);
  if (!written) return null;
  return {
    answer: { bet: json, balance: centsToAmount(Number(written.balance)) },
    player: { id: bet.userId, name: written.name, hideName: written.hide_name },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { onPostgresPool, preparedSql } from '../../db/prepared';
import { stakeAndPayoutCtes } from '../wallet/service';
import type { Bet } from '../games/schema';
import { BetBatches } from './batch';
import type { IdempotencyRequest, StoredAnswer } from './idempotency';
import { recordBatchStatement } from './recordBatch';
import type { BetPair, WarmState } from './state';
import { answerStored, betGuards } from './writeGuards';

// The one-bet write, and how a bet reaches it or a batch (recordBatch.ts). Table and column names
// as in server/db/schema and the games and fairness schemas.

const p = (name: string) => sql.placeholder(name);

/**
 * One statement, atomic on its own. Draws the bet's id; debits the stake and credits the payout
 * with their ledger lines (stakeAndPayoutCtes, which refuses a negative balance) if the pair is
 * still active with the seeds and nonce the bet was decided from and, for a warm state, the
 * bearer token still holds (its row with the same secret, unexpired, the player not suspended);
 * then moves the nonce on, guarded by that
 * same nonce (a bet can never reuse or skip one); inserts the bet and stores the answer under the
 * Idempotency-Key with the bet's id and the balance after it filled in. It answers the balance
 * after, the bet's id and the player's name and choice to hide it (for the live feed), or no row
 * when a guard refused (nothing written). Should the nonce move while the statement waited for
 * the balance row, its closing statement_assert fails it, so nothing is written either.
 * Rows are locked in the order every balance change uses: the user's balance row first, then the
 * seed pair.
 */
function recordSql(withSession: boolean): SQL {
  const reference = sql`'bet:' || (SELECT id FROM drawn)`;
  return sql`WITH drawn AS (
      -- bets.id is a bigserial: its sequence is bets_id_seq (named, not looked up every bet).
      SELECT nextval('bets_id_seq'::regclass) AS id
    ), ${stakeAndPayoutCtes(
      p('user'),
      { amountCents: p('amount'), payoutCents: p('payout'), reference },
      betGuards({
        pair: sql`${p('pair')}::int`,
        nonce: sql`${p('nonce')}::int`,
        serverSeed: sql`${p('server_seed')}::text`,
        clientSeed: sql`${p('client_seed')}::text`,
        token: sql`${p('token')}::int`,
        tokenHash: sql`${p('token_hash')}::text`,
        playChecked: sql`${p('play_checked')}::boolean`,
      }),
    )}, bumped AS (
      UPDATE seed_pairs SET nonce = nonce + 1
      WHERE id = ${p('pair')}::int AND nonce = ${p('nonce')}::int AND active
        AND EXISTS (SELECT 1 FROM balance)
      RETURNING id
    ), bet AS (
      INSERT INTO bets (id, user_id, game, amount_cents, multiplier_e4, payout_cents,
        seed_pair_id, nonce, params, result, created_at)
      SELECT drawn.id, ${p('user')}::int, ${p('game')}::text, ${p('amount')}::bigint,
        ${p('multiplier')}::bigint, ${p('payout')}::bigint, bumped.id, ${p('nonce')}::int,
        ${p('params')}::jsonb, ${p('result')}::jsonb, ${p('created')}::timestamptz
      FROM bumped, drawn
    ), stored AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
      SELECT ${p('user')}::int, ${p('key')}::text, ${p('request_hash')}::text,
        ${p('status')}::int,
        ${answerStored(sql`${p('answer')}::jsonb`)}
      FROM bumped, drawn, balance
      WHERE ${p('key')}::text IS NOT NULL
    )${
      withSession
        ? sql`, session AS (
      INSERT INTO game_sessions (bet_id, user_id, game, state, status)
      SELECT drawn.id, ${p('user')}::int, ${p('game')}::text, ${p('state')}::jsonb, 'active'
      FROM bumped, drawn
    )`
        : sql``
    }
    SELECT balance.balance_cents::text AS balance, drawn.id::text AS bet_id, player.name,
      player.hide_name
    FROM balance, drawn, users AS player
    WHERE player.id = ${p('user')}::int
      AND statement_assert((SELECT count(*) FROM bumped) = 1, 'bet_record: the nonce moved')`;
}

export interface RecordRow {
  balance: string;
  bet_id: string;
  name: string;
  hide_name: boolean;
}

const recordStatement = preparedSql<RecordRow>('bet_record', recordSql(false));
/**
 * The same with the game's session opened (a stepped game's or live round's `game_sessions`
 * row, `active`): its unique index on the player's active session of a game refuses a second
 * one (SQLSTATE 23505), and then nothing is written.
 */
const recordWithSession = preparedSql<RecordRow>('bet_record_session', recordSql(true));

type RecordValues = Record<string, unknown> & { user: number; state: string | null };

/** One bet's statement: with its session when it opens one. */
const recordOne = (db: Db | Tx, values: RecordValues) =>
  (values.state === null ? recordStatement : recordWithSession)(db, values);

const batchesOf = new WeakMap<Db, BetBatches<RecordValues, RecordRow>>();

/** The bets of this process (its database) written together (BetBatches). */
export function betBatches(db: Db): BetBatches<RecordValues, RecordRow> {
  let batches = batchesOf.get(db);
  if (!batches) {
    batches = new BetBatches(db, recordOne, recordBatchStatement);
    batchesOf.set(db, batches);
  }
  return batches;
}

/** What a written bet came to: its id, the balance after it, and its player as the feed names them. */
export interface RecordedBet {
  betId: number;
  balanceCents: number;
  player: { name: string; hideName: boolean };
}

/**
 * Writes a decided bet (recordStatement); the bet's id is drawn by the statement, the answer's
 * `bet.id` and `balance` are filled in with it. Outside a transaction on PostgreSQL, the bet goes
 * through the process's batches (betBatches): with the bets of other players ready at the same
 * moment, in one statement, to the same effect. Answers null when the funds did not suffice, the
 * pair's nonce had moved (another bet of the user got there first) or the warm state's token no
 * longer holds. Throws with SQLSTATE CA001 (STATEMENT_ASSERT) when the nonce moved while it waited, and 23505 when
 * another request stored an answer under the same key first or (with `session`, the row of the
 * game it opens) the player already has a session of that game open. Whenever it does not answer,
 * nothing was written.
 */
export async function recordBet(
  db: Db | Tx,
  pair: BetPair,
  bet: Omit<Bet, 'id'>,
  idempotency: IdempotencyRequest | null,
  answer: StoredAnswer,
  options: { session?: { state: unknown }; warm?: WarmState; playChecked?: boolean } = {},
): Promise<RecordedBet | null> {
  const { session, warm, playChecked = false } = options;
  const values: RecordValues = {
    state: session ? JSON.stringify(session.state) : null,
    pair: pair.id,
    nonce: pair.nonce,
    server_seed: pair.serverSeed,
    client_seed: pair.clientSeed,
    user: bet.userId,
    game: bet.game,
    amount: bet.amountCents,
    multiplier: bet.multiplierE4,
    payout: bet.payoutCents,
    params: JSON.stringify(bet.params),
    result: JSON.stringify(bet.result),
    created: bet.createdAt.toISOString(),
    key: idempotency?.key ?? null,
    request_hash: idempotency?.requestHash ?? null,
    status: answer.statusCode,
    answer: idempotency ? JSON.stringify(answer.body) : null,
    token: warm?.tokenId ?? null,
    token_hash: warm?.tokenHash ?? null,
    play_checked: playChecked,
  };
  const [row] = onPostgresPool(db)
    ? [await betBatches(db).write(values)]
    : await recordOne(db, values);
  if (!row) return null;
  return {
    betId: Number(row.bet_id),
    balanceCents: Number(row.balance),
    player: { name: row.name, hideName: row.hide_name },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { preparedSql } from '../../db/prepared';
import { tokenColumns, tokenJoin, type TokenRow } from '../auth/tokens';
import { balanceChangeCtes } from '../wallet/service';
import type { SeedPair } from '../fairness/schema';
import type { Bet } from '../games/schema';
import type { IdempotencyRequest, StoredAnswer } from './idempotency';

// The SQL every bet runs, as named prepared statements. Table and column names as in
// server/db/schema and the games and fairness schemas.

const p = (name: string) => sql.placeholder(name);

export type BetPair = Pick<
  SeedPair,
  'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce'
>;

/** What a bet is decided from: the balance, the active seed pair, the stored answer. */
export interface BetState {
  balanceCents: number;
  pair: BetPair;
  /** The id the bet will have (drawn from its sequence now: the answer is built before writing). */
  betId: number;
  /** The answer stored under the request's Idempotency-Key, when it was seen before. */
  stored: { requestHash: string; answer: StoredAnswer } | null;
}

interface StateRow {
  balance_cents: string;
  pair_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet_id: string;
}

interface StoredRow {
  request_hash: string | null;
  status_code: number | null;
  response: unknown;
}

// bets.id is a bigserial: its sequence is bets_id_seq (named once, rather than looked up in the
// catalog by pg_get_serial_sequence on every bet).
const stateColumns = sql`users.balance_cents::text AS balance_cents, pair.id AS pair_id,
  pair.server_seed, pair.server_seed_hash, pair.client_seed, pair.nonce,
  nextval('bets_id_seq'::regclass)::text AS bet_id`;

const readState = preparedSql<StateRow & StoredRow>(
  'bet_state',
  sql`SELECT ${stateColumns}, stored.request_hash, stored.status_code, stored.response
    FROM users
    JOIN seed_pairs AS pair ON pair.user_id = users.id AND pair.active
    LEFT JOIN idempotency_keys AS stored
      ON stored.user_id = users.id AND stored.key = ${p('key')}::text
    WHERE users.id = ${p('user')}::int`,
);

/**
 * A bet route's token (tokenColumns) and, in the same round trip, the bet's state as readState
 * reads it: the pair's columns are null when the user has no active pair yet. The bet id is drawn
 * only then too; a request that then fails its token or validation leaves a gap in the ids.
 */
const readTokenAndState = preparedSql<
  TokenRow & { [K in keyof StateRow]: StateRow[K] | null } & StoredRow
>(
  'auth_bet_state',
  sql`SELECT ${tokenColumns}, users.balance_cents::text AS balance_cents, pair.id AS pair_id,
      pair.server_seed, pair.server_seed_hash, pair.client_seed, pair.nonce,
      CASE WHEN pair.id IS NOT NULL THEN nextval('bets_id_seq'::regclass)::text END AS bet_id,
      stored.request_hash, stored.status_code, stored.response
    FROM ${tokenJoin}
    LEFT JOIN seed_pairs AS pair ON pair.user_id = users.id AND pair.active
    LEFT JOIN idempotency_keys AS stored
      ON stored.user_id = users.id AND stored.key = ${p('key')}::text
    WHERE t.id = ${p('token')}::int`,
);

/**
 * The token's row (for acceptToken) and the state of a bet by its user under `key`, read as of
 * now: what betState reads unlocked, without its own round trip. The state is undefined when
 * the user has no active seed pair yet (or there is no such token).
 */
export async function tokenAndBetState(
  db: Db,
  tokenId: number,
  key: string | null,
): Promise<{ token: TokenRow | undefined; state: BetState | undefined }> {
  const [row] = await readTokenAndState(db, { token: tokenId, key });
  if (!row) return { token: undefined, state: undefined };
  return { token: row, state: row.pair_id === null ? undefined : stateOf(row as StateRow, row) };
}

const lockState = preparedSql<StateRow>(
  'bet_state_locked',
  sql`SELECT ${stateColumns}
    FROM users
    JOIN seed_pairs AS pair ON pair.user_id = users.id AND pair.active
    WHERE users.id = ${p('user')}::int
    FOR NO KEY UPDATE OF users, pair`,
);

const readStored = preparedSql<StoredRow>(
  'bet_stored_answer',
  sql`SELECT request_hash, status_code, response FROM idempotency_keys
    WHERE user_id = ${p('user')}::int AND key = ${p('key')}::text`,
);

/**
 * The bet's state: read as of now, in one round trip, or (lock) with the user's balance row and
 * active pair locked for the rest of the transaction. Locking the pair too matters: a bet that
 * waited for the lock re-reads the locked rows' newest versions, so it sees the nonce the
 * previous bet left. Rows that are not locked are not re-read that way, so under the lock the
 * stored answer is read by a statement of its own: a retry that waited for the first attempt's
 * lock then sees its answer. Undefined when the user has no active seed pair yet.
 */
export async function betState(
  db: Db | Tx,
  userId: number,
  idempotency: IdempotencyRequest | null,
  options: { lock: boolean },
): Promise<BetState | undefined> {
  const key = idempotency?.key ?? null;
  let row: StateRow | undefined;
  let stored: StoredRow | undefined;
  if (options.lock) {
    [row] = await lockState(db, { user: userId });
    if (row && key !== null) [stored] = await readStored(db, { user: userId, key });
  } else {
    const [both] = await readState(db, { user: userId, key });
    row = stored = both;
  }
  return row ? stateOf(row, stored) : undefined;
}

function stateOf(row: StateRow, stored: StoredRow | undefined): BetState {
  return {
    balanceCents: Number(row.balance_cents),
    pair: {
      id: row.pair_id,
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
    },
    betId: Number(row.bet_id),
    stored:
      !stored || stored.request_hash === null
        ? null
        : {
            requestHash: stored.request_hash,
            answer: { statusCode: stored.status_code!, body: stored.response },
          },
  };
}

/**
 * One statement, atomic on its own. Debits the stake and credits the payout with their ledger
 * lines (balanceChangeCtes, which refuses a negative balance) if the pair's nonce is still the
 * one used; then moves the nonce on, guarded by that same nonce (a bet can never reuse or skip
 * one); inserts the bet and stores the answer under the Idempotency-Key. It answers the balance
 * after, or no row when the funds did not suffice or the nonce had visibly moved (nothing
 * written). Should the nonce move while the statement waited for the balance row, the final
 * division by zero fails the statement, so nothing is written either. Rows are locked in the
 * order every balance change uses: the user's balance row first, then the seed pair.
 */
function recordSql(withSession: boolean): SQL {
  return sql`WITH ${balanceChangeCtes(
    p('user'),
    [
      { deltaCents: sql`-${p('amount')}::bigint`, reason: 'bet', reference: p('reference') },
      { deltaCents: p('payout'), reason: 'payout', reference: p('reference') },
    ],
    sql`EXISTS (
      SELECT 1 FROM seed_pairs
      WHERE id = ${p('pair')}::int AND nonce = ${p('nonce')}::int AND active
    )`,
  )}, bumped AS (
      UPDATE seed_pairs SET nonce = nonce + 1
      WHERE id = ${p('pair')}::int AND nonce = ${p('nonce')}::int AND active
        AND EXISTS (SELECT 1 FROM balance)
      RETURNING id
    ), bet AS (
      INSERT INTO bets (id, user_id, game, amount_cents, multiplier_e4, payout_cents,
        seed_pair_id, nonce, params, result, created_at)
      SELECT ${p('bet')}::bigint, ${p('user')}::int, ${p('game')}::text, ${p('amount')}::bigint,
        ${p('multiplier')}::bigint, ${p('payout')}::bigint, bumped.id, ${p('nonce')}::int,
        ${p('params')}::jsonb, ${p('result')}::jsonb, ${p('created')}::timestamptz
      FROM bumped
    ), stored AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
      SELECT ${p('user')}::int, ${p('key')}::text, ${p('request_hash')}::text,
        ${p('status')}::int, ${p('answer')}::jsonb
      FROM bumped
      WHERE ${p('key')}::text IS NOT NULL
    )${
      withSession
        ? sql`, session AS (
      INSERT INTO game_sessions (bet_id, user_id, game, state, status)
      SELECT ${p('bet')}::bigint, ${p('user')}::int, ${p('game')}::text, ${p('state')}::jsonb,
        'active'
      FROM bumped
    )`
        : sql``
    }
    SELECT balance.balance_cents::text AS balance
    FROM balance
    WHERE 1 / (SELECT count(*) FROM bumped WHERE balance.balance_cents IS NOT NULL) = 1`;
}

const recordStatement = preparedSql<{ balance: string }>('bet_record', recordSql(false));
/**
 * The same with the game's session opened (a stepped game's or live round's `game_sessions`
 * row, `active`): its unique index on the player's active session of a game refuses a second
 * one (SQLSTATE 23505), and then nothing is written.
 */
const recordWithSession = preparedSql<{ balance: string }>('bet_record_session', recordSql(true));

/**
 * Writes a decided bet (recordStatement). Answers the balance after it in cents, or null when
 * the funds did not suffice or the pair's nonce had moved (another bet of the user got there
 * first). Throws with SQLSTATE 22012 when the nonce moved while it waited, and 23505 when another
 * request stored an answer under the same key first or (with `session`, the row of the game it
 * opens) the player already has a session of that game open. Whenever it does not answer a
 * balance, nothing was written.
 */
export async function recordBet(
  db: Db | Tx,
  bet: Bet,
  idempotency: IdempotencyRequest | null,
  answer: StoredAnswer,
  session?: { state: unknown },
): Promise<number | null> {
  const statement = session ? recordWithSession : recordStatement;
  const [row] = await statement(db, {
    ...(session ? { state: JSON.stringify(session.state) } : {}),
    pair: bet.seedPairId,
    nonce: bet.nonce,
    bet: bet.id,
    user: bet.userId,
    game: bet.game,
    amount: bet.amountCents,
    multiplier: bet.multiplierE4,
    payout: bet.payoutCents,
    params: JSON.stringify(bet.params),
    result: JSON.stringify(bet.result),
    created: bet.createdAt.toISOString(),
    reference: `bet:${bet.id}`,
    key: idempotency?.key ?? null,
    request_hash: idempotency?.requestHash ?? null,
    status: answer.statusCode,
    answer: idempotency ? JSON.stringify(answer.body) : null,
  });
  return row ? Number(row.balance) : null;
}

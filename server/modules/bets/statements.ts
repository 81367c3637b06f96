import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { onPostgresPool, preparedSql } from '../../db/prepared';
import { tokenColumns, tokenJoin, type TokenRow } from '../auth/tokens';
import { stakeAndPayoutCtes } from '../wallet/service';
import type { SeedPair } from '../fairness/schema';
import type { Bet } from '../games/schema';
import { BetBatches } from './batch';
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
  /** The answer stored under the request's Idempotency-Key, when it was seen before. */
  stored: { requestHash: string; answer: StoredAnswer } | null;
  /**
   * Set when the state was not read but is what this process's last bet of the player left
   * (server/modules/bets/warm.ts): the write then also checks the bearer token, and when it
   * refuses, the state is read and the bet settled as usual.
   */
  warm?: WarmState;
  /**
   * The player has a limit, a break or a self-exclusion (users.play_guarded): their bets are
   * checked under the lock, on the locked path only (server/modules/responsible-play/).
   */
  guarded: boolean;
  /** Told the player's state after the bet once it is written (the next bet's warm state). */
  remember?: (pair: BetPair, balanceCents: number) => void;
}

/** A warm state's token, checked by the write in place of the read, and the read to fall back on. */
export interface WarmState {
  tokenId: number;
  /** SHA-256 of the token's secret, as personal_access_tokens stores it. */
  tokenHash: string;
  /** Reads the state with the token (a 401 when the token no longer holds). */
  reread: () => Promise<BetState | null>;
}

interface StateRow {
  balance_cents: string;
  play_guarded: boolean;
  pair_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

interface StoredRow {
  request_hash: string | null;
  status_code: number | null;
  response: unknown;
}

const stateColumns = sql`users.balance_cents::text AS balance_cents, users.play_guarded,
  pair.id AS pair_id,
  pair.server_seed, pair.server_seed_hash, pair.client_seed, pair.nonce`;

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
 * reads it: the pair's columns are null when the user has no active pair yet.
 */
const readTokenAndState = preparedSql<
  TokenRow & { [K in keyof StateRow]: StateRow[K] | null } & StoredRow
>(
  'auth_bet_state',
  sql`SELECT ${tokenColumns}, ${stateColumns},
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
    guarded: row.play_guarded,
    pair: {
      id: row.pair_id,
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
    },
    stored:
      !stored || stored.request_hash === null
        ? null
        : {
            requestHash: stored.request_hash,
            answer: { statusCode: stored.status_code!, body: stored.response },
          },
  };
}

/** A bet's values in a statement: one bet's parameters, or a column of a batch's input. */
interface GuardedColumns {
  pair: SQL;
  nonce: SQL;
  serverSeed: SQL;
  clientSeed: SQL;
  token: SQL;
  tokenHash: SQL;
  /** True when the bet passed the responsible-play check under the lock (settleLocked). */
  playChecked: SQL;
}

/**
 * What a bet's write checks besides the funds, on the player's `users` row it updates: the player
 * has no limit, break or exclusion (users.play_guarded; such a bet goes the locked way, which
 * checks them), the pair is still active with the seeds and nonce the bet was decided from and,
 * for a warm state (a token given), the bearer token still holds (its row with the same secret,
 * unexpired, the player not suspended). The one statement and the batch check the same.
 */
function betGuards(c: GuardedColumns): SQL {
  return sql`(NOT users.play_guarded OR ${c.playChecked}) AND EXISTS (
        SELECT 1 FROM seed_pairs
        WHERE id = ${c.pair} AND nonce = ${c.nonce} AND active
          AND server_seed = ${c.serverSeed} AND client_seed = ${c.clientSeed}
      ) AND (${c.token} IS NULL OR users.suspended_at IS NULL AND EXISTS (
        SELECT 1 FROM personal_access_tokens AS t
        WHERE t.id = ${c.token} AND t.user_id = users.id AND t.token_hash = ${c.tokenHash}
          AND (t.expires_at IS NULL OR t.expires_at > now())
      ))`;
}

/** The answer stored under the Idempotency-Key: `answer` with the drawn id and balance after. */
function answerStored(answer: SQL): SQL {
  return sql`jsonb_set(jsonb_set(${answer}, '{bet,id}', to_jsonb(drawn.id)),
          '{balance}', to_jsonb(round(balance.balance_cents / 100.0, 2)))`;
}

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
 * the balance row, the final division by zero fails the statement, so nothing is written either.
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
      AND 1 / (SELECT count(*) FROM bumped WHERE balance.balance_cents IS NOT NULL) = 1`;
}

/**
 * recordSql for several bets of different players at once (BetBatches), each parameter given as
 * an array with a value per bet (`state` null for a bet that opens no session): one transaction,
 * the bets' balance rows locked in the order of their ids (two batches never wait on each other
 * in a cycle), then each bet as recordSql writes it, under the same guards, independently of the
 * others: a bet a guard refuses is not written and has no row, the others are. Each row answers
 * its bet's place in the arrays (`ord`, from 1). Should a pair's nonce move while the statement
 * waited, the division by zero fails it whole.
 */
const recordBatchStatement = preparedSql<RecordRow & { ord: string }>(
  'bet_record_batch',
  sql`WITH input AS (
      SELECT * FROM unnest(${p('user')}::int[], ${p('pair')}::int[], ${p('nonce')}::int[],
        ${p('server_seed')}::text[], ${p('client_seed')}::text[], ${p('game')}::text[],
        ${p('amount')}::bigint[], ${p('multiplier')}::bigint[], ${p('payout')}::bigint[],
        ${p('params')}::text[], ${p('result')}::text[], ${p('created')}::timestamptz[],
        ${p('key')}::text[], ${p('request_hash')}::text[], ${p('status')}::int[],
        ${p('answer')}::text[], ${p('token')}::int[], ${p('token_hash')}::text[],
        ${p('state')}::text[])
        WITH ORDINALITY AS bet(user_id, pair_id, nonce, server_seed, client_seed, game, amount,
          multiplier, payout, params, result, created, key, request_hash, status, answer,
          token_id, token_hash, state, ord)
    ), locked AS (
      SELECT users.id FROM users WHERE users.id IN (SELECT user_id FROM input)
      ORDER BY users.id FOR NO KEY UPDATE
    ), balance AS (
      UPDATE users SET balance_cents = users.balance_cents - input.amount + input.payout
      FROM input, locked
      WHERE users.id = input.user_id AND locked.id = input.user_id
        AND users.balance_cents >= input.amount
        AND ${betGuards({
          pair: sql`input.pair_id`,
          nonce: sql`input.nonce`,
          serverSeed: sql`input.server_seed`,
          clientSeed: sql`input.client_seed`,
          token: sql`input.token_id`,
          tokenHash: sql`input.token_hash`,
          // Only unlocked bets are batched: a guarded player's bet is not among them.
          playChecked: sql`false`,
        })}
      RETURNING input.ord, users.balance_cents, users.name, users.hide_name
    ), bumped AS (
      UPDATE seed_pairs SET nonce = seed_pairs.nonce + 1
      FROM input JOIN balance USING (ord)
      WHERE seed_pairs.id = input.pair_id AND seed_pairs.nonce = input.nonce AND seed_pairs.active
      RETURNING input.ord
    ), drawn AS MATERIALIZED (
      -- bets.id is a bigserial: its sequence is bets_id_seq.
      SELECT ord, nextval('bets_id_seq'::regclass) AS id FROM bumped
    ), bet AS (
      INSERT INTO bets (id, user_id, game, amount_cents, multiplier_e4, payout_cents,
        seed_pair_id, nonce, params, result, created_at)
      SELECT drawn.id, input.user_id, input.game, input.amount, input.multiplier, input.payout,
        input.pair_id, input.nonce, input.params::jsonb, input.result::jsonb, input.created
      FROM drawn JOIN input USING (ord)
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
      SELECT input.user_id, line.delta, line.reason, 'bet:' || drawn.id,
        balance.balance_cents - line.later
      FROM drawn JOIN input USING (ord) JOIN balance USING (ord)
      CROSS JOIN LATERAL (VALUES
        (0, -input.amount, 'bet', input.payout),
        (1, input.payout, 'payout', 0::bigint)
      ) AS line(position, delta, reason, later)
      WHERE line.delta <> 0
      ORDER BY drawn.ord, line.position
    ), stored AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
      SELECT input.user_id, input.key, input.request_hash, input.status,
        ${answerStored(sql`input.answer::jsonb`)}
      FROM drawn JOIN input USING (ord) JOIN balance USING (ord)
      WHERE input.key IS NOT NULL
    ), session AS (
      INSERT INTO game_sessions (bet_id, user_id, game, state, status)
      SELECT drawn.id, input.user_id, input.game, input.state::jsonb, 'active'
      FROM drawn JOIN input USING (ord)
      WHERE input.state IS NOT NULL
    )
    SELECT balance.ord::text AS ord, balance.balance_cents::text AS balance,
      drawn.id::text AS bet_id, balance.name, balance.hide_name
    FROM balance JOIN drawn USING (ord)
    WHERE 1 / (CASE WHEN (SELECT count(*) FROM bumped) = (SELECT count(*) FROM balance)
      THEN 1 ELSE 0 END) = 1`,
);

interface RecordRow {
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
 * longer holds. Throws with SQLSTATE 22012 when the nonce moved while it waited, and 23505 when
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

import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { preparedSql } from '../../db/prepared';
import { tokenColumns, tokenJoin, type TokenRow } from '../auth/tokens';
import type { SeedPair } from '../fairness/schema';
import type { IdempotencyRequest, StoredAnswer } from './idempotency';

// The reads of a bet's state, as named prepared statements: unlocked with the token, unlocked
// alone, or locked. Table and column names as in server/db/schema and the fairness schema.

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

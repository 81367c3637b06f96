import { sql, type SQL } from 'drizzle-orm';

// What the one-bet statement (record.ts) and the batch statement (recordBatch.ts) both check and
// store. Table and column names as in server/db/schema and the fairness schema.

/** A bet's values in a statement: one bet's parameters, or a column of a batch's input. */
export interface GuardedColumns {
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
export function betGuards(c: GuardedColumns): SQL {
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
export function answerStored(answer: SQL): SQL {
  return sql`jsonb_set(jsonb_set(${answer}, '{bet,id}', to_jsonb(drawn.id)),
          '{balance}', to_jsonb(round(balance.balance_cents / 100.0, 2)))`;
}

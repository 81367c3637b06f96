import { sql } from 'drizzle-orm';
import { preparedSql } from '../../db/prepared';
import type { RecordRow } from './record';
import { answerStored, betGuards } from './writeGuards';

// The batch write: several players' bets in one statement (BetBatches, batch.ts). Table and column
// names as in server/db/schema and the games and fairness schemas.

const p = (name: string) => sql.placeholder(name);

/**
 * recordSql for several bets of different players at once (BetBatches), each parameter given as
 * an array with a value per bet (`state` null for a bet that opens no session): one transaction,
 * the bets' balance rows locked in the order of their ids (two batches never wait on each other
 * in a cycle), then each bet as recordSql writes it, under the same guards, independently of the
 * others: a bet a guard refuses is not written and has no row, the others are. Each row answers
 * its bet's place in the arrays (`ord`, from 1). Should a pair's nonce move while the statement
 * waited, its closing statement_assert fails it whole.
 */
export const recordBatchStatement = preparedSql<RecordRow & { ord: string }>(
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
    WHERE statement_assert((SELECT count(*) FROM bumped) = (SELECT count(*) FROM balance),
      'bet_record_batch: a nonce moved')`,
);

// `npm run bench -- audit`: the books audit (server/modules/admin/books.ts, `npm run audit`) over
// 1,000,000 ledger rows on PostgreSQL. A scratch database with the server's tables is filled by
// SQL: 2,000 players with a signup credit, 600,000 bets of 1.00 (a third losing, two thirds
// paying 1.96), their stake and payout lines with running balances, every balance the sum of its
// ledger. The audit runs three times; the slowest is held to the budget. Exit 1 over budget, or
// when the audit finds a problem in these balanced books.
import { auditBooks } from '../../server/modules/admin/books';
import { openDatabase } from '../../server/db/database';
import { DATABASE_URL, loadAverage, postgresProblem, scratchDatabase } from './support/harness';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const USERS = 2_000;
const BETS = 600_000;
const BUDGET_MS = 5_000;
const RUNS = 3;

const problem = await postgresProblem();
if (problem) {
  console.log(`audit bench: PostgreSQL unavailable at ${DATABASE_URL} (${problem})`);
  process.exit(1);
}
const scratch = await scratchDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-bench-'));
let failed = false;
try {
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const fillStarted = performance.now();
  await client.query(
    `INSERT INTO users (name, email, referral_code)
       SELECT 'Audit ' || i, 'audit-' || i || '@example.test', 'AUDIT' || i
       FROM generate_series(1, $1::int) AS i`,
    [USERS],
  );
  await client.query(
    `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, nonce)
       SELECT id, md5(id::text) || md5(id::text), md5('h' || id) || md5('h' || id), 'audit', 0
       FROM users`,
  );
  await client.query(
    `INSERT INTO bets (user_id, game, amount_cents, multiplier_e4, payout_cents, seed_pair_id,
         nonce, params, result)
       SELECT u.id, 'audit', 100, m, m / 100, p.id, i / $1::int, '{"target":50,"condition":"over"}',
         jsonb_build_object('roll', 50.5, 'win', m > 0)
       FROM generate_series(0, $2::int - 1) AS i
       JOIN users AS u ON u.id = 1 + i % $1::int
       JOIN seed_pairs AS p ON p.user_id = u.id,
       LATERAL (SELECT CASE WHEN i % 3 = 0 THEN 0 ELSE 19600 END AS m) AS mult`,
    [USERS, BETS],
  );
  await client.query(
    `INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
       SELECT user_id, delta, reason, reference,
         sum(delta) OVER (PARTITION BY user_id ORDER BY ord, line)
       FROM (
         SELECT id AS user_id, 100000 AS delta, 'signup_bonus' AS reason,
           'user:' || id AS reference, 0::bigint AS ord, 0 AS line FROM users
         UNION ALL
         SELECT user_id, -amount_cents, 'bet', 'bet:' || id, id, 1 FROM bets
         UNION ALL
         SELECT user_id, payout_cents, 'payout', 'bet:' || id, id, 2 FROM bets
           WHERE payout_cents > 0
       ) AS lines`,
  );
  await client.query(
    `UPDATE users SET balance_cents = l.cents
       FROM (SELECT user_id, sum(delta_cents) AS cents FROM ledger_entries GROUP BY user_id) AS l
       WHERE l.user_id = users.id`,
  );
  await client.query('VACUUM ANALYZE');
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM ledger_entries');
  await client.end();
  console.log(
    `audit bench: ${USERS} users, ${BETS} bets, ${rows[0]!.n} ledger rows filled in ` +
      `${((performance.now() - fillStarted) / 1000).toFixed(1)} s [${loadAverage()}]`,
  );

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const report = await auditBooks(database.db);
    times.push(report.ms);
    if (report.problems.length) {
      console.log(`FAIL: balanced books read as ${report.problems.length} problem(s)`);
      failed = true;
    }
  }
  await database.close();
  const slowest = Math.max(...times);
  const over = slowest > BUDGET_MS;
  failed ||= over;
  console.log(
    `books audit over ${rows[0]!.n} ledger rows: ${times.map((t) => `${t} ms`).join(', ')} ` +
      `(budget: the slowest of ${RUNS} <= ${BUDGET_MS} ms) [${loadAverage()}] ` +
      (over ? 'OVER BUDGET' : 'OK'),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch.drop();
}
process.exit(failed ? 1 : 0);

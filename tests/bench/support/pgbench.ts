// The database's own ceiling for a bet: pgbench drives the transaction a bet amounts to
// against a scratch database with the server's tables (its migrations), seeded like the API
// run, at the same concurrency. What the API reaches is then read as a share of it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../server/db/database';
import { installedBinary } from './binary';
import { scratchDatabase, trackPostgresCpu } from './harness';

/**
 * One bet, as the API settles it: lock the user's balance row, update it, insert the bet and
 * its two ledger lines (stake and payout, each with the balance after it), commit. Each client
 * is one player (as each of the API run's connections is), a bet paying 2 cents half the time.
 * Ids and nonces come from the bets' own sequence; no colon in a literal (pgbench reads `:name`
 * as a variable).
 */
export const BET_TRANSACTION = `\\set uid :client_id % :users + 1
\\set payout 2 * random(0, 1)
BEGIN;
SELECT balance_cents FROM users WHERE id = :uid FOR NO KEY UPDATE;
UPDATE users SET balance_cents = balance_cents - 1 + :payout WHERE id = :uid
  RETURNING balance_cents AS balance \\gset
INSERT INTO bets (id, user_id, game, amount_cents, multiplier_e4, payout_cents, seed_pair_id,
    nonce, params, result)
  SELECT bet.id, CAST(:uid AS int), 'pgbench', 1, 19800, CAST(:payout AS bigint), CAST(:uid AS int),
    CAST(bet.id AS int), jsonb_build_object('target', 50, 'condition', 'over'),
    jsonb_build_object('roll', 50.5, 'win', :payout > 0)
  FROM nextval('bets_id_seq') AS bet(id);
INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
  VALUES (:uid, -1, 'bet', 'pgbench', CAST(:balance AS bigint) - CAST(:payout AS bigint)),
         (:uid, :payout, 'payout', 'pgbench', :balance);
COMMIT;
`;

/** pgbench's path (PGBENCH, else /usr/bin/pgbench, else on PATH), or null when not installed. */
export const pgbenchBinary = (): string | null => installedBinary('pgbench', 'PGBENCH');

export interface Ceiling {
  /** Committed transactions per second. */
  tps: number;
  p50Ms: number;
  p99Ms: number;
  transactions: number;
  /** CPU milliseconds PostgreSQL's backends spent per transaction. */
  postgresCpuMsPerTx: number;
}

function runPgbench(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`pgbench exited with ${code}:\n${output}`)),
    );
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

/**
 * The bet transaction's rate on a scratch database: `users` accounts with a seed pair each,
 * `clients` connections (pgbench threads: one per core), a warm-up, then `seconds` measured
 * with every transaction's latency logged.
 */
export async function betCeiling(
  binary: string,
  options: { users: number; clients: number; seconds: number },
): Promise<Ceiling> {
  const scratch = await scratchDatabase();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-pgbench-'));
  try {
    // The server's own tables, constraints and indexes.
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: work });
    await database.close();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO users (name, email, referral_code, balance_cents)
           SELECT 'Bench ' || i, 'bench-' || i || '@example.test', 'BENCH' || i, 100000
           FROM generate_series(1, $1::int) AS i ORDER BY i`,
        [options.users],
      );
      await client.query(
        `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
           SELECT id, md5(id::text) || md5(id::text), md5('hash' || id) || md5('hash' || id),
             'bench' FROM users ORDER BY id`,
      );
      const { rows } = await client.query<{ mismatched: string }>(
        `SELECT count(*) AS mismatched FROM seed_pairs WHERE id <> user_id`,
      );
      if (rows[0]!.mismatched !== '0') throw new Error('seed pair ids must match user ids');
    } finally {
      await client.end();
    }
    const script = path.join(work, 'bet.sql');
    fs.writeFileSync(script, BET_TRANSACTION);
    const threads = String(Math.min(options.clients, os.availableParallelism()));
    const common = ['-n', '-M', 'prepared', '-f', script, '-D', `users=${options.users}`];
    const connection = ['-c', String(options.clients), '-j', threads];
    await runPgbench(binary, [...common, ...connection, '-T', '2', scratch.url]); // warm-up
    const prefix = path.join(work, 'tx');
    const postgresCpu = trackPostgresCpu(scratch.name);
    const output = await runPgbench(binary, [
      ...common,
      ...connection,
      '-T',
      String(options.seconds),
      '-l',
      `--log-prefix=${prefix}`,
      scratch.url,
    ]);
    const postgresSeconds = postgresCpu.stop();
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    if (!tps) throw new Error(`no tps in pgbench's output:\n${output}`);
    // Per-transaction log lines: client, transaction, latency (µs), script, epoch s, µs.
    const latencies: number[] = [];
    for (const file of fs.readdirSync(work).filter((f) => f.startsWith('tx.'))) {
      for (const line of fs.readFileSync(path.join(work, file), 'utf8').split('\n')) {
        const latency = Number(line.split(' ')[2]);
        if (line && Number.isFinite(latency)) latencies.push(latency / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      tps: Number(tps[1]),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      transactions: latencies.length,
      postgresCpuMsPerTx: (postgresSeconds * 1000) / Math.max(1, latencies.length),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await scratch.drop();
  }
}

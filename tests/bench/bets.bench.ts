// `npm run bench -- bets`: dice bets per second and p99 latency over HTTP against the real server
// process (cluster mode at its default: a worker per core on PostgreSQL, one process on PGlite),
// on a fresh PGlite folder and a fresh PostgreSQL database. On PostgreSQL the database's own
// ceiling is measured first in the same run: pgbench driving the same bet transaction (lock the
// balance row, update it, insert the bet and two ledger lines, commit) on a scratch database with
// the same tables, at the same concurrency; the API's rate is held to a share of it. The load
// generator runs on the same machine: wrk when installed (in C, as pgbench is; its threads bet
// for their own players in turn), else autocannon in this process (one player per connection).
// Each pgbench client is one player betting one bet after another, so bets seldom wait for the
// same balance row. BENCH_DB=postgres or pglite runs one of them. Exit 1 when a figure misses its
// budget.
import os from 'node:os';
import {
  clusterWorkers,
  DURATION_S,
  DATABASE_URL,
  load,
  loadAverage,
  postgresProblem,
  registerUsers,
  withServer,
  type DbKind,
  type LoadFigure,
} from './support/harness';
import type { RunningServer } from '../support/server';
import { betCeiling, pgbenchBinary, type Ceiling } from './support/pgbench';
import { wrkBinary, wrkLoad } from './support/wrk';

const USERS = 100;
const BET_PATH = '/api/games/dice/bets';

/**
 * Budgets. PostgreSQL: at least half of what pgbench gets through the same transaction at the
 * same concurrency, and p99 <= 100 ms (the budget); without pgbench, the earlier floor of
 * 1,000 bets/s stands in for the ratio. PGlite runs one query at a time inside the server's one
 * process and writes its WAL to files on every commit, so it gets its own, smaller budget and
 * fewer connections (more would only lengthen its queue and the latency, not the throughput).
 */
const BUDGETS = {
  postgres: { shareOfCeiling: 0.5, betsPerSecond: 1000, p99Ms: 100, connections: 50 },
  pglite: { shareOfCeiling: null, betsPerSecond: 100, p99Ms: 1000, connections: 10 },
} as const;

/** Seconds of load before the measured run: each worker's JIT, pools and prepared statements. */
const WARM_UP_S = 8;

/** The load generator: wrk when installed (a C client, as pgbench is), else autocannon. */
const wrk = wrkBinary();

async function measure(kind: DbKind): Promise<LoadFigure & { workers: number }> {
  return withServer(kind, {}, async (server, databaseUrl) => {
    const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined;
    const tokens = (await registerUsers(server.url, USERS)).map((u) => u.token);
    const body = JSON.stringify({ amount: 0.01, target: 50, condition: 'over' });
    const connections = BUDGETS[kind].connections;
    const run = (seconds: number) =>
      wrk
        ? wrkLoad(
            wrk,
            { url: server.url, method: 'POST', path: BET_PATH, body, tokens, connections, seconds },
            server,
            database,
          )
        : autocannonLoad(server, tokens, { body, connections, seconds }, database);
    await run(WARM_UP_S);
    const figure = await run(DURATION_S);
    return { ...figure, workers: Math.max(1, clusterWorkers(server.process.pid!).length) };
  });
}

/** The same load from autocannon: one player per connection, betting one bet after another. */
function autocannonLoad(
  server: RunningServer,
  tokens: string[],
  options: { body: string; connections: number; seconds: number },
  database: string | undefined,
): Promise<LoadFigure> {
  const headers = {
    'content-type': 'application/json',
    // As the shell sends it with every bet (the stored answer is part of the cost): a fresh
    // key per request, [<id>] being autocannon's unique id.
    'idempotency-key': 'bench-[<id>]',
  };
  let next = 0;
  return load(
    {
      url: `${server.url}${BET_PATH}`,
      method: 'POST',
      connections: options.connections,
      duration: options.seconds,
      headers,
      body: options.body,
      idReplacement: true,
      setupClient: (client) =>
        client.setHeaders({
          ...headers,
          authorization: `Bearer ${tokens[next++ % tokens.length]!}`,
        }),
    },
    server,
    database,
  );
}

async function measureCeiling(
  pgbench: string,
  clients: number,
  when: 'before' | 'after',
): Promise<Ceiling> {
  const ceiling = await betCeiling(pgbench, { users: USERS, clients, seconds: DURATION_S });
  console.log(
    `postgres ceiling ${when} the API run (pgbench, the bet transaction, ${clients} clients): ` +
      `${ceiling.tps.toFixed(0)} tx/s, p50 ${ceiling.p50Ms.toFixed(1)} ms, ` +
      `p99 ${ceiling.p99Ms.toFixed(1)} ms, PostgreSQL CPU ${ceiling.postgresCpuMsPerTx.toFixed(2)} ms/tx ` +
      `[${loadAverage()}]`,
  );
  return ceiling;
}

console.log(`bets bench: ${loadAverage()} at the start`);
console.log(
  wrk
    ? `load generator: wrk (${wrk}), a thread per connection`
    : 'load generator: autocannon in this process (wrk is not installed: WRK, /usr/bin/wrk or ' +
        'PATH; Debian: apt-get install wrk). It costs the machine several times the CPU per ' +
        'request that wrk or pgbench does, which lowers the ratio to the ceiling',
);
let overBudget = false;
for (const kind of ['pglite', 'postgres'] as const) {
  if (process.env.BENCH_DB && process.env.BENCH_DB !== kind) continue;
  const budget = BUDGETS[kind];
  let pgbench: string | null = null;
  if (kind === 'postgres') {
    const problem = await postgresProblem();
    if (problem) {
      console.log(`postgres: unavailable at ${DATABASE_URL} (${problem}), not measured`);
      overBudget = true;
      continue;
    }
    pgbench = pgbenchBinary();
    if (!pgbench) {
      console.log(
        'postgres ceiling: pgbench is not installed (PGBENCH, /usr/bin/pgbench or PATH; Debian: ' +
          'apt-get install postgresql-client): no ratio, the 1,000 bets/s floor applies instead',
      );
    }
  }
  // On a shared machine the load moves: the ceiling is measured just before and just after the
  // API run, and the ratio is taken to the higher of the two (the stricter reading).
  const before = pgbench ? await measureCeiling(pgbench, budget.connections, 'before') : null;
  const figures = await measure(kind);
  const after = pgbench ? await measureCeiling(pgbench, budget.connections, 'after') : null;
  const ceiling: Ceiling | null =
    before && after ? (before.tps >= after.tps ? before : after) : null;
  const share = ceiling ? figures.rps / ceiling.tps : null;
  const floor =
    ceiling && budget.shareOfCeiling !== null
      ? budget.shareOfCeiling * ceiling.tps
      : budget.betsPerSecond;
  const pass = figures.failed === 0 && figures.rps >= floor && figures.p99Ms <= budget.p99Ms;
  if (!pass) overBudget = true;
  const ratio =
    share === null
      ? ''
      : `, ${(share * 100).toFixed(0)}% of the ceiling (budget >= ${(budget.shareOfCeiling! * 100).toFixed(0)}%)`;
  console.log(
    `${kind.padEnd(8)} dice bets: ${figures.rps.toFixed(0)} bets/s` +
      `${ratio} (budget >= ${floor.toFixed(0)}), p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms ` +
      `(budget <= ${budget.p99Ms}), ${figures.ok} settled, ${figures.failed} failed, ` +
      `CPU per bet: server ${figures.serverCpuMsPerRequest.toFixed(2)} ms` +
      (Number.isNaN(figures.postgresCpuMsPerRequest)
        ? ''
        : `, PostgreSQL ${figures.postgresCpuMsPerRequest.toFixed(2)} ms`) +
      `, ${wrk ? 'wrk' : 'autocannon'} ${figures.clientCpuMsPerRequest.toFixed(2)} ms ` +
      `[${figures.workers} server process${figures.workers > 1 ? 'es' : ''}, ${USERS} users, ` +
      `${budget.connections} connections, ${DURATION_S} s, ${loadAverage()}] ` +
      `${pass ? 'OK' : 'OVER BUDGET'}`,
  );
}
console.log(
  `(${os.availableParallelism()} cores; ${wrk ? 'wrk' : 'autocannon'} shares them with the server)`,
);
process.exit(overBudget ? 1 : 0);

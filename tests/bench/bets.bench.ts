// `npm run bench -- bets`: dice bets per second and p99 latency over HTTP against the real server
// process, on a fresh PGlite folder and a fresh PostgreSQL database. The load generator
// (autocannon) runs in this process on the same machine. Many users, so per-user row locks do
// not serialize everything. Exit 1 when a figure misses its budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, type RunningServer } from '../support/server';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS || 10);

/**
 * Budgets: bets/s at least, p99 at most (ms). PostgreSQL's throughput is the budget.
 * PGlite runs one query at a time inside the server process and writes its WAL to files on
 * every commit, so it gets its own, smaller budget and fewer connections (more would only
 * lengthen its queue and the latency, not the throughput).
 */
const BUDGETS = {
  postgres: { betsPerSecond: 1000, p99Ms: 250, connections: 50 },
  pglite: { betsPerSecond: 100, p99Ms: 1000, connections: 10 },
} as const;

type Kind = keyof typeof BUDGETS;

async function post(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function registerUsers(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  // A few at a time: registration hashes a password (argon2), which is meant to be slow.
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const email = `bench-${i + j}-${randomBytes(3).toString('hex')}@example.test`;
        const res = await post(base, '/api/register', {
          name: `Bench ${i + j}`,
          email,
          password: 'bench password 1',
          password_confirmation: 'bench password 1',
        });
        if (res.status !== 201)
          throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.token as string;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

async function withServer<T>(kind: Kind, body: (server: RunningServer) => Promise<T>): Promise<T> {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `casino_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `casino-bench-${kind}-`));
  const server = await startServer({
    dataDir,
    env: { LOG_LEVEL: 'error', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  try {
    return await body(server);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

interface Figures {
  betsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  failed: number;
  /** Server CPU milliseconds per settled bet (user + system), read from /proc. */
  serverCpuMsPerBet: number;
}

function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime + stime, in clock ticks (USER_HZ = 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(kind: Kind): Promise<Figures> {
  return withServer(kind, async (server) => {
    const tokens = await registerUsers(server.url, USERS);
    let next = 0;
    const run = (seconds: number) =>
      autocannon({
        url: server.url,
        connections: BUDGETS[kind].connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/games/dice/bets',
            setupRequest: (request) => {
              const token = tokens[next++ % tokens.length]!;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${token}`,
                  // As the shell sends it with every bet: the stored answer is part of the cost.
                  'idempotency-key': `bench-${next}-${randomBytes(6).toString('hex')}`,
                },
                body: JSON.stringify({ amount: 0.01, target: 50, condition: 'over' }),
              };
            },
          },
        ],
      });
    await run(2); // warm up: JIT, connection pool, caches
    const cpuBefore = cpuSeconds(server.process.pid);
    const result = await run(DURATION_S);
    const cpu = cpuSeconds(server.process.pid) - cpuBefore;
    return {
      serverCpuMsPerBet: (cpu * 1000) / Math.max(1, result['2xx']),
      betsPerSecond: result['2xx'] / DURATION_S,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      ok: result['2xx'],
      failed: result.non2xx + result.errors + result.timeouts,
    };
  });
}

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let overBudget = false;
for (const kind of ['pglite', 'postgres'] as const) {
  if (kind === 'postgres' && !(await postgresAvailable())) {
    console.log(`postgres: unavailable at ${DATABASE_URL}, not measured`);
    overBudget = true;
    continue;
  }
  const figures = await measure(kind);
  const budget = BUDGETS[kind];
  const pass =
    figures.failed === 0 &&
    figures.betsPerSecond >= budget.betsPerSecond &&
    figures.p99Ms <= budget.p99Ms;
  if (!pass) overBudget = true;
  console.log(
    `${kind.padEnd(8)} dice bets: ${figures.betsPerSecond.toFixed(0)} bets/s ` +
      `(budget >= ${budget.betsPerSecond}), p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms ` +
      `(budget <= ${budget.p99Ms}), ${figures.ok} settled, ${figures.failed} failed, ` +
      `server CPU ${figures.serverCpuMsPerBet.toFixed(2)} ms/bet ` +
      `[${USERS} users, ${budget.connections} connections, ${DURATION_S} s, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}] ${pass ? 'OK' : 'OVER BUDGET'}`,
  );
}
process.exit(overBudget ? 1 : 0);

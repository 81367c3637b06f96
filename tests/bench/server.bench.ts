// `npm run bench -- server`: req/s and p99 latency of GET /api/user and POST /api/login over
// HTTP against the real server process, on a fresh PGlite folder and a fresh PostgreSQL database.
// The load generator (autocannon) runs in this process on the same 2-core machine, so it takes
// part of the CPU the server could use. Exit 1 when a figure misses its budget.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, type RunningServer } from '../support/server';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = Number(process.env.BENCH_SECONDS || 10);
const PASSWORD = 'bench password 1';

interface Budget {
  minRps: number;
  maxP99Ms: number;
  connections: number;
}

/**
 * GET /api/user: the budget on PostgreSQL (>= 2,000 req/s; measured 0.33-0.43 ms of
 * server CPU per request, one prepared query). PGlite runs every query inside the server's one
 * thread (1.3-2 ms of CPU per request measured), so its ceiling is some 500-750 req/s and its
 * budget is 400.
 * POST /api/login is bound by argon2id (the @node-rs/argon2 defaults: 19 MiB, 2 passes), which is
 * meant to be slow: about 25 ms of one core per login, so two cores shared with the load
 * generator verify some 40-80 a second. The budget is a floor that catches a regression
 * (e.g. a second hash per login or a blocked event loop), with a p99 under half a second.
 */
const BUDGETS: Record<'postgres' | 'pglite', { user: Budget; login: Budget }> = {
  postgres: {
    user: { minRps: 2000, maxP99Ms: 100, connections: 50 },
    login: { minRps: 25, maxP99Ms: 500, connections: 8 },
  },
  pglite: {
    user: { minRps: 400, maxP99Ms: 250, connections: 20 },
    login: { minRps: 25, maxP99Ms: 500, connections: 8 },
  },
};

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `casino_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function register(base: string): Promise<{ email: string; token: string }> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || !body.token) throw new Error(`register: ${res.status}`);
  return { email, token: body.token };
}

interface Figure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Figure> {
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function verdict(name: string, figure: Figure, budget: Budget): boolean {
  const ok =
    figure.rps >= budget.minRps &&
    figure.p99 <= budget.maxP99Ms &&
    figure.non2xx === 0 &&
    figure.errors === 0;
  console.log(
    `${name.padEnd(28)} ${figure.rps.toFixed(0).padStart(6)} req/s  p99 ${String(figure.p99).padStart(4)} ms` +
      `  (budget >= ${budget.minRps} req/s, p99 <= ${budget.maxP99Ms} ms, ${budget.connections} connections;` +
      ` non-2xx ${figure.non2xx}, errors ${figure.errors})  ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

async function benchOne(kind: 'postgres' | 'pglite'): Promise<boolean> {
  const budget = BUDGETS[kind];
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let server: RunningServer | undefined;
  try {
    if (kind === 'postgres') database = await createPostgresDatabase();
    server = await startServer({
      env: {
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
    const { email, token } = await register(server.url);
    const userRequest = {
      url: `${server.url}/api/user`,
      headers: { authorization: `Bearer ${token}` },
      connections: budget.user.connections,
    };
    await load({ ...userRequest, duration: 3 }); // warm-up: JIT, pool connections, prepared statements
    const user = await load({ ...userRequest, duration: DURATION_S });

    const login = await load({
      url: `${server.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
      connections: budget.login.connections,
      duration: DURATION_S,
    });
    const okUser = verdict(`[${kind}] GET /api/user`, user, budget.user);
    const okLogin = verdict(`[${kind}] POST /api/login`, login, budget.login);
    return okUser && okLogin;
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

const kinds: ('postgres' | 'pglite')[] = ['postgres', 'pglite'];
let pass = true;
for (const kind of kinds) {
  try {
    pass = (await benchOne(kind)) && pass;
  } catch (error) {
    console.error(`[${kind}] failed: ${error instanceof Error ? error.message : String(error)}`);
    pass = false;
  }
}
process.exit(pass ? 0 : 1);

// `npm run bench -- server`: req/s and p99 latency of GET /api/user and POST /api/login over
// HTTP against the real server process (cluster mode at its default: a worker per core on
// PostgreSQL, one process on PGlite), on a fresh PostgreSQL database and a fresh PGlite folder,
// and of a bare Fastify hello-world (its own small process) measured in the same run as the
// yardstick. The load generator (autocannon) runs in this process on the same machine, so it
// takes part of the CPU the servers could use. Exit 1 when a figure misses its budget.
import {
  clusterWorkers,
  DURATION_S,
  load,
  loadAverage,
  postgresProblem,
  registerUsers,
  withServer,
  type DbKind,
  type LoadFigure,
} from './support/harness';
import { startHelloWorld } from './support/hello';

interface Budget {
  /** At least this share of the hello-world's req/s (null: minRps applies). */
  shareOfHello: number | null;
  minRps: number;
  maxP99Ms: number;
  connections: number;
}

/**
 * GET /api/user on PostgreSQL: at least 15% of the hello-world's rate, measured just before it
 * (the budget; one token lookup, one prepared query, the user serialized). PGlite runs
 * every query inside the server's one thread (1.3-2 ms of CPU per request measured), so its
 * ceiling is some 500-750 req/s and its budget is 400.
 * POST /api/login is bound by argon2id (the @node-rs/argon2 defaults: 19 MiB, 2 passes), which is
 * meant to be slow: about 25 ms of one core per login, so two cores shared with the load
 * generator verify some 40-80 a second. The budget is a floor that catches a regression
 * (e.g. a second hash per login or a blocked event loop), with a p99 under half a second.
 */
const BUDGETS: Record<DbKind, { user: Budget; login: Budget }> = {
  postgres: {
    user: { shareOfHello: 0.15, minRps: 0, maxP99Ms: 100, connections: 50 },
    login: { shareOfHello: null, minRps: 25, maxP99Ms: 500, connections: 8 },
  },
  pglite: {
    user: { shareOfHello: null, minRps: 400, maxP99Ms: 250, connections: 20 },
    login: { shareOfHello: null, minRps: 25, maxP99Ms: 500, connections: 8 },
  },
};

/** The hello-world's req/s, measured like GET /api/user (50 connections, warm-up first). */
async function helloWorld(): Promise<LoadFigure> {
  const hello = await startHelloWorld();
  try {
    const options = { url: hello.url, connections: BUDGETS.postgres.user.connections };
    await load({ ...options, duration: 3 });
    const figure = await load(
      { ...options, duration: DURATION_S },
      { process: { pid: hello.pid } },
    );
    console.log(
      `${'bare Fastify hello-world'.padEnd(28)} ${figure.rps.toFixed(0).padStart(6)} req/s` +
        `  p99 ${String(figure.p99Ms).padStart(4)} ms  (1 process, ` +
        `${figure.serverCpuMsPerRequest.toFixed(3)} ms CPU/request) [${loadAverage()}]`,
    );
    return figure;
  } finally {
    await hello.stop();
  }
}

function verdict(name: string, figure: LoadFigure, budget: Budget, hello: number | null): boolean {
  const floor =
    budget.shareOfHello !== null && hello !== null ? budget.shareOfHello * hello : budget.minRps;
  const ok = figure.rps >= floor && figure.p99Ms <= budget.maxP99Ms && figure.failed === 0;
  const ratio =
    hello !== null && budget.shareOfHello !== null
      ? `, ${((figure.rps / hello) * 100).toFixed(1)}% of hello-world (budget >= ${(budget.shareOfHello * 100).toFixed(0)}%)`
      : '';
  console.log(
    `${name.padEnd(28)} ${figure.rps.toFixed(0).padStart(6)} req/s  p99 ${String(figure.p99Ms).padStart(4)} ms` +
      `${ratio}  (budget >= ${floor.toFixed(0)} req/s, p99 <= ${budget.maxP99Ms} ms, ` +
      `${budget.connections} connections; ${figure.serverCpuMsPerRequest.toFixed(3)} ms server ` +
      `CPU/request; failed ${figure.failed}) [${loadAverage()}]  ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

async function benchOne(kind: DbKind): Promise<boolean> {
  const budget = BUDGETS[kind];
  const hello = budget.user.shareOfHello !== null ? (await helloWorld()).rps : null;
  return withServer(kind, { LOG_LEVEL: 'warn', RATE_LIMITS: 'off' }, async (server) => {
    const [{ email, token }] = (await registerUsers(server.url, 1)) as [
      { email: string; token: string },
    ];
    const workers = Math.max(1, clusterWorkers(server.process.pid!).length);
    const userRequest = {
      url: `${server.url}/api/user`,
      headers: { authorization: `Bearer ${token}` },
      connections: budget.user.connections,
    };
    await load({ ...userRequest, duration: 3 }); // warm-up: JIT, pools, prepared statements
    const user = await load({ ...userRequest, duration: DURATION_S }, server);
    const login = await load(
      {
        url: `${server.url}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench password 1' }),
        connections: budget.login.connections,
        duration: DURATION_S,
      },
      server,
    );
    const processes = `${workers} process${workers > 1 ? 'es' : ''}`;
    const okUser = verdict(`[${kind}, ${processes}] GET /api/user`, user, budget.user, hello);
    const okLogin = verdict(`[${kind}, ${processes}] POST /api/login`, login, budget.login, null);
    return okUser && okLogin;
  });
}

console.log(`server bench: ${loadAverage()} at the start`);
let pass = true;
for (const kind of ['postgres', 'pglite'] as const) {
  if (kind === 'postgres') {
    const problem = await postgresProblem();
    if (problem) {
      console.error(`[postgres] unavailable (${problem}), not measured`);
      pass = false;
      continue;
    }
  }
  try {
    pass = (await benchOne(kind)) && pass;
  } catch (error) {
    console.error(`[${kind}] failed: ${error instanceof Error ? error.message : String(error)}`);
    pass = false;
  }
}
process.exit(pass ? 0 : 1);

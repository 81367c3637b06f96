// What the server benchmarks share: a scratch PostgreSQL database, the real server on it (or on
// a fresh PGlite folder), registered users, an autocannon run, the CPU the server's processes
// used, and the machine's load average printed beside every figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { mailDirOf, waitForConfirmToken } from '../../support/registration';
import { isServerCommand, startServer, type RunningServer } from '../../support/server';

export const DATABASE_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Seconds of each measured run (BENCH_SECONDS). */
export const DURATION_S = Number(process.env.BENCH_SECONDS || 10);

export type DbKind = 'postgres' | 'pglite';

/** Null when PostgreSQL answers at DATABASE_URL, else why not. */
export async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A fresh, empty PostgreSQL database beside DATABASE_URL's; drop() removes it. */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  const name = `casino_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The real server (`server/main.ts`, cluster mode at its default: one worker per core on
 * PostgreSQL, one process on PGlite) on a scratch database of the kind, for the duration of
 * `body` (given the scratch database's URL on PostgreSQL, to seed it directly); everything is
 * removed afterwards.
 */
export async function withServer<T>(
  kind: DbKind,
  env: Record<string, string>,
  body: (server: RunningServer, databaseUrl: string | null) => Promise<T>,
): Promise<T> {
  const database = kind === 'postgres' ? await scratchDatabase() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `casino-bench-${kind}-`));
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      dataDir,
      env: {
        LOG_LEVEL: 'error',
        WEB_CONCURRENCY: '', // the server's default
        ...env,
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
    return await body(server, database?.url ?? null);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

export const PASSWORD = 'bench password 1';

/** Registers `count` users over HTTP (a few at a time: argon2 is slow on purpose); their tokens. */
export async function registerUsers(
  base: string,
  count: number,
): Promise<{ email: string; token: string }[]> {
  const users: { email: string; token: string }[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const email = `bench-${i + j}-${randomBytes(3).toString('hex')}@example.test`;
        const res = await fetch(`${base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Bench ${i + j}`,
            email,
            password: PASSWORD,
            password_confirmation: PASSWORD,
          }),
        });
        if (res.status !== 202) throw new Error(`register: ${res.status} ${await res.text()}`);
        // The account is made by the link mailed to the address (read from the mail folder).
        const link = await waitForConfirmToken(mailDirOf(base), email);
        const confirmed = await fetch(`${base}/api/register/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: link }),
        });
        const body = (await confirmed.json()) as { token?: string };
        if (confirmed.status !== 201 || !body.token) {
          throw new Error(`register confirm: ${confirmed.status} ${JSON.stringify(body)}`);
        }
        return { email, token: body.token };
      }),
    );
    users.push(...batch);
  }
  return users;
}

export interface LoadFigure {
  /** 2xx answers per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  /** Non-2xx answers, errors and timeouts. */
  failed: number;
  /** CPU milliseconds (user + system) the server's processes spent per 2xx answer. */
  serverCpuMsPerRequest: number;
  /** The same for PostgreSQL's backends serving the server's database (NaN when not asked). */
  postgresCpuMsPerRequest: number;
  /** The same for this process: autocannon, the load generator. */
  clientCpuMsPerRequest: number;
}

/**
 * One autocannon run against `server` (CPU counted over the primary and its workers, and over
 * the PostgreSQL backends of database `postgres` when given).
 */
export async function load(
  options: autocannon.Options,
  server?: { process: { pid?: number | undefined } },
  postgres?: string,
): Promise<LoadFigure> {
  const pid = server?.process.pid;
  const cpuBefore = pid ? processTreeCpuSeconds(pid) : NaN;
  const postgresCpu = postgres ? trackPostgresCpu(postgres) : null;
  const clientBefore = process.cpuUsage();
  const result = await autocannon(options);
  const cpu = pid ? processTreeCpuSeconds(pid) - cpuBefore : NaN;
  const postgresSeconds = postgresCpu ? postgresCpu.stop() : NaN;
  const client = process.cpuUsage(clientBefore);
  const seconds = typeof options.duration === 'number' ? options.duration : DURATION_S;
  const perAnswer = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, result['2xx']);
  return {
    rps: result['2xx'] / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    serverCpuMsPerRequest: perAnswer(cpu),
    postgresCpuMsPerRequest: perAnswer(postgresSeconds),
    clientCpuMsPerRequest: perAnswer((client.user + client.system) / 1e6),
  };
}

/** The pids of `pid` and every process under it (Linux /proc). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** The server processes under a server's primary: its cluster workers (none in one process). */
export function clusterWorkers(pid: number): number[] {
  return processTree(pid).filter((one) => {
    if (one === pid) return false;
    try {
      return isServerCommand(fs.readFileSync(`/proc/${one}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

/** CPU ticks (user + system, USER_HZ = 100) of each of the processes now. */
function processTicks(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const one of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${one}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(one, Number(fields[11]) + Number(fields[12])); // utime, stime
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** User + system CPU seconds of a process and its children so far. */
export function processTreeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const used of processTicks(processTree(pid)).values()) ticks += used;
  return ticks / 100;
}

/** Resident memory (bytes) now of a process and every process under it: a server's workers. */
export function processTreeRssBytes(pid: number): number {
  let kb = 0;
  for (const one of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${one}/status`, 'utf8');
      kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb * 1024;
}

/** The pids of the PostgreSQL backends serving database `name` now (their title names it). */
function postgresBackends(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${name} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/**
 * User + system CPU seconds so far of the PostgreSQL backends serving database `name` (Linux
 * /proc), for a database on this machine; 0 when none.
 */
export function postgresBackendCpuSeconds(name: string): number {
  let ticks = 0;
  for (const used of processTicks(postgresBackends(name)).values()) ticks += used;
  return ticks / 100;
}

/**
 * Counts the CPU seconds the processes `pids()` lists spend from now until stop(), read every
 * 100 ms: processes that come and go meanwhile count up to their last reading.
 */
function trackCpu(pids: () => number[]): { stop: () => number } {
  const start = processTicks(pids());
  const last = new Map(start);
  const read = () => {
    for (const [pid, used] of processTicks(pids())) last.set(pid, used);
  };
  const timer = setInterval(read, 100);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      let ticks = 0;
      for (const [pid, used] of last) ticks += used - (start.get(pid) ?? 0);
      return ticks / 100;
    },
  };
}

/** trackCpu of the PostgreSQL backends serving database `name` (a pgbench run's come and go). */
export const trackPostgresCpu = (name: string) => trackCpu(() => postgresBackends(name));

/** trackCpu of one process (a load generator's, which exits with its run). */
export const trackProcessCpu = (pid: number) => trackCpu(() => [pid]);

/** "load average 1.52 1.10 0.83 (2 cores)": printed with every figure. */
export function loadAverage(): string {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one} ${five} ${fifteen} (${os.availableParallelism()} cores)`;
}

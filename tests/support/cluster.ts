import fs from 'node:fs';
import { sendRaw } from './rawHttp';
import { isServerCommand, startServer, type RunningServer } from './server';

/** How long fresh() waits for an answer before it fails with ETIMEDOUT. */
const ANSWER_TIMEOUT_MS = 5_000;

export interface LogLine {
  level: number;
  time: number;
  pid: number;
  msg: string;
  role?: string;
  worker?: number;
  req?: { url?: string };
  res?: { statusCode?: number };
}

/** The server's JSON log lines (primary and workers share its stdout). */
export function logLines(server: RunningServer): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of server.output().split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      // a line cut by another process's write: not one the tests look for
    }
  }
  return lines;
}

/** Pids of the workers the primary has seen listening, in order. */
export const listeningWorkers = (server: RunningServer) =>
  logLines(server)
    .filter((l) => l.role === 'primary' && / listening on /.test(l.msg))
    .map((l) => ({ pid: l.worker!, time: l.time }));

export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server processes whose parent is `pid` (Linux /proc; tsx's esbuild helper aside). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === pid && isServerCommand(command)) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** One JSON request on a connection of its own, so node:cluster hands it to the next worker. */
export async function fresh(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`${method} ${url}: no answer in ${ANSWER_TIMEOUT_MS} ms`), {
            code: 'ETIMEDOUT',
          }),
        ),
      ANSWER_TIMEOUT_MS,
    );
  });
  const sent = sendRaw(base, {
    method,
    url,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const answer = await Promise.race([sent, timeout]).finally(() => clearTimeout(timer));
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
}

/**
 * A two-worker server on the PostgreSQL database at `databaseUrl`, rate limits on as in
 * production, logging at info (the tests read which worker served what); answers once both
 * workers listen.
 */
export async function startCluster(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const server = await startServer({
    env: {
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      RATE_LIMITS: 'on',
      ...env,
    },
  });
  await waitFor('two workers listening', () =>
    listeningWorkers(server).length >= 2 ? true : undefined,
  );
  return server;
}

// A bet load driven by wrk (Debian: apt-get install wrk) instead of autocannon: a load generator
// in C, as pgbench is, so that the machine's two cores go to the server and PostgreSQL rather
// than to the load (autocannon spends about 0.09 ms of CPU per request here, several times what
// wrk does). Each thread bets in turn for its share of the players (tests/bench/support/players.lua).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installedBinary } from './binary';
import {
  processTreeCpuSeconds,
  trackPostgresCpu,
  trackProcessCpu,
  type LoadFigure,
} from './harness';

/** wrk's path (WRK, else /usr/bin/wrk, else on PATH), or null when not installed. */
export const wrkBinary = (): string | null => installedBinary('wrk', 'WRK');

const SCRIPT = path.join(import.meta.dirname, 'players.lua');

interface WrkSummary {
  requests: number;
  non2xx: number;
  errors: number;
  p50_us: number;
  p99_us: number;
}

export interface WrkLoad {
  /** The server's base URL. */
  url: string;
  method: 'POST';
  path: string;
  body: string;
  /** Bearer tokens, one per player: each connection's requests go to its thread's players. */
  tokens: string[];
  connections: number;
  seconds: number;
}

/**
 * One wrk run against `server` (CPU counted over its process tree, and over the PostgreSQL
 * backends of database `postgres` when given, and wrk's own): the same figures as harness's
 * load().
 */
export async function wrkLoad(
  binary: string,
  options: WrkLoad,
  server: { process: { pid?: number | undefined } },
  postgres?: string,
): Promise<LoadFigure> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-wrk-'));
  try {
    const tokens = path.join(work, 'tokens.txt');
    fs.writeFileSync(tokens, `${options.tokens.join('\n')}\n`);
    // A thread per connection: each connection then carries the same players all along, as a
    // player's browser keeps its connection (and the worker it landed on).
    const threads = options.connections;
    const runId = `${process.pid}-${Date.now()}`;
    const pid = server.process.pid!;
    const serverBefore = processTreeCpuSeconds(pid);
    const postgresCpu = postgres ? trackPostgresCpu(postgres) : null;
    const child = spawn(
      binary,
      [
        `-t${threads}`,
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        SCRIPT,
        options.url,
        '--',
        tokens,
        String(threads),
        runId,
        options.method,
        options.path,
        options.body,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const clientCpu = trackProcessCpu(child.pid!);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', resolve);
    });
    const clientSeconds = clientCpu.stop();
    const serverSeconds = processTreeCpuSeconds(pid) - serverBefore;
    const postgresSeconds = postgresCpu ? postgresCpu.stop() : NaN;
    const last = output.trim().split('\n').pop() ?? '';
    if (code !== 0 || !last.startsWith('{')) {
      throw new Error(`wrk exited with ${code}:\n${output}`);
    }
    const summary = JSON.parse(last) as WrkSummary;
    const ok = summary.requests - summary.non2xx;
    const perAnswer = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, ok);
    return {
      rps: ok / options.seconds,
      p50Ms: Math.round(summary.p50_us / 100) / 10,
      p99Ms: Math.round(summary.p99_us / 100) / 10,
      ok,
      failed: summary.non2xx + summary.errors,
      serverCpuMsPerRequest: perAnswer(serverSeconds),
      postgresCpuMsPerRequest: perAnswer(postgresSeconds),
      clientCpuMsPerRequest: perAnswer(clientSeconds),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

import os from 'node:os';
import type { ServerConfig } from './config';

/**
 * Cluster mode (docs/operators.md, "Cluster mode", WEB_CONCURRENCY): the primary process runs the
 * migrations, forks the workers, which share one listening port (node:cluster hands each new
 * connection to one of them), replaces a worker that dies and stops them all on SIGTERM/SIGINT.
 * This file holds the decisions (how many workers, when to restart, when to give up); main.ts
 * wires them to node:cluster.
 */

export interface WorkerPlan {
  workers: number;
  /** Said loudly at start when the plan differs from what was asked. */
  warning: string | null;
}

/**
 * How many workers: WEB_CONCURRENCY, else the number of cores on PostgreSQL. PGlite is one
 * process that owns its data folder (two processes on it corrupt it), so it always runs one.
 */
export function workerPlan(
  config: Pick<ServerConfig, 'webConcurrency' | 'databaseUrl'>,
  cores: number = os.availableParallelism(),
): WorkerPlan {
  if (!config.databaseUrl) {
    const asked = config.webConcurrency ?? 1;
    return {
      workers: 1,
      warning:
        asked > 1
          ? `WEB_CONCURRENCY=${asked} ignored: the embedded PGlite database runs in one process, ` +
            'so the server runs 1 worker. Set DATABASE_URL (PostgreSQL) for more.'
          : null,
    };
  }
  return { workers: config.webConcurrency ?? Math.max(1, cores), warning: null };
}

/**
 * Database connections per worker: the one-process server's 20 shared out, at least 5 each, so
 * a cluster holds about as many PostgreSQL connections as one process did (PostgreSQL's
 * max_connections is 100 by default) rather than 20 per core.
 */
export function workerPoolSize(workers: number): number {
  return Math.max(5, Math.ceil(20 / workers));
}

/** The levels of the server's log (pino's numbers), for the primary's own lines. */
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

export interface ClusterLog {
  info: (message: string, fields?: Record<string, unknown>) => void;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  error: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * The primary's log: JSON lines in the workers' (pino) shape, so one reader takes both. The
 * primary has no Fastify and handles no request: what it writes is its own (worker pids, exit
 * codes), never a secret.
 */
export function clusterLog(
  level: string,
  write: (line: string) => void = (line) => process.stdout.write(line),
): ClusterLog {
  const threshold = LEVELS[level] ?? LEVELS.info!;
  const line =
    (value: number) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (value < threshold) return;
      write(
        `${JSON.stringify({
          level: value,
          time: Date.now(),
          pid: process.pid,
          hostname: os.hostname(),
          role: 'primary',
          ...fields,
          msg: message,
        })}\n`,
      );
    };
  return { info: line(LEVELS.info!), warn: line(LEVELS.warn!), error: line(LEVELS.error!) };
}

/** What the supervisor needs of the workers: node:cluster in main.ts, fakes in the unit tests. */
export interface WorkerPool<W> {
  fork: () => W;
  pid: (worker: W) => number | undefined;
  kill: (worker: W, signal: NodeJS.Signals) => void;
}

export interface SupervisorOptions<W> {
  size: number;
  pool: WorkerPool<W>;
  log: ClusterLog;
  /** First restart delay; it doubles with every recent death (ms). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** This many deaths within `loopWindowMs` is a crash loop: the supervisor gives up. */
  loopDeaths?: number;
  loopWindowMs?: number;
  /** How long a stop waits for the workers to close before SIGKILL (ms). */
  stopGraceMs?: number;
  now?: () => number;
}

/**
 * Keeps `size` workers running. A worker that dies (a crash, a kill -9, an out-of-memory) is
 * replaced after a short backoff that doubles with each recent death; so many deaths in a short
 * time that the workers are evidently dying in a loop (a bad deployment, a database that refuses
 * them) stop the whole server with exit code 1 instead of restarting for ever. stop() sends every
 * worker SIGTERM (each closes its app, then its database) and waits for them.
 */
export class Supervisor<W> {
  private readonly workers = new Set<W>();
  private readonly restarts = new Set<NodeJS.Timeout>();
  private readonly deaths: number[] = [];
  private stopping = false;
  private exitCode = 0;
  private settle: (code: number) => void = () => undefined;
  /** Resolves with the primary's exit code once every worker has exited after stop(). */
  readonly done: Promise<number>;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly loopDeaths: number;
  private readonly loopWindowMs: number;
  private readonly stopGraceMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SupervisorOptions<W>) {
    this.backoffMs = options.backoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.loopDeaths = options.loopDeaths ?? Math.max(5, 2 * options.size);
    this.loopWindowMs = options.loopWindowMs ?? 60_000;
    this.stopGraceMs = options.stopGraceMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.done = new Promise((resolve) => (this.settle = resolve));
  }

  get running(): number {
    return this.workers.size;
  }

  start(): void {
    for (let i = 0; i < this.options.size; i++) this.fork();
  }

  private fork(): void {
    const worker = this.options.pool.fork();
    this.workers.add(worker);
    this.options.log.info(`worker ${this.options.pool.pid(worker)} started`, {
      worker: this.options.pool.pid(worker),
    });
  }

  /** A worker is accepting connections. */
  listening(worker: W, address: string): void {
    const pid = this.options.pool.pid(worker);
    this.options.log.info(`worker ${pid} listening on ${address}`, { worker: pid });
  }

  /** A worker's process has exited: replace it, unless stopping or dying in a loop. */
  exited(worker: W, code: number | null, signal: string | null): void {
    if (!this.workers.delete(worker)) return;
    const pid = this.options.pool.pid(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (this.stopping) {
      this.options.log.info(`worker ${pid} exited (${how})`, { worker: pid });
      if (this.workers.size === 0) this.settle(this.exitCode);
      return;
    }
    const now = this.now();
    this.deaths.push(now);
    while (this.deaths.length && this.deaths[0]! <= now - this.loopWindowMs) this.deaths.shift();
    if (this.deaths.length >= this.loopDeaths) {
      this.options.log.error(
        `WORKERS ARE DYING IN A LOOP: ${this.deaths.length} deaths within ` +
          `${this.loopWindowMs / 1000} s (the last: worker ${pid}, ${how}); giving up, ` +
          `the server stops. The workers' own errors are above.`,
        { worker: pid, deaths: this.deaths.length },
      );
      void this.stop('crash loop', 1);
      return;
    }
    const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (this.deaths.length - 1));
    this.options.log.error(`worker ${pid} died (${how}); starting a new one in ${delay} ms`, {
      worker: pid,
      code,
      signal,
    });
    const timer = setTimeout(() => {
      this.restarts.delete(timer);
      if (!this.stopping) this.fork();
    }, delay);
    this.restarts.add(timer);
  }

  /**
   * Stops every worker gracefully (SIGTERM: each closes its app and database), SIGKILL after the
   * grace period; resolves with the exit code once all have exited.
   */
  stop(reason: string, exitCode = 0): Promise<number> {
    if (this.stopping) return this.done;
    this.stopping = true;
    this.exitCode = exitCode;
    for (const timer of this.restarts) clearTimeout(timer);
    this.restarts.clear();
    this.options.log.info(`${reason}: stopping ${this.workers.size} worker(s)`);
    if (this.workers.size === 0) {
      this.settle(exitCode);
      return this.done;
    }
    for (const worker of this.workers) this.signal(worker, 'SIGTERM');
    const timer = setTimeout(() => {
      for (const worker of this.workers) {
        this.options.log.warn(`worker ${this.options.pool.pid(worker)} did not stop: SIGKILL`);
        this.signal(worker, 'SIGKILL');
      }
    }, this.stopGraceMs);
    timer.unref();
    void this.done.then(() => clearTimeout(timer));
    return this.done;
  }

  private signal(worker: W, signal: NodeJS.Signals): void {
    try {
      this.options.pool.kill(worker, signal);
    } catch {
      // already gone: its exit event follows
    }
  }
}

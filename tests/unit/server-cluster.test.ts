import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Supervisor,
  clusterLog,
  workerPlan,
  workerPoolSize,
  type ClusterLog,
} from '../../server/cluster';
import { loadConfig } from '../../server/config';
import {
  PrimaryCounters,
  WindowCounters,
  primaryCounterStore,
  serveCounters,
  type Count,
  type WorkerChannel,
} from '../../server/http/cluster-counters';

const PG = 'postgres://postgres@127.0.0.1:5432/test';

describe('WEB_CONCURRENCY and the worker plan', () => {
  it('defaults to the number of cores on PostgreSQL and takes WEB_CONCURRENCY', () => {
    expect(workerPlan(loadConfig({ DATABASE_URL: PG }), 4)).toEqual({ workers: 4, warning: null });
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WEB_CONCURRENCY: '3' }), 8)).toEqual({
      workers: 3,
      warning: null,
    });
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WEB_CONCURRENCY: '1' }), 8).workers).toBe(1);
  });

  it('runs one process on PGlite, and says so when more were asked', () => {
    expect(workerPlan(loadConfig({}), 8)).toEqual({ workers: 1, warning: null });
    const plan = workerPlan(loadConfig({ WEB_CONCURRENCY: '4' }), 8);
    expect(plan.workers).toBe(1);
    expect(plan.warning).toMatch(/WEB_CONCURRENCY=4 ignored.*PGlite.*1 worker/);
  });

  it('shares the one-process pool of 20 connections out among the workers, 5 at least', () => {
    expect([1, 2, 3, 4, 8, 64].map(workerPoolSize)).toEqual([20, 10, 7, 5, 5, 5]);
  });

  it('refuses to start on a WEB_CONCURRENCY that is not a whole number from 1', () => {
    for (const value of ['0', '-2', '1.5', 'many', '2000']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY/);
    }
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrency).toBeUndefined();
  });
});

describe('the primary log', () => {
  it('writes JSON lines in the workers’ shape at or above LOG_LEVEL', () => {
    const lines: string[] = [];
    const log = clusterLog('warn', (line) => lines.push(line));
    log.info('not shown');
    log.warn('shown', { worker: 7 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 40,
      msg: 'shown',
      worker: 7,
      pid: process.pid,
    });
  });
});

interface FakeWorker {
  pid: number;
  signals: string[];
}

function fakePool() {
  let nextPid = 100;
  const forked: FakeWorker[] = [];
  return {
    forked,
    pool: {
      fork: () => {
        const worker = { pid: nextPid++, signals: [] as string[] };
        forked.push(worker);
        return worker;
      },
      pid: (worker: FakeWorker) => worker.pid,
      kill: (worker: FakeWorker, signal: NodeJS.Signals) => void worker.signals.push(signal),
    },
  };
}

function recordingLog(): ClusterLog & { lines: string[] } {
  const lines: string[] = [];
  const write = (message: string) => void lines.push(message);
  return { lines, info: write, warn: write, error: write };
}

describe('the supervisor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('forks the workers and replaces one that dies, after a backoff that doubles', () => {
    const { pool, forked } = fakePool();
    const log = recordingLog();
    const supervisor = new Supervisor({ size: 2, pool, log, backoffMs: 100, loopDeaths: 10 });
    supervisor.start();
    expect(forked.map((w) => w.pid)).toEqual([100, 101]);

    supervisor.exited(forked[0]!, null, 'SIGKILL');
    expect(supervisor.running).toBe(1);
    expect(log.lines.at(-1)).toMatch(/worker 100 died \(signal SIGKILL\).*100 ms/);
    vi.advanceTimersByTime(99);
    expect(forked).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(forked).toHaveLength(3);
    expect(supervisor.running).toBe(2);

    supervisor.exited(forked[2]!, 1, null);
    expect(log.lines.at(-1)).toMatch(/worker 102 died \(code 1\).*200 ms/);
    vi.advanceTimersByTime(200);
    expect(forked).toHaveLength(4);
  });

  it('gives up loudly, stopping the others, when workers die in a loop', async () => {
    const { pool, forked } = fakePool();
    const log = recordingLog();
    const supervisor = new Supervisor({ size: 2, pool, log, backoffMs: 10, loopDeaths: 3 });
    supervisor.start();
    supervisor.exited(forked[0]!, 1, null);
    vi.advanceTimersByTime(10);
    supervisor.exited(forked[2]!, 1, null);
    vi.advanceTimersByTime(20);
    expect(forked).toHaveLength(4);
    supervisor.exited(forked[3]!, 1, null);
    expect(log.lines.join('\n')).toMatch(/DYING IN A LOOP: 3 deaths/);
    vi.advanceTimersByTime(10_000);
    expect(forked).toHaveLength(4); // no restart after giving up
    expect(forked[1]!.signals).toEqual(['SIGTERM']);
    supervisor.exited(forked[1]!, 0, null);
    await expect(supervisor.done).resolves.toBe(1);
  });

  it('forgets deaths older than the window', () => {
    const { pool, forked } = fakePool();
    const log = recordingLog();
    let now = 0;
    const supervisor = new Supervisor({
      size: 1,
      pool,
      log,
      backoffMs: 10,
      loopDeaths: 2,
      loopWindowMs: 1000,
      now: () => now,
    });
    supervisor.start();
    for (let i = 0; i < 5; i++) {
      supervisor.exited(forked.at(-1)!, 1, null);
      now += 2000;
      vi.advanceTimersByTime(10);
    }
    expect(forked).toHaveLength(6);
    expect(log.lines.join('\n')).not.toMatch(/LOOP/);
  });

  it('stops gracefully on a signal: SIGTERM to each, exit 0 once all are gone, no restart', async () => {
    const { pool, forked } = fakePool();
    const supervisor = new Supervisor({ size: 2, pool, log: recordingLog(), stopGraceMs: 1000 });
    supervisor.start();
    const done = supervisor.stop('SIGTERM');
    expect(forked.map((w) => w.signals)).toEqual([['SIGTERM'], ['SIGTERM']]);
    supervisor.exited(forked[0]!, 0, null);
    vi.advanceTimersByTime(1000); // the second one hangs: SIGKILL after the grace period
    expect(forked[1]!.signals).toEqual(['SIGTERM', 'SIGKILL']);
    supervisor.exited(forked[1]!, null, 'SIGKILL');
    await expect(done).resolves.toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(forked).toHaveLength(2);
  });
});

describe('rate-limit counters kept by the cluster primary', () => {
  it('counts fixed windows per key, as the plugin’s own store does', () => {
    const counters = new WindowCounters();
    expect(counters.hit('a', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counters.hit('a', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counters.hit('b', 1000, 400)).toEqual({ current: 1, ttl: 1000 });
    expect(counters.hit('a', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
    counters.sweep(1400);
    expect(counters.size).toBe(1);
    counters.sweep(2000);
    expect(counters.size).toBe(0);
  });

  it('drops the oldest window past its key limit', () => {
    const counters = new WindowCounters(2);
    counters.hit('a', 1000, 0);
    counters.hit('b', 1000, 1);
    counters.hit('c', 1000, 2);
    expect(counters.size).toBe(2);
    expect(counters.hit('b', 1000, 3).current).toBe(2);
    expect(counters.hit('a', 1000, 3).current).toBe(1);
  });

  /** A primary and workers linked by in-memory channels that deliver asynchronously, as IPC does. */
  function linkedWorkers(count: number) {
    const listeners: ((worker: WorkerChannel, message: unknown) => void)[] = [];
    const stop = serveCounters((listener) => {
      listeners.push(listener);
      return () => void listeners.splice(listeners.indexOf(listener), 1);
    });
    const workers = Array.from({ length: count }, () => {
      const inbox: ((message: unknown) => void)[] = [];
      const channel: WorkerChannel = {
        isConnected: () => true,
        send: (message, callback) =>
          setImmediate(() => {
            for (const deliver of inbox) deliver(message);
            callback(null);
          }),
      };
      return new PrimaryCounters({
        send: (message, callback) => {
          setImmediate(() => {
            for (const listener of listeners) listener(channel, message);
            callback(null);
          });
          return true;
        },
        on: (_event, listener) => void inbox.push(listener),
      });
    });
    return { workers, stop };
  }

  it('two workers count together through the primary', async () => {
    const { workers, stop } = linkedWorkers(2);
    const [first, second] = workers as [PrimaryCounters, PrimaryCounters];
    const counts: Count[] = [];
    for (let i = 0; i < 3; i++) counts.push(await first.hit('login:ip', 60_000));
    counts.push(await second.hit('login:ip', 60_000));
    counts.push(...(await Promise.all([first.hit('login:ip', 60_000), second.hit('x', 60_000)])));
    expect(counts.map((c) => c.current)).toEqual([1, 2, 3, 4, 5, 1]);
    stop();
  });

  it('stores of both workers share a count under the same child store', async () => {
    const { workers, stop } = linkedWorkers(2);
    const incr = (store: ReturnType<typeof childOf>, key: string) =>
      new Promise<Count>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 5),
      );
    const childOf = (counters: PrimaryCounters) => {
      const Store = primaryCounterStore(counters);
      return new Store({}).child({ routeInfo: {} } as never);
    };
    const [a, b] = workers.map(childOf) as [ReturnType<typeof childOf>, ReturnType<typeof childOf>];
    expect((await incr(a, 'ip:1')).current).toBe(1);
    expect((await incr(b, 'ip:1')).current).toBe(2);
    // The root store counts under another prefix than its children.
    const Root = primaryCounterStore(workers[0]!);
    const root = new Root({});
    const rootCount = await new Promise<Count>((resolve) =>
      root.incr('ip:1', (_e, r) => resolve(r!), 60_000, 5),
    );
    expect(rootCount.current).toBe(1);
    stop();
  });

  it('fails a count the primary does not answer, and reports it (the plugin lets it through)', async () => {
    const counters = new PrimaryCounters({ send: () => true, on: () => undefined }, 20);
    await expect(counters.hit('k', 1000)).rejects.toThrow(/did not answer/);
    const reported: string[] = [];
    const Store = primaryCounterStore(counters, (error) => reported.push(error.message));
    const failed = await new Promise<Error | null>((resolve) =>
      new Store({}).incr('k', (error) => resolve(error), 1000, 5),
    );
    expect(failed?.message).toMatch(/did not answer/);
    expect(reported).toEqual([failed!.message]);
  });
});

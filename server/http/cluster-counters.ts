import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * Rate-limit counters for cluster mode without Redis. A worker's memory is its own, so counters
 * kept there would let a client make N times the limit across N workers. Instead the cluster
 * primary keeps them (WindowCounters) and every worker asks it over the IPC channel node:cluster
 * opens (`process.send`): one message each way per counted request, the same count whichever
 * worker a connection lands on. Across hosts, REDIS_URL does the same job (server/http/rate-limit.ts).
 */

export interface Count {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface Window {
  current: number;
  startedAt: number;
  windowMs: number;
}

/**
 * Fixed windows per key, counted as @fastify/rate-limit's own in-memory store counts: a window
 * starts at a key's first hit and lasts `windowMs`. Expired windows are swept; at `maxKeys` the
 * oldest window is dropped (keys are kept in the order their window started).
 */
export class WindowCounters {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly maxKeys = 500_000) {}

  get size(): number {
    return this.windows.size;
  }

  hit(key: string, windowMs: number, now: number = Date.now()): Count {
    let window = this.windows.get(key);
    if (!window || window.startedAt + window.windowMs <= now) {
      if (window) this.windows.delete(key); // re-inserted last: the newest window
      window = { current: 0, startedAt: now, windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) {
        this.windows.delete(this.windows.keys().next().value!);
      }
    }
    window.current += 1;
    return { current: window.current, ttl: window.startedAt + window.windowMs - now };
  }

  /** Drops the windows that have ended. */
  sweep(now: number = Date.now()): void {
    for (const [key, window] of this.windows) {
      if (window.startedAt + window.windowMs <= now) this.windows.delete(key);
    }
  }
}

/** A worker's question and the primary's answer (tagged: the channel carries other messages). */
interface HitMessage {
  type: 'casino:rate-limit:hit';
  id: number;
  key: string;
  windowMs: number;
}
interface CountMessage extends Count {
  type: 'casino:rate-limit:count';
  id: number;
}

function isHit(message: unknown): message is HitMessage {
  const m = message as Partial<HitMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'casino:rate-limit:hit' &&
    typeof m.id === 'number' &&
    typeof m.key === 'string' &&
    typeof m.windowMs === 'number'
  );
}

function isCount(message: unknown): message is CountMessage {
  const m = message as Partial<CountMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'casino:rate-limit:count' &&
    typeof m.id === 'number'
  );
}

/** The primary's side of a worker's channel (a node:cluster Worker fits). */
export interface WorkerChannel {
  isConnected: () => boolean;
  send: (message: CountMessage, callback: (error: Error | null) => void) => unknown;
}

/**
 * The primary's end: subscribes a listener to every worker's messages (node:cluster's 'message'
 * event, or a stand-in in the tests) and answers the unsubscribe.
 */
export type PrimaryEnd = (
  listener: (worker: WorkerChannel, message: unknown) => void,
) => () => void;

/** In the cluster primary: answers every worker's hits from one set of counters. Returns stop. */
export function serveCounters(
  subscribe: PrimaryEnd,
  counters: WindowCounters = new WindowCounters(),
): () => void {
  const unsubscribe = subscribe((worker, message) => {
    if (!isHit(message)) return;
    const count = counters.hit(message.key, message.windowMs);
    // A worker that died meanwhile cannot be answered; its requests died with it.
    if (!worker.isConnected()) return;
    worker.send({ type: 'casino:rate-limit:count', id: message.id, ...count }, () => undefined);
  });
  const sweeper = setInterval(() => counters.sweep(), 10_000);
  sweeper.unref();
  return () => {
    clearInterval(sweeper);
    unsubscribe();
  };
}

/** A worker's end of the channel to the primary (`process` in a cluster worker). */
export interface WorkerEnd {
  send?: (message: HitMessage, callback: (error: Error | null) => void) => boolean;
  on: (event: 'message', listener: (message: unknown) => void) => unknown;
}

/** In a worker: counts a hit in the primary's counters. */
export class PrimaryCounters {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (count: Count) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(
    private readonly channel: WorkerEnd,
    private readonly timeoutMs = 2_000,
  ) {
    channel.on('message', (message) => {
      if (!isCount(message)) return;
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      clearTimeout(waiting.timer);
      waiting.resolve({ current: message.current, ttl: message.ttl });
    });
  }

  hit(key: string, windowMs: number): Promise<Count> {
    return new Promise((resolve, reject) => {
      const id = (this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER);
      const fail = (error: Error) => {
        const waiting = this.waiting.get(id);
        if (!waiting) return;
        this.waiting.delete(id);
        clearTimeout(waiting.timer);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`the cluster primary did not answer a rate-limit count`)),
        this.timeoutMs,
      );
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      if (!this.channel.send) {
        fail(new Error('no channel to the cluster primary'));
        return;
      }
      this.channel.send({ type: 'casino:rate-limit:hit', id, key, windowMs }, (error) => {
        if (error) fail(error);
      });
    });
  }
}

/**
 * A @fastify/rate-limit store on the primary's counters. Each child store (a route's or a
 * createRateLimit's) counts under a prefix of its own, as the plugin's Redis store does. A count
 * that fails is reported to `onFailure` (the plugin then lets the request through).
 */
export function primaryCounterStore(
  counters: PrimaryCounters,
  onFailure: (error: Error) => void = () => undefined,
): FastifyRateLimitStoreCtor {
  class PrimaryCounterStore implements FastifyRateLimitStore {
    /** The plugin constructs the root store with its options, which this store does not need. */
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow: number,
    ): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => {
          onFailure(error);
          callback(error);
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const method = typeof route?.method === 'string' ? route.method : '';
      const url = typeof route?.url === 'string' ? route.url : '';
      return new PrimaryCounterStore(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return PrimaryCounterStore;
}

import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import {
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleAll,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { reconnectDelayMs } from '../reconnectDelay';

/** Consecutive failed or late commands that open the breaker. */
const BREAK_AFTER = 5;
/** How long an open breaker refuses every command before it lets one through to try. */
const HALF_OPEN_AFTER_MS = 1_000;
/** How long opening a channel waits for Redis to confirm its subscription (see subscribe). */
const SUBSCRIBE_WAIT_MS = 5_000;

/** A Redis command refused without being sent: the link is down or its breaker is open. */
export class RedisUnavailable extends Error {
  constructor() {
    super('Redis is unavailable');
  }
}

/** A Redis command that did not answer within its deadline (it may still be carried out). */
export class RedisTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
  }
}

export interface RedisLinkOptions {
  url: string;
  /** Prefix of every key and channel this server uses (separates deployments and test runs). */
  prefix: string;
  /** Deadline of one command: past it the command fails and the caller goes on without Redis. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * This process's connection to Redis, which the server uses as an accelerator, never as a
 * dependency. Commands are never queued while the connection is down, each has a deadline of
 * `timeoutMs`, and a circuit breaker refuses them at once after BREAK_AFTER failures in a row
 * (a Redis that hangs costs its deadline a few times, then nothing): every caller has a way on
 * without Redis (rate limits count on this host, the channels go over PostgreSQL). The
 * connection is retried in the background; the outage and the return are logged once each.
 *
 * Two connections: one for commands, one for subscriptions (a subscribed connection takes no
 * other commands).
 */
export class RedisLink {
  readonly prefix: string;
  /** Commands: publish, the rate-limit counters. */
  readonly client: Redis;
  private readonly subscriber: Redis;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly handlers = new Map<string, (payload: string) => void>();
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;
  private down = false;
  private closed = false;
  /** Waiting for the link to go down (see subscribe). */
  private readonly downWaiters = new Set<() => void>();
  /** While the breaker is open: when it lets a command through to try (epoch ms). */
  private brokenUntil = 0;

  constructor(options: RedisLinkOptions) {
    this.prefix = options.prefix;
    this.log = options.log;
    const base: RedisOptions = {
      connectTimeout: 2_000,
      // Reconnection: 100 ms after a drop, doubling up to 5 s, for as long as it takes.
      retryStrategy: reconnectDelayMs,
      // A command asked while disconnected fails at once instead of waiting for the connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    };
    this.timeoutMs = options.timeoutMs;
    this.client = new Redis(options.url, base);
    // Subscriptions are not on the request path: they wait for the connection and are made
    // again on every reconnection. No CLIENT SETINFO on connecting: with a SUBSCRIBE waiting,
    // ioredis 5.8.2 and later could send it before its ready check, whose INFO then failed in
    // subscriber mode (redis/ioredis#2037): the connection started again without the
    // subscription, and this instance no longer heard the others.
    this.subscriber = new Redis(options.url, {
      ...base,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      disableClientInfo: true,
    });
    this.breaker = circuitBreaker(handleAll, {
      halfOpenAfter: HALF_OPEN_AFTER_MS,
      breaker: new ConsecutiveBreaker(BREAK_AFTER),
    });
    this.breaker.onBreak(() => {
      this.brokenUntil = Date.now() + HALF_OPEN_AFTER_MS;
      this.log.error(`Redis: ${BREAK_AFTER} commands failed in a row; going on without it`);
    });
    this.breaker.onReset(() => this.log.warn('Redis answers again'));

    for (const connection of [this.client, this.subscriber]) {
      // ioredis reports every failed reconnection: the outage is logged once, by markDown.
      connection.on('error', (error: Error) => this.markDown(error.message));
      connection.on('close', () => this.markDown('connection closed'));
      connection.on('ready', () => this.markUpIfBoth());
    }
    this.subscriber.on('message', (channel: string, payload: string) =>
      this.handlers.get(channel)?.(payload),
    );
    // Every channel subscribed again whenever the connection is ready, whatever ioredis kept of
    // the last one (Redis ignores a SUBSCRIBE to a channel already subscribed).
    this.subscriber.on('ready', () => {
      const channels = [...this.handlers.keys()];
      if (!channels.length || this.closed) return;
      this.subscriber.subscribe(...channels).catch((error: Error) => {
        if (!this.closed) this.log.warn(`Redis: subscribe again: ${error.message}`);
      });
    });
  }

  /**
   * True while both connections are up and the breaker lets commands through (an open breaker
   * lets one through again HALF_OPEN_AFTER_MS after it opened: that one tries whether Redis
   * answers again).
   */
  get available(): boolean {
    if (this.client.status !== 'ready' || this.subscriber.status !== 'ready') return false;
    return this.breaker.state !== CircuitState.Open || Date.now() >= this.brokenUntil;
  }

  /**
   * Runs `command` on the command connection within the breaker; rejects at once with
   * RedisUnavailable while the link is down or the breaker open.
   */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    if (!this.available) throw new RedisUnavailable();
    return this.breaker.execute(() => this.withDeadline(command(this.client)));
  }

  /**
   * `pending`, or a RedisTimeout once timeoutMs have passed without its answer. The timeout is
   * decided after the event loop has read what arrived meanwhile (setImmediate runs after the
   * poll phase): a process too busy to look at its sockets for a while does not take an answer
   * that Redis gave in time for a late one. ioredis's own commandTimeout would.
   */
  private withDeadline<T>(pending: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => setImmediate(() => reject(new RedisTimeout(this.timeoutMs))),
        this.timeoutMs,
      );
    });
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  }

  /**
   * Hands every message on `channel` (prefixed here) to `onPayload`; resolves to the unsubscribe
   * once Redis has confirmed the subscription, or the link is down (the subscription is made when
   * it comes back), or after SUBSCRIBE_WAIT_MS. Pub/sub keeps nothing for a subscriber that is
   * not there yet: an instance that served streams before its subscription took effect would
   * miss what other instances publish meanwhile.
   */
  async subscribe(channel: string, onPayload: (payload: string) => void): Promise<() => void> {
    const name = this.prefix + channel;
    this.handlers.set(name, onPayload);
    const confirmed = this.subscriber.subscribe(name).then(
      () => true,
      (error: Error) => {
        if (!this.closed) this.log.warn(`Redis: subscribe ${name}: ${error.message}`);
        return true;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    let stopWaiting = () => {};
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS);
    });
    const down = new Promise<boolean>((resolve) => {
      if (this.down) return resolve(true);
      const waiter = () => resolve(true);
      this.downWaiters.add(waiter);
      stopWaiting = () => this.downWaiters.delete(waiter);
    });
    const inTime = await Promise.race([confirmed, down, late]);
    clearTimeout(timer);
    stopWaiting();
    if (!inTime) {
      this.log.warn(`Redis: subscribe ${name} not confirmed within ${SUBSCRIBE_WAIT_MS} ms`);
    }
    return () => {
      this.handlers.delete(name);
      if (!this.closed) this.subscriber.unsubscribe(name).catch(() => undefined);
    };
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.run((client) => client.publish(this.prefix + channel, payload));
  }

  async close(): Promise<void> {
    this.closed = true;
    // quit() waits for the server's answer, which a dead Redis never gives: disconnect instead.
    for (const connection of [this.client, this.subscriber]) connection.disconnect();
  }

  private markDown(reason: string): void {
    if (this.down || this.closed) return;
    this.down = true;
    for (const waiter of this.downWaiters) waiter();
    this.downWaiters.clear();
    this.log.error(
      `Redis unreachable (${reason}): serving without it (rate limits counted on this host, ` +
        'live channels over PostgreSQL); reconnecting in the background',
    );
  }

  private markUpIfBoth(): void {
    if (this.client.status !== 'ready' || this.subscriber.status !== 'ready') return;
    if (this.down) this.log.warn('Redis is back: rate limits and live channels use it again');
    this.down = false;
  }
}

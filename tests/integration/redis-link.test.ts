// The server's link to Redis against a real redis-server: nothing waits on a Redis that is down,
// a Redis that hangs (SIGSTOP) costs the deadline a few times and then nothing (the breaker),
// and the link comes back by itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisLink, RedisUnavailable, RedisTimeout } from '../../server/redis/link';
import { waitFor } from '../support/cluster';
import { freePort } from '../support/server';

const TIMEOUT_MS = 50;
const redisServerMissing = spawnSync('redis-server', ['--version']).error;
if (redisServerMissing && process.env.REQUIRE_REDIS === '1') {
  throw new Error('REQUIRE_REDIS=1 but redis-server is not installed');
}

/** A logger that keeps what the link says. */
function recordingLog(lines: string[]): FastifyBaseLogger {
  const keep = (message: unknown) => void lines.push(String(message));
  const log = { error: keep, warn: keep, info: keep, debug: keep, trace: keep, fatal: keep };
  return { ...log, level: 'info', silent: () => undefined, child: () => recordingLog(lines) };
}

async function attempt(link: RedisLink): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await link
    .run((client) => client.ping())
    .then(
      () => null,
      (e: unknown) => e,
    );
  return { error, ms: performance.now() - started };
}

describe.skipIf(redisServerMissing)('the Redis link', () => {
  let port: number;
  let redis: ChildProcess;
  let link: RedisLink;
  const said: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    link = new RedisLink({
      url: `redis://127.0.0.1:${port}`,
      prefix: 'link-test:',
      timeoutMs: TIMEOUT_MS,
      log: recordingLog(said),
    });
  });
  afterAll(async () => {
    await link?.close();
    redis?.kill('SIGKILL');
  });

  it('refuses at once while Redis is down, and says so once', async () => {
    await waitFor('the outage logged', () => (said.length ? true : undefined), 10_000);
    const { error } = await attempt(link);
    expect(error).toBeInstanceOf(RedisUnavailable);
    expect(link.available).toBe(false);
    await new Promise((r) => setTimeout(r, 500)); // a few reconnection attempts
    expect(said.filter((line) => /Redis unreachable/.test(line))).toHaveLength(1);
  });

  it('connects by itself once Redis is up', async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    await waitFor('the link up', () => (link.available ? true : undefined), 15_000);
    expect((await attempt(link)).error).toBeNull();
    expect(said.some((line) => /Redis is back/.test(line))).toBe(true);
  });

  it('gives a hung Redis its deadline a few times, then refuses at once until it answers', async () => {
    redis.kill('SIGSTOP');
    try {
      const timedOut: { error: unknown; ms: number }[] = [];
      for (let i = 0; i < 5; i++) timedOut.push(await attempt(link));
      for (const { error, ms } of timedOut) {
        expect(error).toBeInstanceOf(RedisTimeout);
        expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
      }
      // The breaker is open: refused without asking Redis.
      expect(link.available).toBe(false);
      expect((await attempt(link)).error).toBeInstanceOf(RedisUnavailable);
    } finally {
      redis.kill('SIGCONT');
    }
    // After a second the breaker lets one through; Redis answers it and the link is back.
    await waitFor('the breaker to half-open', () => (link.available ? true : undefined), 5_000);
    expect((await attempt(link)).error).toBeNull();
    expect((await attempt(link)).error).toBeNull();
  });

  it('hears what is published after subscribing while its connection was being set up', async () => {
    // Between the connection's TCP connect and its ready check, ioredis writes a SUBSCRIBE at
    // once; its ready check's INFO then fails in subscriber mode and the connection starts again
    // (redis/ioredis#2037). A server instance that opened a channel then never heard the others.
    const starting = new RedisLink({
      url: `redis://127.0.0.1:${port}`,
      prefix: 'link-test:',
      timeoutMs: TIMEOUT_MS,
      log: recordingLog([]),
    });
    try {
      const heard: string[] = [];
      const subscriber = (starting as unknown as { subscriber: Redis }).subscriber;
      await new Promise<void>((resolve) =>
        subscriber.once('connect', () => {
          void starting.subscribe('starting', (payload) => heard.push(payload));
          resolve();
        }),
      );
      await waitFor('the link up', () => (starting.available ? true : undefined), 10_000);
      for (let i = 0; i < 30 && !heard.length; i++) {
        await link.publish('starting', `hello ${i}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(heard.length).toBeGreaterThan(0);
    } finally {
      await starting.close();
    }
  });
});

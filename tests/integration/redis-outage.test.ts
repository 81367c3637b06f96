// Redis is an accelerator, never a dependency: a two-worker server on PostgreSQL whose REDIS_URL
// points where nothing listens starts, answers quickly (its rate limits count on the host, its
// live channels go over LISTEN/NOTIFY), replaces a worker killed during the outage, and uses Redis
// again once a real redis-server comes up on that port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fresh, listeningWorkers, startCluster, waitFor } from '../support/cluster';
import { freePort, type RunningServer } from '../support/server';
import { openSse, type SseStream } from '../support/sse';
import { createTestDatabase, DB_KINDS, registerUser, type TestDatabase } from '../support/testApp';

/**
 * What a request may take during the outage (the budget), held by the fastest of three of
 * each kind: a request that waited on the dead Redis would wait every time, while a machine busy
 * with other suites stretches one now and then (a login once took 470 ms at load 15).
 */
const BUDGET_MS = 300;
/** What any one request may take: under the link's connect timeout (2 s), which a wait on it costs. */
const ANY_MS = 1_500;
const DICE = '/api/games/dice/bets';

const redisServerMissing = spawnSync('redis-server', ['--version']).error;
if (redisServerMissing) {
  if (process.env.REQUIRE_REDIS === '1') {
    throw new Error('REQUIRE_REDIS=1 but redis-server is not installed');
  }
  console.warn('\n!!! redis-server is not installed: SKIPPING the Redis outage suite.\n');
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** A redis-server of the test's own on `port`, gone when stopped. */
async function startRedis(port: number): Promise<{ stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      probe.disconnect();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  probe.disconnect();
  return {
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

for (const kind of redisServerMissing ? [] : DB_KINDS.filter((k) => k === 'postgres')) {
  describe(`a Redis outage (two workers on ${kind})`, () => {
    let testDb: TestDatabase;
    let server: RunningServer;
    let redisPort: number;
    let redis: { stop: () => Promise<void> } | undefined;
    const prefix = `outage-${randomBytes(4).toString('hex')}:`;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      redisPort = await freePort();
      server = await startCluster(testDb.databaseUrl!, {
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: prefix,
      });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await redis?.stop();
      await testDb?.dispose();
    });

    it('starts, logs the outage, and answers health, a login, a bet and a stream in time', async () => {
      expect(server.output()).toMatch(/Redis unreachable/);
      const user = await registerUser(server.url);
      const login = () =>
        fresh(server.url, 'POST', '/api/login', {
          body: { email: user.email, password: user.password },
        });
      const bet = () =>
        fresh(server.url, 'POST', DICE, {
          token: user.token,
          body: { amount: 0.01, target: 50, condition: 'over' },
        });
      // Once each to warm both workers up (their first request compiles its route), then timed.
      for (let i = 0; i < 2; i++) {
        await fresh(server.url, 'GET', '/api/health');
        await login();
        await bet();
      }
      const streams: SseStream[] = [];
      const times = {
        health: [] as number[],
        login: [] as number[],
        bet: [] as number[],
        stream: [] as number[],
      };
      try {
        for (let i = 0; i < 3; i++) {
          const health = await timed(() => fresh(server.url, 'GET', '/api/health'));
          expect(health.value.status).toBe(200);
          const signedIn = await timed(login);
          expect(signedIn.value.status, JSON.stringify(signedIn.value.body)).toBe(200);
          const settled = await timed(bet);
          expect(settled.value.status, JSON.stringify(settled.value.body)).toBe(200);
          const stream = await timed(() => openSse(`${server.url}/api/bets/live`, user.token));
          streams.push(stream.value);
          expect(stream.value.status).toBe(200);
          times.health.push(health.ms);
          times.login.push(signedIn.ms);
          times.bet.push(settled.ms);
          times.stream.push(stream.ms);
        }
        for (const [what, ms] of Object.entries(times)) {
          const said = `${what} took ${ms.map((one) => Math.round(one)).join(', ')} ms`;
          expect(Math.max(...ms), said).toBeLessThan(ANY_MS);
          expect(Math.min(...ms), said).toBeLessThan(BUDGET_MS);
        }
        // The feed goes over PostgreSQL meanwhile: a bet reaches every stream, on either worker.
        const placed = await bet();
        const betId = (placed.body.bet as { id: number }).id;
        for (const stream of streams) {
          await stream.find((e) => e.event === 'bet' && e.data.includes(`"id":${betId},`));
        }
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    it('replaces a worker killed during the outage, and the new one answers', async () => {
      const [victim, survivor] = listeningWorkers(server).map((w) => w.pid) as [number, number];
      process.kill(victim, 'SIGKILL');
      const replacement = await waitFor(
        'a new worker',
        () => listeningWorkers(server).find((w) => w.pid !== victim && w.pid !== survivor),
        60_000,
      );
      expect(server.output()).not.toMatch(/dying in a loop/i);
      // Fresh connections go to the workers in turn: some reach the new one.
      const before = server.output().length;
      for (let i = 0; i < 6; i++) {
        expect((await fresh(server.url, 'GET', '/api/health')).status).toBe(200);
      }
      expect(server.output().slice(before)).toContain(`"pid":${replacement.pid}`);
    }, 90_000);

    it('uses Redis again once it is back: counters in Redis, the feed published on it', async () => {
      redis = await startRedis(redisPort);
      await waitFor(
        'the workers to say Redis is back',
        () => ((server.output().match(/Redis is back/g)?.length ?? 0) >= 2 ? true : undefined),
        30_000,
      );
      const watcher = new Redis(redisPort, '127.0.0.1');
      const published: string[] = [];
      try {
        await watcher.subscribe(`${prefix}live_bets`);
        watcher.on('message', (_channel: string, payload: string) => published.push(payload));
        const user = await registerUser(server.url);
        const placed = await fresh(server.url, 'POST', DICE, {
          token: user.token,
          body: { amount: 0.01, target: 50, condition: 'over' },
        });
        expect(placed.status).toBe(200);
        const betId = (placed.body.bet as { id: number }).id;
        await waitFor('the bet on Redis', () =>
          published.some((p) => p.includes(`[${betId},`)) ? true : undefined,
        );
        const counters = new Redis(redisPort, '127.0.0.1');
        try {
          expect(await counters.keys(`${prefix}rate-limit:*`)).not.toEqual([]);
        } finally {
          counters.disconnect();
        }
      } finally {
        watcher.disconnect();
      }
    }, 90_000);
  });
}

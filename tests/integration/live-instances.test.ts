// Live rounds across server instances: two real server processes on one PostgreSQL, their round
// bus over PostgreSQL LISTEN/NOTIFY, and over Redis pub/sub when Redis answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashMsOf } from '../../games/minerFrenzy/rules';
import { openDatabase, type Database } from '../../server/db/database';
import { startServer, type RunningServer } from '../support/server';
import { openSse } from '../support/sse';
import {
  call,
  createTestDatabase,
  postgresUnavailable,
  registerUser,
  type TestDatabase,
} from '../support/testApp';
import type { BetAnswer } from './games-support';
import { rigNextCrash, sleep } from './live-support';
import { instanceBuses } from '../support/redis';

const ROUNDS = '/api/games/minerFrenzy/rounds';

const pgProblem = await postgresUnavailable();
if (pgProblem) console.warn(`!!! SKIPPING the two-instance live test: ${pgProblem}`);
const buses = pgProblem
  ? []
  : await instanceBuses('live-test', 'the Redis half of the two-instance live test');

for (const bus of buses) {
  describe(`Miner Frenzy on two instances [${bus.name}]`, () => {
    let testDb: TestDatabase;
    let database: Database;
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
      const env = { DATABASE_URL: testDb.databaseUrl!, ...bus.env };
      [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.close();
      await testDb?.dispose();
    });

    it('shows on B the cash-out made on A within 250 ms', async () => {
      const user = await registerUser(a.url);
      await rigNextCrash(a.url, database.db, user.token, user.id, (c) => c >= 5000);
      const started = await call<BetAnswer>(a.url, 'POST', ROUNDS, {
        token: user.token,
        body: { amount: 1 },
      });
      expect(started.status).toBe(201);
      const id = started.body.bet.id;
      const stream = await openSse(`${b.url}${ROUNDS}/${id}/events`, user.token);
      expect(JSON.parse((await stream.next('state')).data)).toMatchObject({ status: 'running' });
      await sleep(300);
      const sent = Date.now();
      const cashed = await call<BetAnswer>(a.url, 'POST', `${ROUNDS}/${id}/cashout`, {
        token: user.token,
      });
      expect(cashed.status).toBe(200);
      const event = await stream.next('cashed_out');
      expect(event.at - sent).toBeLessThan(250);
      expect(JSON.parse(event.data).bet.payout).toBe(cashed.body.bet.payout);
    });

    it('resumes the stream from A when B is killed mid-round; the round still ends on time', async () => {
      const user = await registerUser(a.url);
      const crash = await rigNextCrash(
        a.url,
        database.db,
        user.token,
        user.id,
        (c) => c >= 140 && c <= 160,
      );
      // Started on B: B's timer would have ended it; A must do it now.
      const started = await call<BetAnswer>(b.url, 'POST', ROUNDS, {
        token: user.token,
        body: { amount: 1 },
      });
      expect(started.status).toBe(201);
      const id = started.body.bet.id;
      const first = await openSse(`${b.url}${ROUNDS}/${id}/events`, user.token);
      await first.next('state');
      await sleep(500);
      b.process.kill('SIGKILL');
      await first.ended; // the connection drops with B
      expect(first.events.some((e) => e.event === 'crashed')).toBe(false);

      // The client's reconnect (EventSource's retry) lands on A.
      const resumed = await openSse(`${a.url}${ROUNDS}/${id}/events`, user.token);
      const state = JSON.parse((await resumed.next('state')).data) as Record<string, unknown>;
      expect(state).toMatchObject({
        status: 'running',
        started_at: started.body.bet.result.started_at,
      });
      const crashed = await resumed.next('crashed', 15_000);
      const crashAt = Number(started.body.bet.result.started_at) + crashMsOf(crash);
      expect(crashed.at).toBeGreaterThanOrEqual(crashAt);
      // A's own timer ends it: the sweep would take it only 1 s or more past its end. The margin
      // below that covers this test process lagging on a loaded machine (318 ms seen at load 20).
      expect(crashed.at - crashAt).toBeLessThan(700);
      expect(JSON.parse(crashed.data).bet.result).toMatchObject({ crash_point: crash / 100 });
    });
  });
}

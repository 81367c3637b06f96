// The live bets feed across server processes on one PostgreSQL: a bet settled on instance A
// reaches a stream on instance B over the feed's bus (PostgreSQL LISTEN/NOTIFY, and Redis
// pub/sub when Redis answers), and in cluster mode (two workers, no Redis) every stream hears
// every bet whichever worker serves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import { openSse, type SseEvent } from '../support/sse';
import {
  call,
  createTestDatabase,
  postgresUnavailable,
  registerUser,
  type TestDatabase,
} from '../support/testApp';
import type { BetAnswer } from './games-support';
import { instanceBuses } from '../support/redis';

const LIVE = '/api/bets/live';
const DICE = '/api/games/dice/bets';

const isBet = (id: number) => (event: SseEvent) =>
  event.event === 'bet' && (JSON.parse(event.data) as { id: number }).id === id;

async function dice(url: string, token: string) {
  const answer = await call<BetAnswer>(url, 'POST', DICE, {
    token,
    body: { amount: 1, target: 50, condition: 'over' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.bet;
}

const pgProblem = await postgresUnavailable();
if (pgProblem) console.warn(`!!! SKIPPING the two-instance live bets test: ${pgProblem}`);
const buses = pgProblem
  ? []
  : await instanceBuses('live-bets-test', 'the Redis half of the two-instance live bets test');

for (const bus of buses) {
  describe(`live bets on two instances [${bus.name}]`, () => {
    let testDb: TestDatabase;
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      const env = { DATABASE_URL: testDb.databaseUrl!, ...bus.env };
      [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await testDb?.dispose();
    });

    it('a bet settled on A reaches a stream on B, once, with its public fields', async ({
      onTestFailed,
    }) => {
      onTestFailed(() => console.error(`A printed:\n${a.output()}\nB printed:\n${b.output()}`));
      const user = await registerUser(a.url, { name: 'Instance Ida' });
      const onB = await openSse(`${b.url}${LIVE}`, '');
      await onB.next('backlog');
      const bet = await dice(a.url, user.token);
      const event = await onB.find(isBet(bet.id));
      expect(JSON.parse(event.data)).toMatchObject({
        id: bet.id,
        game: 'dice',
        player: 'Instance Ida',
        user_id: user.id,
        amount: bet.amount,
        payout: bet.payout,
      });
      // The next bet arrives too, and the first only once.
      const next = await dice(a.url, user.token);
      await onB.find(isBet(next.id));
      expect(onB.events.filter(isBet(bet.id))).toHaveLength(1);
      expect(onB.raw()).not.toContain('seed');
      onB.close();
    });
  });
}

const clusterCases = pgProblem ? [] : ['two workers, no Redis'];
for (const name of clusterCases) {
  describe(`live bets in cluster mode (${name})`, () => {
    let testDb: TestDatabase;
    let server: RunningServer;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      server = await startServer({
        env: { DATABASE_URL: testDb.databaseUrl!, WEB_CONCURRENCY: '2' },
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await testDb?.dispose();
    });

    it('every stream hears every bet, whichever worker serves it', async () => {
      const user = await registerUser(server.url);
      // The primary hands connections to the workers in turn: four streams land on both.
      const streams = await Promise.all(
        [1, 2, 3, 4].map(() => openSse(`${server.url}${LIVE}`, '')),
      );
      await Promise.all(streams.map((stream) => stream.next('backlog')));
      const bets = [];
      for (let i = 0; i < 4; i++) bets.push(await dice(server.url, user.token));
      for (const stream of streams) {
        for (const bet of bets) await stream.find(isBet(bet.id));
      }
      for (const stream of streams) stream.close();
    });
  });
}

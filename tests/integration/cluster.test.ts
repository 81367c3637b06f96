// Cluster mode (WEB_CONCURRENCY): real server processes. On PostgreSQL, two workers on one port
// keep settling bets while one of them is killed with SIGKILL, the primary replaces it, and no
// acknowledged bet is lost; the workers count rate limits together without Redis. On PGlite the
// server stays one process and says so.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { createUser } from '../../server/modules/account/service';
import { issueToken } from '../../server/modules/auth/tokens';
import { bets } from '../../server/modules/games/schema';
import { unbalancedUsers } from '../support/money';
import {
  childrenOf,
  fresh,
  listeningWorkers,
  logLines,
  startCluster,
  waitFor,
} from '../support/cluster';
import { startServer, type RunningServer } from '../support/server';
import { createTestDatabase, DB_KINDS, registerUser, type TestDatabase } from '../support/testApp';

const DICE = '/api/games/dice/bets';
const PLAYERS = 20;
/** Each player bets at most every 250 ms: 240 a minute, under the 300 per token. */
const PACE_MS = 250;
/**
 * How a request on the killed worker's connection ends; the bet is then sent again under the same
 * key. ETIMEDOUT is a connection node:cluster's primary was handing to the worker as it died:
 * Node's round-robin hand-over never hears back from a dead worker and keeps the connection
 * open, unanswered (nodejs/node#21746), so a client gives up on it after a while, as any does.
 */
const CONNECTION_ERRORS = ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'];
describe('cluster mode on PGlite', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { WEB_CONCURRENCY: '2' } });
  });
  afterAll(async () => server?.stop());

  it('stays one process and says so at start', async () => {
    expect(server.output()).toMatch(/WEB_CONCURRENCY=2 ignored: the embedded PGlite database/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(childrenOf(server.process.pid!)).toEqual([]);
  });
});

// Registered only when PostgreSQL answers (testApp warns loudly otherwise, and REQUIRE_POSTGRES=1
// makes a missing PostgreSQL a failure), as every PostgreSQL suite.
for (const kind of DB_KINDS.filter((k) => k === 'postgres')) {
  describe(`cluster mode (WEB_CONCURRENCY=2) [${kind}]`, () => {
    let testDb: TestDatabase;
    let database: Database;
    let server: RunningServer;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      // Rate limits on, as in production: the bets below count in the primary too, kill or not.
      server = await startCluster(testDb.databaseUrl!);
      database = await openDatabase({
        databaseUrl: testDb.databaseUrl,
        dataDir: testDb.dataDir,
        migrate: false,
      });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await database?.close();
      await testDb?.dispose();
    });

    it('runs the workers as children of the primary, which ran the migrations once', () => {
      const workers = listeningWorkers(server).map((w) => w.pid);
      expect(new Set(workers).size).toBe(2);
      expect(childrenOf(server.process.pid!).sort()).toEqual([...workers].sort());
      expect(server.output()).toMatch(/cluster primary: 2 workers/);
    });

    it('counts rate limits in the primary: the 6th login fails whichever worker takes it', async () => {
      const user = await registerUser(server.url);
      const ip = '203.0.113.7';
      const login = (password: string) =>
        fresh(server.url, 'POST', '/api/login', {
          body: { email: user.email, password },
          headers: { 'x-forwarded-for': ip },
        });
      const before = logLines(server).length;
      for (let i = 0; i < 5; i++) expect((await login('wrong password')).status).toBe(422);
      const sixth = await login(user.password);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ message: 'Too Many Attempts.' });
      // The attempts were spread over both workers: counters in each would have seen 3.
      const servedBy = new Set(
        logLines(server)
          .slice(before)
          .filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/login')
          .map((l) => l.pid),
      );
      expect(servedBy.size).toBe(2);
    });

    it('keeps answering while a worker is killed with SIGKILL, replaces it, and loses no acknowledged bet', async () => {
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async (_, i) => {
          const user = await createUser(
            database.db,
            { name: `Cluster ${i}`, email: `cluster-${i}@example.test`, password: null },
            100_000,
          );
          return {
            id: user.id,
            token: await issueToken(database.db, user.id),
            ip: `198.51.100.${i + 1}`,
          };
        }),
      );
      const [victim, survivor] = listeningWorkers(server).map((w) => w.pid) as [number, number];

      interface Ack {
        key: string;
        userId: number;
        betId: number;
        payout: number;
        balance: number;
        at: number;
      }
      const acks: Ack[] = [];
      const resent: string[] = [];
      let stopAt = Number.POSITIVE_INFINITY;
      let failure: unknown;
      /** waitFor() that gives up as soon as a bet loop has failed. */
      const until = <T>(what: string, probe: () => T | undefined, timeoutMs?: number) =>
        waitFor(
          what,
          () => {
            if (failure) throw failure;
            return probe();
          },
          timeoutMs,
        );

      // One loop per player, paced under the per-token limit: each bet carries its own
      // Idempotency-Key and is sent again under the same key when its connection breaks, as the
      // shell retries; so every bet in the database must have been acknowledged, exactly once.
      const loop = async (player: (typeof players)[number]) => {
        while (Date.now() < stopAt) {
          const started = Date.now();
          const key = `cluster-${randomBytes(8).toString('hex')}`;
          let res: Awaited<ReturnType<typeof fresh>> | undefined;
          for (let attempt = 0; !res; attempt++) {
            try {
              res = await fresh(server.url, 'POST', DICE, {
                token: player.token,
                headers: { 'idempotency-key': key, 'x-forwarded-for': player.ip },
                body: { amount: 0.01, target: 50, condition: 'over' },
              });
            } catch (error) {
              const code = (error as NodeJS.ErrnoException).code ?? '';
              if (!CONNECTION_ERRORS.includes(code) || attempt >= 20) throw error;
              resent.push(code);
              await new Promise((r) => setTimeout(r, 50));
            }
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const bet = res.body.bet as { id: number; payout: number };
          acks.push({
            key,
            userId: player.id,
            betId: bet.id,
            payout: bet.payout,
            balance: res.body.balance as number,
            at: Date.now(),
          });
          await new Promise((r) => setTimeout(r, Math.max(0, started + PACE_MS - Date.now())));
        }
      };
      const running = Promise.all(
        players.map((player) =>
          loop(player).catch((error: unknown) => {
            failure ??= error;
            stopAt = 0;
          }),
        ),
      );

      await until('bets before the kill', () => (acks.length >= 40 ? true : undefined));
      const killedAt = Date.now();
      process.kill(victim, 'SIGKILL');

      const replacement = await until(
        'a new worker',
        () => listeningWorkers(server).find((w) => w.pid !== victim && w.pid !== survivor),
        90_000,
      );
      const answeredMeanwhile = acks.filter((a) => a.at > killedAt && a.at < replacement.time);
      const afterReplacement = acks.length;
      await until('bets after the replacement', () =>
        acks.length >= afterReplacement + 40 ? true : undefined,
      );
      stopAt = Date.now();
      await running;
      if (failure) throw failure;

      // The primary saw the death and started the replacement; the survivor kept answering in
      // between, and the replacement answers now.
      expect(server.output()).toMatch(new RegExp(`worker ${victim} died \\(signal SIGKILL\\)`));
      expect(answeredMeanwhile.length).toBeGreaterThan(0);
      expect(childrenOf(server.process.pid!).sort()).toEqual([survivor, replacement.pid].sort());
      const answeredBy = new Set(
        logLines(server)
          .filter((l) => l.msg === 'request completed' && l.time > replacement.time)
          .map((l) => l.pid),
      );
      expect(answeredBy.has(replacement.pid)).toBe(true);
      expect(answeredBy.has(victim)).toBe(false);

      // Every acknowledged bet is in the database as answered, and no other bet is there.
      expect(new Set(acks.map((a) => a.key)).size).toBe(acks.length);
      expect(new Set(acks.map((a) => a.betId)).size).toBe(acks.length);
      const stored = await database.db
        .select({ id: bets.id, userId: bets.userId, payoutCents: bets.payoutCents })
        .from(bets)
        .where(
          inArray(
            bets.userId,
            players.map((p) => p.id),
          ),
        );
      const byId = new Map(stored.map((row) => [row.id, row]));
      for (const ack of acks) {
        const row = byId.get(ack.betId);
        expect(row, `bet ${ack.betId}`).toBeDefined();
        expect(row!.userId).toBe(ack.userId);
        expect(row!.payoutCents).toBe(Math.round(ack.payout * 100));
      }
      expect(stored).toHaveLength(acks.length);

      // Every balance equals its ledger's sum, and the last answer's balance.
      expect(await unbalancedUsers(database.db)).toEqual([]);
      const balances = await database.db
        .select({ id: users.id, balanceCents: users.balanceCents })
        .from(users)
        .where(
          inArray(
            users.id,
            players.map((p) => p.id),
          ),
        );
      for (const row of balances) {
        const last = acks.filter((a) => a.userId === row.id).at(-1)!;
        expect(row.balanceCents, `user ${row.id}`).toBe(Math.round(last.balance * 100));
      }
      console.log(
        `cluster: ${acks.length} bets acknowledged, ${answeredMeanwhile.length} by the survivor ` +
          `while the replacement started (${replacement.time - killedAt} ms), ` +
          `${resent.length} resent after a broken connection (${[...new Set(resent)].join(', ')})`,
      );
    }, 240_000);
  });
}

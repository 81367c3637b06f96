// Giveaways drawn by two real server processes on one PostgreSQL: both sweep for ended giveaways
// and both draw on read; the draw's claim lets one of them pay, so each winner is paid exactly
// once and every balance stays equal to its ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawGiveaway } from '../../games/fairness/giveaway';
import { openDatabase, type Database } from '../../server/db/database';
import { rowsOf } from '../../server/db/prepared';
import { makeAdmin, unbalancedUsers } from '../support/money';
import type { GiveawayDetail } from '../../src/api/giveaways';
import { startServer, type RunningServer } from '../support/server';
import {
  call,
  createTestDatabase,
  postgresUnavailable,
  registerUser,
  type TestDatabase,
} from '../support/testApp';

const pgProblem = await postgresUnavailable();
if (pgProblem) console.warn(`!!! SKIPPING the two-instance giveaway test: ${pgProblem}`);

describe.runIf(!pgProblem)('giveaways on two instances [postgres]', () => {
  let testDb: TestDatabase;
  let database: Database;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const env = { DATABASE_URL: testDb.databaseUrl! };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await testDb?.dispose();
  });

  it('pays each winner of giveaways both instances race to draw exactly once', async () => {
    const admin = await registerUser(a.url);
    await makeAdmin(database.db, admin.id);
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => registerUser(i % 2 ? a.url : b.url)),
    );
    const ids: number[] = [];
    for (let g = 0; g < 6; g++) {
      const made = await call<{ id: number }>(a.url, 'POST', '/api/admin/giveaways', {
        token: admin.token,
        body: {
          title: `Race ${g}`,
          prize: 10 + g,
          winners_count: 1 + g,
          ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      expect(made.status).toBe(201);
      ids.push(made.body.id);
      // Entries through both instances, interleaved.
      await Promise.all(
        players.map(async (p, i) => {
          const entered = await call(
            i % 2 ? b.url : a.url,
            'POST',
            `/api/giveaways/${made.body.id}/entries`,
            {
              token: p.token,
            },
          );
          expect(entered.status).toBe(201);
        }),
      );
    }

    // Every giveaway ends at once; both instances' sweeps and reads on both race to draw them.
    await database.db.execute(
      sql`UPDATE giveaways SET starts_at = now() - interval '2 hours', ends_at = now()`,
    );
    const reads = await Promise.all(
      ids.flatMap((id) =>
        [a, b, a, b].map((server) =>
          call<GiveawayDetail>(server.url, 'GET', `/api/giveaways/${id}`),
        ),
      ),
    );
    for (const read of reads) expect(read.status).toBe(200);

    await expect
      .poll(
        async () =>
          rowsOf<{ n: string }>(
            await database.db.execute(
              sql`SELECT count(*)::text AS n FROM giveaways WHERE drawn_at IS NULL`,
            ),
          )[0]!.n,
        { timeout: 30_000, interval: 200 },
      )
      .toBe('0');

    for (const [g, id] of ids.entries()) {
      const lines = rowsOf<{ reference: string; user_id: number; delta: string }>(
        await database.db.execute(sql`
          SELECT reference, user_id, delta_cents::text AS delta FROM ledger_entries
          WHERE reason = 'giveaway' AND reference LIKE ${`giveaway:${id}:%`}
          ORDER BY reference`),
      );
      // One line per winner, each reference once.
      expect(lines).toHaveLength(1 + g);
      expect(new Set(lines.map((l) => l.reference)).size).toBe(1 + g);
      expect(new Set(lines.map((l) => l.user_id)).size).toBe(1 + g);
      expect(lines.reduce((n, l) => n + Number(l.delta), 0)).toBe((10 + g) * 100);

      const detail = (await call<GiveawayDetail>(b.url, 'GET', `/api/giveaways/${id}`)).body;
      const recomputed = drawGiveaway({
        serverSeed: detail.server_seed!,
        giveawayId: id,
        entrants: detail.entrants!.length,
        winnersCount: detail.winners_count,
        prizeCents: Math.round(detail.prize * 100),
      });
      expect(detail.draw!.map((d) => d.position)).toEqual(recomputed.positions);
    }
    expect(await unbalancedUsers(database.db)).toEqual([]);
  }, 120_000);
});

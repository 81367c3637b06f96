import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { rowsOf } from '../../server/db/prepared';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../support/testApp';

describeEachDatabase('LISTEN/NOTIFY of the database', (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.dispose();
  });

  const notify = (channel: string, payload: string) =>
    database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  /** Connections of this database that have listened (PostgreSQL only: PGlite is one). */
  const listeningConnections = async () =>
    rowsOf<{ n: string }>(
      await database.db.execute(
        sql`SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      ),
    )[0]!.n;

  it('hands each channel its own payloads, and keeps one channel when another is left', async () => {
    const heard: string[] = [];
    const stopA = await database.listen('chan_a', (p) => heard.push(`a:${p}`));
    const stopA2 = await database.listen('chan_a', (p) => heard.push(`a2:${p}`));
    const stopB = await database.listen('chan_b', (p) => heard.push(`b:${p}`));
    await notify('chan_a', '1');
    await notify('chan_b', '2');
    await notify('chan_c', 'nobody');
    await until(() => heard.length >= 3);
    expect(heard.sort()).toEqual(['a2:1', 'a:1', 'b:2']);
    if (kind === 'postgres') expect(await listeningConnections()).toBe('1');

    await stopA();
    await notify('chan_a', '3');
    await notify('chan_b', '4');
    await until(() => heard.length >= 5);
    expect(heard.slice(3).sort()).toEqual(['a2:3', 'b:4']);

    await stopA2();
    await stopB();
    await notify('chan_a', '5');
    await notify('chan_b', '6');
    const fresh: string[] = [];
    const stopC = await database.listen('chan_b', (p) => fresh.push(p));
    await notify('chan_b', '7');
    await until(() => fresh.length >= 1);
    expect(fresh).toEqual(['7']);
    expect(heard).toHaveLength(5);
    await stopC();
  });

  // PostgreSQL only: PGlite's listening is in the process, with no connection to lose.
  if (kind === 'postgres')
    it('listens again on a new connection when PostgreSQL ends the listening one', async () => {
      const heard = { a: [] as string[], b: [] as string[] };
      const stopA = await database.listen('lost_a', (p) => heard.a.push(p));
      const stopB = await database.listen('lost_b', (p) => heard.b.push(p));
      const ended = rowsOf<{ ended: boolean }>(
        await database.db.execute(
          sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        ),
      );
      expect(ended.map((row) => row.ended)).toEqual([true]);
      // What is notified while no connection listens is missed: notify until both are heard.
      for (let i = 0; i < 100 && !(heard.a.length && heard.b.length); i++) {
        await notify('lost_a', `a${i}`);
        await notify('lost_b', `b${i}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(heard.a.length).toBeGreaterThan(0);
      expect(heard.b.length).toBeGreaterThan(0);
      expect(await listeningConnections()).toBe('1');
      await stopA();
      await stopB();
    });
});

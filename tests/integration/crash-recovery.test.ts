import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Answer } from '../../games/shared/wire/types';
import { openDatabase } from '../../server/db/database';
import { createUser } from '../../server/modules/account/service';
import { issueToken } from '../../server/modules/auth/tokens';
import { unbalancedUsers } from '../support/money';
import { prng } from '../support/prng';
import { startServer, type RunningServer } from '../support/server';
import {
  call,
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/testApp';

const PLAYERS = 4;
const WORKERS = 8;
/** SIGKILL once this many adjustments were answered 200, while the others are in flight. */
const KILL_AFTER_OK = 150;

interface Seeded {
  adminToken: string;
  playerIds: number[];
  allUserIds: number[];
}

/** Creates an admin and players through the account service before the server owns the data. */
async function seed(testDb: TestDatabase): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    const admin = await createUser(
      database.db,
      {
        name: 'Crash Admin',
        email: 'crash-admin@example.test',
        password: 'admin-pass-1',
        role: 'admin',
      },
      100_000,
    );
    const playerIds: number[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const player = await createUser(
        database.db,
        { name: `Crash Player ${i}`, email: `crash-${i}@example.test`, password: 'player-pass-1' },
        5_000, // 50.00 against changes of up to 30.00: some debits go past zero and are refused
      );
      playerIds.push(player.id);
    }
    const adminToken = await issueToken(database.db, admin.id, { remember: true });
    return { adminToken, playerIds, allUserIds: [admin.id, ...playerIds] };
  } finally {
    await database.close();
  }
}

type LedgerPage = Answer<'/api/admin/users/{id}/ledger', 'get'>;

async function fullLedger(url: string, token: string, userId: number) {
  const entries: LedgerPage['entries'] = [];
  let head: LedgerPage | undefined;
  let before: number | undefined;
  for (;;) {
    const query = `limit=500${before ? `&before_id=${before}` : ''}`;
    const res = await call<LedgerPage>(url, 'GET', `/api/admin/users/${userId}/ledger?${query}`, {
      token,
    });
    expect(res.status).toBe(200);
    head ??= res.body;
    entries.push(...res.body.entries);
    if (res.body.entries.length < 500) break;
    before = res.body.entries.at(-1)!.id;
  }
  return { balance: head!.balance, ledgerSum: head!.ledger_sum, entries };
}

describeEachDatabase('kill -9 during a stream of balance changes', (kind) => {
  let testDb: TestDatabase | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
    await testDb?.dispose();
  });

  it('keeps every change answered 200, and every balance equals its ledger sum after restart', async () => {
    testDb = await createTestDatabase(kind);
    const seeded = await seed(testDb);
    const env: Record<string, string> = testDb.databaseUrl
      ? { DATABASE_URL: testDb.databaseUrl }
      : {};
    server = await startServer({ dataDir: testDb.dataDir, keepData: true, env });
    const first = server;

    const random = prng(kind === 'pglite' ? 20261121 : 11212026);
    const answered = new Map<string, number>(); // reference -> status
    const unknown = new Set<string>(); // sent, but no answer: the kill cut it off
    let next = 0;
    let killed = false;
    const exited = new Promise((resolve) => first.process.once('exit', resolve));

    const worker = async () => {
      while (!killed || first.process.exitCode === null) {
        const i = next++;
        if (i > 5000) break;
        const reference = `crash-${kind}-${i}`;
        const userId = seeded.playerIds[Math.floor(random() * PLAYERS)]!;
        const cents = 1 + Math.floor(random() * 3000);
        const amount = (random() < 0.5 ? -cents : cents) / 100;
        try {
          const res = await call(first.url, 'POST', `/api/admin/users/${userId}/balance`, {
            token: seeded.adminToken,
            body: { amount, reason: 'crash stream', reference },
          });
          answered.set(reference, res.status);
        } catch {
          unknown.add(reference);
          if (killed) break;
        }
        const ok = [...answered.values()].filter((s) => s === 200).length;
        if (!killed && ok >= KILL_AFTER_OK) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await exited;
    expect(first.process.signalCode).toBe('SIGKILL');

    const ok = [...answered].filter(([, s]) => s === 200).map(([r]) => r);
    const refused = [...answered].filter(([, s]) => s !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(KILL_AFTER_OK);
    // Only debits past zero may be refused (422 on amount); nothing else fails mid-stream.
    for (const [, status] of refused) expect(status).toBe(422);

    if (kind === 'pglite') {
      // kill -9 leaves the lock file of a dead process behind; the restart must take it over.
      const lockFile = path.join(testDb.dataDir, 'server.lock');
      expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.process.pid));
    }
    server = await startServer({ dataDir: testDb.dataDir, keepData: true, env });

    const inLedger = new Set<string>();
    for (const userId of seeded.allUserIds) {
      const ledger = await fullLedger(server.url, seeded.adminToken, userId);
      expect(ledger.balance, `user ${userId}`).toBe(ledger.ledgerSum);
      const summed = ledger.entries.reduce((n, e) => n + Math.round(e.delta * 100), 0);
      expect(Math.round(ledger.balance * 100), `user ${userId}`).toBe(summed);
      for (const e of ledger.entries) {
        if (e.reason === 'admin_adjustment' && e.reference) inLedger.add(e.reference);
      }
    }
    const lost = ok.filter((r) => !inLedger.has(r));
    expect(lost, 'answered 200 but missing after the crash').toEqual([]);
    for (const [reference] of refused) expect(inLedger.has(reference)).toBe(false);
    for (const reference of inLedger) {
      expect(answered.get(reference) === 200 || unknown.has(reference), reference).toBe(true);
    }

    await server.stop();
    const database = await openDatabase({
      databaseUrl: testDb.databaseUrl,
      dataDir: testDb.dataDir,
    });
    try {
      expect(await unbalancedUsers(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    console.log(
      `[${kind}] kill -9 after ${ok.length} answered 200, ${refused.length} refused, ` +
        `${unknown.size} cut off; ${inLedger.size} adjustments in the ledger after restart`,
    );
  }, 240_000);
});

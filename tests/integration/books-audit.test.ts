// The books audit (server/modules/admin/books.ts): GET /api/admin/audit on PGlite and PostgreSQL,
// and `npm run audit` (the CLI) as a real process on PostgreSQL. Clean books first; then rows
// tampered with by SQL, each found and named.
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BooksReport } from '../../src/api/admin';
import { rowsOf } from '../../server/db/prepared';
import { makeAdmin } from '../support/money';
import { repoRoot } from '../support/server';
import {
  appOnDatabase,
  call,
  describeEachDatabase,
  registerUser,
  type DbKind,
} from '../support/testApp';

/** `npm run audit` on a database: its exit code and output. */
function auditCli(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/modules/admin/books-cli.ts'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function suiteOn(kind: DbKind) {
  const suite = appOnDatabase(kind);
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let player: Awaited<ReturnType<typeof registerUser>>;
  const audit = (token = admin.token) =>
    call<BooksReport>(suite.server.url, 'GET', '/api/admin/audit', { token });
  const exec = (query: ReturnType<typeof sql>) => suite.server.database.db.execute(query);

  beforeAll(async () => {
    admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    player = await registerUser(suite.server.url);
    const bet = (path: string, body: unknown) =>
      call(suite.server.url, 'POST', path, { token: player.token, body });
    // Wins and losses (a win pays a line, a loss does not), an open mines game (its stake only)
    // and one cashed out.
    for (let i = 0; i < 12; i++) {
      expect(
        (await bet('/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' })).status,
      ).toBe(200);
    }
    const open = await bet('/api/games/mines/games', { amount: 2, mines: 3 });
    expect(open.status).toBe(200);
  });

  return { suite, audit, exec, admin: () => admin, player: () => player };
}

describeEachDatabase('books audit', (kind) => {
  const { suite, audit, exec, player } = suiteOn(kind);

  it('is for admins only: 401 for a guest, 403 for a player', async () => {
    expect((await call(suite.server.url, 'GET', '/api/admin/audit')).status).toBe(401);
    expect((await audit(player().token)).status).toBe(403);
  });

  it('finds the books balanced after real bets, wins, losses and an open game', async () => {
    const res = await audit();
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([]);
    expect(res.body.bets).toBeGreaterThanOrEqual(13);
    expect(res.body.ledger_rows).toBeGreaterThanOrEqual(res.body.bets + 2);
  });

  it('names the user and bet of every row tampered with by SQL', async () => {
    const userId = player().id;
    const [stake] = rowsOf<{ id: string; reference: string }>(
      await exec(sql`SELECT id::text, reference FROM ledger_entries
        WHERE user_id = ${userId} AND reason = 'bet' ORDER BY id LIMIT 1`),
    );
    const stakeBet = Number(stake!.reference.slice(4));
    // A stake line changed by a cent: the balance no longer matches, nor does the bet's line.
    await exec(
      sql`UPDATE ledger_entries SET delta_cents = delta_cents + 1 WHERE id = ${stake!.id}::bigint`,
    );
    const [paid] = rowsOf<{ id: string; reference: string; delta_cents: string }>(
      await exec(sql`SELECT id::text, reference, delta_cents::text FROM ledger_entries
        WHERE user_id = ${userId} AND reason = 'payout' ORDER BY id LIMIT 1`),
    );
    const paidBet = Number(paid!.reference.slice(4));
    // A payout line moved to a bet that does not exist (the balance kept as it was).
    await exec(
      sql`UPDATE ledger_entries SET reference = 'bet:999999999' WHERE id = ${paid!.id}::bigint`,
    );

    const res = await audit();
    expect(res.status).toBe(200);
    const found = res.body.problems.map((p) => [p.kind, p.user_id, p.bet_id]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['balance_mismatch', userId, null],
        ['stake_line', userId, stakeBet],
        ['payout_line', userId, paidBet],
        ['orphan_line', userId, 999999999],
      ]),
    );
    expect(found).toHaveLength(4);
    const mismatch = res.body.problems.find((p) => p.kind === 'balance_mismatch')!;
    expect(BigInt(mismatch.found) - BigInt(mismatch.expected)).toBe(-1n);

    // Put back: balanced again.
    await exec(
      sql`UPDATE ledger_entries SET delta_cents = delta_cents - 1 WHERE id = ${stake!.id}::bigint`,
    );
    await exec(
      sql`UPDATE ledger_entries SET reference = ${paid!.reference} WHERE id = ${paid!.id}::bigint`,
    );
    expect((await audit()).body.problems).toEqual([]);
  });

  if (kind === 'postgres') {
    describe('npm run audit', () => {
      it('exits 0 on balanced books and 1 after a ledger row is tampered with, naming the user', async () => {
        const url = suite.testDb.databaseUrl!;
        const clean = await auditCli(url);
        expect(clean.output).toMatch(/all balanced/);
        expect(clean.code).toBe(0);

        const userId = player().id;
        await exec(sql`UPDATE ledger_entries SET delta_cents = delta_cents - 5
          WHERE id = (SELECT max(id) FROM ledger_entries WHERE user_id = ${userId} AND reason = 'bet')`);
        const tampered = await auditCli(url);
        expect(tampered.code).toBe(1);
        expect(tampered.output).toMatch(new RegExp(`balance_mismatch: user ${userId}: expected `));
        expect(tampered.output).toMatch(new RegExp(`stake_line: user ${userId} bet \\d+`));
        expect(tampered.output).toMatch(/2 problem\(s\)/);
      }, 60_000);
    });
  }
});

// Migration 0001 moves mines games into game_sessions: a game left open before the upgrade is
// played on after it, through the stepped-game routes, and pays what the rules say.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { hashServerSeed } from '../../games/fairness/index';
import { MIGRATIONS_FOLDER, openDatabase } from '../../server/db/database';
import { unbalancedUsers } from '../support/money';
import { appOnDatabase, call, describeEachDatabase } from '../support/testApp';
import type { BetAnswer } from './games-support';

const SERVER_SEED = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const PASSWORD = 'a long enough password';

/** A migrations folder holding only the first migration: the schema before game_sessions. */
function firstMigrationOnly(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const first = journal.entries[0]!;
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: [first] }),
  );
  fs.copyFileSync(
    path.join(MIGRATIONS_FOLDER, `${first.tag}.sql`),
    path.join(dir, `${first.tag}.sql`),
  );
  return dir;
}

describeEachDatabase('migrating open mines games to game_sessions', (kind) => {
  const email = `old-${kind}@example.test`;

  // The server starts on the old schema's data and runs the remaining migrations.
  const suite = appOnDatabase(kind, {
    empty: true,
    beforeStart: async (testDb) => {
      const old = await openDatabase({
        databaseUrl: testDb.databaseUrl,
        dataDir: testDb.dataDir,
        migrationsFolder: firstMigrationOnly(),
      });
      // A player with 10.00, a 1.00 mines game (3 mines: 19, 22, 7 from the seeds) with tile 0
      // revealed, and the stake in the ledger: the state as the old code left it.
      const passwordHash = await hash(PASSWORD);
      await old.db.execute(sql`
        INSERT INTO users (id, name, email, password_hash, referral_code, balance_cents)
        VALUES (1, 'Old Player', ${email}, ${passwordHash}, 'OLDCODE1', 900)`);
      await old.db.execute(sql`
        INSERT INTO ledger_entries (user_id, delta_cents, reason, balance_after_cents)
        VALUES (1, 1000, 'signup_bonus', 1000), (1, -100, 'bet', 900)`);
      await old.db.execute(sql`
        INSERT INTO seed_pairs (id, user_id, server_seed, server_seed_hash, client_seed, nonce)
        VALUES (1, 1, ${SERVER_SEED}, ${hashServerSeed(SERVER_SEED)}, 'bb62964774', 2)`);
      await old.db.execute(sql`
        INSERT INTO bets (id, user_id, game, amount_cents, seed_pair_id, nonce, params, result)
        VALUES (1, 1, 'mines', 100, 1, 1, '{"mines": 3}',
          '{"mines_count": 3, "revealed": [0], "status": "active", "next_multiplier": 1.25}')`);
      await old.db.execute(sql`
        INSERT INTO mines_games (bet_id, user_id, mines_count, mines, revealed, status)
        VALUES (1, 1, 3, '[19, 22, 7]', '[0]', 'active')`);
      await old.db.execute(sql`SELECT setval('users_id_seq', 1)`);
      await old.db.execute(sql`SELECT setval('bets_id_seq', 1)`);
      await old.db.execute(sql`SELECT setval('seed_pairs_id_seq', 1)`);
      await old.close();
    },
  });

  it('keeps the open game: it comes back, plays on and pays once', async () => {
    const login = await call<{ token: string }>(suite.server.url, 'POST', '/api/login', {
      body: { email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.body.token;
    const active = await call<{ bet: { id: number; result: Record<string, unknown> } | null }>(
      suite.server.url,
      'GET',
      '/api/games/mines/active',
      { token },
    );
    expect(active.body.bet?.id).toBe(1);
    expect(active.body.bet?.result).toEqual({
      mines_count: 3,
      revealed: [0],
      status: 'active',
      next_multiplier: 1.25,
    });
    // Tile 0 stays revealed; tile 1 is safe; the board is the one decided before the upgrade.
    const again = await call(suite.server.url, 'POST', '/api/games/mines/games/1/reveal', {
      token,
      body: { tile: 0 },
    });
    expect(again.status).toBe(422);
    const safe = await call<BetAnswer>(
      suite.server.url,
      'POST',
      '/api/games/mines/games/1/reveal',
      {
        token,
        body: { tile: 1 },
      },
    );
    expect(safe.body.bet.result.status).toBe('active');
    const cashed = await call<BetAnswer>(
      suite.server.url,
      'POST',
      '/api/games/mines/games/1/cashout',
      {
        token,
        body: {},
      },
    );
    expect(cashed.status).toBe(200);
    expect(cashed.body.bet.result).toMatchObject({ status: 'cashed_out', mines: [19, 22, 7] });
    // M(2) with 3 mines = floor(100 * 0.99 * C(25,2) / C(22,2)) / 100 = 1.28.
    expect(cashed.body.bet.multiplier).toBe(1.28);
    expect(cashed.body.balance).toBe(10.28);
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
    const twice = await call(suite.server.url, 'POST', '/api/games/mines/games/1/cashout', {
      token,
      body: {},
    });
    expect(twice.status).toBe(422);
  });
});

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { rowsOf } from '../../server/db/prepared';
import { changeBalance } from '../../server/modules/wallet/service';

/** Gives an existing account the admin role, directly in the database. */
export async function makeAdmin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

/** Every number that a request could change about money, in cents and rows. */
export interface MoneySnapshot {
  users: number;
  balanceCents: number;
  ledgerRows: number;
  ledgerCents: number;
}

export async function moneySnapshot(db: Db): Promise<MoneySnapshot> {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM users) AS users,
           (SELECT coalesce(sum(balance_cents), 0) FROM users) AS balance_cents,
           (SELECT count(*) FROM ledger_entries) AS ledger_rows,
           (SELECT coalesce(sum(delta_cents), 0) FROM ledger_entries) AS ledger_cents`);
  const row = rowsOf<Record<string, unknown>>(result)[0]!;
  return {
    users: Number(row.users),
    balanceCents: Number(row.balance_cents),
    ledgerRows: Number(row.ledger_rows),
    ledgerCents: Number(row.ledger_cents),
  };
}

/** Users whose balance differs from the sum of their ledger rows (should be none). */
export async function unbalancedUsers(
  db: Db,
): Promise<{ id: number; balance: number; ledger: number }[]> {
  const result = await db.execute(sql`
    SELECT u.id, u.balance_cents, coalesce(sum(l.delta_cents), 0) AS ledger
      FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id
     GROUP BY u.id, u.balance_cents
    HAVING u.balance_cents <> coalesce(sum(l.delta_cents), 0)`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((r) => ({
    id: Number(r.id),
    balance: Number(r.balance_cents),
    ledger: Number(r.ledger),
  }));
}

/**
 * Places a settled bet the way the games write it (a 'bet' debit and, on a win, a 'payout'
 * credit) through the one balance service, so earn features can be tested without a game.
 */
export async function recordBet(
  db: Db,
  userId: number,
  stakeCents: number,
  payoutCents = 0,
): Promise<void> {
  await db.transaction(async (tx) => {
    await changeBalance(tx, { userId, deltaCents: -stakeCents, reason: 'bet', reference: 'test' });
    if (payoutCents > 0) {
      await changeBalance(tx, {
        userId,
        deltaCents: payoutCents,
        reason: 'payout',
        reference: 'test',
      });
    }
  });
}

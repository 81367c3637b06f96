import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';
import { ValidationError } from '../../http/errors';

export interface BalanceChange {
  userId: number;
  /** Signed integer cents. */
  deltaCents: number;
  /** What caused it: 'signup_bonus', 'bet', 'payout', 'admin_adjustment', ... */
  reason: string;
  /** The bet, game or request it belongs to. */
  reference?: string | null;
}

/** Thrown when a debit would take a balance below zero; a 422 on `amount` unless caught. */
export class InsufficientFundsError extends ValidationError {
  constructor(field = 'amount') {
    super({ [field]: [{ key: 'money.insufficient' }] });
  }
}

/** One ledger line of a balance change (the user is given beside it). */
export type LedgerChange = Omit<BalanceChange, 'userId'>;

/**
 * The one way balances change, as two CTEs to compose into a single statement: `balance`
 * (UPDATE of the user's balance by the changes' sum, RETURNING the new `balance_cents`; no row
 * when any running total would go below zero, or when `when` is false) and `ledger` (one row
 * per change, in order, each with the balance after it). The UPDATE's row lock serializes
 * concurrent changes of one user; one statement is one round trip and atomic on its own.
 */
export function balanceChangeCtes(userId: number, changes: LedgerChange[], when?: SQL): SQL {
  if (!changes.length) throw new Error('a balance change needs at least one ledger line');
  let running = 0;
  let lowest = Number.POSITIVE_INFINITY;
  const lines = changes.map((change, order) => {
    if (!Number.isSafeInteger(change.deltaCents)) {
      throw new Error(`deltaCents must be an integer, got ${change.deltaCents}`);
    }
    running += change.deltaCents;
    lowest = Math.min(lowest, running);
    return sql`(${order}::int, ${change.deltaCents}::bigint, ${change.reason}::text, ${change.reference ?? null}::text, ${running}::bigint)`;
  });
  // Table and column names as in server/db/schema (users, ledger_entries).
  return sql`balance AS (
      UPDATE users SET balance_cents = balance_cents + ${running}::bigint
      WHERE id = ${userId} AND balance_cents + ${lowest}::bigint >= 0 ${when ? sql`AND ${when}` : sql``}
      RETURNING balance_cents
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
      SELECT ${userId}, line.delta, line.reason, line.reference,
        balance.balance_cents - ${running}::bigint + line.running
      FROM balance, (VALUES ${sql.join(lines, sql`, `)}) AS line(position, delta, reason, reference, running)
      ORDER BY line.position
    )`;
}

/** The rows of a raw `execute`, whichever driver is behind the database. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Changes a user's balance by several ledger lines at once (e.g. a stake and its payout), in the
 * caller's transaction; returns the balance after the last. Throws InsufficientFundsError when a
 * running total would go below zero, and nothing changes.
 */
export async function changeBalances(
  tx: Tx,
  userId: number,
  changes: LedgerChange[],
): Promise<number> {
  const [row] = rowsOf<{ balance: string }>(
    await tx.execute(
      sql`WITH ${balanceChangeCtes(userId, changes)} SELECT balance_cents::text AS balance FROM balance`,
    ),
  );
  if (!row) throw new InsufficientFundsError();
  return Number(row.balance);
}

/** One ledger line: changeBalances for a single change. */
export function changeBalance(tx: Tx, change: BalanceChange): Promise<number> {
  const { userId, ...line } = change;
  return changeBalances(tx, userId, [line]);
}

/**
 * Locks the user's balance row for the rest of the transaction (SELECT ... FOR UPDATE) and
 * returns the balance: a bet locks first, then decides, then debits and credits.
 */
export async function lockBalance(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new Error(`user ${userId} not found`);
  return row.balanceCents;
}

/** Cents -> the wire's currency units with 2 decimals (a JSON number). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

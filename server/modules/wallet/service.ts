import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/prepared';
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

/** A value in a statement: a parameter's value, or SQL such as `sql.placeholder('amount')`. */
type SqlValue<T> = T | SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>;

export interface LedgerLine {
  deltaCents: SqlValue<number>;
  reason: SqlValue<string>;
  reference: SqlValue<string | null>;
}

/**
 * The one way balances change, as CTEs to compose into a single statement: `balance` (UPDATE of
 * the user's balance by the lines' sum, RETURNING the new `balance_cents`; no row when a running
 * total would go below zero, or when `when` is false) and `ledger` (one row per line that moves
 * money, in order, each with the balance after it). The UPDATE's row lock serializes concurrent
 * changes of one user; one statement is one round trip and atomic on its own. Totals are summed
 * in SQL so that a prepared statement can take the amounts as parameters.
 */
export function balanceChangeCtes(userId: SqlValue<number>, lines: LedgerLine[], when?: SQL): SQL {
  if (!lines.length) throw new Error('a balance change needs at least one ledger line');
  const values = lines.map(
    (line, position) =>
      sql`(${position}::int, ${line.deltaCents}::bigint, ${line.reason}::text, ${line.reference}::text)`,
  );
  // Table and column names as in server/db/schema (users, ledger_entries).
  return sql`lines AS (
      SELECT position, delta, reason, reference,
        sum(delta) OVER (ORDER BY position) AS running, sum(delta) OVER () AS total
      FROM (VALUES ${sql.join(values, sql`, `)}) AS line(position, delta, reason, reference)
      WHERE delta <> 0
    ), balance AS (
      UPDATE users
      SET balance_cents = balance_cents + coalesce((SELECT min(total) FROM lines), 0)
      WHERE id = ${userId}::int
        AND balance_cents + coalesce((SELECT min(running) FROM lines), 0) >= 0
        ${when ? sql`AND ${when}` : sql``}
      RETURNING balance_cents
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
      SELECT ${userId}::int, lines.delta, lines.reason, lines.reference,
        balance.balance_cents - lines.total + lines.running
      FROM balance, lines
      ORDER BY lines.position
    )`;
}

/**
 * balanceChangeCtes for the two lines a bet moves, a stake and then a payout (either may be 0,
 * and then has no line), in the shape a single bet needs at the least cost: the balance must
 * cover the stake (the payout comes after it), and each line carries the balance after it. The
 * same CTEs (`balance`, `ledger`) and the same rules, without the running totals of any number
 * of lines: this runs with every bet.
 */
export function stakeAndPayoutCtes(
  userId: SqlValue<number>,
  stake: { amountCents: SqlValue<number>; payoutCents: SqlValue<number>; reference: SQL },
  when: SQL,
): SQL {
  const { amountCents, payoutCents, reference } = stake;
  // Table and column names as in server/db/schema (users, ledger_entries).
  return sql`balance AS (
      UPDATE users SET balance_cents = balance_cents - ${amountCents}::bigint + ${payoutCents}::bigint
      WHERE id = ${userId}::int AND balance_cents >= ${amountCents}::bigint AND ${when}
      RETURNING balance_cents
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
      SELECT ${userId}::int, line.delta, line.reason, ${reference},
        balance.balance_cents - line.later
      FROM balance, (VALUES
        (0, -${amountCents}::bigint, 'bet', ${payoutCents}::bigint),
        (1, ${payoutCents}::bigint, 'payout', 0::bigint)
      ) AS line(position, delta, reason, later)
      WHERE line.delta <> 0
      ORDER BY line.position
    )`;
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
  for (const change of changes) {
    if (!Number.isSafeInteger(change.deltaCents)) {
      throw new Error(`deltaCents must be an integer, got ${change.deltaCents}`);
    }
  }
  const lines = changes.map((change) => ({ ...change, reference: change.reference ?? null }));
  const [row] = rowsOf<{ balance: string }>(
    await tx.execute(
      sql`WITH ${balanceChangeCtes(userId, lines)} SELECT balance_cents::text AS balance FROM balance`,
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
 * Locks the user's balance row for the rest of the transaction and returns the balance. FOR NO
 * KEY UPDATE, the lock an UPDATE of the balance takes anyway: it does not block the KEY SHARE
 * locks that inserting rows referencing the user (ledger, bets) take, which FOR UPDATE would,
 * and could deadlock with a transaction that inserted such a row before changing the balance.
 */
export async function lockBalance(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row) throw new Error(`user ${userId} not found`);
  return row.balanceCents;
}

/** Cents -> the wire's currency units with 2 decimals (a JSON number). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

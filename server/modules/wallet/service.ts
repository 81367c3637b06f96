import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { ledgerEntries, users } from '../../db/schema';
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

/**
 * The one way a balance changes: an atomic conditional update (the row lock of the UPDATE
 * serializes concurrent changes of one user) and its ledger row, in the caller's transaction.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<number> {
  if (!Number.isSafeInteger(change.deltaCents)) {
    throw new Error(`deltaCents must be an integer, got ${change.deltaCents}`);
  }
  const [row] = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${change.deltaCents}` })
    .where(
      sql`${users.id} = ${change.userId} AND ${users.balanceCents} + ${change.deltaCents} >= 0`,
    )
    .returning({ balanceCents: users.balanceCents });
  if (!row) throw new InsufficientFundsError();
  await tx.insert(ledgerEntries).values({
    userId: change.userId,
    deltaCents: change.deltaCents,
    reason: change.reason,
    reference: change.reference ?? null,
    balanceAfterCents: row.balanceCents,
  });
  return row.balanceCents;
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

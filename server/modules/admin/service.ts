import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { notFound, ValidationError } from '../../http/errors';
import { changeBalance } from '../wallet/service';
import { recordAction } from './actions';
import { adminAdjustments } from './schema';

export interface Adjustment {
  adminId: number;
  userId: number;
  /** Signed, non-zero cents. */
  deltaCents: number;
  note: string;
  /** Caller's idempotency reference; a second adjustment with it is refused. */
  reference: string | null;
}

/**
 * An operator's signed balance adjustment: its record and the ledger row in one transaction.
 * A debit past zero is a 422 on `amount` and changes nothing.
 */
export async function adjustBalance(db: Db, adjustment: Adjustment) {
  return db.transaction(async (tx) => {
    // The balance row first, as every balance change locks it (a lock taken later, after the
    // adjustment row's foreign key check, could deadlock with a bet).
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, adjustment.userId))
      .for('no key update');
    if (!target) throw notFound();
    const [record] = await tx
      .insert(adminAdjustments)
      .values({
        userId: adjustment.userId,
        adminId: adjustment.adminId,
        amountCents: adjustment.deltaCents,
        note: adjustment.note,
        reference: adjustment.reference,
      })
      .onConflictDoNothing()
      .returning();
    if (!record) throw ValidationError.field('reference', 'validation.unique');
    const balanceCents = await changeBalance(tx, {
      userId: adjustment.userId,
      deltaCents: adjustment.deltaCents,
      reason: 'admin_adjustment',
      reference: record.reference ?? `admin_adjustment:${record.id}`,
    });
    await recordAction(tx, {
      adminId: adjustment.adminId,
      action: 'balance_adjustment',
      targetUserId: adjustment.userId,
      before: { balance_cents: balanceCents - adjustment.deltaCents },
      after: {
        balance_cents: balanceCents,
        delta_cents: adjustment.deltaCents,
        note: adjustment.note,
        reference: record.reference,
      },
    });
    return { record, balanceCents };
  });
}

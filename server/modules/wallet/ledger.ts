import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db, Tx } from '../../db/database';
import { ledgerEntries, users } from '../../db/schema';
import { centsToAmount } from './service';

/** Ledger reasons written by the games (debit of the stake, credit of the win). */
export const BET_REASON = 'bet';
export const PAYOUT_REASON = 'payout';

export const LedgerEntryBody = Type.Object({
  id: Type.Integer(),
  delta: Type.Number({ description: 'signed amount in currency units' }),
  reason: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  balance_after: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
});

type LedgerRow = typeof ledgerEntries.$inferSelect;

export function ledgerEntryJson(row: LedgerRow) {
  return {
    id: row.id,
    delta: centsToAmount(row.deltaCents),
    reason: row.reason,
    reference: row.reference,
    balance_after: centsToAmount(row.balanceAfterCents),
    created_at: row.createdAt.toISOString(),
  };
}

/** sum() of bigint is numeric: pg answers a string, PGlite a number; both become a number. */
const sumCents = (column: typeof ledgerEntries.deltaCents) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The user's ledger summed per reason, in cents. */
export async function sumsByReason(db: Db | Tx, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ reason: ledgerEntries.reason, cents: sumCents(ledgerEntries.deltaCents) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.reason);
  return new Map(rows.map((r) => [r.reason, r.cents]));
}

/** Sum of every ledger row of the user: equals the balance when the books are right. */
export async function ledgerSum(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sumCents(ledgerEntries.deltaCents) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return row?.cents ?? 0;
}

/** Total staked on bets by the given users, in cents (the bet rows are debits). */
export async function wageredCents(db: Db | Tx, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ cents: sumCents(ledgerEntries.deltaCents) })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.userId, userIds), eq(ledgerEntries.reason, BET_REASON)));
  return -(row?.cents ?? 0);
}

/** Total staked by every user that `referrerId` referred, in cents. */
export async function referredWageredCents(db: Db | Tx, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sumCents(ledgerEntries.deltaCents) })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(and(eq(users.referredBy, referrerId), eq(ledgerEntries.reason, BET_REASON)));
  return -(row?.cents ?? 0);
}

/** Newest first; `beforeId` pages back. */
export async function ledgerPage(
  db: Db,
  userId: number,
  options: { limit: number; beforeId?: number | undefined },
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      options.beforeId === undefined
        ? eq(ledgerEntries.userId, userId)
        : and(eq(ledgerEntries.userId, userId), lt(ledgerEntries.id, options.beforeId)),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(options.limit);
}

import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import { ledgerEntries } from '../../db/schema';
import { bets } from '../games/schema';
import { ledgerWhere, type LedgerFilter } from './ledgerFilter';

type LedgerRow = typeof ledgerEntries.$inferSelect;

/** The bet a ledger row belongs to (its reference is `bet:<id>`), as the wallet links it. */
export interface BetLink {
  id: number;
  game: string;
}

export interface LedgerTotals {
  count: number;
  inCents: number;
  outCents: number;
}

/** Rows, money in (credits) and money out (debits, positive) of the filtered ledger. */
export async function ledgerTotals(db: Db, filter: LedgerFilter): Promise<LedgerTotals> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      in: sql<number>`coalesce(sum(${ledgerEntries.deltaCents}) filter (where ${ledgerEntries.deltaCents} > 0), 0)`.mapWith(
        Number,
      ),
      out: sql<number>`coalesce(-sum(${ledgerEntries.deltaCents}) filter (where ${ledgerEntries.deltaCents} < 0), 0)`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .where(ledgerWhere(filter));
  return { count: row?.count ?? 0, inCents: row?.in ?? 0, outCents: row?.out ?? 0 };
}

/** One page of the filtered ledger, newest first. */
export function ledgerRows(
  db: Db,
  filter: LedgerFilter,
  page: { limit: number; offset?: number; beforeId?: number },
): Promise<LedgerRow[]> {
  const where = ledgerWhere(filter);
  return db
    .select()
    .from(ledgerEntries)
    .where(page.beforeId === undefined ? where : and(where, lt(ledgerEntries.id, page.beforeId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

const BET_REFERENCE = /^bet:([1-9][0-9]{0,14})$/;

/** The user's bets that the rows reference, by reference; others' bets are never linked. */
export async function betLinks(
  db: Db,
  userId: number,
  rows: LedgerRow[],
): Promise<Map<string, BetLink>> {
  const ids = new Set<number>();
  for (const row of rows) {
    const match = BET_REFERENCE.exec(row.reference ?? '');
    if (match) ids.add(Number(match[1]));
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: bets.id, game: bets.game })
    .from(bets)
    .where(and(eq(bets.userId, userId), inArray(bets.id, [...ids])));
  return new Map(found.map((bet) => [`bet:${bet.id}`, bet]));
}

export interface BalancePoint {
  at: Date;
  balanceCents: number;
}

/**
 * balance_after over the filter's dates (every reason: it is the running balance), oldest first.
 * More rows than `maxPoints` are thinned in SQL to every k-th row plus the last one, so a long
 * ledger answers a bounded series; `total` is the number of rows before thinning.
 */
export async function balanceHistory(
  db: Db,
  filter: LedgerFilter,
  maxPoints: number,
): Promise<{ points: BalancePoint[]; total: number }> {
  const where = ledgerWhere(filter, { reasons: false });
  const result = await db.execute(sql`
    WITH range AS (
      SELECT ${ledgerEntries.id} AS id, ${ledgerEntries.createdAt} AS at,
        ${ledgerEntries.balanceAfterCents} AS balance,
        row_number() OVER (ORDER BY ${ledgerEntries.id}) AS position,
        count(*) OVER () AS total
      FROM ${ledgerEntries}
      WHERE ${where}
    )
    SELECT at, balance::text AS balance, total::text AS total
    FROM range
    WHERE position = total
      OR (position - 1) % greatest(1, ceil(total::numeric / ${maxPoints - 1}))::bigint = 0
    ORDER BY id`);
  const rows = rowsOf<{ at: Date | string; balance: string; total: string }>(result);
  return {
    points: rows.map((row) => ({ at: new Date(row.at), balanceCents: Number(row.balance) })),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}

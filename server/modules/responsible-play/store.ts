import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { rowsOf, toDate } from '../../db/prepared';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  NO_LIMIT,
  PERIOD_MS,
  slotAt,
  type BlockKind,
  type LimitKind,
  type LimitPeriod,
  type LimitSlot,
  type UsageLine,
} from './rules';

// Reads and writes of play_limits, play_blocks and the ledger's windows (table and column names
// as in ./schema.ts and server/db/schema.ts). Every time comes from the database's clock, which
// all instances share.

export type LimitSlots = Record<LimitKind, Record<LimitPeriod, LimitSlot>>;
export type Usage = Record<LimitKind, Record<LimitPeriod, number>>;

/** The ledger reasons that count towards each kind of limit, and with which sign. */
const KIND_LINES: Record<LimitKind, { reasons: string[]; sign: 1 | -1 }> = {
  wager: { reasons: ['bet'], sign: -1 },
  loss: { reasons: ['bet', 'payout'], sign: -1 },
  deposit: { reasons: ['deposit'], sign: 1 },
};

/** A period as an SQL interval literal. */
export const periodInterval = (period: LimitPeriod) =>
  sql.raw(`interval '${PERIOD_MS[period] / 1000} seconds'`);
const reasonList = (kind: LimitKind) =>
  sql.raw(KIND_LINES[kind].reasons.map((r) => `'${r}'`).join(', '));

/** The database's clock, as of the current transaction (or statement, outside one). */
export async function databaseNow(db: Db | Tx): Promise<Date> {
  const [row] = rowsOf<{ now: Date | string }>(await db.execute(sql`SELECT now() AS now`));
  return toDate(row!.now);
}

/** Every limit slot of the player as stored (a pending change whose time came is not applied). */
export async function readSlots(db: Db | Tx, userId: number): Promise<LimitSlots> {
  const rows = rowsOf<{
    kind: LimitKind;
    period: LimitPeriod;
    amount_cents: string | number | null;
    pending_amount_cents: string | number | null;
    pending_from: Date | string | null;
  }>(
    await db.execute(sql`SELECT kind, period, amount_cents, pending_amount_cents, pending_from
      FROM play_limits WHERE user_id = ${userId}`),
  );
  const slots = emptySlots();
  for (const row of rows) {
    const from = toDate(row.pending_from);
    slots[row.kind][row.period] = {
      amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
      pending: from
        ? {
            amountCents:
              row.pending_amount_cents === null ? null : Number(row.pending_amount_cents),
            from,
          }
        : null,
    };
  }
  return slots;
}

/** The slots as they stand at `now`. */
export function slotsAt(slots: LimitSlots, now: Date): LimitSlots {
  return mapSlots(slots, (slot) => slotAt(slot, now));
}

export function emptySlots(): LimitSlots {
  return Object.fromEntries(
    LIMIT_KINDS.map((kind) => [
      kind,
      Object.fromEntries(LIMIT_PERIODS.map((period) => [period, NO_LIMIT])),
    ]),
  ) as LimitSlots;
}

export function mapSlots(
  slots: LimitSlots,
  change: (slot: LimitSlot, kind: LimitKind, period: LimitPeriod) => LimitSlot,
): LimitSlots {
  return Object.fromEntries(
    LIMIT_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        LIMIT_PERIODS.map((period) => [period, change(slots[kind][period], kind, period)]),
      ),
    ]),
  ) as LimitSlots;
}

/** Stores every slot: a slot with neither a limit nor a pending change has no row. */
export async function writeSlots(tx: Tx, userId: number, slots: LimitSlots): Promise<void> {
  await tx.execute(sql`DELETE FROM play_limits WHERE user_id = ${userId}`);
  const rows: SQL[] = [];
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const { amountCents, pending } = slots[kind][period];
      if (amountCents === null && !pending) continue;
      rows.push(
        sql`(${userId}::int, ${kind}::text, ${period}::text, ${amountCents}::bigint,
          ${pending?.amountCents ?? null}::bigint, ${pending?.from.toISOString() ?? null}::timestamptz)`,
      );
    }
  }
  if (rows.length === 0) return;
  await tx.execute(sql`INSERT INTO play_limits
    (user_id, kind, period, amount_cents, pending_amount_cents, pending_from)
    VALUES ${sql.join(rows, sql`, `)}`);
}

/**
 * What the player has used of every limit at the database's `now`: per kind and period, the sum
 * of the window's ledger lines (a wager counts stakes, a loss stakes minus payouts, a deposit
 * deposits), and the oldest line of each window (when the used amount starts to free up).
 */
export async function readUsage(
  db: Db | Tx,
  userId: number,
): Promise<{
  now: Date;
  used: Usage;
  oldest: Record<LimitKind, Record<LimitPeriod, Date | null>>;
}> {
  const columns: SQL[] = [];
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const within = sql`reason IN (${reasonList(kind)}) AND created_at > now() - ${periodInterval(period)}`;
      const sign = sql.raw(String(KIND_LINES[kind].sign));
      columns.push(
        sql`coalesce(sum(${sign} * delta_cents) FILTER (WHERE ${within}), 0)::text
          AS ${sql.identifier(`${kind}_${period}`)}`,
        sql`min(created_at) FILTER (WHERE ${within}) AS ${sql.identifier(`${kind}_${period}_oldest`)}`,
      );
    }
  }
  const [row] = rowsOf<Record<string, string | Date | null>>(
    await db.execute(sql`SELECT now() AS now, ${sql.join(columns, sql`, `)}
      FROM (SELECT 1) AS one
      LEFT JOIN ledger_entries ON user_id = ${userId}
        AND reason IN ('bet', 'payout', 'deposit') AND created_at > now() - ${periodInterval('month')}`),
  );
  const used = {} as Usage;
  const oldest = {} as Record<LimitKind, Record<LimitPeriod, Date | null>>;
  for (const kind of LIMIT_KINDS) {
    used[kind] = {} as Record<LimitPeriod, number>;
    oldest[kind] = {} as Record<LimitPeriod, Date | null>;
    for (const period of LIMIT_PERIODS) {
      used[kind][period] = Number(row![`${kind}_${period}`]);
      oldest[kind][period] = toDate(row![`${kind}_${period}_oldest`] as Date | string | null);
    }
  }
  return { now: toDate(row!.now as Date | string), used, oldest };
}

/** The lines of one limit's window, oldest first, each with what it adds to the used amount. */
export async function usageLines(
  db: Db | Tx,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
): Promise<UsageLine[]> {
  const sign = sql.raw(String(KIND_LINES[kind].sign));
  const rows = rowsOf<{ at: Date | string; cents: string }>(
    await db.execute(sql`SELECT created_at AS at, (${sign} * delta_cents)::text AS cents
      FROM ledger_entries
      WHERE user_id = ${userId} AND reason IN (${reasonList(kind)})
        AND created_at > now() - ${periodInterval(period)}
      ORDER BY created_at, id`),
  );
  return rows.map((row) => ({ at: toDate(row.at), cents: Number(row.cents) }));
}

export interface ActiveBlock {
  kind: BlockKind;
  /** Null: for good. */
  until: Date | null;
}

/** A block as the API shows it (null: none). */
export const blockJson = (block: ActiveBlock | null) =>
  block && { kind: block.kind, until: block.until?.toISOString() ?? null };

/** The break or self-exclusion in force, the one that ends last when several are. */
export async function activeBlock(db: Db | Tx, userId: number): Promise<ActiveBlock | null> {
  const [row] = rowsOf<{ kind: BlockKind; ends_at: Date | string | null }>(
    await db.execute(sql`SELECT kind, ends_at FROM play_blocks
      WHERE user_id = ${userId} AND (ends_at IS NULL OR ends_at > now())
      ORDER BY ends_at DESC NULLS FIRST, id DESC LIMIT 1`),
  );
  return row ? { kind: row.kind, until: toDate(row.ends_at) } : null;
}

/** Adds a block and marks the player guarded, in the caller's transaction. */
export async function addBlock(tx: Tx, userId: number, block: ActiveBlock): Promise<void> {
  await tx.execute(sql`INSERT INTO play_blocks (user_id, kind, ends_at)
    VALUES (${userId}, ${block.kind}, ${block.until?.toISOString() ?? null}::timestamptz)`);
  await setGuarded(tx, userId, true);
}

export async function setGuarded(db: Db | Tx, userId: number, guarded: boolean): Promise<void> {
  await db.execute(sql`UPDATE users SET play_guarded = ${guarded} WHERE id = ${userId}`);
}

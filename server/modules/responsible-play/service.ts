import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf, toDate } from '../../db/prepared';
import { HttpError } from '../../http/errors';
import { lockBalance } from '../wallet/service';
import {
  breakEnd,
  changeSlot,
  exclusionEnd,
  guardsBets,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  PERIOD_MS,
  type LimitKind,
  type LimitPeriod,
} from './rules';
import {
  activeBlock,
  addBlock,
  periodInterval,
  databaseNow,
  mapSlots,
  readSlots,
  readUsage,
  setGuarded,
  slotsAt,
  writeSlots,
  type ActiveBlock,
  type LimitSlots,
} from './store';

/** The limits a player asks for, in cents (null: none; undefined: as it is), per kind and period. */
export type WantedLimits = Record<LimitKind, Record<LimitPeriod, number | null | undefined>>;

/** One limit as the settings page shows it. */
export interface LimitView {
  amountCents: number | null;
  pending: { amountCents: number | null; from: Date } | null;
  usedCents: number;
  /** When the oldest money in the window leaves it (null: nothing used). */
  freesAt: Date | null;
}

export type LimitsView = Record<LimitKind, Record<LimitPeriod, LimitView>>;

/** Every limit of the player as it stands now, with what is used of it. */
export async function limitsView(db: Db, userId: number): Promise<LimitsView> {
  const [stored, usage] = await Promise.all([readSlots(db, userId), readUsage(db, userId)]);
  return viewOf(slotsAt(stored, usage.now), usage);
}

function viewOf(slots: LimitSlots, usage: Awaited<ReturnType<typeof readUsage>>): LimitsView {
  const view = {} as LimitsView;
  for (const kind of LIMIT_KINDS) {
    view[kind] = {} as Record<LimitPeriod, LimitView>;
    for (const period of LIMIT_PERIODS) {
      const oldest = usage.oldest[kind][period];
      view[kind][period] = {
        ...slots[kind][period],
        usedCents: usage.used[kind][period],
        freesAt: oldest && new Date(oldest.getTime() + PERIOD_MS[period]),
      };
    }
  }
  return view;
}

/**
 * Sets the player's limits (rules.changeSlot: lower ones at once, higher ones and removals in
 * 24 hours), under their balance row's lock so that no bet of theirs is decided meanwhile; a
 * loss or wager limit marks them guarded. Answers the limits as they then stand.
 */
export async function setLimits(db: Db, userId: number, wanted: WantedLimits): Promise<LimitsView> {
  await db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const now = await databaseNow(tx);
    const current = slotsAt(await readSlots(tx, userId), now);
    const next = mapSlots(current, (slot, kind, period) => {
      const amount = wanted[kind][period];
      return amount === undefined ? slot : changeSlot(slot, amount, now);
    });
    await writeSlots(tx, userId, next);
    const guarded = LIMIT_KINDS.some((kind) =>
      LIMIT_PERIODS.some((period) => guardsBets(kind, next[kind][period])),
    );
    if (guarded) await setGuarded(tx, userId, true);
  });
  return limitsView(db, userId);
}

/**
 * Starts a break of `hours` or a self-exclusion of `months` (or for good) now. One already in
 * force that ends later stays as it is: a new one can lengthen a pause, never shorten it.
 */
export async function startBlock(
  db: Db,
  userId: number,
  wanted:
    { kind: 'break'; hours: number } | { kind: 'self_exclusion'; months: number | 'permanent' },
): Promise<ActiveBlock> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const now = await databaseNow(tx);
    const until =
      wanted.kind === 'break' ? breakEnd(now, wanted.hours) : exclusionEnd(now, wanted.months);
    await addBlock(tx, userId, { kind: wanted.kind, until });
    return (await activeBlock(tx, userId))!;
  });
}

/** An operator cannot lift a break or an exclusion: always a 403 (the console says why). */
export function refuseToLift(): never {
  throw new HttpError(403, 'play.block_cannot_lift');
}

/** What a reality check shows: the player's stakes and net result since `since` (at most 30 days). */
export async function playSummary(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ since: Date; wageredCents: number; netCents: number; bets: number }> {
  const [row] = rowsOf<{ since: Date | string; wagered: string; net: string; bets: string }>(
    await db.execute(sql`WITH bounds AS (
        SELECT greatest(least(${since.toISOString()}::timestamptz, now()),
          now() - ${periodInterval('month')}) AS since
      )
      SELECT bounds.since,
        coalesce(sum(-delta_cents) FILTER (WHERE reason = 'bet'), 0)::text AS wagered,
        coalesce(sum(delta_cents), 0)::text AS net,
        count(*) FILTER (WHERE reason = 'bet')::text AS bets
      FROM bounds LEFT JOIN ledger_entries ON user_id = ${userId}
        AND reason IN ('bet', 'payout') AND created_at >= bounds.since
      GROUP BY bounds.since`),
  );
  return {
    since: toDate(row!.since),
    wageredCents: Number(row!.wagered),
    netCents: Number(row!.net),
    bets: Number(row!.bets),
  };
}

/** The reality check's interval in minutes, or null for off. */
export async function setRealityCheck(db: Db, userId: number, minutes: number | null) {
  await db.execute(sql`UPDATE users SET reality_check_minutes = ${minutes} WHERE id = ${userId}`);
}

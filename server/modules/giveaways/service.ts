import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { drawGiveaway } from '../../../games/fairness/giveaway';
import { hashServerSeed } from '../../../games/fairness/index';
import type { Db, Tx } from '../../db/database';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/prepared';
import { ValidationError } from '../../http/errors';
import { recordAction } from '../admin/actions';
import { bets } from '../games/schema';
import { centsToAmount, changeBalance } from '../wallet/service';
import { giveawayEntries, giveaways, giveawayWinners, type Giveaway } from './schema';
import { assertNotBlocked } from '../responsible-play/enforce';

/** The ledger reason of a giveaway prize; its reference is `giveaway:<id>:<rank>`. */
const GIVEAWAY_REASON = 'giveaway';
/** The entry rule looks at the stakes of this many days before entering. */
export const RULE_DAYS = 7;
/** Ended giveaways listed by GET /api/giveaways (newest first). */
const ENDED_LISTED = 20;

export type GiveawayStatus = 'upcoming' | 'open' | 'drawing' | 'ended';

export function statusOf(giveaway: Giveaway, now: Date): GiveawayStatus {
  if (giveaway.drawnAt) return 'ended';
  if (giveaway.endsAt.getTime() <= now.getTime()) return 'drawing';
  return giveaway.startsAt.getTime() > now.getTime() ? 'upcoming' : 'open';
}

export interface NewGiveaway {
  title: string;
  prizeCents: number;
  winnersCount: number;
  startsAt: Date;
  endsAt: Date;
  minWageredCents: number | null;
}

/** Creates a giveaway with a fresh secret seed (only its hash is shown until the draw), logged. */
export async function createGiveaway(
  db: Db,
  adminId: number,
  input: NewGiveaway,
): Promise<Giveaway> {
  const serverSeed = randomBytes(32).toString('hex');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giveaways)
      .values({
        ...input,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        createdBy: adminId,
      })
      .returning();
    await recordAction(tx, {
      adminId,
      action: 'giveaway_create',
      targetUserId: null,
      before: null,
      after: {
        giveaway_id: row!.id,
        title: row!.title,
        prize: centsToAmount(row!.prizeCents),
        winners: row!.winnersCount,
        starts_at: row!.startsAt.toISOString(),
        ends_at: row!.endsAt.toISOString(),
        min_wagered: row!.minWageredCents === null ? null : centsToAmount(row!.minWageredCents),
        server_seed_hash: row!.serverSeedHash,
      },
    });
    return row!;
  });
}

/** The sum of the user's stakes over the RULE_DAYS days before now, in cents. */
export async function wageredCents(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${bets.amountCents}), 0)::text` })
    .from(bets)
    .where(
      and(
        eq(bets.userId, userId),
        sql`${bets.createdAt} > now() - make_interval(days => ${RULE_DAYS}::int)`,
      ),
    );
  return Number(row?.cents ?? 0);
}

const refuse = (key: Parameters<typeof ValidationError.field>[1], params = {}) =>
  ValidationError.field('giveaway', key, params);

/**
 * Enters the user once. The insert re-checks, in the statement that writes, that the giveaway is
 * open and not drawn, holding a share lock on it: a draw that claims it meanwhile waits for this
 * entry and counts it, or this entry sees it drawn and is refused. The unique index keeps a
 * second (even parallel) entry out.
 */
export async function enterGiveaway(
  db: Db,
  giveaway: Giveaway,
  userId: number,
  now: Date,
): Promise<void> {
  const status = statusOf(giveaway, now);
  if (status === 'upcoming') throw refuse('giveaway.not_started');
  if (status !== 'open') throw refuse('giveaway.ended');
  await assertNotBlocked(db, userId);
  if (giveaway.minWageredCents !== null) {
    const wagered = await wageredCents(db, userId);
    if (wagered < giveaway.minWageredCents) {
      throw refuse('giveaway.rule', {
        amount: centsToAmount(giveaway.minWageredCents).toFixed(2),
        days: RULE_DAYS,
        wagered: centsToAmount(wagered).toFixed(2),
      });
    }
  }
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      WITH open AS (
        SELECT id FROM giveaways
        WHERE id = ${giveaway.id} AND drawn_at IS NULL AND starts_at <= now() AND ends_at > now()
        FOR SHARE
      )
      INSERT INTO giveaway_entries (giveaway_id, user_id)
      SELECT id, ${userId} FROM open
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  if (inserted.length) return;
  const [already] = await db
    .select({ id: giveawayEntries.id })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.giveawayId, giveaway.id), eq(giveawayEntries.userId, userId)));
  throw refuse(already ? 'giveaway.already_entered' : 'giveaway.ended');
}

/**
 * Draws and pays the giveaway if it has ended and nobody has drawn it: one transaction that
 * claims it (the conditional UPDATE: of two instances racing, one claims and the other finds
 * nothing to do, after the first commits), draws over the entrants in entry order, writes the
 * winners and pays each through the ledger. True when this call drew it.
 */
async function drawIfDue(db: Db, giveawayId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(giveaways)
      .set({ drawnAt: sql`now()` })
      .where(
        and(
          eq(giveaways.id, giveawayId),
          isNull(giveaways.drawnAt),
          lte(giveaways.endsAt, sql`now()`),
        ),
      )
      .returning();
    if (!claimed) return false;
    const entrants = await tx
      .select({ userId: giveawayEntries.userId })
      .from(giveawayEntries)
      .where(eq(giveawayEntries.giveawayId, giveawayId))
      .orderBy(asc(giveawayEntries.id));
    const draw = drawGiveaway({
      serverSeed: claimed.serverSeed,
      giveawayId,
      entrants: entrants.length,
      winnersCount: claimed.winnersCount,
      prizeCents: claimed.prizeCents,
    });
    const winners = draw.positions.map((position, index) => ({
      giveawayId,
      rank: index + 1,
      userId: entrants[position]!.userId,
      prizeCents: draw.prizes[index]!,
    }));
    if (!winners.length) return true;
    await tx.insert(giveawayWinners).values(winners);
    // Balance rows locked in user order, so two draws paying the same players cannot deadlock.
    for (const winner of [...winners].sort((a, b) => a.userId - b.userId)) {
      await changeBalance(tx, {
        userId: winner.userId,
        deltaCents: winner.prizeCents,
        reason: GIVEAWAY_REASON,
        reference: `giveaway:${giveawayId}:${winner.rank}`,
      });
    }
    return true;
  });
}

/** Ids of the giveaways that have ended and are not drawn yet. */
async function dueGiveaways(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(and(isNull(giveaways.drawnAt), lte(giveaways.endsAt, sql`now()`)))
    .orderBy(asc(giveaways.endsAt))
    .limit(100);
  return rows.map((r) => r.id);
}

/** Draws every giveaway that is due; the number this call drew. */
export async function drawDue(db: Db): Promise<number> {
  let drawn = 0;
  for (const id of await dueGiveaways(db)) if (await drawIfDue(db, id)) drawn++;
  return drawn;
}

export async function findGiveaway(db: Db, id: number): Promise<Giveaway | null> {
  const [row] = await db.select().from(giveaways).where(eq(giveaways.id, id));
  return row ?? null;
}

/** Open and upcoming giveaways, and the latest ended ones. */
export async function listedGiveaways(db: Db): Promise<Giveaway[]> {
  const [current, ended] = await Promise.all([
    db
      .select()
      .from(giveaways)
      .where(isNull(giveaways.drawnAt))
      .orderBy(asc(giveaways.endsAt), asc(giveaways.id))
      .limit(100),
    db
      .select()
      .from(giveaways)
      .where(isNotNull(giveaways.drawnAt))
      .orderBy(desc(giveaways.endsAt), desc(giveaways.id))
      .limit(ENDED_LISTED),
  ]);
  return [...current, ...ended];
}

/** A public name: the player's, or null when they hide it. */
const publicName = sql<string | null>`CASE WHEN ${users.hideName} THEN NULL ELSE ${users.name} END`;

export interface Winner {
  giveawayId: number;
  rank: number;
  userId: number;
  name: string | null;
  prizeCents: number;
}

export async function winnersOf(db: Db, ids: number[]): Promise<Winner[]> {
  if (!ids.length) return [];
  return db
    .select({
      giveawayId: giveawayWinners.giveawayId,
      rank: giveawayWinners.rank,
      userId: giveawayWinners.userId,
      name: publicName,
      prizeCents: giveawayWinners.prizeCents,
    })
    .from(giveawayWinners)
    .innerJoin(users, eq(users.id, giveawayWinners.userId))
    .where(inArray(giveawayWinners.giveawayId, ids))
    .orderBy(asc(giveawayWinners.giveawayId), asc(giveawayWinners.rank));
}

export async function entrantCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: giveawayEntries.giveawayId, n: sql<string>`count(*)::text` })
    .from(giveawayEntries)
    .where(inArray(giveawayEntries.giveawayId, ids))
    .groupBy(giveawayEntries.giveawayId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The giveaways (of `ids`) the user has entered. */
export async function enteredBy(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: giveawayEntries.giveawayId })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.userId, userId), inArray(giveawayEntries.giveawayId, ids)));
  return new Set(rows.map((r) => r.id));
}

export interface Entrant {
  userId: number;
  name: string | null;
}

/** The entrants in entry order (the order the draw runs over). */
export async function entrantsOf(db: Db, giveawayId: number): Promise<Entrant[]> {
  return db
    .select({ userId: giveawayEntries.userId, name: publicName })
    .from(giveawayEntries)
    .innerJoin(users, eq(users.id, giveawayEntries.userId))
    .where(eq(giveawayEntries.giveawayId, giveawayId))
    .orderBy(asc(giveawayEntries.id));
}

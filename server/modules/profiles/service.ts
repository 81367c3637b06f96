import { Type, type Static } from 'typebox';
import { and, count, desc, eq, gt, max, notExists, sql, sum } from 'drizzle-orm';
import { centsToAmount, multiplierToNumber } from '../../../games/fairness/index';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { bets, gameSessions } from '../games/schema';

/** Recent bets shown on a profile. */
export const RECENT_BETS = 20;

/** A bet as a profile shows it: what was played and paid, never seeds, params or results. */
const PublicBetBody = Type.Object({
  id: Type.Integer(),
  game: Type.String(),
  amount: Type.Number(),
  multiplier: Type.Number(),
  payout: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
});

const StatsBody = Type.Object({
  bets: Type.Integer({ description: 'settled bets' }),
  wagered: Type.Number({ description: 'sum of the stakes' }),
  // The largest payout, with the bet it came from; null before any winning bet.
  biggest_win: Type.Union([
    Type.Object({
      payout: Type.Number(),
      multiplier: Type.Number(),
      game: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
  // Ties: the one played last; null before any bet.
  favourite_game: Type.Union([Type.String(), Type.Null()], { description: 'most played game' }),
});

/** GET /api/profile/{id}. */
export const ProfileBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image_id: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  // The player keeps their bets private (settings "hide my name"): no stats, no bets.
  bets_hidden: Type.Boolean({
    description: 'the player hides their name in public feeds: stats and bets are not shown',
  }),
  stats: Type.Union([StatsBody, Type.Null()]),
  recent_bets: Type.Array(PublicBetBody),
});

type Profile = Static<typeof ProfileBody>;
type ProfileStats = Static<typeof StatsBody>;
type PublicBet = Static<typeof PublicBetBody>;

/** Settled bets only: a stepped game or a live round still being played is not a result yet. */
const settled = (userId: number) =>
  and(
    eq(bets.userId, userId),
    notExists(
      sql`(SELECT 1 FROM ${gameSessions} WHERE ${gameSessions.betId} = ${bets.id} AND ${gameSessions.status} = 'active')`,
    ),
  );

const toIso = (value: Date | string): string => new Date(value).toISOString();

async function statsOf(db: Db, userId: number): Promise<ProfileStats> {
  const [totals] = await db
    .select({ n: count(), wagered: sum(bets.amountCents) })
    .from(bets)
    .where(settled(userId));
  const [favourite] = await db
    .select({ game: bets.game, n: count(), last: max(bets.id) })
    .from(bets)
    .where(settled(userId))
    .groupBy(bets.game)
    .orderBy(desc(count()), desc(max(bets.id)))
    .limit(1);
  const [best] = await db
    .select({
      payout: bets.payoutCents,
      multiplier: bets.multiplierE4,
      game: bets.game,
      createdAt: bets.createdAt,
    })
    .from(bets)
    .where(and(settled(userId), gt(bets.payoutCents, 0)))
    .orderBy(desc(bets.payoutCents), desc(bets.id))
    .limit(1);
  return {
    bets: Number(totals?.n ?? 0),
    // sum() of a bigint column is a numeric: a string on both drivers.
    wagered: centsToAmount(Number(totals?.wagered ?? 0)),
    biggest_win: best
      ? {
          payout: centsToAmount(Number(best.payout)),
          multiplier: multiplierToNumber(Number(best.multiplier)),
          game: best.game,
          created_at: toIso(best.createdAt),
        }
      : null,
    favourite_game: favourite?.game ?? null,
  };
}

async function recentBetsOf(db: Db, userId: number): Promise<PublicBet[]> {
  const rows = await db
    .select({
      id: bets.id,
      game: bets.game,
      amount: bets.amountCents,
      multiplier: bets.multiplierE4,
      payout: bets.payoutCents,
      createdAt: bets.createdAt,
    })
    .from(bets)
    .where(settled(userId))
    .orderBy(desc(bets.id))
    .limit(RECENT_BETS);
  return rows.map((r) => ({
    id: Number(r.id),
    game: r.game,
    amount: centsToAmount(Number(r.amount)),
    multiplier: multiplierToNumber(Number(r.multiplier)),
    payout: centsToAmount(Number(r.payout)),
    created_at: toIso(r.createdAt),
  }));
}

/**
 * A player's public profile, or null for an unknown id. A player who hides their name keeps
 * their page (name, picture, join date, gallery: what the creator list already shows), but not
 * their bets: a bet on the profile next to one shown as "hidden" in the live feed (same game,
 * time and stake) would name its player again. `viewerId` sees their own bets anyway.
 */
export async function loadProfile(
  db: Db,
  userId: number,
  viewerId: number | null,
): Promise<Profile | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      imageId: users.imageId,
      hideName: users.hideName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const hidden = user.hideName && viewerId !== user.id;
  const [stats, recent] = hidden
    ? [null, []]
    : await Promise.all([statsOf(db, userId), recentBetsOf(db, userId)]);
  return {
    id: user.id,
    name: user.name,
    image_id: user.imageId,
    created_at: toIso(user.createdAt),
    bets_hidden: hidden,
    stats,
    recent_bets: recent,
  };
}

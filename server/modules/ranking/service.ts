import { asc, count, desc, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

export const TOP_SIZE = 50;

/**
 * Standard competition ranking by balance ("1224"): a user's rank is one more than the number of
 * users with a larger balance, so equal balances share a rank.
 */
export async function rankOf(
  db: Db,
  balanceCents: number,
): Promise<{ rank: number; total: number }> {
  const [[above], [all]] = await Promise.all([
    db.select({ n: count() }).from(users).where(gt(users.balanceCents, balanceCents)),
    db.select({ n: count() }).from(users),
  ]);
  return { rank: Number(above?.n ?? 0) + 1, total: Number(all?.n ?? 0) };
}

export interface RankedUser {
  rank: number;
  id: number;
  name: string;
  imageId: string | null;
  balanceCents: number;
}

/** The TOP_SIZE largest balances, ties ordered by who joined first. */
export async function topBalances(db: Db): Promise<RankedUser[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      imageId: users.imageId,
      balanceCents: users.balanceCents,
    })
    .from(users)
    .orderBy(desc(users.balanceCents), asc(users.id))
    .limit(TOP_SIZE);
  const ranked: RankedUser[] = [];
  rows.forEach((row, i) => {
    const previous = ranked[i - 1];
    const rank = previous && previous.balanceCents === row.balanceCents ? previous.rank : i + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}

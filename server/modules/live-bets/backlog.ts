import { sql } from 'drizzle-orm';
import { centsToAmount, multiplierToNumber } from '../../../games/fairness/index';
import type { Db } from '../../db/database';
import { preparedSql, toDate } from '../../db/prepared';
import type { FeedBet } from './publicBet';

interface Row {
  id: string;
  game: string;
  user_id: number;
  name: string;
  hide_name: boolean;
  amount_cents: string;
  multiplier_e4: string;
  payout_cents: string;
  settled_at: Date | string;
}

/**
 * The latest settled bets, newest first: instant bets, and stepped games and live rounds once
 * their session has ended (a game in progress is not settled and shows nothing). Walks the bets'
 * primary key backwards; the player's name as it is now, so hiding it also hides the past.
 */
const latest = preparedSql<Row>(
  'live_bets_backlog',
  sql`SELECT b.id::text AS id, b.game, b.user_id, u.name, u.hide_name,
      b.amount_cents::text AS amount_cents, b.multiplier_e4::text AS multiplier_e4,
      b.payout_cents::text AS payout_cents, coalesce(s.ended_at, b.created_at) AS settled_at
    FROM bets AS b
    JOIN users AS u ON u.id = b.user_id
    LEFT JOIN game_sessions AS s ON s.bet_id = b.id
    WHERE s.bet_id IS NULL OR s.status <> 'active'
    ORDER BY b.id DESC
    LIMIT ${sql.placeholder('limit')}::int`,
);

export async function latestSettledBets(db: Db, limit: number): Promise<FeedBet[]> {
  const rows = await latest(db, { limit });
  return rows.map((row) => ({
    id: Number(row.id),
    game: row.game,
    user_id: row.user_id,
    player: row.hide_name ? null : row.name,
    time: toDate(row.settled_at).toISOString(),
    amount: centsToAmount(Number(row.amount_cents)),
    multiplier: multiplierToNumber(Number(row.multiplier_e4)),
    payout: centsToAmount(Number(row.payout_cents)),
  }));
}

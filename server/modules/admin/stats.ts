import { sql, type SQL } from 'drizzle-orm';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import { centsToAmount } from '../wallet/service';
import { emptySums, rtpCheck, type RtpCheck } from '../../../games/fairness/rtp';

/** Bets settled in the period: a stepped game or live round still running has paid nothing yet. */
const settledIn = (from: Date, to: Date) => sql`b.created_at >= ${from.toISOString()}::timestamptz
  AND b.created_at < ${to.toISOString()}::timestamptz
  AND NOT EXISTS (SELECT 1 FROM game_sessions AS s WHERE s.bet_id = b.id AND s.status = 'active')`;

/**
 * Per game, the wire fields its theoretical RTP depends on (rules.rtpFields), as one JSON key per
 * bet: the bets are summed per key, so each group is held to its own table.
 */
function rtpKey(): SQL {
  const cases = [...GAME_RULES.values()]
    .filter((rules) => rules.rtpFields?.length)
    .map((rules) => {
      const pairs = rules.rtpFields!.map(
        (field) => sql`${field}::text, b.params -> ${field}::text`,
      );
      return sql`WHEN ${rules.id}::text THEN jsonb_build_object(${sql.join(pairs, sql`, `)})`;
    });
  return cases.length
    ? sql`CASE b.game ${sql.join(cases, sql` `)} ELSE '{}'::jsonb END`
    : sql`'{}'::jsonb`;
}

interface GroupRow {
  game: string;
  key: Record<string, unknown>;
  bets: number;
  wagered: number;
  paid: number;
  wagered_squares: number;
  paid_squares: number;
  products: number;
}

export interface GameStats {
  game: string;
  bets: number;
  players: number;
  wageredCents: number;
  paidCents: number;
  /** Null for a game no longer in the registry (its theory unknown). */
  rtp: RtpCheck | null;
}

/** The RTP of a game's first `bets` bets of the period: how the observed RTP converges. */
export interface ConvergencePoint {
  game: string;
  bets: number;
  rtp: number;
}

/** At most this many points per game (evenly spaced by bet count, the last bet always). */
const CONVERGENCE_POINTS = 200;

export interface DailyRow {
  day: string;
  game: string;
  wageredCents: number;
  paidCents: number;
}

/** Each game's bets, players, wagered, paid and RTP check over [from, to), and per day. */
export async function gameStats(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ games: GameStats[]; daily: DailyRow[]; convergence: ConvergencePoint[] }> {
  const where = settledIn(from, to);
  const groups = rowsOf<GroupRow>(
    await db.execute(sql`
      SELECT b.game, ${rtpKey()} AS key, count(*)::int AS bets,
        sum(b.amount_cents)::float8 AS wagered, sum(b.payout_cents)::float8 AS paid,
        sum(b.amount_cents::float8 * b.amount_cents) AS wagered_squares,
        sum(b.payout_cents::float8 * b.payout_cents) AS paid_squares,
        sum(b.amount_cents::float8 * b.payout_cents) AS products
      FROM bets AS b WHERE ${where}
      GROUP BY 1, 2`),
  );
  const players = rowsOf<{ game: string; players: number }>(
    await db.execute(sql`SELECT b.game, count(DISTINCT b.user_id)::int AS players
      FROM bets AS b WHERE ${where} GROUP BY 1`),
  );
  const daily = rowsOf<{ day: string; game: string; wagered: number; paid: number }>(
    await db.execute(sql`
      SELECT to_char(date_trunc('day', b.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
        b.game, sum(b.amount_cents)::float8 AS wagered, sum(b.payout_cents)::float8 AS paid
      FROM bets AS b WHERE ${where}
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );

  const convergence = rowsOf<{ game: string; n: number; paid: number; wagered: number }>(
    await db.execute(sql`
      SELECT game, n::int AS n, paid, wagered FROM (
        SELECT b.game, row_number() OVER w AS n, count(*) OVER (PARTITION BY b.game) AS total,
          sum(b.payout_cents::float8) OVER w AS paid, sum(b.amount_cents::float8) OVER w AS wagered
        FROM bets AS b WHERE ${where}
        WINDOW w AS (PARTITION BY b.game ORDER BY b.id)
      ) AS running
      WHERE n % greatest(1, ceil(total::float8 / ${CONVERGENCE_POINTS}))::int = 0 OR n = total
      ORDER BY game, n`),
  );

  const byGame = new Map<string, { sums: ReturnType<typeof emptySums>; known: boolean }>();
  for (const row of groups) {
    const rules = GAME_RULES.get(row.game);
    const entry = byGame.get(row.game) ?? { sums: emptySums(), known: rules !== undefined };
    const sums = entry.sums;
    sums.bets += Number(row.bets);
    sums.wagered += Number(row.wagered);
    sums.paid += Number(row.paid);
    sums.wageredSquares += Number(row.wagered_squares);
    sums.paidSquares += Number(row.paid_squares);
    sums.products += Number(row.products);
    if (rules) sums.expectedPaid += Number(row.wagered) * rules.rtp(row.key ?? {});
    byGame.set(row.game, entry);
  }
  const playersOf = new Map(players.map((row) => [row.game, Number(row.players)]));
  const games = [...byGame].map(([game, { sums, known }]) => ({
    game,
    bets: sums.bets,
    players: playersOf.get(game) ?? 0,
    wageredCents: sums.wagered,
    paidCents: sums.paid,
    rtp: known ? rtpCheck(sums) : null,
  }));
  games.sort((a, b) => b.wageredCents - a.wageredCents || a.game.localeCompare(b.game));
  return {
    games,
    convergence: convergence.map((row) => ({
      game: row.game,
      bets: Number(row.n),
      rtp: Number(row.wagered) > 0 ? Number(row.paid) / Number(row.wagered) : 0,
    })),
    daily: daily.map((row) => ({
      day: row.day,
      game: row.game,
      wageredCents: Number(row.wagered),
      paidCents: Number(row.paid),
    })),
  };
}

/** A game's figures on the wire (amounts in currency units, RTP as fractions). */
export function gameStatsJson(stats: GameStats) {
  return {
    game: stats.game,
    bets: stats.bets,
    players: stats.players,
    wagered: centsToAmount(stats.wageredCents),
    paid: centsToAmount(stats.paidCents),
    ggr: centsToAmount(stats.wageredCents - stats.paidCents),
    rtp: stats.rtp,
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';

/**
 * The books audit: whether every balance is what its ledger says and every bet is in the ledger
 * as it was settled. Each check is one set-based query (a hash join over the ledger at most), so
 * it stays fast at millions of ledger rows; nothing loops over users in Node.
 */

/** What a problem is about, in the order they are reported. */
export const BOOK_PROBLEM_KINDS = [
  /** A user's balance differs from the sum of their ledger. */
  'balance_mismatch',
  /** A user's balance is below zero. */
  'negative_balance',
  /** A bet without exactly one stake line (reason bet) of minus its amount, by its user. */
  'stake_line',
  /** A paying bet without exactly one payout line of its payout, or a losing one with a line. */
  'payout_line',
  /** A ledger line of reason bet or payout whose reference names no bet of its user. */
  'orphan_line',
  /**
   * A deposit or withdrawal whose ledger lines are not what its status calls for (a credited
   * deposit: one line `deposit` of its cents; a withdrawal: one line `withdrawal` of minus its
   * amount, and one `withdrawal_refund` of it once failed or rejected), or such a line without
   * its deposit or withdrawal.
   */
  'transfer_line',
  /** A credited deposit or a confirmed withdrawal that the chain does not show as recorded. */
  'chain_transfer',
] as const;
type BookProblemKind = (typeof BOOK_PROBLEM_KINDS)[number];

export interface BookProblem {
  kind: BookProblemKind;
  userId: number;
  betId: number | null;
  /** The value the books should hold, and the one they hold (cents, or line counts). */
  expected: string;
  found: string;
}

export interface BooksReport {
  users: number;
  bets: number;
  ledgerRows: number;
  problems: BookProblem[];
  /** True when more problems exist than `limit` let through. */
  truncated: boolean;
  ms: number;
}

/** A ledger line's bet: its reference `bet:<id>`, or null when the reference is not one. */
const lineBet = sql`CASE WHEN reference ~ '^bet:[0-9]{1,18}$'
  THEN substring(reference FROM 5)::bigint END`;

/**
 * Each deposit and withdrawal's ledger lines as `reason:cents` in order, against the lines its
 * status calls for, where the two differ (a full join: either side may be missing).
 */
const transferLines = (limit: number) => sql`
  WITH lines AS (
    SELECT reference, user_id, string_agg(reason || ':' || delta_cents, ',' ORDER BY id) AS found
    FROM ledger_entries WHERE reason IN ('deposit', 'withdrawal', 'withdrawal_refund')
    GROUP BY 1, 2
  ), owed AS (
    SELECT 'deposit:' || id AS reference, user_id, 'deposit:' || cents AS expected
    FROM chain_deposits WHERE status = 'credited' AND cents > 0
    UNION ALL
    SELECT 'withdrawal:' || id, user_id, 'withdrawal:' || -amount_cents ||
      CASE WHEN status IN ('failed', 'rejected') THEN ',withdrawal_refund:' || amount_cents ELSE '' END
    FROM withdrawals
  )
  SELECT coalesce(o.reference, l.reference) AS reference, coalesce(o.user_id, l.user_id) AS user_id,
    coalesce(o.expected, 'no lines') AS expected, coalesce(l.found, 'no lines') AS found
  FROM owed AS o FULL JOIN lines AS l ON l.reference = o.reference AND l.user_id = o.user_id
  WHERE o.expected IS DISTINCT FROM l.found
  ORDER BY 2, 1
  LIMIT ${limit + 1}`;

interface BalanceRow {
  user_id: number;
  balance_cents: string;
  ledger_cents: string;
}

/** A bet and its lines, when they disagree (or one of them is missing). */
interface JoinedRow {
  bet_id: string | null;
  user_id: number;
  bet_exists: boolean;
  amount_cents: string | null;
  payout_cents: string | null;
  stake_lines: string;
  stake_cents: string;
  payout_lines: string;
  paid_cents: string;
}

/** Runs every check; at most `limit` problems of each query are listed. */
export async function auditBooks(db: Db, limit = 1000): Promise<BooksReport> {
  const started = performance.now();
  const { balances, joined, transfers, counts } = await db.transaction(async (tx) => {
    // One snapshot for every check (bets may settle meanwhile), and memory enough for the
    // per-bet aggregate over the whole ledger to stay in memory instead of spilling to disk.
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
    const balances = rowsOf<BalanceRow>(
      await tx.execute(sql`
        SELECT u.id AS user_id, u.balance_cents::text AS balance_cents,
          coalesce(l.cents, 0)::text AS ledger_cents
        FROM users AS u
        LEFT JOIN (SELECT user_id, sum(delta_cents) AS cents FROM ledger_entries GROUP BY user_id)
          AS l ON l.user_id = u.id
        WHERE u.balance_cents <> coalesce(l.cents, 0) OR u.balance_cents < 0
        ORDER BY u.id
        LIMIT ${limit + 1}`),
    );
    // The ledger's bet and payout lines summed per bet and user (one hash aggregate over the
    // ledger), against the bets in one full join: a bet without its lines, or lines without their
    // bet, are the rows with one side missing.
    const joined = rowsOf<JoinedRow>(
      await tx.execute(sql`
        WITH lines AS (
          SELECT ${lineBet} AS bet_id, user_id,
            count(*) FILTER (WHERE reason = 'bet') AS stake_lines,
            sum(delta_cents) FILTER (WHERE reason = 'bet') AS stake_cents,
            count(*) FILTER (WHERE reason = 'payout') AS payout_lines,
            sum(delta_cents) FILTER (WHERE reason = 'payout') AS paid_cents
          FROM ledger_entries WHERE reason IN ('bet', 'payout')
          GROUP BY 1, 2
        )
        SELECT coalesce(b.id, l.bet_id)::text AS bet_id, coalesce(b.user_id, l.user_id) AS user_id,
          b.id IS NOT NULL AS bet_exists, b.amount_cents::text AS amount_cents,
          b.payout_cents::text AS payout_cents,
          coalesce(l.stake_lines, 0)::text AS stake_lines, coalesce(l.stake_cents, 0)::text AS stake_cents,
          coalesce(l.payout_lines, 0)::text AS payout_lines, coalesce(l.paid_cents, 0)::text AS paid_cents
        FROM bets AS b
        FULL JOIN lines AS l ON l.bet_id = b.id AND l.user_id = b.user_id
        WHERE b.id IS NULL
          OR l.stake_lines IS DISTINCT FROM 1 OR l.stake_cents <> -b.amount_cents
          OR (b.payout_cents > 0 AND (l.payout_lines <> 1 OR l.paid_cents <> b.payout_cents))
          OR (b.payout_cents = 0 AND l.payout_lines > 0)
        ORDER BY 2, 1
        LIMIT ${limit + 1}`),
    );
    const [counts] = rowsOf<{ users: string; bets: string; ledger: string }>(
      await tx.execute(sql`SELECT (SELECT count(*) FROM users)::text AS users,
        (SELECT count(*) FROM bets)::text AS bets,
        (SELECT count(*) FROM ledger_entries)::text AS ledger`),
    );
    const transfers = rowsOf<{
      reference: string;
      user_id: number;
      expected: string;
      found: string;
    }>(await tx.execute(transferLines(limit)));
    return { balances, joined, transfers, counts: counts! };
  });

  const problems: BookProblem[] = [];
  for (const row of balances.slice(0, limit)) {
    const balance = BigInt(row.balance_cents);
    if (balance !== BigInt(row.ledger_cents)) {
      problems.push({
        kind: 'balance_mismatch',
        userId: row.user_id,
        betId: null,
        expected: row.ledger_cents,
        found: row.balance_cents,
      });
    }
    if (balance < 0n) {
      problems.push({
        kind: 'negative_balance',
        userId: row.user_id,
        betId: null,
        expected: '>= 0',
        found: row.balance_cents,
      });
    }
  }
  for (const row of joined.slice(0, limit)) {
    const betId = row.bet_id === null ? null : Number(row.bet_id);
    const lines = (n: string, cents: string) => `${n} line(s) of ${cents}`;
    if (!row.bet_exists) {
      problems.push({
        kind: 'orphan_line',
        userId: row.user_id,
        betId,
        expected: 'a bet of this user',
        found: `${lines(row.stake_lines, row.stake_cents)} (bet), ${lines(row.payout_lines, row.paid_cents)} (payout)`,
      });
      continue;
    }
    const stake = `-${row.amount_cents}`;
    if (row.stake_lines !== '1' || row.stake_cents !== stake) {
      problems.push({
        kind: 'stake_line',
        userId: row.user_id,
        betId,
        expected: `1 line of ${stake}`,
        found: lines(row.stake_lines, row.stake_cents),
      });
    }
    const paying = row.payout_cents !== '0';
    const payoutOk = paying
      ? row.payout_lines === '1' && row.paid_cents === row.payout_cents
      : row.payout_lines === '0';
    if (!payoutOk) {
      problems.push({
        kind: 'payout_line',
        userId: row.user_id,
        betId,
        expected: paying ? `1 line of ${row.payout_cents}` : 'no line',
        found: lines(row.payout_lines, row.paid_cents),
      });
    }
  }
  for (const row of transfers.slice(0, limit)) {
    problems.push({
      kind: 'transfer_line',
      userId: row.user_id,
      betId: null,
      expected: `${row.reference}: ${row.expected}`,
      found: row.found,
    });
  }
  return {
    users: Number(counts.users),
    bets: Number(counts.bets),
    ledgerRows: Number(counts.ledger),
    problems,
    truncated: [balances, joined, transfers].some((rows) => rows.length > limit),
    ms: Math.round(performance.now() - started),
  };
}

/** One line per problem, for the CLI and the logs. */
export function describeProblem(problem: BookProblem): string {
  const bet = problem.betId === null ? '' : ` bet ${problem.betId}`;
  return (
    `${problem.kind}: user ${problem.userId}${bet}: expected ${problem.expected}, ` +
    `found ${problem.found}`
  );
}

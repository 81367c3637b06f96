import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { users } from '../../db/schema';
import { notFound, ValidationError } from '../../http/errors';
import { amountToCents } from '../../http/money';
import { bearerAuth } from '../../http/schemas';
import { posts } from '../posts/schema';
import { ledgerEntryJson, LedgerEntryBody, ledgerPage, ledgerSum } from '../wallet/ledger';
import { centsToAmount } from '../wallet/service';
import { recordAction } from './actions';
import { auditBooks, BOOK_PROBLEM_KINDS } from './books';
import { reconcileChain } from '../chain/reconcile';
import { gameStats, gameStatsJson } from './stats';
import { adminErrors, adminOnly, UserIdParams, userIdOf } from './http';
import { adjustBalance } from './service';

export const MAX_ADJUSTMENT = 1_000_000;

const BooksReportBody = Type.Object({
  users: Type.Integer(),
  bets: Type.Integer(),
  ledger_rows: Type.Integer(),
  problems: Type.Array(
    Type.Object({
      kind: Type.Enum(BOOK_PROBLEM_KINDS),
      user_id: Type.Integer(),
      bet_id: Type.Union([Type.Integer(), Type.Null()]),
      expected: Type.String(),
      found: Type.String(),
    }),
  ),
  truncated: Type.Boolean(),
  ms: Type.Integer(),
});

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/admin/users/:id/balance',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adjust a user’s balance by a signed amount (ledger reason admin_adjustment)',
        description:
          'A debit past zero is refused with 422 on amount and changes nothing. A reference, ' +
          'when given, is stored on the ledger row and may be used once: a retry with the same ' +
          'reference is refused with 422 on reference, so it never counts twice.',
        security: bearerAuth,
        params: UserIdParams,
        body: Type.Object({
          amount: Type.Number({ description: 'signed, non-zero, at most 2 decimals' }),
          reason: Type.String({
            minLength: 1,
            maxLength: 255,
            description: 'why (kept on record)',
          }),
          reference: Type.Optional(
            Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' }),
          ),
        }),
        response: {
          200: Type.Object({
            id: Type.Integer(),
            user_id: Type.Integer(),
            amount: Type.Number(),
            balance: Type.Number(),
            reason: Type.String(),
            reference: Type.Union([Type.String(), Type.Null()]),
            created_at: Type.String({ format: 'date-time' }),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const { amount, reason, reference } = request.body;
      const deltaCents = amountToCents('amount', amount, {
        min: -MAX_ADJUSTMENT,
        max: MAX_ADJUSTMENT,
      });
      if (deltaCents === 0) throw ValidationError.field('amount', 'money.not_zero');
      if (!reason.trim()) throw ValidationError.field('reason', 'validation.required');
      const { record, balanceCents } = await adjustBalance(app.db, {
        adminId: request.user!.id,
        userId: userIdOf(request.params.id),
        deltaCents,
        note: reason.trim(),
        reference: reference ?? null,
      });
      return {
        id: record.id,
        user_id: record.userId,
        amount: centsToAmount(record.amountCents),
        balance: centsToAmount(balanceCents),
        reason: record.note ?? '',
        reference: record.reference,
        created_at: record.createdAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/admin/users/:id/ledger',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'A user’s ledger, newest first, with the balance and the sum of all entries',
        security: bearerAuth,
        params: UserIdParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
          before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
        }),
        response: {
          200: Type.Object({
            user_id: Type.Integer(),
            balance: Type.Number(),
            ledger_sum: Type.Number({ description: 'sum of every entry; equals the balance' }),
            entries: Type.Array(LedgerEntryBody),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const userId = userIdOf(request.params.id);
      const [user] = await app.db
        .select({ balanceCents: users.balanceCents })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound();
      const [entries, sum] = await Promise.all([
        ledgerPage(app.db, userId, {
          limit: request.query.limit ?? 100,
          beforeId: request.query.before_id,
        }),
        ledgerSum(app.db, userId),
      ]);
      return {
        user_id: userId,
        balance: centsToAmount(user.balanceCents),
        ledger_sum: centsToAmount(sum),
        entries: entries.map(ledgerEntryJson),
      };
    },
  );

  app.post(
    '/api/admin/posts',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Publish a post (shown by GET /api/post/get)',
        security: bearerAuth,
        body: Type.Object({
          title: Type.String({ minLength: 1, maxLength: 255 }),
          body: Type.String({ minLength: 1, maxLength: 20_000 }),
          image_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        }),
        response: { 201: Type.Object({ id: Type.Integer() }), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { title, body, image_id } = request.body;
      if (!title.trim()) throw ValidationError.field('title', 'validation.required');
      const post = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({
            authorId: request.user!.id,
            title: title.trim(),
            body,
            imageId: image_id ?? null,
          })
          .returning({ id: posts.id });
        await recordAction(tx, {
          adminId: request.user!.id,
          action: 'post_create',
          targetUserId: null,
          before: null,
          after: { post_id: row!.id, title: title.trim() },
        });
        return row!;
      });
      return reply.code(201).send({ id: post.id });
    },
  );

  app.get(
    '/api/admin/audit',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'The books audit: balances against the ledger, and every bet in the ledger',
        description:
          'Every balance equals the sum of its ledger and is not below zero; every bet has one ' +
          'stake line (reason bet) of minus its amount and, when it paid, one payout line of its ' +
          'payout; every bet or payout line names a bet of its user; every deposit and withdrawal ' +
          'has the ledger lines its status calls for and, with a chain, is on chain as recorded. ' +
          '`npm run audit` runs the ' +
          'same checks. At most 1,000 problems of each check are listed (`truncated`).',
        security: bearerAuth,
        response: { 200: BooksReportBody, ...adminErrors },
      },
    },
    async () => {
      const report = await auditBooks(app.db);
      const node = app.chainWallet?.connected;
      if (node) report.problems.push(...(await reconcileChain(app.db, node)));
      return {
        users: report.users,
        bets: report.bets,
        ledger_rows: report.ledgerRows,
        problems: report.problems.map((p) => ({
          kind: p.kind,
          user_id: p.userId,
          bet_id: p.betId,
          expected: p.expected,
          found: p.found,
        })),
        truncated: report.truncated,
        ms: report.ms,
      };
    },
  );

  app.get(
    '/api/admin/stats',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Per game over a period: bets, players, wagered, paid, GGR, RTP against theory',
        description:
          'Days are UTC, `from` and `to` both included (default: the last 30 days). Only settled ' +
          'bets count (a running round has paid nothing yet). `rtp` is the observed return ' +
          '(paid / wagered), the theoretical one (each bet held to its own rules, stake-weighted) ' +
          'and the 99% confidence interval of the observed; `flagged` when the theory lies ' +
          'outside it over 1,000 bets or more. `daily` is wagered and paid per day and game.',
        security: bearerAuth,
        querystring: Type.Object({
          from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
          to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
        }),
        response: {
          200: Type.Object({
            from: Type.String(),
            to: Type.String(),
            games: Type.Array(
              Type.Object({
                game: Type.String(),
                bets: Type.Integer(),
                players: Type.Integer(),
                wagered: Type.Number(),
                paid: Type.Number(),
                ggr: Type.Number(),
                rtp: Type.Union([
                  Type.Object({
                    observed: Type.Number(),
                    theoretical: Type.Number(),
                    low: Type.Number(),
                    high: Type.Number(),
                    judged: Type.Boolean({ description: '1,000 bets or more' }),
                    flagged: Type.Boolean(),
                  }),
                  Type.Null(),
                ]),
              }),
            ),
            convergence: Type.Array(
              Type.Object({ game: Type.String(), bets: Type.Integer(), rtp: Type.Number() }),
              { description: 'per game, the RTP of its first `bets` bets (at most 200 points)' },
            ),
            daily: Type.Array(
              Type.Object({
                day: Type.String(),
                game: Type.String(),
                wagered: Type.Number(),
                paid: Type.Number(),
                ggr: Type.Number(),
              }),
            ),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const { from, to } = statsPeriod(request.query.from, request.query.to);
      const stats = await gameStats(app.db, from, to);
      return {
        from: from.toISOString().slice(0, 10),
        to: new Date(to.getTime() - DAY_MS).toISOString().slice(0, 10),
        games: stats.games.map(gameStatsJson),
        convergence: stats.convergence,
        daily: stats.daily.map((row) => ({
          day: row.day,
          game: row.game,
          wagered: centsToAmount(row.wageredCents),
          paid: centsToAmount(row.paidCents),
          ggr: centsToAmount(row.wageredCents - row.paidCents),
        })),
      };
    },
  );
};

const DAY_MS = 86_400_000;
/** The longest period the console sums at once. */
const MAX_DAYS = 366;

/** [from, to) in UTC from two inclusive days (default: the last 30 days, today included). */
function statsPeriod(fromDay?: string, toDay?: string): { from: Date; to: Date } {
  const today = new Date(new Date().toISOString().slice(0, 10));
  const lastDay = toDay ? new Date(toDay) : today;
  const firstDay = fromDay ? new Date(fromDay) : new Date(lastDay.getTime() - 29 * DAY_MS);
  // A real calendar day: '2026-02-31' would otherwise roll over into March.
  const real = (day: Date, text?: string) =>
    !Number.isNaN(day.getTime()) && (!text || day.toISOString().slice(0, 10) === text);
  if (!real(firstDay, fromDay)) throw ValidationError.field('from', 'validation.date');
  if (!real(lastDay, toDay)) throw ValidationError.field('to', 'validation.date');
  const days = (lastDay.getTime() - firstDay.getTime()) / DAY_MS + 1;
  if (days < 1 || days > MAX_DAYS)
    throw ValidationError.field('to', 'admin.period', { max: MAX_DAYS });
  return { from: firstDay, to: new Date(lastDay.getTime() + DAY_MS) };
}

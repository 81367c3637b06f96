import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ValidationError } from '../../http/errors';
import { bearerAuth, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { ledgerEntryJson, LedgerEntryBody } from './ledger';
import { ledgerCsvLines } from './ledgerCsv';
import { LedgerFilterQuery, parseLedgerFilter } from './ledgerFilter';
import { balanceHistory, betLinks, ledgerRows, ledgerTotals } from './ledgerHistory';
import { LEDGER_REASONS } from './reasons';
import { centsToAmount } from './service';

const PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
const MAX_CHART_POINTS = 500;

/** Page numbers as digits only: TypeBox's lenient query conversion would read '1.5' as 1. */
const PageNumber = (description: string) =>
  Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description }));

const LedgerPageQuery = Type.Object({
  ...LedgerFilterQuery.properties,
  page: PageNumber('1-based page, default 1'),
  per_page: PageNumber(`rows per page, 1 to ${MAX_PAGE_SIZE}, default ${PAGE_SIZE}`),
});

const WalletLedgerEntryBody = Type.Intersect([
  LedgerEntryBody,
  Type.Object({
    bet: Type.Union([Type.Object({ id: Type.Integer(), game: Type.String() }), Type.Null()], {
      description: 'the own bet the row belongs to (reference bet:<id>)',
    }),
  }),
]);

const TotalsBody = Type.Object({
  in: Type.Number({ description: 'sum of the credits in the filtered rows' }),
  out: Type.Number({ description: 'sum of the debits in the filtered rows, as a positive amount' }),
  net: Type.Number({ description: 'in - out' }),
});

export const walletLedgerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/wallet/ledger',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The own ledger, newest first, filtered and paged, with the totals of the filter',
        security: bearerAuth,
        querystring: LedgerPageQuery,
        response: {
          200: Type.Object({
            data: Type.Array(WalletLedgerEntryBody),
            page: Type.Integer(),
            per_page: Type.Integer(),
            total: Type.Integer({ description: 'rows matching the filter' }),
            last_page: Type.Integer(),
            totals: TotalsBody,
            reasons: Type.Array(Type.String(), { description: 'every reason the filter accepts' }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const filter = parseLedgerFilter(request.user!.id, request.query);
      const page = Number(request.query.page ?? 1);
      const perPage = Number(request.query.per_page ?? PAGE_SIZE);
      if (perPage > MAX_PAGE_SIZE) {
        throw ValidationError.field('per_page', 'validation.max', { limit: MAX_PAGE_SIZE });
      }
      const [totals, rows] = await Promise.all([
        ledgerTotals(app.db, filter),
        ledgerRows(app.db, filter, { limit: perPage, offset: (page - 1) * perPage }),
      ]);
      const links = await betLinks(app.db, filter.userId, rows);
      return {
        data: rows.map((row) => ({
          ...ledgerEntryJson(row),
          bet: (row.reference && links.get(row.reference)) || null,
        })),
        page,
        per_page: perPage,
        total: totals.count,
        last_page: Math.max(1, Math.ceil(totals.count / perPage)),
        totals: {
          in: centsToAmount(totals.inCents),
          out: centsToAmount(totals.outCents),
          net: centsToAmount(totals.inCents - totals.outCents),
        },
        reasons: [...LEDGER_REASONS],
      };
    },
  );

  app.get(
    '/api/wallet/ledger.csv',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The own filtered ledger as CSV (streamed, newest first)',
        description:
          'Columns: id, date (ISO 8601, UTC), reason, reference, bet_id, game, change and ' +
          'balance_after (decimal POL with 2 places). The same filters as GET /api/wallet/ledger.',
        security: bearerAuth,
        produces: ['text/csv'],
        querystring: LedgerFilterQuery,
        response: {
          // A stream of CSV text (the schema documents it; a stream is not serialized).
          200: Type.Unsafe<Readable>({ type: 'string' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const filter = parseLedgerFilter(request.user!.id, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(ledgerCsvLines(app.db, filter)));
    },
  );

  app.get(
    '/api/wallet/balance_history',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The balance after each ledger row in the date range, oldest first',
        description:
          `At most ${MAX_CHART_POINTS} points: a longer range is thinned to every k-th row and ` +
          'the last one (`total` counts the rows before). `reason` is ignored: the balance ' +
          'moves with every reason.',
        security: bearerAuth,
        querystring: LedgerFilterQuery,
        response: {
          200: Type.Object({
            points: Type.Array(
              Type.Object({ at: Type.String({ format: 'date-time' }), balance: Type.Number() }),
            ),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const filter = parseLedgerFilter(request.user!.id, request.query);
      const { points, total } = await balanceHistory(app.db, filter, MAX_CHART_POINTS);
      return {
        points: points.map((p) => ({
          at: p.at.toISOString(),
          balance: centsToAmount(p.balanceCents),
        })),
        total,
      };
    },
  );
};

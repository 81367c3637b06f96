import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, ErrorBody, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { centsToAmount } from '../wallet/service';
import { claimRakeback, rakebackStatus } from './service';

const RakebackType = Type.Union([
  Type.Literal('instant'),
  Type.Literal('daily'),
  Type.Literal('weekly'),
]);

export const rakebackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/rakeback/me',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'Rakeback accrued on the user’s wagers, per pot (instant, daily, weekly)',
        security: bearerAuth,
        response: {
          200: Type.Object({
            wagered: Type.Number({ description: 'total staked on bets' }),
            claimed: Type.Number({ description: 'total rakeback claimed' }),
            available: Type.Number({ description: 'claimable now across all pots' }),
            pots: Type.Array(
              Type.Object({
                type: RakebackType,
                rate: Type.Number({ description: 'percent of every wager' }),
                accrued: Type.Number(),
                claimed: Type.Number(),
                available: Type.Number({ description: 'accrued minus claimed' }),
                next_claim_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
              }),
            ),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const status = await rakebackStatus(app.db, request.user!.id);
      const claimable = status.pots.filter((p) => !p.nextClaimAt);
      return {
        wagered: centsToAmount(status.wageredCents),
        claimed: centsToAmount(status.pots.reduce((n, p) => n + p.claimedCents, 0)),
        available: centsToAmount(claimable.reduce((n, p) => n + p.availableCents, 0)),
        pots: status.pots.map((p) => ({
          type: p.type,
          rate: p.rateBps / 100,
          accrued: centsToAmount(p.accruedCents),
          claimed: centsToAmount(p.claimedCents),
          available: centsToAmount(p.availableCents),
          next_claim_at: p.nextClaimAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/api/rakeback/claim',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'Credit a pot’s available rakeback to the balance',
        security: bearerAuth,
        body: Type.Object({ rakeback_type: RakebackType }),
        response: {
          200: Type.Object({ claimed: Type.Number(), balance: Type.Number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const result = await claimRakeback(app.db, request.user!.id, request.body.rakeback_type);
      return {
        claimed: centsToAmount(result.claimedCents),
        balance: centsToAmount(result.balanceCents),
      };
    },
  );
};

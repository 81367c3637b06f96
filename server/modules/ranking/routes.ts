import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, ErrorBody } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { centsToAmount } from '../wallet/service';
import { rankOf, topBalances, TOP_SIZE } from './service';

export const rankingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/ranking/me',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['ranking'],
        summary: 'The user’s rank by balance among all users (equal balances share a rank)',
        security: bearerAuth,
        response: {
          200: Type.Object({
            rank: Type.Integer({ minimum: 1 }),
            balance: Type.Number(),
            total: Type.Integer({ description: 'number of ranked users' }),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const balanceCents = request.user!.balanceCents;
      const { rank, total } = await rankOf(app.db, balanceCents);
      return { rank, balance: centsToAmount(balanceCents), total };
    },
  );

  app.get(
    '/api/ranking',
    {
      schema: {
        tags: ['ranking'],
        summary: `The ${TOP_SIZE} largest balances (public)`,
        response: {
          200: Type.Object({
            ranking: Type.Array(
              Type.Object({
                rank: Type.Integer({ minimum: 1 }),
                id: Type.Integer(),
                name: Type.String(),
                image_id: Type.Union([Type.String(), Type.Null()]),
                balance: Type.Number(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({
      ranking: (await topBalances(app.db)).map((u) => ({
        rank: u.rank,
        id: u.id,
        name: u.name,
        image_id: u.imageId,
        balance: centsToAmount(u.balanceCents),
      })),
    }),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { forbidden, notFound } from '../../http/errors';
import { bearerAuth, ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { seedPairs } from '../fairness/schema';
import { bets } from '../games/schema';
import { BetBody, betJson } from './json';

const PAGE_SIZE = 20;

const BetDetailBody = Type.Intersect([
  BetBody,
  Type.Object({
    server_seed: Type.Union([Type.String(), Type.Null()], {
      description: 'Null until the seed pair is rotated',
    }),
    revealed_at: Type.Union([Type.String(), Type.Null()]),
    user_id: Type.Integer({ description: 'The player who made the bet' }),
  }),
]);

export const betRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/bets',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['bets'],
        summary: 'Own bet history, newest first',
        description: 'Pass next_cursor back as cursor for the following page.',
        security: bearerAuth,
        querystring: Type.Object({
          game: Type.Optional(Type.String({ maxLength: 32 })),
          cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(BetBody),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { game, cursor, limit = PAGE_SIZE } = request.query;
      const where: SQL[] = [eq(bets.userId, request.user!.id)];
      if (game) where.push(eq(bets.game, game));
      if (cursor) where.push(lt(bets.id, Number(cursor)));
      const rows = await app.db
        .select({ bet: bets, pair: seedPairs })
        .from(bets)
        .innerJoin(seedPairs, eq(seedPairs.id, bets.seedPairId))
        .where(and(...where))
        .orderBy(desc(bets.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        data: page.map(({ bet, pair }) => betJson(bet, pair)),
        next_cursor: rows.length > limit ? String(page.at(-1)!.bet.id) : null,
      };
    },
  );

  app.get(
    '/api/bets/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['bets'],
        summary: 'One bet; its server seed once the pair is revealed',
        description:
          "A player's own bet; an admin may read any player's (the scene lab replays a disputed " +
          "round). Another player's bet is refused with 403 to anyone else; 404: no such bet.",
        security: bearerAuth,
        params: Type.Object({ id: IdParam }),
        response: { 200: BetDetailBody, 403: ErrorBody, 404: ErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      const id = idOf(request.params.id);
      if (id === null) throw notFound();
      const [row] = await app.db
        .select({ bet: bets, pair: seedPairs })
        .from(bets)
        .innerJoin(seedPairs, eq(seedPairs.id, bets.seedPairId))
        .where(eq(bets.id, id));
      if (!row) throw notFound();
      const user = request.user!;
      if (row.bet.userId !== user.id && user.role !== 'admin') throw forbidden();
      const revealed = row.pair.revealedAt;
      return {
        ...betJson(row.bet, row.pair),
        server_seed: revealed ? row.pair.serverSeed : null,
        revealed_at: revealed ? revealed.toISOString() : null,
        user_id: row.bet.userId,
      };
    },
  );
};

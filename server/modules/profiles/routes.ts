import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../http/errors';
import { ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { optionalAuth } from '../auth/guard';
import { loadProfile, RECENT_BETS } from './service';

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
  biggest_win: Type.Union([
    Type.Object({
      payout: Type.Number(),
      multiplier: Type.Number(),
      game: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
  favourite_game: Type.Union([Type.String(), Type.Null()], { description: 'most played game' }),
});

const ProfileBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image_id: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  bets_hidden: Type.Boolean({
    description: 'the player hides their name in public feeds: stats and bets are not shown',
  }),
  stats: Type.Union([StatsBody, Type.Null()]),
  recent_bets: Type.Array(PublicBetBody),
});

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/profile/:id',
    {
      onRequest: optionalAuth,
      schema: {
        tags: ['creators'],
        summary: `A player's public profile: name, picture, join date, stats, last ${RECENT_BETS} settled bets`,
        description:
          'Bets carry no seeds, params or results. A player who hides their name keeps the page ' +
          'but not the bets (bets_hidden, stats null) except for themselves.',
        params: Type.Object({ id: IdParam }),
        response: { 200: ProfileBody, 404: ErrorBody, 422: errorResponses[422] },
      },
    },
    async (request) => {
      const userId = idOf(request.params.id);
      const profile =
        userId === null ? null : await loadProfile(app.db, userId, request.user?.id ?? null);
      if (!profile) throw notFound();
      return profile;
    },
  );
};

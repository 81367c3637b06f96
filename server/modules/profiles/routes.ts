import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../http/errors';
import { ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { optionalAuth } from '../auth/guard';
import { loadProfile, ProfileBody, RECENT_BETS } from './service';

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

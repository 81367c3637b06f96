import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { activePair, activePairJson, previousPair, revealedPairJson, rotateSeeds } from './service';

const ActivePairBody = Type.Object({
  server_seed_hash: Type.String(),
  client_seed: Type.String(),
  nonce: Type.Integer({ description: 'Nonce of the next bet' }),
});

const RevealedPairBody = Type.Object({
  server_seed: Type.String(),
  server_seed_hash: Type.String(),
  client_seed: Type.String(),
  nonce: Type.Integer({ description: 'Bets made with this pair (the next unused nonce)' }),
  revealed_at: Type.String(),
});

const FairnessBody = Type.Object({
  active: ActivePairBody,
  previous: Type.Union([RevealedPairBody, Type.Null()]),
});

/** 1-64 printable ASCII characters. */
export const ClientSeed = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x20-\\x7E]+$' });

export const fairnessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/fairness',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['fairness'],
        summary: 'The active seed pair (hash only) and the last revealed pair',
        security: bearerAuth,
        response: { 200: FairnessBody, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const active = await activePair(app.db, userId);
      const previous = await previousPair(app.db, userId);
      return {
        active: activePairJson(active),
        previous: previous ? revealedPairJson(previous) : null,
      };
    },
  );

  app.post(
    '/api/fairness/rotate',
    {
      onRequest: requireAuth,
      // The body is optional: a POST without one rotates with a random client seed.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['fairness'],
        summary: 'Reveal the server seed and commit a new pair (optionally with a new client seed)',
        description:
          'Refused with 422 on `game` while a stepped game is in progress. The answer holds the ' +
          'revealed previous pair and the newly committed one.',
        security: bearerAuth,
        body: Type.Object({ client_seed: Type.Optional(ClientSeed) }),
        response: { 200: FairnessBody, ...errorResponses },
      },
    },
    async (request) => {
      const { active, previous } = await rotateSeeds(
        app.db,
        request.user!.id,
        request.body.client_seed,
      );
      return { active: activePairJson(active), previous: revealedPairJson(previous) };
    },
  );
};

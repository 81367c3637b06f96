import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { InstantRules } from '../../../games/fairness/contract';
import { PlayRefusalBody, bearerAuth, errorResponses } from '../../http/schemas';
import { requireAuthWithBetState, takePrefetchedBetState } from '../bets/auth';
import { idempotencyOf } from '../bets/idempotency';
import { BetAnswerBody } from '../bets/json';
import { placeBet } from '../bets/settle';
import { betInput } from './fields';
import { IdempotencyHeaders } from './headers';
import { betBodySchema } from './paramSchemas';

/** The bet route of an instant game, from its rules: validate, settle, answer. */
export function instantRoutes(path: string, rules: InstantRules): FastifyPluginAsyncTypebox {
  const withAmount = !rules.stakeCents;
  return async (app) => {
    app.post(
      path,
      {
        onRequest: requireAuthWithBetState,
        schema: {
          tags: ['games'],
          summary: rules.docs.summary,
          description: rules.docs.description,
          security: bearerAuth,
          headers: IdempotencyHeaders,
          body: betBodySchema(rules.params, withAmount),
          response: { 200: BetAnswerBody, 403: PlayRefusalBody, ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        const { amountCents, params } = betInput(rules, body, withAmount);
        const stakeCents = rules.stakeCents ? rules.stakeCents(params) : amountCents!;
        const wire = rules.wire(params);
        const idempotency = idempotencyOf(request);
        const outcome = await placeBet(app.db, {
          userId: request.user!.id,
          game: rules.id,
          amountCents: stakeCents,
          params: wire,
          floatsNeeded: rules.floatsNeeded(rules.verifyValuesOf(wire)),
          idempotency,
          prefetched: takePrefetchedBetState(request, idempotency?.key ?? null),
          decide: (floats) => rules.play(params, floats, stakeCents),
        });
        // The player's name as the bet's statement read it (request.user may be a warm copy).
        if (!outcome.replayed) {
          app.betFeed.settled(outcome.body.bet, { ...request.user!, ...outcome.player });
        }
        return outcome.body;
      },
    );
  };
}

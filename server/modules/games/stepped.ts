import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { centsToAmount } from '../../../games/fairness/index';
import { fieldIssue, type SteppedRules } from '../../../games/fairness/contract';
import type { GamePaths } from '../../../games/shared/registry/definition';
import {
  ErrorBody,
  IdParam,
  PlayRefusalBody,
  bearerAuth,
  errorResponses,
} from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { requireAuthWithBetState } from '../bets/auth';
import { BetAnswerBody, BetBody } from '../bets/json';
import { startRequest, FieldCollector, sessionId } from './fields';
import { IdempotencyHeaders } from './headers';
import { betBodySchema } from './paramSchemas';
import { SteppedGames } from './stepped-service';

const GameParams = Type.Object({ id: IdParam });

/** Start, step, cash out and the game in progress of a stepped game, from its rules. */
export function steppedRoutes(
  paths: Extract<GamePaths, { kind: 'stepped' }>,
  rules: SteppedRules,
): FastifyPluginAsyncTypebox {
  const { field: moveField, spec: moveSpec, at } = rules.move;
  const about = `${rules.docs.summary}. ${rules.docs.description}`;
  return async (app) => {
    const games = new SteppedGames(app.db, rules, (bet, userId) =>
      app.betFeed.settled(bet, { id: userId }),
    );

    app.post(
      paths.games,
      {
        onRequest: requireAuthWithBetState,
        schema: {
          tags: ['games'],
          summary: 'Start a game (the stake is debited, the outcome decided)',
          description: `One game at a time (422 on game otherwise). ${about}`,
          security: bearerAuth,
          headers: IdempotencyHeaders,
          body: betBodySchema(rules.params, true),
          response: { 200: BetAnswerBody, 403: PlayRefusalBody, ...errorResponses },
        },
      },
      async (request) => {
        const outcome = await games.start(startRequest(rules, request));
        return outcome.body;
      },
    );

    app.post(
      `${paths.games}/:id/${paths.step}`,
      {
        onRequest: requireAuth,
        schema: {
          tags: ['games'],
          summary: `Play a move: ${moveField} ${moveSpec.description ?? ''}`.trim(),
          description: about,
          security: bearerAuth,
          params: GameParams,
          body: Type.Object({
            [moveField]: Type.Integer(),
            ...(at
              ? { [at.field]: Type.Optional(Type.Integer({ description: at.spec.description })) }
              : {}),
          }),
          response: { 200: BetAnswerBody, 404: ErrorBody, ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        const move = body[moveField];
        const position = at ? body[at.field] : undefined;
        const fields = new FieldCollector();
        const issue = fieldIssue(moveField, moveSpec, move);
        if (issue) fields.add([issue]);
        const atIssue = at && position !== undefined && fieldIssue(at.field, at.spec, position);
        if (atIssue) fields.add([atIssue]);
        fields.throwIfAny();
        return games.step(
          request.user!.id,
          sessionId(request.params.id),
          move as number,
          position as number | undefined,
        );
      },
    );

    app.post(
      `${paths.games}/:id/cashout`,
      {
        onRequest: requireAuth,
        schema: {
          tags: ['games'],
          summary: 'Cash out',
          description: about,
          security: bearerAuth,
          params: GameParams,
          response: { 200: BetAnswerBody, 404: ErrorBody, ...errorResponses },
        },
      },
      async (request) => games.cashOut(request.user!.id, sessionId(request.params.id)),
    );

    app.get(
      paths.active,
      {
        onRequest: requireAuth,
        schema: {
          tags: ['games'],
          summary: 'The game in progress (bet null when none)',
          security: bearerAuth,
          response: {
            200: Type.Object({ bet: Type.Union([BetBody, Type.Null()]), balance: Type.Number() }),
            ...errorResponses,
          },
        },
      },
      async (request) => ({
        bet: await games.active(request.user!.id),
        balance: centsToAmount(request.user!.balanceCents),
      }),
    );
  };
}

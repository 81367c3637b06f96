import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validateMinesCount, validateTile } from '../../../games/mines/rules';
import { centsToAmount } from '../../../games/fairness/index';
import { notFound } from '../../http/errors';
import { bearerAuth, ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { idempotencyOf } from '../bets/idempotency';
import { BetAnswerBody, BetBody } from '../bets/json';
import { FieldCollector } from './fields';
import { IdempotencyHeaders } from './headers';
import { activeMinesBet, cashOutMines, revealMinesTile, startMines } from './mines-service';

const GameParams = Type.Object({ id: IdParam });

/** The game id of the path; an id no row can have is simply not found. */
function gameId(param: string): number {
  const id = idOf(param);
  if (id === null) throw notFound();
  return id;
}
const RESULT =
  'result: {mines_count, revealed: [tiles in reveal order], status: active|lost|cashed_out|' +
  'cleared, next_multiplier (the multiplier after one more safe tile, null when over), mines ' +
  '(the mine tiles in draw order, only once the game is over)}. The bet id is the game id.';

export const minesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/games/mines/games',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'Start a mines game (the stake is debited, the board decided)',
        description: `One game at a time (422 on game otherwise). ${RESULT}`,
        security: bearerAuth,
        headers: IdempotencyHeaders,
        body: Type.Object({
          amount: Type.Number(),
          mines: Type.Integer({ description: '1 .. 24' }),
        }),
        response: { 200: BetAnswerBody, ...errorResponses },
      },
    },
    async (request) => {
      const fields = new FieldCollector();
      const amountCents = fields.amount('amount', request.body.amount);
      fields.add(validateMinesCount(request.body.mines));
      fields.throwIfAny();
      const outcome = await startMines(app.db, {
        userId: request.user!.id,
        amountCents: amountCents!,
        mines: request.body.mines,
        idempotency: idempotencyOf(request),
      });
      return outcome.body;
    },
  );

  app.post(
    '/api/games/mines/games/:id/reveal',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'Reveal a tile (0 .. 24, left to right, top to bottom)',
        description: `A mine ends the game lost; clearing every safe tile cashes out. ${RESULT}`,
        security: bearerAuth,
        params: GameParams,
        body: Type.Object({ tile: Type.Integer() }),
        response: { 200: BetAnswerBody, 404: ErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      const fields = new FieldCollector();
      fields.add(validateTile(request.body.tile));
      fields.throwIfAny();
      return revealMinesTile(
        app.db,
        request.user!.id,
        gameId(request.params.id),
        request.body.tile,
      );
    },
  );

  app.post(
    '/api/games/mines/games/:id/cashout',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'Cash out (after at least one safe reveal)',
        description: RESULT,
        security: bearerAuth,
        params: GameParams,
        response: { 200: BetAnswerBody, 404: ErrorBody, ...errorResponses },
      },
    },
    async (request) => cashOutMines(app.db, request.user!.id, gameId(request.params.id)),
  );

  app.get(
    '/api/games/mines/active',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'The mines game in progress (bet null when none)',
        security: bearerAuth,
        response: {
          200: Type.Object({ bet: Type.Union([BetBody, Type.Null()]), balance: Type.Number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      bet: await activeMinesBet(app.db, request.user!.id),
      balance: centsToAmount(request.user!.balanceCents),
    }),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { payoutCents } from '../../../games/fairness/index';
import { PLINKO, playPlinko, validatePlinko, type PlinkoRisk } from '../../../games/plinko/rules';
import { bearerAuth, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { idempotencyOf } from '../bets/idempotency';
import { BetAnswerBody } from '../bets/json';
import { placeBet } from '../bets/settle';
import { FieldCollector } from './fields';
import { IdempotencyHeaders } from './headers';

const PlinkoBetBody = Type.Object({
  amount: Type.Number(),
  rows: Type.Integer({ description: '8 .. 16' }),
  risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
});

export const plinkoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/games/plinko/bets',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'Drop a plinko ball',
        description:
          'Row i goes right when floor(f_i * 2) = 1; the bucket is the number of rights. ' +
          'result: {path: "RL...", bucket}.',
        security: bearerAuth,
        headers: IdempotencyHeaders,
        body: PlinkoBetBody,
        response: { 200: BetAnswerBody, ...errorResponses },
      },
    },
    async (request) => {
      const { amount, rows, risk } = request.body;
      const fields = new FieldCollector();
      const amountCents = fields.amount('amount', amount);
      fields.add(validatePlinko(rows, risk));
      fields.throwIfAny();
      const outcome = await placeBet(app.db, {
        userId: request.user!.id,
        game: PLINKO.id,
        amountCents: amountCents!,
        params: { rows, risk },
        floatsNeeded: rows,
        idempotency: idempotencyOf(request),
        decide: (floats) => {
          const plinko = playPlinko(rows, risk as PlinkoRisk, floats);
          return {
            multiplierE4: plinko.multiplierE4,
            payoutCents: payoutCents(amountCents!, plinko.multiplierE4),
            result: { path: plinko.path, bucket: plinko.bucket },
          };
        },
      });
      return outcome.body;
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { payoutCents } from '../../../games/fairness/index';
import { DICE, playDice, targetHundredths, validateDice } from '../../../games/dice/rules';
import { bearerAuth, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { idempotencyOf } from '../bets/idempotency';
import { BetAnswerBody } from '../bets/json';
import { placeBet } from '../bets/settle';
import { FieldCollector } from './fields';
import { IdempotencyHeaders } from './headers';

const DiceBetBody = Type.Object({
  amount: Type.Number({ description: 'Stake in currency units, 0.01 .. 10000, 2 decimals' }),
  target: Type.Number({ description: 'Target with at most 2 decimals' }),
  condition: Type.Union([Type.Literal('under'), Type.Literal('over')]),
});

export const diceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/games/dice/bets',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'Roll the dice',
        description:
          'Roll = floor(f0 * 10001) / 100. "under" wins when roll < target, "over" when roll > ' +
          'target; win chance 0.01 .. 98; multiplier 99 / chance with 4 decimals (rounded down). ' +
          'result: {roll, win}.',
        security: bearerAuth,
        headers: IdempotencyHeaders,
        body: DiceBetBody,
        response: { 200: BetAnswerBody, ...errorResponses },
      },
    },
    async (request) => {
      const { amount, target, condition } = request.body;
      const fields = new FieldCollector();
      const amountCents = fields.amount('amount', amount);
      fields.add(validateDice(target, condition));
      fields.throwIfAny();
      const params = { targetHundredths: targetHundredths(target)!, condition };
      const outcome = await placeBet(app.db, {
        userId: request.user!.id,
        game: DICE.id,
        amountCents: amountCents!,
        params: { target, condition },
        floatsNeeded: DICE.floatsNeeded,
        idempotency: idempotencyOf(request),
        decide: (floats) => {
          const dice = playDice(params, floats);
          return {
            multiplierE4: dice.multiplierE4,
            payoutCents: payoutCents(amountCents!, dice.multiplierE4),
            result: { roll: dice.rollHundredths / 100, win: dice.win },
          };
        },
      });
      return outcome.body;
    },
  );
};

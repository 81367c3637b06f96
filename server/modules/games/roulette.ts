import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BET_MAX_CENTS, MULTIPLIER_SCALE } from '../../../games/fairness/index';
import {
  ROULETTE,
  ROULETTE_BET_TYPES,
  normalizeSelection,
  rouletteBetPayoutCents,
  rouletteSpin,
  validateRouletteBet,
  type RouletteBet,
  type RouletteBetType,
} from '../../../games/roulette/rules';
import { bearerAuth, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { idempotencyOf } from '../bets/idempotency';
import { BetAnswerBody } from '../bets/json';
import { placeBet } from '../bets/settle';
import { FieldCollector } from './fields';
import { IdempotencyHeaders } from './headers';

const SpinBody = Type.Object({
  bets: Type.Array(
    Type.Object({
      type: Type.String({ enum: [...ROULETTE_BET_TYPES] }),
      selection: Type.Optional(
        Type.Union([Type.Integer(), Type.Array(Type.Integer(), { maxItems: 4 })]),
      ),
      amount: Type.Number(),
    }),
    { minItems: 1, maxItems: ROULETTE.maxBetsPerSpin },
  ),
});

const SELECTIONS =
  'Selections: straight [n] (0-36); split [a, b] neighbours on the table (or 0 with 1, 2, 3); ' +
  'street [first number of the row: 1, 4, ..., 34]; corner [a, b, c, d] a 2x2 square; six_line ' +
  '[a, a + 3] first numbers of two adjacent rows; dozen [1|2|3]; column [1|2|3]; red, black, odd, ' +
  'even, low, high: no selection. A single number may stand for a one-element list.';

export const rouletteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/games/roulette/spins',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['games'],
        summary: 'Spin the wheel with one or more bets',
        description:
          `Pocket = floor(f0 * 37). ${SELECTIONS} Returns per unit: straight 36, split 18, ` +
          'street 12, corner 9, six_line 6, dozen/column 3, even chances 2. The bet amount is ' +
          'the total of the bets (at most 10000); result: {pocket, bets: [{..., payout}]}.',
        security: bearerAuth,
        headers: IdempotencyHeaders,
        body: SpinBody,
        response: { 200: BetAnswerBody, ...errorResponses },
      },
    },
    async (request) => {
      const fields = new FieldCollector();
      const spinBets: RouletteBet[] = request.body.bets.map((bet, index) => {
        fields.add(validateRouletteBet(index, bet.type, bet.selection));
        return {
          type: bet.type as RouletteBetType,
          selection: normalizeSelection(bet.selection) ?? [],
          amountCents: fields.amount(`bets.${index}.amount`, bet.amount) ?? 0,
        };
      });
      const totalCents = spinBets.reduce((sum, bet) => sum + bet.amountCents, 0);
      if (totalCents > BET_MAX_CENTS) {
        fields.add([
          {
            field: 'bets',
            key: 'roulette.total_max',
            params: { limit: (BET_MAX_CENTS / 100).toFixed(2) },
          },
        ]);
      }
      fields.throwIfAny();

      const outcome = await placeBet(app.db, {
        userId: request.user!.id,
        game: ROULETTE.id,
        amountCents: totalCents,
        params: { bets: spinBets.map(wireBet) },
        floatsNeeded: ROULETTE.floatsNeeded,
        idempotency: idempotencyOf(request),
        decide: (floats) => {
          const pocket = rouletteSpin(floats[0]!);
          const payouts = spinBets.map((bet) => rouletteBetPayoutCents(bet, pocket));
          const payout = payouts.reduce((sum, p) => sum + p, 0);
          return {
            multiplierE4: Math.floor((payout * MULTIPLIER_SCALE) / totalCents),
            payoutCents: payout,
            result: {
              pocket,
              bets: spinBets.map((bet, i) => ({ ...wireBet(bet), payout: payouts[i]! / 100 })),
            },
          };
        },
      });
      return outcome.body;
    },
  );
};

function wireBet(bet: RouletteBet) {
  return { type: bet.type, selection: [...bet.selection], amount: bet.amountCents / 100 };
}

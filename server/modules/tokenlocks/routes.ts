import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { amountToCents } from '../../http/money';
import { bearerAuth, ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { notFound } from '../../http/errors';
import { requireAuth } from '../auth/guard';
import { centsToAmount } from '../wallet/service';
import {
  createLock,
  listLocks,
  lockJson,
  LOCK_OPTIONS,
  lockedPrincipalCents,
  MAX_LOCK_CENTS,
  summarizeRewards,
  unlock,
} from './service';

const LockBody = Type.Object({
  id: Type.Integer(),
  amount: Type.Number(),
  days: Type.Integer(),
  rate: Type.Number({ description: 'yearly reward rate in percent' }),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  unlocked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  reward: Type.Number({ description: 'reward for the whole term' }),
  reward_accrued: Type.Number({ description: 'reward earned so far' }),
  status: Type.Union([
    Type.Literal('locked'),
    Type.Literal('unlockable'),
    Type.Literal('unlocked'),
  ]),
});

const OptionBody = Type.Object({ days: Type.Integer(), rate: Type.Number() });
const LockAndBalance = Type.Object({ lock: LockBody, balance: Type.Number() });
const IdParams = Type.Object({ id: IdParam });

export const tokenlockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/tokenlocks/me',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'The user’s token locks (newest first), the principal still locked and the offers',
        security: bearerAuth,
        response: {
          200: Type.Object({
            locks: Type.Array(LockBody),
            total_locked: Type.Number(),
            options: Type.Array(OptionBody),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const [locks, locked] = await Promise.all([
        listLocks(app.db, userId),
        lockedPrincipalCents(app.db, userId),
      ]);
      const now = new Date();
      return {
        locks: locks.map((lock) => lockJson(lock, now)),
        total_locked: centsToAmount(locked),
        options: LOCK_OPTIONS.map((o) => ({ days: o.days, rate: o.rateBps / 100 })),
      };
    },
  );

  app.get(
    '/api/tokenlocks/rewards',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'Lock rewards: earned so far on open locks, paid on unlocked ones, projected',
        security: bearerAuth,
        response: {
          200: Type.Object({
            accrued: Type.Number({ description: 'earned so far on locks not yet unlocked' }),
            paid: Type.Number({ description: 'paid out with unlocked locks' }),
            projected: Type.Number({ description: 'full-term reward of locks not yet unlocked' }),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const totals = summarizeRewards(await listLocks(app.db, request.user!.id), new Date());
      return {
        accrued: centsToAmount(totals.accruedCents),
        paid: centsToAmount(totals.paidCents),
        projected: centsToAmount(totals.projectedCents),
      };
    },
  );

  app.post(
    '/api/tokenlocks',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'Lock part of the balance for one of the offered durations',
        security: bearerAuth,
        body: Type.Object({
          amount: Type.Number({ description: 'currency units, at most 2 decimals' }),
          days: Type.Integer({ description: 'one of the offered durations' }),
        }),
        response: { 201: LockAndBalance, ...errorResponses },
      },
    },
    async (request, reply) => {
      const cents = amountToCents('amount', request.body.amount, {
        max: MAX_LOCK_CENTS / 100,
      });
      const { lock, balanceCents } = await createLock(
        app.db,
        request.user!.id,
        cents,
        request.body.days,
      );
      return reply
        .code(201)
        .send({ lock: lockJson(lock, new Date()), balance: centsToAmount(balanceCents) });
    },
  );

  app.post(
    '/api/tokenlocks/:id/unlock',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'After its end, return a lock’s principal and reward to the balance',
        security: bearerAuth,
        params: IdParams,
        response: { 200: LockAndBalance, 404: ErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      const lockId = idOf(request.params.id);
      if (lockId === null) throw notFound();
      const { lock, balanceCents } = await unlock(app.db, request.user!.id, lockId);
      return { lock: lockJson(lock, new Date()), balance: centsToAmount(balanceCents) };
    },
  );
};

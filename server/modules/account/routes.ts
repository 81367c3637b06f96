import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, ErrorBody, UserBody } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { centsToAmount } from '../wallet/service';
import { userJson } from './service';

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        security: bearerAuth,
        response: { 200: UserBody, 401: ErrorBody },
      },
    },
    async (request) => userJson(request.user!),
  );

  app.get(
    '/api/user/balance',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s balance in currency units (2 decimals)',
        security: bearerAuth,
        response: { 200: Type.Object({ balance: Type.Number() }), 401: ErrorBody },
      },
    },
    async (request) => ({ balance: centsToAmount(request.user!.balanceCents) }),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, ErrorBody, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { linkAccount, unlinkAccount, validationMessage, validationNonce } from './service';

export const EthAccountBody = Type.Object({
  address: Type.String({ description: 'EIP-55 checksummed address' }),
  linked_at: Type.String({ format: 'date-time' }),
});

export const ethAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/eth_account/validation_info',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The message and nonce to sign for linking an Ethereum account',
        security: bearerAuth,
        response: {
          200: Type.Object({
            nonce: Type.String(),
            message: Type.String(),
            issued_at: Type.String({ format: 'date-time' }),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const { nonce, issuedAt } = await validationNonce(app.db, userId);
      return {
        nonce,
        message: validationMessage(app.config.appName, userId, nonce, issuedAt),
        issued_at: issuedAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/eth_account',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary:
          'Link an Ethereum account by its personal_sign signature of the validation message',
        description:
          'The server rebuilds the message of GET /api/eth_account/validation_info from the ' +
          'stored nonce, recovers the signer of the EIP-191 signature (r || s || v, v 27 or 28) ' +
          'and links the address when it is the signer (any case; mixed case must be a valid ' +
          'EIP-55 checksum). The nonce then changes, so a signature links once. 422 on `address` ' +
          '(malformed, or linked to another user) or `signature` (malformed, or not by the ' +
          'address); a new link replaces the old one.',
        security: bearerAuth,
        body: Type.Object({
          address: Type.String({ maxLength: 64 }),
          signature: Type.String({ maxLength: 256 }),
        }),
        response: { 201: EthAccountBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const linked = await linkAccount(app.db, app.config.appName, request.user!.id, request.body);
      return reply
        .code(201)
        .send({ address: linked.address, linked_at: linked.linkedAt.toISOString() });
    },
  );

  app.delete(
    '/api/eth_account',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Unlink the Ethereum account (204 even when none is linked)',
        security: bearerAuth,
        response: { 204: Type.Null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await unlinkAccount(app.db, request.user!.id);
      return reply.code(204).send(null);
    },
  );
};

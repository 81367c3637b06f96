import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/database';
import { bearerAuth, ErrorBody } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { ethValidationNonces } from './schema';

/** The user's linking nonce, issued on first request and kept until it is used. */
async function validationNonce(db: Db, userId: number): Promise<{ nonce: string; issuedAt: Date }> {
  await db
    .insert(ethValidationNonces)
    .values({ userId, nonce: randomBytes(16).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(ethValidationNonces)
    .where(eq(ethValidationNonces.userId, userId));
  return { nonce: row!.nonce, issuedAt: row!.issuedAt };
}

/** The text the wallet signs (EIP-191 personal_sign) to prove it controls the address. */
export function validationMessage(appName: string, userId: number, nonce: string, issuedAt: Date) {
  return (
    `${appName} asks you to sign this message to link your Ethereum account.\n\n` +
    `Account: ${userId}\nNonce: ${nonce}\nIssued at: ${issuedAt.toISOString()}`
  );
}

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
};

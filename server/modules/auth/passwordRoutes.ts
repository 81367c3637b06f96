import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requestLocale, ValidationError } from '../../http/errors';
import { ROUTE_LIMITS } from '../../http/rate-limit';
import { Email, errorResponses, MessageBody, Password } from '../../http/schemas';
import { translate } from '../../i18n/messages';
import { requestPasswordReset, resetPassword } from './passwordReset';

/** Forgotten password: mail a reset link, then set a new password with its token. */
export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/password/email',
    {
      config: { limits: ROUTE_LIMITS.mail },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: Type.Object({ email: Email }),
        response: { 200: MessageBody, ...errorResponses },
      },
    },
    async (request) => {
      await requestPasswordReset(request, request.body.email);
      return { message: translate(requestLocale(request), 'passwords.sent') };
    },
  );

  app.post(
    '/api/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed token; signs the account out everywhere',
        body: Type.Object({
          token: Type.String({ minLength: 1, maxLength: 255 }),
          email: Email,
          password: Password,
          password_confirmation: Type.String({ maxLength: 255 }),
        }),
        response: { 200: MessageBody, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.password !== body.password_confirmation) {
        throw ValidationError.field('password', 'validation.confirmed');
      }
      await resetPassword(app.db, body);
      return { message: translate(requestLocale(request), 'passwords.reset') };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requestLocale } from '../../http/errors';
import { ROUTE_LIMITS } from '../../http/rate-limit';
import { Email, ErrorBody, errorResponses, MessageBody } from '../../http/schemas';
import { translate } from '../../i18n/messages';
import { findUserByEmail } from '../account/service';
import { queueVerificationMail, verifyEmail } from './emailVerification';

/** E-mail verification: the signed link's target and the resend form. */
export const emailVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/email/verify/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address with the signed link mailed at registration',
        params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) }),
        querystring: Type.Object({
          expires: Type.Optional(Type.String({ maxLength: 20 })),
          signature: Type.Optional(Type.String({ maxLength: 128 })),
        }),
        response: { 200: MessageBody, 403: ErrorBody, 422: errorResponses[422], 429: ErrorBody },
      },
    },
    async (request) => {
      const { expires, signature } = request.query;
      const id = Number(request.params.id);
      const outcome = await verifyEmail(app.db, app.appKey, id, expires, signature);
      const key = outcome === 'already' ? 'verify.already' : 'verify.done';
      return { message: translate(requestLocale(request), key) };
    },
  );

  app.post(
    '/api/email/resend',
    {
      config: { limits: ROUTE_LIMITS.mail },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link (same answer whether or not the account exists)',
        body: Type.Object({ email: Email }),
        response: { 200: MessageBody, ...errorResponses },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (user && !user.emailVerifiedAt) queueVerificationMail(request, user);
      return { message: translate(requestLocale(request), 'verify.sent') };
    },
  );
};

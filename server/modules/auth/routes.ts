import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { verify } from '@node-rs/argon2';
import { Type } from 'typebox';
import { requestLocale, ValidationError } from '../../http/errors';
import { ROUTE_LIMITS } from '../../http/rate-limit';
import { translate } from '../../i18n/messages';
import {
  bearerAuth,
  Email,
  ErrorBody,
  errorResponses,
  LoginValidationErrorBody,
  Password,
  UserBody,
} from '../../http/schemas';
import {
  createUser,
  findUserByEmail,
  hashPassword,
  userJson,
  verifyPassword,
} from '../account/service';
import { queueVerificationMail } from './emailVerification';
import { requireAuth } from './guard';
import { acceptOneTimePassword } from './oneTimePassword';
import { requireRecaptcha } from './recaptcha';
import { issueToken, revokeToken } from './tokens';

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword('no account has this password'));

/** Extra body of a 422 that asks for the one-time password. */
const TWO_FACTOR = { two_factor: true };

/** Optional on register and login; checked only when RECAPTCHA_SECRET is set. */
const RecaptchaFields = {
  recaptcha_token: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
  'g-recaptcha-response': Type.Optional(
    Type.Union([Type.String({ maxLength: 4096 }), Type.Null()]),
  ),
};

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/register',
    {
      config: { limits: ROUTE_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary: 'Create an account; answers a token and the user',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 255 }),
          email: Email,
          password: Password,
          password_confirmation: Type.String({ maxLength: 255 }),
          referral_code: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
          ...RecaptchaFields,
        }),
        response: { 201: Type.Object({ token: Type.String(), user: UserBody }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.password !== body.password_confirmation) {
        throw ValidationError.field('password', 'validation.confirmed');
      }
      if (!body.name.trim()) throw ValidationError.field('name', 'validation.required');
      await requireRecaptcha(request, body);
      const user = await createUser(
        app.db,
        {
          name: body.name,
          email: body.email,
          password: body.password,
          referralCode: body.referral_code || null,
        },
        app.config.startingBalanceCents,
      );
      queueVerificationMail(request, user);
      const token = await issueToken(app.db, user.id);
      return reply.code(201).send({ token, user: userJson(user) });
    },
  );

  app.post(
    '/api/login',
    {
      config: { limits: ROUTE_LIMITS.login },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token',
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 255 }),
          remember: Type.Optional(Type.Boolean()),
          one_time_password: Type.Optional(
            Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
          ),
          ...RecaptchaFields,
        }),
        response: {
          200: Type.Object({ token: Type.String(), token_type: Type.Literal('bearer') }),
          ...errorResponses,
          422: LoginValidationErrorBody,
        },
      },
    },
    async (request) => {
      const { email, password, remember, one_time_password: code } = request.body;
      await requireRecaptcha(request, request.body);
      const user = await findUserByEmail(app.db, email);
      if (!user) {
        // As slow as a wrong password, so the timing does not tell which e-mails have accounts.
        await verify(await dummyHash(), password).catch(() => false);
        throw ValidationError.field('email', 'auth.failed');
      }
      if (!(await verifyPassword(user, password))) {
        throw ValidationError.field('email', 'auth.failed');
      }
      // Only after the password: a suspension is not told to whoever merely knows the e-mail.
      if (user.suspendedAt) throw ValidationError.field('email', 'auth.suspended');
      if (user.twoFactorEnabled && user.twoFactorSecret) {
        // Laravel Fortify's shape: the client shows the code field when it sees two_factor.
        if (!code) {
          throw ValidationError.field(
            'one_time_password',
            'auth.two_factor_required',
            {},
            TWO_FACTOR,
          );
        }
        if (!(await acceptOneTimePassword(app.db, user.id, user.twoFactorSecret, code))) {
          throw ValidationError.field(
            'one_time_password',
            'auth.two_factor_invalid',
            {},
            TWO_FACTOR,
          );
        }
      }
      const token = await issueToken(app.db, user.id, { remember: remember === true });
      return { token, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/api/logout',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the token the request was signed with',
        security: bearerAuth,
        response: { 200: Type.Object({ message: Type.String() }), 401: ErrorBody },
      },
    },
    async (request) => {
      await revokeToken(app.db, request.tokenId!);
      return { message: translate(requestLocale(request), 'auth.logged_out') };
    },
  );
};

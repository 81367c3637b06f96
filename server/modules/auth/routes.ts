import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { verify } from '@node-rs/argon2';
import { Type } from 'typebox';
import { requestLocale, ValidationError } from '../../http/errors';
import { ROUTE_LIMITS } from '../../http/rate-limit';
import { translate } from '../../i18n/messages';
import type { User } from '../../db/schema';
import {
  bearerAuth,
  Email,
  ErrorBody,
  errorResponses,
  LoginValidationErrorBody,
  MessageBody,
  Password,
  UserBody,
} from '../../http/schemas';
import { findUserByEmail, hashPassword, userJson, verifyPassword } from '../account/service';
import { deviceOwner, rememberDevice } from './devices';
import { requireAuth } from './guard';
import { appOrigin, queueAccountMail } from './links';
import { acceptOneTimePassword } from './oneTimePassword';
import { requireRecaptcha } from './recaptcha';
import { confirmRegistration, queueRegistration, referralCodeExists } from './registration';
import {
  lockedError,
  lockedFor,
  loginThrottleKey,
  recordFailure,
  resetFailures,
  sweepThrottles,
  throttledCode,
  throttleOn,
} from './throttle';
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

/** Tells the owner that someone keeps failing to sign in (at most once an hour, see throttle.ts). */
function queueFailureNotice(
  request: Parameters<typeof queueAccountMail>[0],
  user: User,
  failures: number,
): void {
  const forgot = `${appOrigin(request)}/password/reset`;
  queueAccountMail(request, 'signin_failures', user, () => forgot, { count: failures });
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/register',
    {
      config: { limits: ROUTE_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary:
          'Start a registration: mails a link that creates the account (same answer whether or not the e-mail has one)',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 255 }),
          email: Email,
          password: Password,
          password_confirmation: Type.String({ maxLength: 255 }),
          referral_code: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
          ...RecaptchaFields,
        }),
        response: { 202: MessageBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.password !== body.password_confirmation) {
        throw ValidationError.field('password', 'validation.confirmed');
      }
      if (!body.name.trim()) throw ValidationError.field('name', 'validation.required');
      const referralCode = body.referral_code || null;
      if (referralCode && !(await referralCodeExists(app.db, referralCode))) {
        throw ValidationError.field('referral_code', 'validation.in');
      }
      await requireRecaptcha(request, body);
      // The same work whether or not the e-mail has an account; the rest runs after the answer.
      const passwordHash = await hashPassword(body.password);
      queueRegistration(request, {
        name: body.name,
        email: body.email,
        passwordHash,
        referralCode,
      });
      return reply.code(202).send({ message: translate(requestLocale(request), 'register.sent') });
    },
  );

  app.post(
    '/api/register/confirm',
    {
      // A 64-character token cannot be guessed: the per-IP limit of every request is enough.
      schema: {
        tags: ['auth'],
        summary: 'Create the account of a mailed registration link; answers a token and the user',
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 201: Type.Object({ token: Type.String(), user: UserBody }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await confirmRegistration(
        app.db,
        request.body.token,
        app.config.startingBalanceCents,
      );
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
        summary: 'Sign in; answers a bearer token and a device token',
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 255 }),
          remember: Type.Optional(Type.Boolean()),
          one_time_password: Type.Optional(
            Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
          ),
          device_token: Type.Optional(
            Type.Union([
              Type.String({
                maxLength: 255,
                description:
                  'The device_token of an earlier sign-in to this account: not held by the account lock',
              }),
              Type.Null(),
            ]),
          ),
          ...RecaptchaFields,
        }),
        response: {
          200: Type.Object({
            token: Type.String(),
            token_type: Type.Literal('bearer'),
            device_token: Type.String({
              description: 'Send it back as device_token on later sign-ins to this account',
            }),
          }),
          ...errorResponses,
          422: LoginValidationErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { email, password, remember, one_time_password: code } = request.body;
      const deviceToken = request.body.device_token ?? null;
      await requireRecaptcha(request, request.body);
      const user = await findUserByEmail(app.db, email);
      const throttled = throttleOn(request);
      const passwordKey = loginThrottleKey(email);
      if (throttled) {
        // Before the password is looked at: a lock costs no argon2 and answers nothing about it.
        // A browser that signed in to this account before is not held (nobody can lock it out).
        const knownDevice =
          user !== undefined && deviceToken !== null
            ? (await deviceOwner(app.db, deviceToken)) === user.id
            : false;
        const locked = knownDevice ? 0 : await lockedFor(app.db, passwordKey);
        if (locked > 0) throw lockedError(reply, locked);
      }
      const passwordOk = user
        ? await verifyPassword(user, password)
        : // As slow as a wrong password, so the timing does not tell which e-mails have accounts.
          await verify(await dummyHash(), password).catch(() => false);
      if (!user || !passwordOk) {
        if (throttled) {
          const failure = await recordFailure(app.db, passwordKey);
          if (user && failure.notify) queueFailureNotice(request, user, failure.failures);
          app.background.run('throttle sweep', () => sweepThrottles(app.db));
        }
        throw ValidationError.field('email', 'auth.failed');
      }
      if (throttled) await resetFailures(app.db, passwordKey);
      // Only after the password: a suspension is not told to whoever merely knows the e-mail.
      if (user.suspendedAt) throw ValidationError.field('email', 'auth.suspended');
      if (user.twoFactorEnabled && user.twoFactorSecret) {
        const secret = user.twoFactorSecret;
        // Laravel Fortify's shape: the client shows the code field when it sees two_factor.
        if (!code) {
          throw ValidationError.field(
            'one_time_password',
            'auth.two_factor_required',
            {},
            TWO_FACTOR,
          );
        }
        const result = await throttledCode(request, reply, user.id, () =>
          acceptOneTimePassword(app.db, user.id, secret, code),
        );
        if (!result.ok) {
          if (result.failure?.notify) queueFailureNotice(request, user, result.failure.failures);
          throw ValidationError.field(
            'one_time_password',
            'auth.two_factor_invalid',
            {},
            TWO_FACTOR,
          );
        }
      }
      const token = await issueToken(app.db, user.id, { remember: remember === true });
      const device = await rememberDevice(app.db, user.id, deviceToken);
      return { token, token_type: 'bearer' as const, device_token: device };
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

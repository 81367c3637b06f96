import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requestLocale } from '../../http/errors';
import { ROUTE_LIMITS } from '../../http/rate-limit';
import {
  bearerAuth,
  Email,
  ErrorBody,
  errorResponses,
  MessageBody,
  Password,
  UserBody,
} from '../../http/schemas';
import { translate } from '../../i18n/messages';
import { userJson } from '../account/service';
import { queueVerificationMail } from '../auth/emailVerification';
import { requireAuth } from '../auth/guard';
import { acceptOneTimePassword } from '../auth/oneTimePassword';
import { throttledCode } from '../auth/throttle';
import { changeGameSettings, GameSettingsBody, readGameSettings } from './gameSettings';
import { changePassword, updateProfile } from './profile';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from './twoFactor';

const GameSettingsChange = Type.Partial(GameSettingsBody, { additionalProperties: false });

const TwoFactorStatus = Type.Object({ enabled: Type.Boolean() });
const TwoFactorSetupBody = Type.Object({
  secret: Type.String(),
  otpauth_url: Type.String(),
  qr_svg: Type.String(),
});

/** The signed-in user's settings: profile, password, two-factor authentication, game settings. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { onRequest: requireAuth };
  const responses = { ...errorResponses, 401: ErrorBody };

  app.patch(
    '/api/settings/profile',
    {
      ...auth,
      config: { limits: ROUTE_LIMITS.profile },
      schema: {
        tags: ['settings'],
        summary:
          'Change name and e-mail (a new e-mail must be verified again), and hide the name in the live bets feed',
        security: bearerAuth,
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 255 }),
          email: Email,
          hide_name: Type.Optional(
            Type.Boolean({ description: 'Bets show "hidden" instead of the name in public feeds' }),
          ),
        }),
        response: { 200: UserBody, ...responses },
      },
    },
    async (request) => {
      const { user, emailChanged } = await updateProfile(app.db, request.user!, request.body);
      if (emailChanged) queueVerificationMail(request, user);
      return userJson(user);
    },
  );

  app.patch(
    '/api/settings/password',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        summary: 'Change the password; signs out every other session',
        security: bearerAuth,
        body: Type.Object({
          current_password: Type.String({ maxLength: 255 }),
          password: Password,
          password_confirmation: Type.String({ maxLength: 255 }),
        }),
        response: { 200: MessageBody, ...responses },
      },
    },
    async (request) => {
      await changePassword(app.db, request.user!, request.tokenId!, request.body);
      return { message: translate(requestLocale(request), 'settings.password_updated') };
    },
  );

  app.get(
    '/api/settings/game',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        summary: 'Game settings: instant mode, reduced motion, sound, hotkeys, haptics',
        security: bearerAuth,
        response: { 200: GameSettingsBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => readGameSettings(app.db, request.user!.id),
  );

  app.patch(
    '/api/settings/game',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        summary: 'Change game settings: those given change, the others stay',
        security: bearerAuth,
        body: GameSettingsChange,
        response: { 200: GameSettingsBody, ...responses },
      },
    },
    async (request) => changeGameSettings(app.db, request.user!.id, request.body),
  );

  app.get(
    '/api/settings/2fa',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        summary: 'Whether two-factor authentication is on',
        security: bearerAuth,
        response: { 200: TwoFactorStatus, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => ({ enabled: request.user!.twoFactorEnabled }),
  );

  app.post(
    '/api/settings/2fa',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        summary:
          'enable: a new TOTP secret (pending) with its otpauth URL and QR code; confirm: turn it on with a code; disable: turn it off with a code',
        security: bearerAuth,
        body: Type.Object({
          action: Type.Union([
            Type.Literal('enable'),
            Type.Literal('confirm'),
            Type.Literal('disable'),
          ]),
          code: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
        }),
        response: { 200: Type.Union([TwoFactorSetupBody, TwoFactorStatus]), ...responses },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const code = request.body.code ?? undefined;
      // Wrong codes count against the account's code lock (shared with login's one-time password).
      const accept = async (secret: string, given: string) =>
        (
          await throttledCode(request, reply, user.id, () =>
            acceptOneTimePassword(app.db, user.id, secret, given),
          )
        ).ok;
      switch (request.body.action) {
        case 'enable':
          return startTwoFactor(app.db, user, app.config.appName);
        case 'confirm':
          await confirmTwoFactor(app.db, user, code, accept);
          return { enabled: true };
        case 'disable':
          await disableTwoFactor(app.db, user, code, accept);
          return { enabled: false };
      }
    },
  );
};

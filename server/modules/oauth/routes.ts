import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError, requestLocale } from '../../http/errors';
import { ErrorBody } from '../../http/schemas';
import { translate, type MessageKey } from '../../i18n/messages';
import { issueToken } from '../auth/tokens';
import { accountForProfile } from './accounts';
import { OAUTH_PROVIDERS, type OAuthProviderConfig } from './config';
import {
  authorizationUrl,
  consumeState,
  exchangeCode,
  fetchProfile,
  OAuthProviderError,
} from './flow';
import { popupPage, type PopupMessage } from './popupPage';

const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });

/** The callback's answers, success and failure alike: the popup page. */
const PopupPageBody = {
  description: 'the popup page: posts {token} or {error} to window.opener',
  content: { 'text/html': { schema: Type.String() } },
};

function providerConfig(request: FastifyRequest, id: string): OAuthProviderConfig {
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(id)) {
    throw new HttpError(404, 'oauth.unknown_provider', { provider: id });
  }
  const provider = request.server.config.accounts.oauth[id as OAuthProviderConfig['id']];
  if (!provider) throw new HttpError(404, 'oauth.not_configured', { provider: id });
  return provider;
}

const originOf = (url: string) => new URL(url).origin;

/** The server's own public origin: APP_URL_API, else APP_URL (never a request header). */
function serverOrigin(request: FastifyRequest): string {
  const { appUrlApi, appUrl } = request.server.config;
  return originOf(appUrlApi || appUrl);
}

/** Where the popup's message may go: the app's origin (APP_URL). */
function appOrigin(request: FastifyRequest): string {
  return originOf(request.server.config.appUrl);
}

const callbackUrl = (request: FastifyRequest, id: string) =>
  `${serverOrigin(request)}/api/oauth/${id}/callback`;

function sendPopup(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: PopupMessage,
  text: string,
) {
  const page = popupPage(appOrigin(request), message, text);
  return reply
    .code(status)
    .header('content-security-policy', page.csp)
    .header('cross-origin-opener-policy', 'unsafe-none')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/** Sign-in through GitHub, Google and Microsoft (authorization code flow with PKCE). */
export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/oauth/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with github, google or microsoft: answers the authorize URL',
        params: ProviderParams,
        response: { 200: Type.Object({ url: Type.String() }), 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const provider = providerConfig(request, request.params.provider);
      const url = await authorizationUrl(app.db, provider, callbackUrl(request, provider.id));
      return { url };
    },
  );

  app.get(
    '/api/oauth/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The provider returns here: answers an HTML page that posts {token} (or {error}) to window.opener on the app origin',
        description:
          'Every answer, a failure too (unknown provider, bad query, provider or server error), ' +
          'is the popup page, so the opener always hears back.',
        params: ProviderParams,
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 2048 })),
          state: Type.Optional(Type.String({ maxLength: 256 })),
          error: Type.Optional(Type.String({ maxLength: 256 })),
        }),
        produces: ['text/html'],
        response: { 200: PopupPageBody, '4xx': PopupPageBody, '5xx': PopupPageBody },
      },
      // Whatever goes wrong, the popup gets its page: a JSON answer would leave the opener waiting.
      errorHandler: (error, request, reply) => {
        const provider = { provider: String((request.params as { provider?: unknown }).provider) };
        let status = 500;
        let key: MessageKey = 'oauth.failed';
        if (error instanceof HttpError) {
          status = error.status;
          key = error.messageKey;
        } else if (error instanceof OAuthProviderError) {
          request.log.warn(`oauth ${provider.provider}: ${error.message}`);
          status = 502;
        } else if (error.validation || (error.statusCode ?? 500) < 500) {
          status = 400;
        } else {
          request.log.error({ err: error }, `oauth ${provider.provider}: callback failed`);
        }
        const text = translate(requestLocale(request), key, { ...provider });
        return sendPopup(request, reply, status, { error: text }, text);
      },
    },
    async (request, reply) => {
      const provider = providerConfig(request, request.params.provider);
      const locale = requestLocale(request);
      const fail = (status: number, key: MessageKey) => {
        const text = translate(locale, key, { provider: provider.id });
        return sendPopup(request, reply, status, { error: text }, text);
      };
      const { code, state, error } = request.query;
      // A state is spent even when the provider reports an error: a retry starts over.
      const codeVerifier = state ? await consumeState(app.db, provider.id, state) : null;
      if (!codeVerifier) return fail(400, 'oauth.invalid_state');
      if (error || !code) return fail(400, 'oauth.denied');
      const accessToken = await exchangeCode(
        provider,
        code,
        callbackUrl(request, provider.id),
        codeVerifier,
      );
      const profile = await fetchProfile(provider, accessToken);
      const user = await accountForProfile(
        app.db,
        provider.id,
        profile,
        app.config.startingBalanceCents,
      );
      if (user.suspendedAt) return fail(403, 'oauth.suspended');
      if (user.twoFactorEnabled) return fail(403, 'oauth.two_factor');
      const token = await issueToken(app.db, user.id, { name: `oauth:${provider.id}` });
      return sendPopup(request, reply, 200, { token }, translate(locale, 'oauth.signed_in'));
    },
  );
};

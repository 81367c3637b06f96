import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/errors';
import { translate, type Locale, type MessageParams } from '../../i18n/messages';
import type { MailMessage } from '../../mail/mailer';

/**
 * Where mailed links point: APP_URL (http://localhost:PORT when unset), never a request header:
 * Host and X-Forwarded-Host are chosen by whoever sends the request, and a reset link built from
 * them would carry the victim's token to the sender's site.
 */
export function appOrigin(request: FastifyRequest): string {
  return request.server.config.appUrl;
}

/** The account mails: each has `mail.<kind>.subject` and `mail.<kind>.text` in every locale. */
export type AccountMailKind =
  'verify' | 'reset' | 'signin_failures' | 'register_confirm' | 'register_taken';

/**
 * Sends an account mail in `locale` now (call it from a background task). The text gets `name`,
 * `link`, `app`, `login` and `forgot` (the sign-in and forgotten-password pages) and `extra`. A
 * delivery failure is logged, never shown.
 */
export async function sendAccountMail(
  request: FastifyRequest,
  locale: Locale,
  kind: AccountMailKind,
  to: { email: string; name: string },
  link: string,
  extra: MessageParams = {},
): Promise<void> {
  const origin = appOrigin(request);
  const params = {
    name: to.name,
    link,
    app: request.server.config.appName,
    login: `${origin}/login`,
    forgot: `${origin}/password/reset`,
    ...extra,
  };
  const message: MailMessage = {
    to: to.email,
    subject: translate(locale, `mail.${kind}.subject`, params),
    text: translate(locale, `mail.${kind}.text`, params),
    link,
  };
  try {
    await request.server.mailer.send(message);
  } catch (error) {
    request.log.error({ err: error }, `could not send the ${kind} mail`);
  }
}

/**
 * Queues a mail in the request's language; it is sent after the answer (server/background.ts),
 * so whether a mail goes out never shows in the answer's timing. A delivery failure is logged,
 * never shown.
 */
export function queueAccountMail(
  request: FastifyRequest,
  kind: AccountMailKind,
  to: { email: string; name: string },
  link: () => Promise<string> | string,
  extra: MessageParams = {},
): void {
  const locale = requestLocale(request);
  request.server.background.run(`${kind} mail`, async () => {
    await sendAccountMail(request, locale, kind, to, await link(), extra);
  });
}

import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/errors';
import { translate } from '../../i18n/messages';
import type { MailMessage } from '../../mail/mailer';

/**
 * Where mailed links point: APP_URL when set, else the origin the request came in on. Set APP_URL
 * in production: a request's Host header is chosen by the client.
 */
export function appOrigin(request: FastifyRequest): string {
  const configured = request.server.config.appUrl.replace(/\/+$/, '');
  return configured || `${request.protocol}://${request.host}`;
}

/** Sends a mail in the request's language; a delivery failure is logged, never shown. */
export async function sendAccountMail(
  request: FastifyRequest,
  kind: 'verify' | 'reset',
  to: { email: string; name: string },
  link: string,
): Promise<void> {
  const locale = requestLocale(request);
  const params = { name: to.name, link, app: request.server.config.appName };
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

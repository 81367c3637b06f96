import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../../http/errors';
import { translate } from '../../i18n/messages';
import type { MailMessage } from '../../mail/mailer';

/**
 * Where mailed links point: APP_URL (http://localhost:PORT when unset), never a request header:
 * Host and X-Forwarded-Host are chosen by whoever sends the request, and a reset link built from
 * them would carry the victim's token to the sender's site.
 */
export function appOrigin(request: FastifyRequest): string {
  return request.server.config.appUrl;
}

/**
 * Queues a mail in the request's language; it is sent after the answer (server/background.ts),
 * so whether a mail goes out never shows in the answer's timing. A delivery failure is logged,
 * never shown.
 */
export function queueAccountMail(
  request: FastifyRequest,
  kind: 'verify' | 'reset',
  to: { email: string; name: string },
  link: () => Promise<string> | string,
): void {
  const locale = requestLocale(request);
  request.server.background.run(`${kind} mail`, async () => {
    const url = await link();
    const params = { name: to.name, link: url, app: request.server.config.appName };
    const message: MailMessage = {
      to: to.email,
      subject: translate(locale, `mail.${kind}.subject`, params),
      text: translate(locale, `mail.${kind}.text`, params),
      link: url,
    };
    try {
      await request.server.mailer.send(message);
    } catch (error) {
      request.log.error({ err: error }, `could not send the ${kind} mail`);
    }
  });
}

import type { Mailer } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends (or, without SMTP_URL, files) the account mails. */
    mailer: Mailer;
    /** The secret behind signed links (APP_KEY or the generated, stored one). */
    appKey: Buffer;
  }
}

export {};

import type { FastifyInstance } from 'fastify';
import './context';
import { registerRateLimits } from '../../http/rate-limit';
import { registerSecurity } from '../../http/security';
import { createMailer } from '../../mail/mailer';
import { ensureAdmin } from '../admin-account/service';
import { oauthRoutes } from '../oauth/routes';
import { responsiblePlayRoutes } from '../responsible-play/routes';
import { settingsRoutes } from '../settings/routes';
import { resolveAppKey } from './appKey';
import { emailVerificationRoutes } from './emailRoutes';
import { passwordResetRoutes } from './passwordRoutes';

/**
 * Accounts and sign-in around the core auth routes: security headers, CORS and rate limits (for
 * every route registered after this), the mailer and link key, e-mail verification, password
 * reset, settings, OAuth, and the ADMIN_EMAIL account. Call before registering the API routes.
 */
export async function registerAccounts(app: FastifyInstance): Promise<void> {
  const accounts = app.config.accounts;
  await registerSecurity(app);
  await registerRateLimits(app);

  const mailer = createMailer({
    mailDir: accounts.mailDir,
    smtpUrl: accounts.smtpUrl,
    from: accounts.mailFrom,
    log: (text) => app.log.info(text),
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  app.decorate('appKey', await resolveAppKey(app.db, accounts.appKey));
  if (app.config.appUrlIsDefault) {
    app.log.warn(
      `APP_URL is unset: mailed links and the OAuth popup point to ${app.config.appUrl}. ` +
        'Set APP_URL to the public address in production.',
    );
  }

  if (accounts.admin) {
    const { user, created } = await ensureAdmin(
      app.db,
      accounts.admin,
      app.config.startingBalanceCents,
    );
    app.log.info(`${created ? 'Created' : 'Checked'} admin account #${user.id} ${user.email}`);
  }

  await app.register(emailVerificationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(settingsRoutes);
  await app.register(responsiblePlayRoutes);
  await app.register(oauthRoutes);
}

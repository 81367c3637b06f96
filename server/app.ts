import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import './context';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { registerErrorHandling } from './http/errors';
import { registerInputGuards } from './http/input';
import { ownRouteHookArrays } from './http/routeHooks';
import { validatorCompiler } from './http/validation';
import { loggerOptions } from './http/logging';
import { registerSpa } from './http/spa';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';
import { registerAccounts } from './modules/auth/plugin';
import { adminPlayerRoutes } from './modules/admin/playerRoutes';
import { adminPostRoutes } from './modules/admin/postRoutes';
import { adminRoutes } from './modules/admin/routes';
import { creatorRoutes } from './modules/creators/routes';
import { ethAccountRoutes } from './modules/eth-account/routes';
import { postRoutes } from './modules/posts/routes';
import { rakebackRoutes } from './modules/rakeback/routes';
import { rankingRoutes } from './modules/ranking/routes';
import { referralRoutes } from './modules/referrals/routes';
import { tokenlockRoutes } from './modules/tokenlocks/routes';
import { walletRoutes } from './modules/wallet/routes';
import { betRoutes } from './modules/bets/routes';
import { BackgroundTasks } from './background';
import { fairnessRoutes } from './modules/fairness/routes';
import { giveawayRoutes } from './modules/giveaways/routes';
import { gameRoutes } from './modules/games/routes';
import { registerLiveBets } from './modules/live-bets/routes';
import { imageRoutes } from './modules/images/routes';
import { profileRoutes } from './modules/profiles/routes';
import { RedisLink } from './redis/link';
import { registerChainWallet } from './modules/chain/plugin';

export interface BuildOptions {
  /** Where the log goes (stdout by default); the tests read it to prove no secret is written. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server (API and SPA) on an open database, without listening. */
export async function buildApp(
  config: ServerConfig,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 64 * 1024,
    trustProxy: config.accounts.trustProxy,
  }).setValidatorCompiler(validatorCompiler);

  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('dbListen', database.listen);
  app.decorate('background', new BackgroundTasks(app.log));
  const { redisUrl, redisPrefix, redisTimeoutMs } = config.accounts;
  const redis = redisUrl
    ? new RedisLink({ url: redisUrl, prefix: redisPrefix, timeoutMs: redisTimeoutMs, log: app.log })
    : null;
  app.decorate('redis', redis);
  // Registered first, so it runs after every module that publishes or counts has closed.
  if (redis) app.addHook('onClose', async () => redis.close());
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('prefetchedBetState', null);
  ownRouteHookArrays(app); // before any plugin that adds route hooks
  registerErrorHandling(app);
  registerInputGuards(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { tags: ['meta'], hide: true } }, async () => ({
    status: 'ok',
  }));
  await registerAccounts(app);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(walletRoutes);
  await registerChainWallet(app);
  await app.register(tokenlockRoutes);
  await app.register(rankingRoutes);
  await app.register(creatorRoutes);
  await app.register(postRoutes);
  await app.register(rakebackRoutes);
  await app.register(referralRoutes);
  await app.register(ethAccountRoutes);
  await app.register(adminRoutes);
  await app.register(adminPlayerRoutes);
  await app.register(adminPostRoutes);
  await app.register(fairnessRoutes);
  await app.register(giveawayRoutes);
  await registerLiveBets(app); // before the games: they report their settled bets to it
  await app.register(gameRoutes);
  await app.register(betRoutes);
  await app.register(imageRoutes);
  await app.register(profileRoutes);

  await registerSpa(app, config);
  // onClose hooks run last-registered first: this one, before the mailer and the rate-limit
  // store close, so mails still being sent go out.
  app.addHook('onClose', async () => app.background.drain());
  return app;
}

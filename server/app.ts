import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import './context';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { registerErrorHandling } from './http/errors';
import { registerSpa } from './http/spa';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';

/** Builds the whole server (API and SPA) on an open database, without listening. */
export async function buildApp(config: ServerConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: true,
  }).setValidatorCompiler(TypeBoxValidatorCompiler);

  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  registerErrorHandling(app);

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
  await app.register(authRoutes);
  await app.register(accountRoutes);

  await registerSpa(app, config);
  return app;
}

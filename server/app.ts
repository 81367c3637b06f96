import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { registerSpa } from './http/spa';

/** Builds the whole server (API and SPA) without listening, so tests and main share it. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });

  app.get('/api/health', async () => ({ status: 'ok' }));

  await registerSpa(app, config);
  return app;
}

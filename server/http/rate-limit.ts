import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { HttpError } from './errors';

const MINUTE = 60_000;

/** The limits the issue asks for (requests per window). */
export const LIMITS = {
  /** POST /api/login, per IP and e-mail. */
  login: { max: 5, timeWindow: MINUTE },
  /** Mail-sending routes (password e-mail, verification resend), per IP and e-mail. */
  mail: { max: 5, timeWindow: MINUTE },
  /** POST /api/register, per IP. */
  register: { max: 10, timeWindow: 60 * MINUTE },
  /** Every other API route, per token (per IP for anonymous requests). */
  perToken: { max: 300, timeWindow: MINUTE },
} as const;

function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/** Route config: counted after the body is parsed, keyed by IP and the e-mail in the body. */
const perIpAndEmail = (limit: { max: number; timeWindow: number }): RateLimitOptions => ({
  ...limit,
  hook: 'preHandler',
  keyGenerator: (request) => `${request.ip}|${bodyEmail(request)}`,
});

export const loginRateLimit = perIpAndEmail(LIMITS.login);
export const mailRateLimit = perIpAndEmail(LIMITS.mail);
export const registerRateLimit: RateLimitOptions = { ...LIMITS.register };

/**
 * Registers @fastify/rate-limit for every /api route registered after it. The global limit runs
 * after the route's own onRequest hooks, so a signed-in request is keyed by its token id.
 * With REDIS_URL the counters live in Redis and hold across instances.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { rateLimits, redisUrl, redisPrefix } = app.config.accounts;
  if (!rateLimits) {
    app.log.warn('RATE_LIMITS=off: requests are not rate limited');
    return;
  }
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
    redis.on('error', (error: Error) => app.log.warn(`Redis (rate limits): ${error.message}`));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => undefined);
    });
  }
  await app.register(rateLimit, {
    global: true,
    ...LIMITS.perToken,
    keyGenerator: (request) =>
      request.tokenId !== null ? `token:${request.tokenId}` : `ip:${request.ip}`,
    // The SPA's files and the docs page are not the API.
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/docs'),
    ...(redis ? { redis, nameSpace: `${redisPrefix}rate-limit:` } : {}),
    // A Redis outage must not take sign-in down: let the request through and log it.
    skipOnError: true,
    errorResponseBuilder: () => new HttpError(429, 'error.too_many_requests'),
  });
}

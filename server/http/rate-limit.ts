import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import cluster from 'node:cluster';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { failoverStore } from '../redis/failover-store';
import { PrimaryCounters, primaryCounterStore } from './cluster-counters';
import { HttpError } from './errors';

const MINUTE = 60_000;

/** A counter: at most `max` requests per `timeWindow` ms for each key. */
export interface Bucket {
  name: string;
  max: number;
  timeWindow: number;
}

/** The limits (requests per window). docs/developers/accounts.md lists them. */
export const BUCKETS = {
  /** Every API request, per client IP, before anything else: the floor under all the others. */
  perIp: { name: 'ip', max: 1200, timeWindow: MINUTE },
  /** Every API request, per token (per IP for anonymous requests). */
  perToken: { name: 'token', max: 300, timeWindow: MINUTE },
  /** POST /api/login, per IP and e-mail. */
  login: { name: 'login', max: 5, timeWindow: MINUTE },
  /** POST /api/login, per IP whatever the e-mail (each attempt costs an argon2 hash). */
  loginPerIp: { name: 'login-ip', max: 20, timeWindow: MINUTE },
  /** Mail-sending requests (password e-mail, verification resend), per IP and e-mail. */
  mail: { name: 'mail', max: 5, timeWindow: MINUTE },
  /** Every mail-sending request from one IP (those two and e-mail changes). */
  mailPerIp: { name: 'mail-ip', max: 10, timeWindow: MINUTE },
  /** POST /api/register, per IP. */
  register: { name: 'register', max: 10, timeWindow: 60 * MINUTE },
  /** E-mail changes in the settings, per account (each answers whether the address is taken). */
  emailChange: { name: 'email-change', max: 5, timeWindow: MINUTE },
} as const satisfies Record<string, Bucket>;

/** One limit of a route: a bucket and the key it counts under (null: this request is not counted). */
export interface Limit {
  bucket: Bucket;
  key: (request: FastifyRequest) => string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits counted after validation, on top of the per-IP and per-token ones. */
    limits?: readonly Limit[];
  }
}

function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

const byIp = (request: FastifyRequest) => request.ip;
const byIpAndEmail = (request: FastifyRequest) => `${request.ip}|${bodyEmail(request)}`;
/** Only requests that change the signed-in user's e-mail count. */
const whenEmailChanges =
  (key: (request: FastifyRequest) => string) => (request: FastifyRequest) => {
    const email = bodyEmail(request);
    return request.user && email && email !== request.user.email ? key(request) : null;
  };

/** The limits of each guarded route, on top of the per-IP and per-token ones. */
export const ROUTE_LIMITS = {
  login: [
    { bucket: BUCKETS.loginPerIp, key: byIp },
    { bucket: BUCKETS.login, key: byIpAndEmail },
  ],
  mail: [
    { bucket: BUCKETS.mailPerIp, key: byIp },
    { bucket: BUCKETS.mail, key: byIpAndEmail },
  ],
  register: [{ bucket: BUCKETS.register, key: byIp }],
  profile: [
    { bucket: BUCKETS.mailPerIp, key: whenEmailChanges(byIp) },
    { bucket: BUCKETS.emailChange, key: whenEmailChanges((r) => `user:${r.user!.id}`) },
  ],
} as const satisfies Record<string, readonly Limit[]>;

let workerCounters: PrimaryCounters | undefined;
/** In a cluster worker: the store on the primary's counters (one channel per process). */
function workerStore(app: FastifyInstance): FastifyRateLimitStoreCtor | undefined {
  if (!cluster.isWorker) return undefined;
  workerCounters ??= new PrimaryCounters({
    send: (message, callback) => process.send?.(message, undefined, undefined, callback) ?? false,
    on: (event, listener) => process.on(event, listener),
  });
  return primaryCounterStore(workerCounters, (error) =>
    app.log.warn(`rate limits: ${error.message}; the request is let through`),
  );
}

const isApi = (request: FastifyRequest) =>
  request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');

const tooMany = (reply: FastifyReply, ttlInSeconds: number) => {
  reply.header('retry-after', Math.max(1, ttlInSeconds));
  return new HttpError(429, 'error.too_many_requests');
};

/**
 * Registers the limits: per IP on every API request (before authentication, so bad tokens count
 * too), per token (after the route's authentication), and each route's own `config.limits`
 * after validation. A request over any of them is a 429 with Retry-After. With REDIS_URL every
 * counter lives in Redis and holds across instances, and on this host while Redis is out
 * (server/redis/failover-store.ts); without it, a cluster worker counts in the cluster primary
 * (server/http/cluster-counters.ts), so the workers of one host count together.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  if (!app.config.accounts.rateLimits) {
    app.log.warn('RATE_LIMITS=off: requests are not rate limited');
    return;
  }
  const hostStore = workerStore(app);
  const store = app.redis ? failoverStore(app.redis, hostStore) : hostStore;
  await app.register(rateLimit, {
    global: true,
    max: BUCKETS.perToken.max,
    timeWindow: BUCKETS.perToken.timeWindow,
    keyGenerator: (request) =>
      request.tokenId !== null ? `token:${request.tokenId}` : `ip:${request.ip}`,
    // The SPA's files and the docs page are not the API.
    allowList: (request) => !isApi(request),
    ...(store ? { store } : {}),
    // A cluster primary that does not answer must not take sign-in down: let the request
    // through and log it (Redis never gets here: its failures count on the host).
    skipOnError: true,
    errorResponseBuilder: () => new HttpError(429, 'error.too_many_requests'),
  });

  // One counter per bucket, shared by every route that names it. Keys carry the bucket's name:
  // in Redis all of them share one prefix.
  const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const counter = (bucket: Bucket) => {
    let count = counters.get(bucket.name);
    if (!count) {
      count = app.createRateLimit({
        max: bucket.max,
        timeWindow: bucket.timeWindow,
        keyGenerator: (request) => `${bucket.name}:${limitKeys.get(request) ?? ''}`,
      });
      counters.set(bucket.name, count);
    }
    return count;
  };
  // The key of the limit being counted (createRateLimit's keyGenerator sees only the request).
  const limitKeys = new WeakMap<FastifyRequest, string>();
  const enforce = async (request: FastifyRequest, reply: FastifyReply, limit: Limit) => {
    const key = limit.key(request);
    if (key === null) return;
    limitKeys.set(request, key);
    const result = await counter(limit.bucket)(request);
    limitKeys.delete(request);
    if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttlInSeconds);
  };

  const perIp: Limit = { bucket: BUCKETS.perIp, key: byIp };
  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request)) await enforce(request, reply, perIp);
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const limits = route.config?.limits;
    if (!limits?.length) return;
    const hook: preHandlerHookHandler = async function (request, reply) {
      for (const limit of limits) await enforce(request, reply, limit);
    };
    const existing = route.preHandler;
    route.preHandler = [hook, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  });
}

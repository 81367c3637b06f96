import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { RedisLink } from './link';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The options the plugin constructs its root store with (those this store reads). */
interface PluginParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A @fastify/rate-limit store that counts in Redis while the link is available and on this host
 * otherwise (`hostStore`: the cluster primary's counters in a worker, this process's memory
 * otherwise). A Redis count that fails or runs past its deadline is counted on the host instead,
 * so a Redis outage costs no request more than the link's deadline, and nothing once its breaker
 * is open. While Redis is out, the instances of a deployment count apart (each host its own).
 */
export function failoverStore(
  link: RedisLink,
  hostStore: FastifyRateLimitStoreCtor | undefined,
): FastifyRateLimitStoreCtor {
  class FailoverStore implements FastifyRateLimitStore {
    private readonly redis: FastifyRateLimitStore;
    private readonly host: FastifyRateLimitStore;

    constructor(
      params: PluginParams,
      stores?: { redis: FastifyRateLimitStore; host: FastifyRateLimitStore },
    ) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.redis =
        stores?.redis ??
        new RedisStore(
          continueExceeding,
          exponentialBackoff,
          link.client,
          `${link.prefix}rate-limit:`,
        );
      this.host =
        stores?.host ??
        (hostStore
          ? new hostStore(params as never)
          : new LocalStore(continueExceeding, exponentialBackoff));
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const onHost = () => this.host.incr(key, callback, timeWindow, max);
      link
        .run(
          () =>
            new Promise<Count>((resolve, reject) =>
              this.redis.incr(
                key,
                (error, result) =>
                  error || !result ? reject(error ?? new Error('no count')) : resolve(result),
                timeWindow,
                max,
              ),
            ),
        )
        .then((count) => callback(null, count), onHost);
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new FailoverStore(routeOptions as PluginParams, {
        redis: this.redis.child(routeOptions),
        host: this.host.child(routeOptions),
      });
    }
  }
  return FailoverStore;
}

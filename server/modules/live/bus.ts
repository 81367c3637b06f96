import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

/**
 * "Round N has ended" between server instances: Redis pub/sub when REDIS_URL is set, otherwise
 * the database's LISTEN/NOTIFY. Every instance hears every message, its own included.
 */
export interface RoundBus {
  publish(betId: number): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'live_rounds';

export async function openRoundBus(
  app: FastifyInstance,
  onEnded: (betId: number) => void,
): Promise<RoundBus> {
  const deliver = (payload: string) => {
    const betId = Number(payload);
    if (Number.isSafeInteger(betId)) onEnded(betId);
  };
  const { redisUrl, redisPrefix } = app.config.accounts;
  if (redisUrl) {
    const channel = `${redisPrefix}${CHANNEL}`;
    const options = { maxRetriesPerRequest: 1, connectTimeout: 3000 };
    const publisher = new Redis(redisUrl, options);
    const subscriber = new Redis(redisUrl, options);
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => app.log.warn(`Redis (live rounds): ${error.message}`));
    }
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) deliver(payload);
    });
    await subscriber.subscribe(channel);
    return {
      publish: async (betId) => {
        await publisher.publish(channel, String(betId));
      },
      close: async () => {
        await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => undefined)));
      },
    };
  }
  const unlisten = await app.dbListen(CHANNEL, deliver);
  return {
    publish: async (betId) => {
      await app.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${String(betId)})`);
    },
    close: unlisten,
  };
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { preparedSql } from '../../db/prepared';
import type { BetJson } from '../bets/json';

/** A round's ending as its streams send it: `crashed {crash_point, bet}` or `cashed_out {bet}`. */
export interface EndingEvent {
  name: string;
  data: { crash_point?: unknown; bet: BetJson };
}

/** The ending event of an ended bet (its result's status names it). */
export function endingEvent(bet: BetJson): EndingEvent {
  const name = String(bet.result.status);
  // `crashed {crash_point}`: the crash point at the top as well as in the bet's result.
  const crash = name === 'crashed' ? { crash_point: bet.result.crash_point } : {};
  return { name, data: { ...crash, bet } };
}

/**
 * "Round N has ended", with its ending event when it fits the message (so a stream sends it
 * without reading the round again; without it, streams read the round).
 */
export interface RoundEnded {
  betId: number;
  event?: EndingEvent;
}

/** A NOTIFY for the statement that writes what it announces: delivered at its commit or never. */
export interface Notification {
  channel: string;
  payload: string;
}

/**
 * "Round N has ended" between server instances: Redis pub/sub when REDIS_URL is set, otherwise
 * the database's LISTEN/NOTIFY. Every instance hears every message, its own included.
 */
export interface RoundBus {
  /**
   * On the database's bus, the NOTIFY the ending's own statement sends (it goes out at that
   * transaction's commit, and not at all with a rollback); null on Redis, where publish() the
   * message once the ending has committed.
   */
  notification(message: RoundEnded): Notification | null;
  publish(message: RoundEnded): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'live_rounds';
/** NOTIFY payloads must stay under 8,000 bytes: a longer ending goes as its bet id alone. */
export const MAX_PAYLOAD = 7_500;

/** The message on the wire: `{"betId":…,"event":…}`, or the bet id alone. */
function encode(message: RoundEnded): string {
  if (message.event) {
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text;
  }
  return String(message.betId);
}

function decode(payload: string): RoundEnded | null {
  if (!payload.startsWith('{')) {
    const betId = Number(payload);
    return Number.isSafeInteger(betId) ? { betId } : null;
  }
  try {
    const message = JSON.parse(payload) as RoundEnded;
    return Number.isSafeInteger(message.betId) ? message : null;
  } catch {
    return null;
  }
}

/**
 * A named channel between server instances: Redis pub/sub when REDIS_URL is set, otherwise the
 * database's LISTEN/NOTIFY. Every instance hears every payload, its own included; one
 * subscription (or LISTEN connection) per channel and instance, whatever the number of streams.
 */
export interface ChannelBus {
  /**
   * Publishes a payload (under 8,000 bytes: NOTIFY's limit) at once. What must leave only with a
   * commit goes in its statement instead, as a NOTIFY on `notifyChannel`.
   */
  publish(payload: string): Promise<void>;
  /** The channel's name for NOTIFY on the database's bus (null on Redis). */
  readonly notifyChannel: string | null;
  close(): Promise<void>;
}

const notify = preparedSql(
  'channel_notify',
  sql`SELECT pg_notify(${sql.placeholder('channel')}::text, ${sql.placeholder('payload')}::text)`,
);

/** Opens channel `name` (letters, digits and underscores) and hands every payload to `onPayload`. */
export async function openChannel(
  app: FastifyInstance,
  name: string,
  onPayload: (payload: string) => void,
): Promise<ChannelBus> {
  const { redisUrl, redisPrefix } = app.config.accounts;
  if (redisUrl) {
    const channel = `${redisPrefix}${name}`;
    const options = { maxRetriesPerRequest: 1, connectTimeout: 3000 };
    const publisher = new Redis(redisUrl, options);
    const subscriber = new Redis(redisUrl, options);
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => app.log.warn(`Redis (${name}): ${error.message}`));
    }
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) onPayload(payload);
    });
    await subscriber.subscribe(channel);
    return {
      notifyChannel: null,
      publish: async (payload) => {
        await publisher.publish(channel, payload);
      },
      close: async () => {
        await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => undefined)));
      },
    };
  }
  const unlisten = await app.dbListen(name, onPayload);
  return {
    notifyChannel: name,
    publish: async (payload) => {
      await notify(app.db, { channel: name, payload });
    },
    close: unlisten,
  };
}

export async function openRoundBus(
  app: FastifyInstance,
  onEnded: (message: RoundEnded) => void,
): Promise<RoundBus> {
  const channel = await openChannel(app, CHANNEL, (payload) => {
    const message = decode(payload);
    if (message) onEnded(message);
  });
  const { notifyChannel } = channel;
  return {
    notification: (message) =>
      notifyChannel === null ? null : { channel: notifyChannel, payload: encode(message) },
    publish: (message) => channel.publish(encode(message)),
    close: () => channel.close(),
  };
}

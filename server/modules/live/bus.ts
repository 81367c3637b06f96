import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
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
 * "Round N has ended" between server instances: Redis pub/sub when REDIS_URL is set and Redis
 * is available, otherwise the database's LISTEN/NOTIFY (see openChannel). Every instance hears every message, its own included.
 */
export interface RoundBus {
  /**
   * On the database's bus, the NOTIFY the ending's own statement sends (it goes out at that
   * transaction's commit, and not at all with a rollback); null while on Redis, where publish()
   * the message once the ending has committed.
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
 * A named channel between server instances: Redis pub/sub when REDIS_URL is set and Redis is
 * available, otherwise the database's LISTEN/NOTIFY. Every instance hears every payload, its own
 * included; one subscription and one LISTEN connection per instance, whatever the number of
 * channels and streams.
 */
export interface ChannelBus {
  /**
   * Publishes a payload (under 8,000 bytes: NOTIFY's limit) at once. What must leave only with a
   * commit goes in its statement instead, as a NOTIFY on `notifyChannel`.
   */
  publish(payload: string): Promise<void>;
  /**
   * The channel's name for a NOTIFY in the statement that writes what it announces, while the
   * channel goes over the database; null while it goes over Redis (publish() after the commit).
   */
  readonly notifyChannel: string | null;
  close(): Promise<void>;
}

const notify = preparedSql(
  'channel_notify',
  sql`SELECT pg_notify(${sql.placeholder('channel')}::text, ${sql.placeholder('payload')}::text)`,
);

/**
 * Opens channel `name` (letters, digits and underscores) and hands every payload to `onPayload`.
 * The database's LISTEN is always open: with Redis it carries what is published while Redis is
 * out (each payload goes one way or the other, and is heard once). A publish on Redis that fails
 * or runs past its deadline goes over the database instead.
 */
export async function openChannel(
  app: FastifyInstance,
  name: string,
  onPayload: (payload: string) => void,
): Promise<ChannelBus> {
  const unlisten = await app.dbListen(name, onPayload);
  const overDatabase = (payload: string) => notify(app.db, { channel: name, payload });
  const redis = app.redis;
  if (!redis) {
    return {
      notifyChannel: name,
      publish: async (payload) => {
        await overDatabase(payload);
      },
      close: unlisten,
    };
  }
  const unsubscribe = await redis.subscribe(name, onPayload);
  return {
    get notifyChannel() {
      return redis.available ? null : name;
    },
    publish: async (payload) => {
      if (redis.available) {
        try {
          return await redis.publish(name, payload);
        } catch {
          // Redis failed this one: the database carries it.
        }
      }
      await overDatabase(payload);
    },
    close: async () => {
      unsubscribe();
      await unlisten();
    },
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
  return {
    notification: (message) => {
      const { notifyChannel } = channel;
      return notifyChannel === null ? null : { channel: notifyChannel, payload: encode(message) };
    },
    publish: (message) => channel.publish(encode(message)),
    close: () => channel.close(),
  };
}

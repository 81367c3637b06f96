import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { BetJson } from '../bets/json';
import { MAX_PAYLOAD, openChannel, type ChannelBus } from '../live/bus';
import { publicBet, type FeedBet } from './publicBet';

const CHANNEL = 'live_bets';
/**
 * Settled bets waiting to be published (the bus slow or down): past this many the oldest are
 * dropped. The feed is a view, not a record: the bets themselves are in the database.
 */
const MAX_PENDING = 10_000;
/**
 * How long settled bets gather before they are published together: one NOTIFY (or Redis
 * PUBLISH) and one parse per instance for every bet of the window, instead of one per bet.
 * PostgreSQL commits the transactions that NOTIFY one at a time (a database-wide lock held over
 * the commit's flush), shared with the crash rounds' endings: ten a second per instance leaves
 * them room. Well under the feed's 500 ms, and under what a player can tell.
 */
const BATCH_MS = 100;

/** The player of a settled bet: the signed-in user (name known), or only their id. */
export type BetPlayer = { id: number; name: string; hideName: boolean } | { id: number };

/** One open stream of the feed on this instance. */
export interface FeedSubscriber {
  /** The stream's signed-in player (their bets come marked `mine`), or null. */
  readonly userId: number | null;
  /** Sends a block of events; false when the stream is gone (too slow, or closed). */
  write(text: string): boolean;
}

/** `event: bet` with the bet's public fields, as the stream sends it. */
export function betEvent(bet: FeedBet, mine: boolean): string {
  return `event: bet\ndata: ${JSON.stringify(publicBet(bet, mine))}\n\n`;
}

/**
 * The live bets feed of one instance. Settled bets are published after their commit, batched
 * (those settled within BATCH_MS, or while a publish is under way, go out together) on the `live_bets`
 * channel of the bus (Redis pub/sub, or LISTEN/NOTIFY); every instance hears every batch once
 * and writes it to each of its streams: one subscription per instance, one serialisation per bet.
 */
export class BetFeed {
  private readonly subscribers = new Set<FeedSubscriber>();
  private pending: { bet: BetJson; player: BetPlayer; at: number }[] = [];
  /** When the oldest pending bet was settled (epoch ms). */
  private pendingSince = 0;
  private flushing: Promise<void> | null = null;
  private bus: ChannelBus | null = null;
  /** Streams dropped for not reading (their socket's buffer over its bound). */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyInstance['log'],
  ) {}

  async open(app: FastifyInstance): Promise<void> {
    this.bus = await openChannel(app, CHANNEL, (payload) => this.heard(payload));
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * A bet has been settled and committed (never call it inside the bet's transaction: a rollback
   * would publish a bet that never was). Returns at once; the publish follows.
   */
  settled(bet: BetJson, player: BetPlayer): void {
    if (!this.bus) return;
    const at = Date.now();
    if (!this.pending.length) this.pendingSince = at;
    this.pending.push({ bet, player, at });
    if (this.pending.length > MAX_PENDING) {
      this.pending.splice(0, this.pending.length - MAX_PENDING);
      this.log.warn('live bets: the bus is behind, oldest unpublished bets dropped');
    }
    this.schedule();
  }

  /**
   * One publish at a time, BATCH_MS after the oldest bet waiting (at once when a publish held it
   * up longer): the bets meanwhile go with it.
   */
  private schedule(): void {
    const wait = Math.max(0, this.pendingSince + BATCH_MS - Date.now());
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, wait))
      .then(() => this.flush())
      .finally(() => {
        this.flushing = null;
        if (this.pending.length && this.bus) this.schedule();
      });
  }

  subscribe(subscriber: FeedSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async close(): Promise<void> {
    await this.flushing?.catch(() => undefined);
    const bus = this.bus;
    this.bus = null;
    this.pending = [];
    await bus?.close();
  }

  /** Publishes what is pending, in batches that fit a NOTIFY, until nothing is. */
  private async flush(): Promise<void> {
    while (this.pending.length && this.bus) {
      const batch = this.pending;
      this.pending = [];
      const bets = await this.feedBets(batch).catch((error: Error) => {
        this.log.warn({ err: error }, 'live bets: players not read, batch dropped');
        return [];
      });
      for (const payload of chunks(bets)) {
        await this.bus
          ?.publish(payload)
          .catch((error: Error) => this.log.warn({ err: error }, 'live bets: not published'));
      }
    }
  }

  /** The batch as the bus carries it, the names of players not known yet read in one query. */
  private async feedBets(batch: typeof this.pending): Promise<BusBet[]> {
    const unknown = [
      ...new Set(batch.filter((b) => !('name' in b.player)).map((b) => b.player.id)),
    ];
    const read = unknown.length
      ? await this.db
          .select({ id: users.id, name: users.name, hideName: users.hideName })
          .from(users)
          .where(inArray(users.id, unknown))
      : [];
    const players = new Map(read.map((row) => [row.id, row]));
    return batch.flatMap(({ bet, player, at }): BusBet[] => {
      const known = 'name' in player ? player : players.get(player.id);
      if (!known) return [];
      const name = known.hideName ? null : known.name;
      return [[bet.id, bet.game, player.id, name, at, bet.amount, bet.multiplier, bet.payout]];
    });
  }

  /** A batch heard on the bus (from any instance): written to every stream here. */
  private heard(payload: string): void {
    if (!this.subscribers.size) return;
    let bets: FeedBet[];
    try {
      const carried = JSON.parse(payload) as BusBet[];
      if (!Array.isArray(carried)) return;
      bets = carried.map(feedBetOf);
    } catch {
      return;
    }
    if (!bets.length) return;
    const shared = bets.map((bet) => betEvent(bet, false)).join('');
    const owners = new Set(bets.map((bet) => bet.user_id));
    for (const subscriber of this.subscribers) {
      const own = subscriber.userId !== null && owners.has(subscriber.userId);
      const text = own
        ? bets.map((bet) => betEvent(bet, bet.user_id === subscriber.userId)).join('')
        : shared;
      if (!subscriber.write(text)) this.subscribers.delete(subscriber);
    }
  }
}

/**
 * A feed bet on the bus, by position (a third of the bytes of the object, whose names every bet
 * would repeat): id, game, user_id, player, settled at (epoch ms), amount, multiplier, payout.
 */
type BusBet = [number, string, number, string | null, number, number, number, number];

function feedBetOf([id, game, userId, player, at, amount, multiplier, payout]: BusBet): FeedBet {
  const time = new Date(at).toISOString();
  return { id, game, user_id: userId, player, time, amount, multiplier, payout };
}

/** The bets as JSON arrays of at most MAX_PAYLOAD bytes each. */
function* chunks(bets: BusBet[]): Generator<string> {
  let part: string[] = [];
  let size = 2;
  for (const bet of bets) {
    const text = JSON.stringify(bet);
    const bytes = Buffer.byteLength(text) + 1;
    if (part.length && size + bytes > MAX_PAYLOAD) {
      yield `[${part.join(',')}]`;
      part = [];
      size = 2;
    }
    part.push(text);
    size += bytes;
  }
  if (part.length) yield `[${part.join(',')}]`;
}

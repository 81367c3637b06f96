import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { serverClosing } from '../../http/errors';
import { latestSettledBets } from './backlog';
import type { BetFeed, FeedSubscriber } from './feed';
import { publicBet } from './publicBet';

/** How long an EventSource waits before reconnecting (the `retry` field). */
const RETRY_MS = 2000;
/** The settled bets a new stream gets first (`backlog`). */
export const BACKLOG_SIZE = 30;
/**
 * The bound of each stream's queue: what its socket has not yet handed to the kernel. A client
 * that stops reading fills the kernel's buffers first, then this; past it the stream is dropped
 * (EventSource reconnects, and gets the backlog again), never buffered further.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** A stream whose socket has not drained for this long is dropped too, however little it holds. */
export const MAX_STALL_MS = 10_000;
/** Batches heard while the backlog is read: a stream that collects more is dropped. */
const MAX_EARLY = 64;

/** The live feed's streams on this instance (GET /api/bets/live). */
export class FeedStreams {
  private readonly open = new Set<() => void>();
  /** The server is closing: streams still being set up end instead of staying open. */
  private closing = false;

  constructor(
    private readonly feed: BetFeed,
    private readonly db: Db,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /**
   * Ends every stream (the server is closing; EventSource reconnects to another instance), and
   * those still reading their backlog as soon as they have: none may hold the server's close.
   */
  closeAll(): void {
    this.closing = true;
    for (const close of [...this.open]) close();
  }

  /** A stream: `backlog` {bets, server_now} at once, then `bet` for every bet settled. */
  async serve(reply: FastifyReply, userId: number | null): Promise<void> {
    if (this.closing) throw serverClosing();
    const raw = reply.raw;
    let connected = true;
    /** Batches heard before the backlog was sent: written right after it. */
    let early: string[] | null = [];
    /** Since when the socket holds more than it takes at once (null: it has drained). */
    let stalledSince: number | null = null;
    const drained = () => (stalledSince = null);
    const drop = () => {
      this.feed.dropped++;
      raw.destroy();
      close();
    };
    const subscriber: FeedSubscriber = {
      userId,
      write: (text) => {
        if (!connected) return false;
        if (early) {
          if (early.length >= MAX_EARLY) drop();
          else early.push(text);
          return connected;
        }
        if (
          stalledSince !== null &&
          (raw.writableLength > MAX_BUFFERED_BYTES || Date.now() - stalledSince > MAX_STALL_MS)
        ) {
          drop();
          return false;
        }
        if (!raw.write(text) && stalledSince === null) {
          stalledSince = Date.now();
          raw.once('drain', drained);
        }
        return true;
      },
    };
    const unsubscribe = this.feed.subscribe(subscriber);
    const close = () => {
      connected = false;
      unsubscribe();
      this.open.delete(close);
      if (reply.sse.isConnected) reply.sse.close();
    };
    // Subscribed before the backlog is read: a bet settled meanwhile is not missed.
    this.open.add(close);
    reply.sse.onClose(close);
    let backlog;
    try {
      backlog = await latestSettledBets(this.db, BACKLOG_SIZE);
    } catch (error) {
      close();
      throw error;
    }
    if (!connected) {
      // Closed before anything was sent: by the server's close (answered, so the request does not
      // stay open without an answer), or by the client (gone: nothing to answer).
      if (!raw.destroyed && !raw.headersSent) throw serverClosing();
      return;
    }
    reply.sse.keepAlive();
    const bets = backlog.reverse().map((bet) => publicBet(bet, bet.user_id === userId));
    reply.sse.sendHeaders();
    raw.write(
      `retry: ${RETRY_MS}\nevent: backlog\n` +
        `data: ${JSON.stringify({ bets, server_now: Date.now() })}\n\n`,
    );
    const heard = early;
    early = null;
    for (const text of heard) if (!subscriber.write(text)) return;
  }
}

import type { FastifyReply } from 'fastify';
import { notFound, serverClosing } from '../../http/errors';
import { endingEvent, type EndingEvent, type RoundEnded } from './bus';
import type { RoundClock } from './clock';
import type { LiveRounds } from './rounds';

/** How long an EventSource waits before reconnecting (the `retry` field). */
const RETRY_MS = 1000;
/**
 * How long past its end a stream waits for a round started on another instance to be announced
 * before ending it itself (that instance may be gone). Normally the announcement comes first and
 * nothing more is done; when it does not, the ending reaches the client this much later.
 */
const REMOTE_GRACE_MS = 100;
/**
 * The same for a round this instance's clock ends: only a safety net (a lost announcement).
 */
const LOCAL_GRACE_MS = 1000;

/**
 * The rounds' server-sent event streams on this instance: the state on connect, then the
 * ending once it is written down (heard on the round bus, which carries the ending event, or
 * by the stream's own timer past the round's end), never the crash point before.
 */
export class RoundStream {
  private readonly waiting = new Map<number, Set<(message: RoundEnded) => void>>();
  private readonly open = new Set<() => void>();
  /** The server is closing: streams still being set up end instead of staying open. */
  private closing = false;

  constructor(
    private readonly rounds: LiveRounds,
    private readonly clock: RoundClock,
  ) {}

  /** A round has ended (announced by any instance): its streams report it. */
  ended(message: RoundEnded): void {
    for (const listener of this.waiting.get(message.betId) ?? []) listener(message);
  }

  /**
   * Ends every stream (the server is closing; EventSource reconnects to another instance), and
   * those still being set up as soon as they are: none may hold the server's close.
   */
  closeAll(): void {
    this.closing = true;
    for (const close of [...this.open]) close();
  }

  /** The player's round `betId` as a stream (404 when it is not theirs). */
  async serve(reply: FastifyReply, userId: number, betId: number): Promise<void> {
    let done = false;
    let stateSent = false;
    /** An announcement heard before the state was sent: delivered right after it. */
    let early: RoundEnded | null = null;
    let timer: NodeJS.Timeout | null = null;
    const listeners = this.waiting.get(betId) ?? new Set<(message: RoundEnded) => void>();
    const close = () => {
      done = true;
      if (timer) clearTimeout(timer);
      listeners.delete(onEnded);
      if (listeners.size === 0 && this.waiting.get(betId) === listeners) this.waiting.delete(betId);
      this.open.delete(close);
      if (reply.sse.isConnected) reply.sse.close();
    };
    const send = async (event: EndingEvent) => {
      if (done) return;
      done = true;
      await reply.sse.send({ event: event.name, data: { ...event.data, server_now: Date.now() } });
      close();
    };
    /** Reads the round and sends its ending if it has one (an announcement without its event). */
    const finish = async () => {
      if (done) return;
      const now = await this.rounds.view(userId, betId);
      if (!now || now.running) return;
      await send(endingEvent(now.bet));
    };
    const deliver = (message: RoundEnded) =>
      void (message.event ? send(message.event) : finish()).catch(() => close());
    const onEnded = (message: RoundEnded) => {
      if (stateSent) deliver(message);
      else early = message;
    };

    if (this.closing) throw serverClosing();
    // Listening before the round is read: an ending announced meanwhile is not missed. Open
    // from now on: a close of the server meanwhile ends it.
    listeners.add(onEnded);
    this.waiting.set(betId, listeners);
    this.open.add(close);
    let view: Awaited<ReturnType<LiveRounds['view']>>;
    try {
      view = await this.rounds.view(userId, betId);
    } catch (error) {
      close();
      throw error;
    }
    if (!view) {
      close();
      throw notFound();
    }
    // Closed while the round was read (the server is closing): nothing was sent yet.
    if (done) throw serverClosing();
    const { state } = view;

    reply.sse.keepAlive();
    reply.sse.onClose(close);
    try {
      await reply.sse.send({
        event: 'state',
        retry: RETRY_MS,
        data: {
          status: view.running ? 'running' : view.bet.result.status,
          started_at: state.startedAt,
          server_now: Date.now(),
          auto_cashout: view.bet.result.auto_cashout ?? null,
        },
      });
    } catch {
      // The client left while the round was read (its close came before onClose was set).
      close();
      return;
    }
    stateSent = true;
    if (!view.running) return send(endingEvent(view.bet));
    if (early) deliver(early);
    if (done) return;
    const grace = this.clock.owns(betId) ? LOCAL_GRACE_MS : REMOTE_GRACE_MS;
    timer = setTimeout(
      () =>
        void this.clock
          .settleAt(betId, state.endsAt)
          .then(finish)
          .catch(() => close()),
      Math.max(0, state.endsAt + grace - Date.now()),
    );
  }
}

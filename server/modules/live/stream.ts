import type { FastifyReply } from 'fastify';
import type { LiveRounds } from './rounds';

type RoundView = NonNullable<Awaited<ReturnType<LiveRounds['view']>>>;

/** How long an EventSource waits before reconnecting (the `retry` field). */
const RETRY_MS = 1000;

/**
 * The rounds' server-sent event streams on this instance: the state on connect, then the
 * ending once it is written down (heard on the round bus, or by the stream's own timer at the
 * round's end), never the crash point before.
 */
export class RoundStream {
  private readonly waiting = new Map<number, Set<() => void>>();
  private readonly open = new Set<() => void>();

  constructor(private readonly rounds: LiveRounds) {}

  /** A round has ended (announced by any instance): its streams report it. */
  ended(betId: number): void {
    for (const listener of this.waiting.get(betId) ?? []) listener();
  }

  closeAll(): void {
    for (const close of [...this.open]) close();
  }

  async serve(
    reply: FastifyReply,
    userId: number,
    view: RoundView,
    settleAtEnd: () => Promise<void>,
  ): Promise<void> {
    const betId = view.bet.id;
    const { state } = view;
    let done = false;
    let timer: NodeJS.Timeout | null = null;
    const listeners = this.waiting.get(betId) ?? new Set<() => void>();
    const close = () => {
      done = true;
      if (timer) clearTimeout(timer);
      listeners.delete(onEnded);
      if (listeners.size === 0) this.waiting.delete(betId);
      this.open.delete(close);
      if (reply.sse.isConnected) reply.sse.close();
    };
    const finish = async () => {
      if (done) return;
      const now = await this.rounds.view(userId, betId);
      if (!now || now.running || done) return;
      done = true;
      const status = String(now.bet.result.status);
      // `crashed {crash_point}`: the crash point at the top as well as in the bet's result.
      const crash = status === 'crashed' ? { crash_point: now.bet.result.crash_point } : {};
      await reply.sse.send({
        event: status,
        data: { ...crash, bet: now.bet, server_now: Date.now() },
      });
      close();
    };
    const onEnded = () => void finish().catch(() => close());

    reply.sse.keepAlive();
    reply.sse.onClose(close);
    this.open.add(close);
    listeners.add(onEnded);
    this.waiting.set(betId, listeners);
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
    if (!view.running) return finish();
    timer = setTimeout(
      () =>
        void settleAtEnd()
          .then(finish)
          .catch(() => close()),
      Math.max(0, state.endsAt - Date.now()),
    );
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { LiveRounds } from './rounds';

/** How often each instance looks for rounds nobody ended (their instance went away). */
const SWEEP_MS = 1000;
/**
 * How long past its end a round must be for the sweep to take it: until then the timer of the
 * instance that started it (or of a stream) is ending it, and under load that can take a while;
 * a sweep joining in would only queue another transaction on the same lock.
 */
const SWEEP_AFTER_MS = 1000;

/**
 * Ends rounds on time: a timer for each round started here, and a sweep of overdue rounds on
 * every instance. Each ending is announced (the round bus) by the transaction that writes it.
 */
export class RoundClock {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** Settlements under way here, by bet: a second caller waits for the first. */
  private readonly settling = new Map<number, Promise<void>>();
  private sweeper: NodeJS.Timeout | null = null;
  /** Stopped (the server is closing): no timer is set any more. */
  private stopped = false;

  constructor(
    private readonly rounds: LiveRounds,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Ends the round at `endsAt` (epoch ms) unless a cash-out ends it first. */
  schedule(betId: number, endsAt: number): void {
    // A round started by a request that was in flight when the server began to close: the sweep
    // of the next instance to start ends it (a timer here would only hold the process).
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(betId);
        void this.settleAt(betId, endsAt);
      },
      Math.max(0, endsAt - Date.now()),
    );
    this.timers.set(betId, timer);
  }

  /** Forgets the round's timer: it has ended (heard on the round bus). */
  cancel(betId: number): void {
    const timer = this.timers.get(betId);
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(betId);
  }

  /** Whether this instance will end the round (its timer is set) or is ending it now. */
  owns(betId: number): boolean {
    return this.timers.has(betId) || this.settling.has(betId);
  }

  /**
   * Settles the round once its end has come (waiting out a timer that fired early).
   */
  settleAt(betId: number, endsAt: number): Promise<void> {
    const under = this.settling.get(betId);
    if (under) return under;
    const settlement = this.settle(betId, endsAt).finally(() => this.settling.delete(betId));
    this.settling.set(betId, settlement);
    return settlement;
  }

  private async settle(betId: number, endsAt: number): Promise<void> {
    try {
      const early = endsAt - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      await this.rounds.settleIfDue(betId, Date.now());
    } catch (error) {
      this.log.error({ err: error, betId }, 'live round: settlement failed (the sweep retries)');
    }
  }

  startSweeping(): void {
    const sweep = async (cutoff: number) => {
      try {
        for (const betId of await this.rounds.overdue(cutoff)) {
          if (!this.owns(betId)) await this.settleAt(betId, 0);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'live rounds: sweep failed');
      }
    };
    this.sweeper = setInterval(() => void sweep(Date.now() - SWEEP_AFTER_MS), SWEEP_MS);
    this.sweeper.unref();
    void sweep(Date.now()); // rounds left running while no instance was up
  }

  stop(): void {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

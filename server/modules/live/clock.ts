import type { FastifyBaseLogger } from 'fastify';
import type { LiveRounds } from './rounds';

/** How often each instance looks for rounds nobody ended (their instance went away). */
const SWEEP_MS = 1000;

/**
 * Ends rounds on time: a timer for each round started here, and a sweep of overdue rounds on
 * every instance. Each ending is announced (the round bus) by whoever wrote it.
 */
export class RoundClock {
  private readonly timers = new Set<NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly rounds: LiveRounds,
    private readonly announce: (betId: number) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Ends the round at `endsAt` (epoch ms) unless a cash-out ends it first. */
  schedule(betId: number, endsAt: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.settleAt(betId, endsAt);
      },
      Math.max(0, endsAt - Date.now()),
    );
    this.timers.add(timer);
  }

  /** Settles the round once its end has come (waiting out a timer that fired early). */
  async settleAt(betId: number, endsAt: number): Promise<void> {
    try {
      const early = endsAt - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      const ended = await this.rounds.settleIfDue(betId);
      if (ended) await this.announce(betId);
    } catch (error) {
      this.log.error({ err: error, betId }, 'live round: settlement failed (the sweep retries)');
    }
  }

  startSweeping(): void {
    const sweep = async () => {
      try {
        for (const betId of await this.rounds.overdue()) await this.settleAt(betId, 0);
      } catch (error) {
        this.log.warn({ err: error }, 'live rounds: sweep failed');
      }
    };
    this.sweeper = setInterval(() => void sweep(), SWEEP_MS);
    this.sweeper.unref();
    void sweep(); // rounds left running while no instance was up
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

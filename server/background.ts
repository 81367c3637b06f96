import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (e.g. a mail whose sending must not show in the
 * answer's timing). Failures are logged; close waits for whatever is still running, so a
 * shutdown does not cut a mail off.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.log.error({ err: error }, `background task failed: ${label}`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far (and any they start) has ended. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

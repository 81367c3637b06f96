type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and goes on in a new one, ahead of other waiting work where the browser
 * can (`scheduler.yield`), else after a zero timer: a long start cut into short tasks lets the
 * browser paint and answer a tap in between.
 */
export function yieldTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

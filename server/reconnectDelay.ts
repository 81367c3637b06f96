/** A connection lost is tried again this long after the first failure (ms), doubling each time. */
const FIRST_MS = 100;
/** ...up to this, for as long as it takes. */
const MAX_MS = 5_000;

/**
 * How long to wait before trying a lost connection again, after `attempt` failed tries (0: the
 * first retry): the server's Redis link and its PostgreSQL LISTEN connection back off alike.
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(FIRST_MS * 2 ** Math.min(attempt, 6), MAX_MS);
}

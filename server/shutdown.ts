import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';

/** The whole stop of a server process, from SIGTERM to its exit (ms); past it, exit 1. */
export const STOP_DEADLINE_MS = 8_000;
/** How long requests in flight may go on after SIGTERM before their connections are cut (ms). */
const REQUEST_GRACE_MS = 5_000;

/**
 * Closes `app`, then `database`, on SIGTERM or SIGINT, and exits 0; bounded whatever happens:
 * requests in flight get REQUEST_GRACE_MS before their connections are cut, and past
 * STOP_DEADLINE_MS the process logs what was still open and exits 1 (a stop that hangs would
 * hold a deployment; a process manager restarts one that exits 1). A second signal during the
 * stop is logged and the deadline stands.
 */
export function stopOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  const stop = async (signal: string) => {
    // A terminal's Ctrl+C reaches a cluster worker twice (its own SIGINT, then the primary's
    // SIGTERM): close once.
    if (closing) {
      app.log.warn(
        `${signal} while closing: the stop goes on (exit within ${STOP_DEADLINE_MS} ms)`,
      );
      return;
    }
    closing = true;
    app.log.info(`${signal}: closing`);
    const started = Date.now();
    setTimeout(() => exitStillOpen(app, signal), STOP_DEADLINE_MS);
    // The server's close waits for every connection: cut those still open after the grace, so
    // it ends in time for the database's.
    const cut = setTimeout(() => {
      app.log.warn(`${signal}: requests still open after ${REQUEST_GRACE_MS} ms: cut`);
      app.server.closeAllConnections();
    }, REQUEST_GRACE_MS);
    try {
      // The app's close ends the event streams (preClose), refuses new requests (503), waits
      // for those in flight and for its background tasks; the database closes after it.
      await app.close();
      clearTimeout(cut);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, `${signal}: close failed`);
      process.exit(1);
    }
    app.log.info(`${signal}: closed in ${Date.now() - started} ms`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Past the deadline: says what is still open (handles, connections), then exits 1. */
function exitStillOpen(app: FastifyInstance, signal: string): void {
  const open = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
  setTimeout(() => process.exit(1), 200).unref();
  app.server.getConnections((_error, connections) => {
    app.log.error(
      { stillOpen: open, connections },
      `${signal}: not closed within ${STOP_DEADLINE_MS} ms: exiting 1 ` +
        `(still open: ${open.join(', ') || 'nothing'}; ${connections ?? '?'} connection(s))`,
    );
    process.exit(1);
  });
}

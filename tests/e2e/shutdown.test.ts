// SIGTERM after a browser session: the server (one process on PGlite or PostgreSQL, and a
// two-worker cluster on PostgreSQL) exits 0 within 10 s while its pages are still open: the
// lobby's live bets feed streaming, a game played, a Miner Frenzy round running with its event
// stream open (issue #39: a server driven by a browser for a while stopped listening and never
// exited). One browser for every case.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { createTestDatabase, DB_KINDS, type DbKind, type TestDatabase } from '../support/testApp';
import { rigNextCrash } from '../integration/live-support';
import { playerPage, poll, waitForScene } from './games-helpers';
import { liveTableConnected } from './shell-helpers';

/** What the issue asks: the whole stop, from SIGTERM to the process gone. */
const STOP_BUDGET_MS = 10_000;

/** Workers listening, from the cluster primary's log. */
const listening = (server: RunningServer) =>
  server.output().match(/"msg":"worker \d+ listening on/g)?.length ?? 0;

/**
 * A guest on the lobby (live feed connected) and a player who bets on dice, then starts a Miner
 * Frenzy round that is still running (its stream open) when the test sends SIGTERM.
 */
async function browse(
  browser: LaunchedBrowser,
  server: RunningServer,
  rig: ((token: string, id: number) => Promise<unknown>) | null,
): Promise<{ pages: Page[]; close: () => Promise<void> }> {
  const guestContext = await browser.browser!.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`${server.url}/`);
  await liveTableConnected(guest);

  const { page, player, close } = await playerPage(browser, server.url);
  await page.goto(`${server.url}/dice?test`);
  await waitForScene(page, 'dice');
  await liveTableConnected(page);
  const dice = page.locator('[data-testid=dice-panel]');
  await dice.locator('[data-testid=dice-bet]').click();
  await poll(() => dice.getAttribute('data-busy')).toBeNull();
  // The bet reaches the guest's feed: the stream is live.
  await guest.locator('.live-bets tr[data-bet-id]').first().waitFor({ timeout: 10_000 });

  // A round far from its crash, its stream open (the Cash out button shows the live amount).
  await rig?.(player.token, player.id);
  await page.goto(`${server.url}/minerFrenzy?test`);
  await waitForScene(page, 'minerFrenzy');
  const panel = page.locator('[data-testid=minerFrenzy-panel]');
  await panel.locator('[data-testid=minerFrenzy-auto]').fill('');
  await panel.locator('[data-testid=minerFrenzy-bet]').click();
  await panel.locator('[data-testid=minerFrenzy-cashout]').waitFor();
  return {
    pages: [guest, page],
    close: async () => {
      await close();
      await guestContext.close();
    },
  };
}

/** SIGTERM; answers the exit code, or fails with the server's log if it outlives the budget. */
async function stopWithinBudget(
  server: RunningServer,
): Promise<{ code: number | null; ms: number }> {
  const child = server.process;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const start = Date.now();
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>(
    (resolve) => (timer = setTimeout(resolve, STOP_BUDGET_MS, 'late')),
  );
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  const ms = Date.now() - start;
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
    throw new Error(
      `the server was still running ${STOP_BUDGET_MS} ms after SIGTERM:\n${server.output().slice(-4000)}`,
    );
  }
  return { code: outcome, ms };
}

describe('SIGTERM after a browser session', () => {
  let browser: LaunchedBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const cases: { kind: DbKind; workers: number }[] = [
    { kind: 'pglite', workers: 1 },
    ...DB_KINDS.filter((k) => k === 'postgres').flatMap((kind) => [
      { kind, workers: 1 },
      { kind, workers: 2 },
    ]),
  ];

  it.each(cases)(
    '$kind, $workers worker(s): exits 0 within 10 s, its pages still streaming',
    async ({ kind, workers }) => {
      const testDb: TestDatabase = await createTestDatabase(kind);
      let server: RunningServer | undefined;
      let session: Awaited<ReturnType<typeof browse>> | undefined;
      const database = testDb.databaseUrl
        ? await openDatabase({
            databaseUrl: testDb.databaseUrl,
            dataDir: testDb.dataDir,
            migrate: true,
          })
        : null;
      try {
        server = await startServer({
          dataDir: testDb.dataDir,
          env: {
            ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
            WEB_CONCURRENCY: String(workers),
            LOG_LEVEL: 'info',
          },
        });
        if (workers > 1) await poll(() => listening(server!), { timeout: 30_000 }).toBe(workers);
        const running = server;
        // On PostgreSQL the round is rigged to crash far away (its clock and stream still wait
        // when the stop comes); PGlite's folder is the server's alone, its crash point is drawn.
        const rig = database
          ? (token: string, id: number) =>
              rigNextCrash(running.url, database.db, token, id, (c) => c >= 10_000)
          : null;
        session = await browse(browser, running, rig);

        const { code, ms } = await stopWithinBudget(running);
        console.info(`shutdown [${kind}, ${workers} worker(s)]: exited ${code} in ${ms} ms`);
        expect(code, server.output().slice(-4000)).toBe(0);
        // The pages saw the server go (their streams ended) without breaking.
        for (const page of session.pages) expect(page.isClosed()).toBe(false);
      } finally {
        await session?.close();
        await server?.stop();
        await database?.close();
        await testDb.dispose();
      }
    },
    90_000,
  );
});

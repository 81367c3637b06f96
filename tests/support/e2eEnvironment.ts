import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectBrowser, launchBrowser, type LaunchedBrowser } from './browser';
import { noteMailDir } from './registration';
import { startServer } from './server';

export interface E2eEnvironment {
  /** The server's address (its own, or the one this worker shares with its other files). */
  server: { url: string };
  browser: LaunchedBrowser;
}

/** This worker's server and the run's Chromium, when the project shares them (sharedE2eSetup). */
function shared(): { url: string; dataDir: string; browserWs: string } | null {
  const provided = inject('sharedE2e');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = provided?.servers[(worker - 1) % provided.servers.length];
  return provided && server ? { ...server, browserWs: provided.browserWs } : null;
}

/**
 * The real server and a Chromium for one browser test file, for its tests to read as `env.server`
 * and `env.browser`. In the parallel browser project they are the worker's server and the run's
 * Chromium (a connection and a context of the file's own), started once for every file: each
 * file makes its own accounts, so files do not see each other's. Elsewhere, or with browser
 * flags of its own, the file starts its own server and browser.
 */
export function serverAndBrowser(
  browserArgs: string[] = [],
  options: {
    /** A server of the file's own with this environment (an admin account), beside the run's Chromium. */
    serverEnv?: Record<string, string>;
  } = {},
): E2eEnvironment {
  const env = {} as E2eEnvironment;
  let stopServer: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    // A file with browser flags of its own (the heap over 50 navigations) keeps the whole set-up
    // of its own, as before the sharing: its one failure in CI came while sharing the server.
    const run = browserArgs.length === 0 ? shared() : null;
    if (run && !options.serverEnv) {
      noteMailDir(run.url, path.join(run.dataDir, 'mail'));
      env.server = { url: run.url };
    } else {
      const own = await startServer({ env: options.serverEnv });
      stopServer = own.stop;
      env.server = own;
    }
    env.browser = run ? await connectBrowser(run.browserWs) : await launchBrowser(browserArgs);
  }, 120_000);
  afterAll(async () => {
    await env.browser?.close();
    await stopServer?.();
  });
  return env;
}

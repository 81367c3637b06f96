import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface E2eEnvironment {
  server: RunningServer;
  browser: LaunchedBrowser;
}

/**
 * The real server and a fresh Chromium for one browser test file: started before its tests,
 * closed after them. Read `env.server` and `env.browser` inside the tests.
 */
export function serverAndBrowser(browserArgs: string[] = []): E2eEnvironment {
  const env = {} as E2eEnvironment;
  beforeAll(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

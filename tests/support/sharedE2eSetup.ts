import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './browser';
import { startServer, type RunningServer } from './server';

/** What the browser files of the parallel project share (see serverAndBrowser). */
export interface SharedE2e {
  /** One server per worker: `servers[VITEST_POOL_ID - 1]`. */
  servers: { url: string; dataDir: string }[];
  /** A Chromium the files connect to (chromium.connect), each with contexts of its own. */
  browserWs: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedE2e: SharedE2e;
  }
}

/**
 * Vitest's global set-up of the parallel browser project (after the server bundle's): a server
 * for each worker and one Chromium, started once for the run instead of once per file (about 3 s
 * each), stopped when the run ends. Files that need a server or a browser of their own still
 * start one (startServer, launchBrowser).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 2);
  const [browser, ...servers] = await Promise.all([
    chromium.launchServer({
      executablePath: TEST_CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
    }),
    ...Array.from({ length: workers }, () => startServer()),
  ] as const);
  const running = servers as RunningServer[];
  project.provide('sharedE2e', {
    servers: running.map(({ url, dataDir }) => ({ url, dataDir })),
    browserWs: browser.wsEndpoint(),
  });
  return async () => {
    await Promise.all(running.map((server) => server.stop()));
    await browser.close();
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The flags DEVELOPERS.md asks for when Chromium runs headless as root on these machines.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  browser: Browser | null;
  close: () => Promise<void>;
}

/** Debian's Chromium with a fresh profile folder, removed again on close. */
export async function launchBrowser(extraArgs: string[] = []): Promise<LaunchedBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...FLAGS, ...extraArgs],
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    browser: context.browser(),
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

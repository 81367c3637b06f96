import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The full browser, as a player runs it: what the benchmarks, Lighthouse and screenshots use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * The browser tests' Chromium: Debian's headless shell of the same build (the same Blink, V8 and
 * Skia without the browser's own UI). The browser files cost about a third less CPU with it than
 * with the full browser (games-a11y: 104 core-seconds against 164), and the scenes' pixels come
 * out the same.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

// Headless Chromium as root on these machines: no sandbox, no GPU, no background traffic.
export const CHROMIUM_FLAGS = [
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
  /** The CSP violations seen so far, in every context of this browser (see launchBrowser). */
  cspViolations: () => string[];
  /** Closes the browser; throws when a page met a CSP violation. */
  close: () => Promise<void>;
}

const VIEWPORT = { width: 1280, height: 800 };

const REPORT_BINDING = '__reportCspViolation';

/**
 * Every page of `context` reports its CSP violations (the `securitypolicyviolation` event: a
 * script, an eval, a style or a connection the server's CSP refused) into `violations`.
 */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${e.effectiveDirective} refused ${e.blockedURI || 'inline'} ` +
          `(${e.sourceFile || 'page'}:${e.lineNumber})`,
      );
    });
  }, REPORT_BINDING);
}

/**
 * Debian's Chromium (the tests' headless shell unless `executablePath` says otherwise) with a
 * fresh profile folder, removed again on close: a context of its own
 * (1280 x 800) and `browser` to make more. A CSP violation in any of its pages (its own context's
 * and those of browser.newContext(), unless made with `bypassCSP`) fails the test file: close()
 * throws with them.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  executablePath = TEST_CHROMIUM_PATH,
): Promise<LaunchedBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    viewport: VIEWPORT,
  });
  return watched(context, context.browser(), async () => {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });
}

/**
 * The shared Chromium of the run (tests/support/sharedE2eSetup.ts) as launchBrowser answers it: a
 * connection of this file's own, with a context of its own; close() closes this file's contexts
 * and disconnects, and the browser goes on for the other files.
 */
export async function connectBrowser(wsEndpoint: string): Promise<LaunchedBrowser> {
  const browser = await chromium.connect(wsEndpoint);
  const context = await browser.newContext({ viewport: VIEWPORT });
  return watched(context, browser, async () => {
    await browser.close();
  });
}

/** `context` and `browser` with their pages' CSP violations watched (see launchBrowser). */
async function watched(
  context: BrowserContext,
  browser: Browser | null,
  closeBrowser: () => Promise<void>,
): Promise<LaunchedBrowser> {
  const violations: string[] = [];
  await watchCsp(context, violations);
  if (browser) {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const created = await newContext(options);
      await watchCsp(created, violations);
      return created;
    };
  }
  return {
    context,
    browser,
    cspViolations: () => [...violations],
    close: async () => {
      await closeBrowser();
      if (violations.length) {
        throw new Error(`CSP violations in the browser:\n${violations.join('\n')}`);
      }
    },
  };
}

// `npm run bench -- lighthouse`: Lighthouse (pinned at 12.2.3) with its default mobile preset
// (simulated slow 4G, 4x CPU slowdown, a 412 px phone) on the built app, for the lobby and every
// game page, as a first-time visitor (a fresh Chromium profile per page). Prints the four category
// scores with LCP, TBT and FCP per page against the budget; exits 1 over budget. A page whose run
// Lighthouse could not record (its own runtime error) is audited once more. LIGHTHOUSE_PAGES
// (comma-separated paths) narrows the pages; LIGHTHOUSE_JSON=<dir> keeps each report there.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { GAMES, gamePath } from '../../games/shared/registry/catalog';
import { isPlayable } from '../../games/shared/registry/definition';
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from '../support/browser';
import { startServer } from '../support/server';
import { benchBuild, machine } from './chromium';

const BUDGET = {
  lobby: { performance: 90 },
  game: { performance: 75 },
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GAME_PATHS = GAMES.filter(isPlayable).map(gamePath);
const KEEP = process.env.LIGHTHOUSE_JSON ? path.resolve(process.env.LIGHTHOUSE_JSON) : null;

let failed = false;
const fail = (message: string) => {
  console.error(`FAIL: ${message}`);
  failed = true;
};

const server = await startServer({ env: { DIST_DIR: benchBuild() } });

/** Lighthouse's report of one page, in a fresh browser: nothing cached, as a first visit. */
async function audit(page: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
    const result = await lighthouse(`${server.url}${page}`, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

try {
  const known = new Set(['/', ...GAME_PATHS]);
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',').filter((p) => known.has(p)) ?? [
    '/',
    ...GAME_PATHS,
  ];
  if (KEEP) fs.mkdirSync(KEEP, { recursive: true });
  console.log(`Lighthouse 12.2.3, mobile preset, first visit (${machine()})`);
  for (const page of pages) {
    let lhr = await audit(page);
    // Lighthouse's own trace can fail to record ("Please run Lighthouse again"): once more.
    if (lhr.runtimeError) {
      console.log(`  ${page}: ${lhr.runtimeError.code}, run again`);
      lhr = await audit(page);
    }
    if (KEEP) {
      const name = page === '/' ? 'lobby' : page.slice(1);
      fs.writeFileSync(path.join(KEEP, `${name}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) fail(`${page}: ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const shown = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    console.log(
      `  ${page.padEnd(14)} ${CATEGORIES.map((c) => `${c} ${score(c)}`).join('  ')}` +
        `   LCP ${shown('largest-contentful-paint')}  TBT ${shown('total-blocking-time')}` +
        `  FCP ${shown('first-contentful-paint')}`,
    );
    const performance = page === '/' ? BUDGET.lobby.performance : BUDGET.game.performance;
    if (score('performance') < performance)
      fail(`${page}: performance ${score('performance')} is under ${performance}`);
    for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
      if (score(id) < BUDGET[id]) fail(`${page}: ${id} ${score(id)} is under ${BUDGET[id]}`);
    }
  }
  console.log(
    `  budget: performance >= ${BUDGET.lobby.performance} (lobby), >= ${BUDGET.game.performance} (game pages); ` +
      `accessibility ${BUDGET.accessibility}, best practices ${BUDGET['best-practices']}, SEO >= ${BUDGET.seo} (${machine()})`,
  );
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);

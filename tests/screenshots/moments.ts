// `npm run screenshots -- [--dist <dir>] [--label <name>] [game ...]`: every game's page (or the
// ones named) at 1440 x 900 and at 390 x 844 (a phone: touch, twice the pixels) at three moments:
// idle (the page open, nothing played), mid-round, and a big win with its celebration. Each
// picture is written as games/<id>/moments/<moment>-<size>-<label>.webp (label: `after` unless
// given). `--dist` serves another build, e.g. one of an older commit for the `before` pictures
// (docs/designers.md#before-and-after). Needs PostgreSQL (TEST_DATABASE_URL): the rounds are
// rigged by reading the player's secret server seed from the server's own database.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { openDatabase } from '../../server/db/database';
import { CHROMIUM_PATH, launchBrowser } from '../support/browser';
import { rigNextFloats } from '../support/rigSeeds';
import { repoRoot, startServer } from '../support/server';
import { call, createTestDatabase, registerUser } from '../support/testApp';
import { anyRound, GAME_MOMENTS, type GameMoments } from './games';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dist: { type: 'string' }, label: { type: 'string', default: 'after' } },
});

interface Size {
  name: 'desktop' | 'phone';
  options: BrowserContextOptions;
}
const SIZES: Size[] = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 } } },
  {
    name: 'phone',
    options: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    },
  },
];
/** WebP quality of the pictures: small enough to keep 96 of them in the repository. */
const QUALITY = 62;

const games = positionals.length
  ? GAME_MOMENTS.filter(({ id }) => positionals.includes(id))
  : GAME_MOMENTS;
const dist = values.dist ? path.resolve(values.dist) : path.join(repoRoot, 'dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  throw new Error(`no build in ${dist}: run npx vite build (or give --dist)`);
}

const testDb = await createTestDatabase('postgres');
const database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
const server = await startServer({
  env: { DIST_DIR: dist, DATABASE_URL: testDb.databaseUrl! },
});
const browser = await launchBrowser([], CHROMIUM_PATH);

async function save(page: Page, game: string, moment: string, size: Size['name']) {
  const dir = path.join(repoRoot, 'games', game, 'moments');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${moment}-${size}-${values.label}.webp`);
  await sharp(await page.screenshot())
    .webp({ quality: QUALITY })
    .toFile(file);
  console.log(`  ${path.relative(repoRoot, file)}`);
}

/** The scene drew no frame for half a second: whatever moved has settled. */
async function settled(page: Page) {
  const drawn = () => page.evaluate(() => window.__engine!.drawnFrames);
  for (let tries = 0; tries < 30; tries++) {
    const before = await drawn();
    await page.waitForTimeout(500);
    if ((await drawn()) === before) return;
  }
}

async function shoot(game: GameMoments, size: Size) {
  const player = await registerUser(server.url);
  if (game.hotkeys) {
    await call(server.url, 'PATCH', '/api/settings/game', {
      token: player.token,
      body: { hotkeys: true },
    });
  }
  const context = await browser.browser!.newContext(size.options);
  try {
    await context.addCookies([{ name: 'token', value: player.token, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/${game.id}?test`);
    await page.locator(`[data-scene-state=shown] [data-scene=${game.id}]`).waitFor();
    const panel = page.locator(`[data-testid=${game.id}-panel]`);
    await panel.waitFor();
    await game.setUp?.(page);
    await settled(page);
    await save(page, game.id, 'idle', size.name);

    const rig = (which: { floats: number; accept: (f: number[]) => boolean }) =>
      rigNextFloats(server.url, database.db, player.token, player.id, which.floats, which.accept);
    const idle = () => panel.and(page.locator(':not([data-busy])')).waitFor({ timeout: 90_000 });

    const midFloats = await rig(game.mid ?? anyRound(1));
    await game.play(page, midFloats, 'mid');
    await save(page, game.id, 'mid-round', size.name);
    if (game.finish) await game.finish(page);
    await idle();
    await page.locator('[data-testid=win-celebration]').waitFor({ state: 'detached' });

    await game.play(page, await rig(game.big), 'big');
    await page
      .locator('[data-testid=win-celebration][data-phase=shown]')
      .waitFor({ timeout: 90_000 });
    await save(page, game.id, 'big-win', size.name);
  } finally {
    await context.close();
  }
}

try {
  for (const game of games) {
    console.log(game.id);
    for (const size of SIZES) await shoot(game, size);
  }
} finally {
  await browser.close();
  await server.stop();
  await database.close();
  await testDb.dispose();
}

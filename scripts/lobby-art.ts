// `npm run art:lobby`: the lobby tiles' art, rendered from each game's own scene. It builds the app
// (or takes `--dist <dir>`), starts the real server on a scratch database, opens every playable
// game of the registry in headless Chromium, lets its scene lay itself out in a 4:3 box and
// photographs it; sharp writes assets/generated/lobby/<id>.webp (480x360), which
// games/shared/registry/lobbyTile.ts picks up by the game's id. Nothing is downloaded; the output is
// committed. `--only <id>` renders one game.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { PLAYABLE_GAMES, gamePath } from '../games/shared/registry/catalog';
import { launchBrowser } from '../tests/support/browser';
import { repoRoot, startServer } from '../tests/support/server';

export const TILE_WIDTH = 480;
export const TILE_HEIGHT = 360;
/** The box the scene lays itself out in before it is photographed (4:3, downscaled 5:3). */
const STAGE = { width: 800, height: 600 };
/** After the scene is shown: time for its intro (a board dealt, reels settling) to finish. */
const SETTLE_MS = 2_500;
const outDir = path.join(repoRoot, 'assets', 'generated', 'lobby');

const { values } = parseArgs({
  options: { dist: { type: 'string' }, only: { type: 'string' } },
});

function buildApp(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-art-dist-'));
  console.log(`[art] building the app into ${dist}`);
  const vite = path.join(repoRoot, 'node_modules', '.bin', 'vite');
  const built = spawnSync(
    vite,
    ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error(`vite build exited ${built.status}`);
  return dist;
}

const games = PLAYABLE_GAMES.filter((game) => !values.only || game.id === values.only);
if (games.length === 0) throw new Error(`no playable game '${values.only}' in the registry`);

const dist = values.dist ? path.resolve(values.dist) : buildApp();
const server = await startServer({ env: { DIST_DIR: dist } });
const browser = await launchBrowser();
fs.mkdirSync(outDir, { recursive: true });
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const game of games) {
    await page.goto(`${server.url}${gamePath(game)}?test`);
    await page.locator('[data-scene-state=shown]').waitFor({ timeout: 60_000 });
    // The scene fills its slot: give the slot the tile's shape and wait until the canvas follows.
    await page.evaluate(({ width, height }) => {
      const slot = document.querySelector<HTMLElement>('[data-slot=game-scene]')!;
      Object.assign(slot.style, {
        width: `${width}px`,
        height: `${height}px`,
        flex: 'none',
        maxWidth: 'none',
      });
    }, STAGE);
    await page.waitForFunction(
      ({ width, height }) => {
        const canvas = document.querySelector('[data-slot=game-scene] canvas');
        return canvas?.clientWidth === width && canvas.clientHeight === height;
      },
      STAGE,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(SETTLE_MS);
    const shot = await page.locator('[data-slot=game-scene]').screenshot({ animations: 'allow' });
    const file = path.join(outDir, `${game.id}.webp`);
    await sharp(shot)
      .resize(TILE_WIDTH, TILE_HEIGHT, { fit: 'cover' })
      .webp({ quality: 70, effort: 6, smartSubsample: true })
      .toFile(file);
    console.log(
      `[art] ${path.relative(repoRoot, file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  if (!values.dist) fs.rmSync(dist, { recursive: true, force: true });
}

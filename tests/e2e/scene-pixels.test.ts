// Pixel tests of the scenes: every game's scene in a few fixed states, put there by the scene lab
// (/lab/<game>?debug) and drawn by the Canvas 2D renderer at 640 x 360 CSS px and a device scale
// factor of 1, is compared with its reference image, games/<id>/pixels/<state>.png (pixelmatch).
// A difference over the tolerance fails with the actual and the diff image in
// .test-results/pixels/. `npm run test:pixels -- --update` (UPDATE_PIXELS=1) rewrites the
// references instead: an art change is then reviewed as an image change
// (docs/developers/testing.md#pixel-tests).
//
// Determinism: the lab plays chosen outcomes; the engine is paused before Play and the test steps
// it by a fixed number of 1/60 s steps (the scene's clock: no wall clock decides what is drawn),
// then reads the canvas itself (nothing of the page over it).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';
import { repoRoot } from '../support/server';

/** `npm run test:pixels -- --update`: write the references that differ (or are missing). */
const UPDATE = process.env.UPDATE_PIXELS === '1';
/**
 * The game kit's check (scripts/check-scaffold.mjs) plays games it has just scaffolded, which have
 * no references: their states must still draw, and are written to .test-results/pixels/.
 */
const MISSING_ALLOWED = process.env.PIXELS_MISSING_REFERENCES === 'allow';

/** pixelmatch's per-pixel colour threshold (0 exact .. 1 anything), and anti-aliasing ignored. */
const THRESHOLD = 0.05;
/**
 * At most this share of the pixels may differ beyond THRESHOLD (115 of 640 x 360). Run to run,
 * on this machine, none differs at all: the margin is for a renderer's rounding elsewhere.
 */
const MAX_DIFF_SHARE = 0.0005;
/** The scene's size in CSS px (= canvas px at a device scale factor of 1). */
const SIZE = { width: 640, height: 360 };
/** Steps run between two frames drawn: the scene's clock at 8x, as the engine catches up. */
const STEPS_PER_FRAME = 8;

const RESULTS = path.join(repoRoot, '.test-results', 'pixels');
const references = (game: string) => path.join(repoRoot, 'games', game, 'pixels');
/** The command that rewrites a game's references. */
const refresh = (game: string) => `npm run test:pixels -- --update ${game}`;

/** One state of a scene, its reference at games/<id>/pixels/<name>.png. */
interface PixelState {
  name: string;
  /** The scene at rest as the lab opens it, nothing played: only as a game's first state. */
  rest?: true;
  /** Sets the lab's controls to the outcome (absent: the adapter's first pick). */
  set?: (page: Page) => Promise<void>;
  /** Done once the round has begun, the engine still paused (asteroids' "Reveal all"). */
  begun?: (page: Page) => Promise<void>;
  /** The scene's time the round plays for before the picture, in s (default 10). */
  seconds?: number;
  /** The picture is taken mid-round: the round need not have ended. */
  moving?: true;
}

const REST: PixelState = { name: 'rest', rest: true };

const fill = (name: string, value: string) => (page: Page) =>
  page.locator(`input[name=${name}]`).fill(value);
const choose = (choices: Record<string, string>) => async (page: Page) => {
  for (const [name, value] of Object.entries(choices)) {
    await page.locator(`select[name=${name}]`).selectOption(value);
  }
};
const revealAll = (page: Page) => page.locator('[data-testid=lab-action]').click();

/**
 * The states of each game. A game without an entry (a scaffolded one) is pictured at rest, with
 * its adapter's first pick played to its end, and half a second into that round.
 */
const STATES: Record<string, PixelState[]> = {
  dice: [
    REST,
    // Under 50.5 (the first pick's target and condition).
    { name: 'win', set: fill('roll', '12.34') },
    { name: 'loss', set: fill('roll', '87.65') },
  ],
  plinko: [
    REST,
    { name: 'rows8-bucket2', set: choose({ rows: '8', bucket: '2' }) },
    { name: 'rows16-high-edge', set: choose({ rows: '16', risk: 'high', bucket: '0' }) },
  ],
  roulette: [
    REST,
    { name: 'pocket7', set: choose({ pocket: '7' }) },
    { name: 'pocket0', set: choose({ pocket: '0' }) },
  ],
  minislot: [
    REST,
    { name: 'bar3-big-win', set: choose({ reel1: '13', reel2: '13', reel3: '13' }) },
    // Lemon, orange, plum: no pay.
    { name: 'loss', set: choose({ reel1: '3', reel2: '4', reel3: '6' }) },
  ],
  asteroids: [
    REST,
    { name: 'tier50-revealed', set: choose({ tier: '50' }), begun: revealAll },
    { name: 'no-win-revealed', set: choose({ tier: '0' }), begun: revealAll },
  ],
  mines: [
    REST,
    // The first pick: four gems around the mines on 2, 8 and 16, then the cash-out.
    { name: 'cashout' },
    {
      name: 'mine-hit',
      set: async (page) => {
        const picks = page.locator('[data-grid=picks]');
        await picks.getByRole('button', { name: /clear/i }).click();
        for (const tile of [0, 1, 8]) await picks.locator(`[data-tile="${tile}"]`).click();
      },
    },
  ],
  gemMiner: [
    REST,
    // The first pick: medium, four levels dug, then the cash-out.
    { name: 'cashout' },
    { name: 'hard-rock', set: choose({ difficulty: 'hard', levels: '3', end: 'rock' }) },
  ],
  minerFrenzy: [
    REST,
    // 1.50x after 6.8 s of the round, then the dust settles.
    { name: 'crash-1.50', set: async (page) => void (await fill('crash', '1.5')(page)) },
    {
      name: 'cashout-1.80',
      set: async (page) => {
        await fill('crash', '3')(page);
        await fill('cashout', '1.8')(page);
      },
      seconds: 12,
    },
  ],
};

const GENERIC: PixelState[] = [
  REST,
  { name: 'first-pick', seconds: 20 },
  { name: 'first-pick-moving', seconds: 0.5, moving: true },
];

const env = serverAndBrowser();
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  const context = await env.browser.browser!.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
});

afterAll(async () => {
  await page?.context().close();
});

interface Picture {
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
  width: number;
  height: number;
}

async function decode(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const encode = ({ data, width, height }: Picture) =>
  sharp(data, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** The scene's canvas as it was last drawn, after two more frames. */
async function capture(): Promise<Picture> {
  const url = await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    await frame();
    return window.__engine!.canvas!.toDataURL('image/png');
  });
  return decode(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

/** Runs `steps` of the paused engine's fixed steps, STEPS_PER_FRAME between frames. */
function step(steps: number): Promise<void> {
  return page.evaluate(
    async ({ steps, perFrame }) => {
      const engine = window.__engine!;
      for (let i = 1; i <= steps; i++) {
        engine.step();
        if (i % perFrame === 0) await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    },
    { steps, perFrame: STEPS_PER_FRAME },
  );
}

async function openLab(game: string): Promise<void> {
  await page.goto(`${env.server.url}/lab/${game}?debug&renderer=canvas`);
  await page.addStyleTag({
    content: `.scene-lab__scene { width: ${SIZE.width}px !important; height: ${SIZE.height}px !important; }`,
  });
  await page.locator(`main[data-game=${game}][data-lab-state=ready]`).waitFor({ timeout: 30_000 });
  // Full resolution, whatever the frames cost on a busy machine.
  await page.evaluate(() => window.__engine!.setAdaptiveResolution(false));
  // The canvas follows the stylesheet above at the engine's next resize (a ResizeObserver's
  // callback), which can come after the lab says it is ready.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const engine = window.__engine!;
          return {
            kind: engine.rendererKind,
            width: engine.canvas!.width,
            height: engine.canvas!.height,
          };
        }),
      { message: game },
    )
    .toEqual({ kind: 'canvas', ...SIZE });
}

/** Puts the lab's scene in `state` (the lab's `run`th play) and takes its picture. */
async function picture(game: string, state: PixelState, run: number): Promise<Picture> {
  if (state.rest) {
    // A second of the scene's time after it showed, then paused: the scene at rest.
    await expect
      .poll(() => page.evaluate(() => window.__engine!.scenes.loop.steps))
      .toBeGreaterThan(60);
    await page.locator('[data-testid=lab-pause][aria-pressed=false]').click();
    return capture();
  }
  // Paused before Play (from the rest state on): the fresh scene does not move until stepped.
  const pause = page.locator('[data-testid=lab-pause]');
  if ((await pause.getAttribute('aria-pressed')) !== 'true') await pause.click();
  await page.locator('[data-testid=lab-pause][aria-pressed=true]').waitFor();
  await state.set?.(page);
  await page.locator('[data-testid=lab-play]').click();
  await page.locator(`main[data-lab-begun="${run}"]`).waitFor();
  await state.begun?.(page);
  await step(Math.round((state.seconds ?? 10) * 60));
  if (!state.moving) {
    const main = page.locator(`main[data-lab-run="${run}"][data-lab-state=ended]`);
    await expect(
      main.waitFor({ timeout: 5_000 }).then(() => true),
      `${game} ${state.name}: the round did not end in ${state.seconds ?? 10} s of the scene's time (raise its seconds)`,
    ).resolves.toBe(true);
  }
  return capture();
}

/** Compares `actual` with the state's reference (or writes it); a message when it fails. */
async function compare(game: string, state: string, actual: Picture): Promise<string | null> {
  const file = path.join(references(game), `${state}.png`);
  const exists = fs.existsSync(file);
  const expected = exists ? await decode(fs.readFileSync(file)) : null;
  const sameSize =
    expected !== null && expected.width === actual.width && expected.height === actual.height;
  if (UPDATE) {
    if (!sameSize || !expected.data.equals(actual.data)) {
      fs.mkdirSync(references(game), { recursive: true });
      fs.writeFileSync(file, await encode(actual));
    }
    return null;
  }
  fs.mkdirSync(RESULTS, { recursive: true });
  const actualFile = path.join(RESULTS, `${game}-${state}-actual.png`);
  if (!exists) {
    fs.writeFileSync(actualFile, await encode(actual));
    return `${game} ${state}: no reference ${path.relative(repoRoot, file)} (run \`${refresh(game)}\`, look at it and commit it); the picture is in ${path.relative(repoRoot, actualFile)}`;
  }
  if (!sameSize) {
    fs.writeFileSync(actualFile, await encode(actual));
    return `${game} ${state}: ${actual.width} x ${actual.height}, the reference is ${expected!.width} x ${expected!.height} (${path.relative(repoRoot, actualFile)})`;
  }
  const { width, height } = actual;
  const diff = Buffer.alloc(width * height * 4);
  const differing = pixelmatch(expected.data, actual.data, diff, width, height, {
    threshold: THRESHOLD,
  });
  const share = differing / (width * height);
  if (share <= MAX_DIFF_SHARE) return null;
  const diffFile = path.join(RESULTS, `${game}-${state}-diff.png`);
  fs.writeFileSync(actualFile, await encode(actual));
  fs.writeFileSync(diffFile, await encode({ data: diff, width, height }));
  return (
    `${game} ${state}: ${differing} pixels differ (${(share * 100).toFixed(2)}%, at most ` +
    `${MAX_DIFF_SHARE * 100}%) from ${path.relative(repoRoot, file)}: see ` +
    `${path.relative(repoRoot, actualFile)} and ${path.relative(repoRoot, diffFile)}. ` +
    `An intended change: \`${refresh(game)}\`, and review the new reference as an image change.`
  );
}

describe('scene pixels', () => {
  for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
    it(
      `${game.id}: each state looks as its reference`,
      { ...EVERY_GAME, timeout: 120_000 },
      async () => {
        const states = STATES[game.id] ?? GENERIC;
        const kept = fs.existsSync(references(game.id));
        if (!kept && !UPDATE && !MISSING_ALLOWED) {
          throw new Error(
            `${game.id} has no reference images (${path.relative(repoRoot, references(game.id))}/): ` +
              `run \`${refresh(game.id)}\`, look at them and commit them`,
          );
        }
        await openLab(game.id);
        const failures: string[] = [];
        let runs = 0;
        for (const state of states) {
          if (!state.rest) runs += 1;
          const actual = await picture(game.id, state, runs);
          const colours = new Set<number>();
          for (let i = 0; i < actual.data.length && colours.size < 2; i += 4) {
            colours.add(actual.data.readUInt32LE(i));
          }
          expect(colours.size, `${game.id} ${state.name}: the scene drew nothing`).toBe(2);
          const failure = await compare(game.id, state.name, actual);
          if (failure) failures.push(failure);
        }
        // A reference whose state is gone (renamed or removed) goes with --update.
        const names = new Set(states.map(({ name }) => `${name}.png`));
        const stale = kept
          ? fs.readdirSync(references(game.id)).filter((file) => !names.has(file))
          : [];
        if (UPDATE) for (const file of stale) fs.rmSync(path.join(references(game.id), file));
        else if (stale.length)
          failures.push(
            `${game.id}: references of no state: ${stale.join(', ')} (run \`${refresh(game.id)}\`)`,
          );
        if (!kept && MISSING_ALLOWED) failures.length = 0;
        expect(failures, failures.join('\n')).toEqual([]);
        expect(problems).toEqual([]);
      },
    );
  }
});

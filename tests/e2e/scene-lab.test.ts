// The scene lab (/lab/<game>, ?debug): one outcome forced in every game, read back from the
// scene's simulation through the game's lab adapter (games/<id>/lab.ts); a recorded bet replays
// to its recorded result; another player's bet is refused to a player and opened for an admin.
// The file has a server of its own (with an admin account) beside the run's Chromium.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { EVERY_GAME, gamesToReach, gamesUnderTest } from '../support/gamesUnderTest';
import { call, registerUser } from '../support/testApp';
import { poll } from './games-helpers';

const ADMIN = { email: 'lab-admin@example.test', password: 'scene lab password 1' };

const env = serverAndBrowser([], {
  serverEnv: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
});

/** A page signed in with `token` (or a guest's). */
async function labPage(token: string | null): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await env.browser.browser!.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) await context.addCookies([{ name: 'token', value: token, url: env.server.url }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return {
    page,
    close: async () => {
      await context.close();
      expect(problems).toEqual([]);
    },
  };
}

async function openLab(page: Page, game: string, query = '') {
  await page.goto(`${env.server.url}/lab/${game}?debug${query}`);
  await page.locator(`[data-screen=scene-lab][data-game=${game}]`).waitFor();
  // The tuning panel is the debug overlay.
  await page.locator('[data-testid=engine-debug]').waitFor();
  if (!query) await page.locator('[data-lab-state=ready]').waitFor({ timeout: 30_000 });
}

const shownOf = async (page: Page) =>
  JSON.parse((await page.locator('main').getAttribute('data-lab-shown')) ?? 'null') as unknown;

/** Waits for the play that `runs` started (the lab's run counter) to end, and reads it. */
async function ended(page: Page, run: number, timeout = 60_000) {
  await page.locator(`main[data-lab-run="${run}"][data-lab-state=ended]`).waitFor({ timeout });
  return shownOf(page);
}

/**
 * Per game: set the controls to one outcome, and what the scene must end in. A game without an
 * entry (a scaffolded one) plays its adapter's first pick, and must end in what its round says.
 */
const FORCED: Record<string, { set: (page: Page) => Promise<void>; shown: unknown }> = {
  dice: {
    set: async (page) => {
      await page.locator('input[name=roll]').fill('12.34');
      await page.locator('input[name=target]').fill('40');
    },
    shown: { roll: 12.34 },
  },
  plinko: {
    set: async (page) => {
      await page.locator('select[name=rows]').selectOption('8');
      await page.locator('select[name=bucket]').selectOption('2');
    },
    shown: { bucket: 2 },
  },
  roulette: {
    set: (page) =>
      page
        .locator('select[name=pocket]')
        .selectOption('7')
        .then(() => undefined),
    shown: { pocket: 7 },
  },
  minislot: {
    set: async (page) => {
      for (const reel of ['reel1', 'reel2', 'reel3']) {
        await page.locator(`select[name=${reel}]`).selectOption('13');
      }
    },
    shown: { stops: [13, 13, 13], line: ['BAR', 'BAR', 'BAR'] },
  },
  asteroids: {
    set: (page) =>
      page
        .locator('select[name=tier]')
        .selectOption('50')
        .then(() => undefined),
    shown: { tier: 50 },
  },
  mines: {
    set: async (page) => {
      const picks = page.locator('[data-grid=picks]');
      await picks.getByRole('button', { name: /clear/i }).click();
      // Two gems, then the mine on tile 8.
      for (const tile of [0, 1, 8]) await picks.locator(`[data-tile="${tile}"]`).click();
    },
    shown: { picked: [0, 1, 8], mines: [2, 8, 16] },
  },
  gemMiner: {
    set: async (page) => {
      await page.locator('select[name=difficulty]').selectOption('hard');
      await page.locator('select[name=levels]').selectOption('3');
      await page.locator('select[name=end]').selectOption('rock');
    },
    // Hard: two tiles a level, one rock. The miner zigzags (0, 1, 0) and hits the rock on 3.
    shown: { dug: [0, 1, 0], rocks: [[1], [0], [0], [0], [0], [0], [0], [0]] },
  },
  minerFrenzy: {
    set: async (page) => {
      await page.locator('input[name=crash]').fill('1.5');
      await page.locator('input[name=cashout]').fill('0');
      // Twice as fast: the cart reaches 1.50x in about 3.4 s of the page's time.
      await page.locator('input[name=speed]').focus();
      await page.keyboard.press('End');
      await poll(() => page.locator('input[name=speed]').inputValue()).toBe('2');
    },
    shown: { status: 'crashed', multiplier: 1.5 },
  },
};

describe('the scene lab', () => {
  it(
    'forces one outcome per game, and the scene ends in it',
    { ...EVERY_GAME, timeout: 240_000 },
    async () => {
      const { page, close } = await labPage(null);
      const reached: string[] = [];
      for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
        const forced = FORCED[game.id];
        await openLab(page, game.id);
        await forced?.set(page);
        await page.locator('[data-testid=lab-play]').click();
        if (game.id === 'asteroids') {
          // The round runs until every rock is broken: "Reveal all" ends it at once.
          await page.locator('[data-testid=lab-action]').click();
        }
        const shown = await ended(page, 1);
        if (forced) expect(shown, game.id).toMatchObject(forced.shown as object);
        // What the adapter reads back from the scene is what the rules' round says.
        expect(await page.locator('main').getAttribute('data-lab-expected'), game.id).toBe(
          JSON.stringify(shown),
        );
        reached.push(game.id);
      }
      expect(reached.sort()).toEqual(gamesToReach(Object.keys(FORCED)).sort());
      await close();
    },
  );

  it('pauses, steps one frame and replays the same outcome', async () => {
    const { page, close } = await labPage(null);
    await openLab(page, 'roulette');
    await page.locator('select[name=pocket]').selectOption('23');
    await page.locator('[data-testid=lab-pause]').click();
    await page.locator('[data-testid=lab-play]').click();
    await page.locator('main[data-lab-run="1"][data-lab-state=playing]').waitFor();
    const steps = () => page.evaluate(() => window.__engine!.scenes.loop.steps);
    const before = await steps();
    await page.waitForTimeout(300);
    expect(await steps()).toBe(before);
    await page.locator('[data-testid=lab-step]').click();
    await poll(steps).toBe(before + 1);
    await page.locator('[data-testid=lab-pause]').click();
    expect(await ended(page, 1)).toEqual({ pocket: 23 });
    await page.locator('[data-testid=lab-replay]').click();
    expect(await ended(page, 2)).toEqual({ pocket: 23 });
    await close();
  }, 60_000);

  it("replays a recorded bet to its result; another player's bet is refused, an admin's opens it", async () => {
    const player = await registerUser(env.server.url);
    const placed = await call<{ bet: { id: number; result: { roll: number } } }>(
      env.server.url,
      'POST',
      '/api/games/dice/bets',
      { token: player.token, body: { amount: 1, target: 60, condition: 'over' } },
    );
    expect(placed.status).toBe(200);
    const { bet } = placed.body;

    // The player's own bet replays to its recorded roll, shown beside the scene.
    const own = await labPage(player.token);
    await openLab(own.page, 'dice');
    await own.page.locator('input[name=bet]').fill(String(bet.id));
    await own.page.locator('[data-testid=lab-load-bet]').click();
    expect(await ended(own.page, 1)).toEqual({ roll: bet.result.roll });
    const recorded = own.page.locator(`[data-testid=lab-bet][data-bet-id="${bet.id}"]`);
    expect(
      JSON.parse((await recorded.locator('[data-testid=lab-bet-result]').textContent()) ?? ''),
    ).toMatchObject({ roll: bet.result.roll });
    await own.close();

    // Another player may not open it: refused, and nothing plays.
    const stranger = await registerUser(env.server.url);
    const other = await labPage(stranger.token);
    await openLab(other.page, 'dice');
    await other.page.locator('input[name=bet]').fill(String(bet.id));
    await other.page.locator('[data-testid=lab-load-bet]').click();
    await other.page.locator('[data-testid=lab-bet-issue][data-issue=refused]').waitFor();
    expect(await other.page.locator('main').getAttribute('data-lab-run')).toBe('0');
    await other.close();

    // An admin opens it from the address (?bet=<id>) and sees whose it is.
    const login = await call<{ token: string }>(env.server.url, 'POST', '/api/login', {
      body: { email: ADMIN.email, password: ADMIN.password, remember: false },
    });
    expect(login.status).toBe(200);
    const admin = await labPage(login.body.token);
    await openLab(admin.page, 'dice', `&bet=${bet.id}`);
    expect(await ended(admin.page, 1)).toEqual({ roll: bet.result.roll });
    const shownBet = admin.page.locator(`[data-testid=lab-bet][data-bet-id="${bet.id}"]`);
    await expect.poll(() => shownBet.textContent()).toContain(String(player.id));
    await admin.close();
  }, 120_000);

  it('is not found without ?debug in a production build', async () => {
    const { page, close } = await labPage(null);
    await page.goto(`${env.server.url}/lab/dice`);
    await page.locator('[data-screen=not-found]').waitFor();
    await close();
  });
});

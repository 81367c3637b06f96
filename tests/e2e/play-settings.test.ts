// The player's game settings in the browser (docs/players.md#game-settings): reduced motion
// leaves out every shake, flash and burst (read from the engine's effect counters, not from
// pixels), the settings follow the account through a reload and a sign-in in another browser,
// and no sound plays before a gesture. Instant mode's timed round is instant-mode.test.ts.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gamePath } from '../../games/shared/registry/catalog';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { gamesUnderTest } from '../support/gamesUnderTest';
import { call, registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { betsOf, openGameAs, poll, waitForScene } from './games-helpers';
import { loginThroughForm, waitForPath } from './shell-helpers';

const env = serverAndBrowser();

type Player = Awaited<ReturnType<typeof registerUser>>;
type Effects = Record<'shake' | 'flash' | 'burst', number>;

const setSettings = (player: Player, body: Record<string, unknown>) =>
  call(env.server.url, 'PATCH', '/api/settings/game', { token: player.token, body });

const effects = (page: Page) =>
  page.evaluate(() => {
    const motion = window.__engine!.motion;
    return { played: { ...motion.played }, skipped: { ...motion.skipped } };
  }) as Promise<{ played: Effects; skipped: Effects }>;

describe('game settings in the browser', () => {
  it('reduced motion: no flash on a winning plinko landing, no shake or burst in asteroids', async () => {
    const player = await registerUser(env.server.url);
    // Asked for on the account for plinko; asteroids then follows the system's wish (null).
    await setSettings(player, { instant: true, reduced_motion: true });
    const plinko = await openGameAs(env, player, 'plinko');
    const panel = plinko.page.locator('[data-testid=plinko-panel]');
    await panel.locator('[data-testid=plinko-rows]').selectOption('8');
    await panel.locator('[data-testid=plinko-risk]').selectOption('low');
    // Balls until one wins (more than its stake back): 29% of balls do on 8 low-risk rows, so
    // ten balls all lost 3% of the time (a CI run saw it); sixty all lose about once in 10^9.
    for (let n = 1; n <= 60; n++) {
      await panel.locator('[data-testid=plinko-bet]').click();
      await poll(async () => (await betsOf(env.server.url, player.token, 'plinko')).length).toBe(n);
      await poll(() => panel.locator('[data-testid=plinko-in-flight]').textContent()).toBe('0');
      const [latest] = await betsOf(env.server.url, player.token, 'plinko');
      if (latest!.payout > latest!.amount) break;
    }
    const bets = await betsOf(env.server.url, player.token, 'plinko');
    expect(bets.some((b) => b.payout > b.amount)).toBe(true);
    // Every landing left its flash out: the last one once the scene has stepped to it (the
    // panel's count of balls in flight may reach 0 a frame before).
    await poll(async () => (await effects(plinko.page)).skipped.flash).toBe(bets.length);
    const seen = await effects(plinko.page);
    expect(seen.played).toEqual({ shake: 0, flash: 0, burst: 0 });
    await plinko.close();

    await setSettings(player, { reduced_motion: null });
    const asteroids = await openGameAs(env, player, 'asteroids', 'reduce');
    await asteroids.page.locator('[data-testid=asteroids-bet]').click();
    await poll(async () => (await betsOf(env.server.url, player.token, 'asteroids')).length).toBe(
      1,
    );
    await poll(() => effects(asteroids.page).then((e) => e.skipped.burst)).toBeGreaterThan(0);
    const broken = await effects(asteroids.page);
    expect(broken.played).toEqual({ shake: 0, flash: 0, burst: 0 });
    expect(broken.skipped.shake).toBeGreaterThan(0);
    await asteroids.close();

    // The same round with motion: the rocks shake the screen and burst.
    const moving = await openGameAs(env, player, 'asteroids');
    await moving.page.locator('[data-testid=asteroids-bet]').click();
    await poll(() => effects(moving.page).then((e) => e.played.burst)).toBeGreaterThan(0);
    expect((await effects(moving.page)).played.shake).toBeGreaterThan(0);
    await moving.close();
  });

  it('keeps the settings through a reload and a sign-in in another browser', async () => {
    const player = await registerUser(env.server.url);
    const first = await env.browser.browser!.newContext({ viewport: { width: 1280, height: 900 } });
    await first.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
    const page = await first.newPage();
    await page.goto(`${env.server.url}/settings/game`);
    const settings = page.locator('[data-testid=game-settings]');
    await settings.waitFor();
    await settings.locator('input[name=instant]').check({ force: true });
    await settings.locator('select[name=reduced_motion]').selectOption('on');
    await settings.locator('input[name=sound_muted]').check({ force: true });
    await settings.locator('select[name=hotkeys]').selectOption('off');
    await poll(async () => {
      const res = await call(env.server.url, 'GET', '/api/settings/game', { token: player.token });
      return res.body;
    }).toEqual({
      instant: true,
      reduced_motion: true,
      sound_muted: true,
      volume: 80,
      hotkeys: false,
      haptics: false,
    });
    await page.reload();
    await settings.waitFor();
    // Polled: on a busy machine the form can show before the account's settings have reached it.
    await poll(() => settings.locator('input[name=instant]').isChecked()).toBe(true);
    await poll(() => settings.locator('select[name=reduced_motion]').inputValue()).toBe('on');
    await poll(() => settings.locator('input[name=sound_muted]').isChecked()).toBe(true);
    await first.close();

    // Another browser: signing in brings the account's settings, to the settings and the games.
    const second = await env.browser.browser!.newContext({ viewport: { width: 390, height: 844 } });
    const other = await second.newPage();
    await other.goto(`${env.server.url}/login`);
    await loginThroughForm(other, player.email, player.password);
    await waitForPath(other, '/');
    await other.goto(`${env.server.url}/dice?test`);
    await waitForScene(other, 'dice');
    await poll(() => other.locator('[data-testid=instant-switch]').isChecked()).toBe(true);
    await poll(() => other.evaluate(() => window.__engine!.motion.reduced)).toBe(true);
    expect(await other.evaluate(() => window.__engine!.sound.muted)).toBe(true);
    expect(await other.evaluate(() => window.__engine!.keysEnabled)).toBe(false);
    // On a phone the settings fit the screen: nothing scrolls sideways.
    await other.goto(`${env.server.url}/settings/game`);
    await other.locator('[data-testid=game-settings] select[name=hotkeys]').waitFor();
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await second.close();
  });

  it('a switch turned while an earlier change is on its way does not flip back', async () => {
    const player = await registerUser(env.server.url);
    const context = await env.browser.browser!.newContext({
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
    const page = await context.newPage();
    // The first change's answer comes last: it is held until the second has been answered (a
    // slow network), and it holds the settings as they were before the second change.
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const changes: Request[] = [];
    await page.route('**/api/settings/game', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const first = changes.push(route.request()) === 1;
      // Each change reaches the server at once, in order; only the first one's answer waits.
      const answer = await route.fetch();
      if (first) await firstHeld;
      await route.fulfill({ response: answer });
    });
    await page.goto(`${env.server.url}/settings/game`);
    const settings = page.locator('[data-testid=game-settings]');
    await settings.waitFor();
    const instant = settings.locator('input[name=instant]');
    const muted = settings.locator('input[name=sound_muted]');
    await instant.check({ force: true });
    await muted.check({ force: true });
    await poll(() => changes.length).toBe(2);
    await changes[1]!.response();
    // From here on both switches are read every few milliseconds: neither may show off again.
    await page.evaluate(() => {
      const page = window as unknown as { seen: boolean[] };
      const inputs = document.querySelectorAll<HTMLInputElement>(
        '[data-testid=game-settings] input[name=instant], [data-testid=game-settings] input[name=sound_muted]',
      );
      page.seen = [];
      setInterval(() => inputs.forEach((input) => page.seen.push(input.checked)), 4);
    });
    releaseFirst();
    await changes[0]!.response();
    await page.waitForTimeout(300);
    const seen = (await page.evaluate('window.seen')) as boolean[];
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((on) => !on)).toEqual([]);
    expect(await instant.isChecked()).toBe(true);
    expect(await muted.isChecked()).toBe(true);
    const saved = await call(env.server.url, 'GET', '/api/settings/game', { token: player.token });
    expect(saved.body).toMatchObject({ instant: true, sound_muted: true });
    await context.close();
  });

  it('every panel has the instant switch; hotkeys and their key sheet follow the setting', async () => {
    const player = await registerUser(env.server.url);
    const { page, close } = await openGameAs(env, player, 'dice');
    for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
      await page.goto(`${env.server.url}${gamePath(game)}`);
      const instant = page.locator('[data-slot=game-panel] [data-testid=instant-switch]');
      await instant.waitFor({ state: 'attached' });
      expect(await instant.locator('xpath=ancestor::label').textContent(), game.id).toBe(
        'Instant mode',
      );
    }
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    await page.locator('h1').click();
    await page.locator('[data-testid=keys-help-open]').waitFor();
    await page.keyboard.press('Shift+Slash');
    const sheet = page.locator('[data-testid=keys-help]');
    await sheet.waitFor();
    expect(await sheet.locator('tr', { hasText: 'Space' }).textContent()).toContain('Bet');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // Hotkeys off: Space bets nothing, and the sheet's button is gone.
    await setSettings(player, { hotkeys: false });
    await page.reload();
    await waitForScene(page, 'dice');
    await poll(() => page.evaluate(() => window.__engine!.keysEnabled)).toBe(false);
    await page.locator('h1').click();
    await page.keyboard.press('Space');
    await page.waitForTimeout(400);
    expect(await betsOf(env.server.url, player.token, 'dice')).toHaveLength(0);
    expect(await page.locator('[data-testid=keys-help-open]').count()).toBe(0);
    await close();
  });

  it('plays no sound before the first gesture', async () => {
    const player = await registerUser(env.server.url);
    const { page, close } = await openGameAs(env, player, 'dice');
    const sound = () =>
      page.evaluate(() => {
        const engine = window.__engine!;
        return {
          id: engine.sound.play('games-sfx', 'win'),
          started: engine.sound.audioStarted,
          // Howler's AudioContext exists once Howler is first touched.
          context: Boolean((window as { Howler?: { ctx?: unknown } }).Howler?.ctx),
        };
      });
    expect(await sound()).toEqual({ id: null, started: false, context: false });
    await page.locator('h1').click();
    const after = await sound();
    expect(after.id).not.toBeNull();
    expect(after.started).toBe(true);
    await close();
  });
});

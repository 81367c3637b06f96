// Responsible play in the browser: limits set in the settings page (with their use and a pending
// raise), a bet refused by a limit shown in the game's panel (no dialog) and stopping an
// auto-bet, a break shown on the game page, and the reality check after its interval with the
// page's clock moved on. Screenshots of the screens at both sizes go to .test-results.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { repoRoot } from '../support/server';
import { call, registerUser } from '../support/testApp';
import { betsOf, poll, waitForScene } from './games-helpers';
import { waitForPath } from './shell-helpers';

const env = serverAndBrowser();
const SCREENSHOT_DIR = path.join(repoRoot, '.test-results', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Player = Awaited<ReturnType<typeof registerUser>>;

async function pageOf(player: Player, viewport = DESKTOP): Promise<Page> {
  const context = await env.browser.browser!.newContext({ viewport });
  await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
  return context.newPage();
}

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(SCREENSHOT_DIR, `responsible-play-${name}.png`),
    fullPage: true,
  });

const api = <T>(player: Player, method: string, route: string, body?: unknown) =>
  call<T>(env.server.url, method, route, { token: player.token, ...(body ? { body } : {}) });

describe('responsible play in the browser', () => {
  it('sets limits in the settings: saved at once when lower, a raise shown as pending', async () => {
    const player = await registerUser(env.server.url);
    const page = await pageOf(player);
    await page.goto(`${env.server.url}/settings/responsible-play`);
    await waitForPath(page, '/settings/responsible-play');
    // Play money: no deposit limits to set.
    await poll(() => page.locator('[data-limit-kind]').count()).toBe(2);

    await page.locator('input[name="loss.day"]').fill('5');
    await page.locator('input[name="wager.week"]').fill('250,50');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.locator('.alert--success', { hasText: 'Your limits are saved.' }).waitFor();
    const saved = await api<{ loss: { day: number }; wager: { week: number } }>(
      player,
      'GET',
      '/api/settings/limits',
    );
    expect(saved.body.loss.day).toBe(5);
    expect(saved.body.wager.week).toBe(250.5);

    await page.locator('input[name="loss.day"]').fill('20');
    await page.getByRole('button', { name: 'Save limits' }).click();
    const pending = page.locator('[data-limit="loss.day"] [data-pending]');
    await pending.waitFor();
    expect(await pending.textContent()).toMatch(/^20,00 from /);
    // The field shows the limit in force until then.
    expect(await page.locator('input[name="loss.day"]').inputValue()).toBe('5,00');

    await shot(page, 'settings-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'settings-phone');

    // A bad amount is a field error that names the limit.
    await page.locator('input[name="wager.day"]').fill('1.234');
    await page.getByRole('button', { name: 'Save limits' }).click();
    const error = page.locator('[data-field-error="wager.day"]');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/at most 2 decimals from 0\.01 to 100,000,000\.00/);
    await page.context().close();
  });

  it('shows a refused bet in the panel without a dialog and stops the auto-bet there', async () => {
    const player = await registerUser(env.server.url);
    expect((await api(player, 'PUT', '/api/settings/limits', { wager: { day: 3 } })).status).toBe(
      200,
    );
    const page = await pageOf(player);
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    const panel = page.locator('[data-testid=dice-panel]');
    await panel.locator('input[name=amount]').fill('1');
    await page.locator('.mode-tabs button').nth(1).click();
    await panel.locator('input[name=auto_count]').fill('10');
    await panel.locator('[data-testid=dice-bet]').click();

    const notice = page.locator('[data-testid=play-notice]');
    await notice.waitFor();
    expect(await notice.getAttribute('data-code')).toBe('play_limit');
    expect(await notice.textContent()).toMatch(/daily wager limit of 3\.00/);
    // The auto-bet stopped at the refusal: three bets, no more, and no dialog over the game.
    await poll(() => panel.locator('[data-testid=dice-bet]').textContent()).toBe('Start auto-bet');
    expect(await betsOf(env.server.url, player.token, 'dice')).toHaveLength(3);
    expect(await page.locator('[role=dialog], [role=alertdialog]').count()).toBe(0);
    await shot(page, 'refusal-desktop');

    await page.setViewportSize(PHONE);
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    // On a phone it sits just above the bar of the main action, on screen.
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height - 60);
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
    await shot(page, 'refusal-phone');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await poll(() => notice.count()).toBe(0);
    await page.context().close();
  });

  it('shows a break on the game page and refuses the bet', async () => {
    const player = await registerUser(env.server.url);
    expect((await api(player, 'POST', '/api/settings/break', { hours: 48 })).status).toBe(200);
    const page = await pageOf(player, PHONE);
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    const notice = page.locator('[data-testid=play-notice]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/You are taking a break until/);
    await page.locator('[data-testid=dice-bet]').click();
    await poll(() => notice.getAttribute('data-code')).toBe('play_block');
    expect(await betsOf(env.server.url, player.token, 'dice')).toHaveLength(0);
    await shot(page, 'break-phone');
    await page.context().close();
  });

  it('shows the reality check after its interval, with the time and the net result', async () => {
    const player = await registerUser(env.server.url);
    await api(player, 'PUT', '/api/settings/reality-check', { minutes: 15 });
    const page = await pageOf(player);
    await page.clock.install();
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    const panel = page.locator('[data-testid=dice-panel]');
    await panel.locator('input[name=amount]').fill('2');
    await panel.locator('[data-testid=dice-bet]').click();
    await poll(async () => (await betsOf(env.server.url, player.token, 'dice')).length).toBe(1);
    const [bet] = await betsOf(env.server.url, player.token, 'dice');

    const check = page.locator('[data-testid=reality-check]');
    await page.clock.fastForward('14:00');
    await page.waitForTimeout(300);
    expect(await check.count()).toBe(0);
    await page.clock.fastForward('01:05');
    await check.waitFor();
    expect(await check.textContent()).toMatch(/played for 15 minutes/);
    const net = Number(await check.locator('[data-net]').getAttribute('data-net'));
    expect(net).toBeCloseTo(bet!.payout - 2, 2);
    await shot(page, 'reality-check-desktop');
    await page.getByRole('button', { name: 'Keep playing' }).click();
    await poll(() => check.count()).toBe(0);

    // Again after the next interval; stopping leaves the game for the lobby.
    await page.clock.fastForward('15:05');
    await check.waitFor();
    expect(await check.textContent()).toMatch(/played for 30 minutes/);
    await page.getByRole('button', { name: 'Stop playing' }).click();
    await waitForPath(page, '/');
    await page.context().close();
  });
});

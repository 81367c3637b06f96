// The operator console in Chromium: the games' figures of the period; an admin finds a player by e-mail, suspends them with a
// reason, sees the player's page and the audit log say so, and the player's token is dead at
// once; the books audit runs from the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { call } from '../support/testApp';
import { loginThroughForm, newAccount, waitForPath } from './shell-helpers';

const ADMIN = { email: 'console@example.test', password: 'console password 1' };

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('operator console', () => {
  it('finds a player, suspends them, and shows the action in the audit log', async () => {
    const player = await newAccount(server.url);
    const bet = { amount: 2, target: 50, condition: 'over' };
    expect(
      (await call(server.url, 'POST', '/api/games/dice/bets', { token: player.token, body: bet }))
        .status,
    ).toBe(200);
    const context = await browser.browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await waitForPath(page, '/');
    await page.goto(`${server.url}/admin`);
    const players = page.locator('[data-admin=players]');
    await players.waitFor();
    // The games of the last 30 days: the player's dice bet, its RTP beside the theory.
    const dice = page.locator('[data-admin=games] tr[data-game=dice]');
    await dice.waitFor();
    expect(await dice.locator('td').nth(1).textContent()).toBe('1');
    expect(await dice.textContent()).toContain('theory 99.00%');
    // Its charts (uPlot, in the console's chunk): wagered and GGR per day, the RTP converging.
    await page.locator('[data-admin=games] .admin-chart canvas').nth(1).waitFor();
    expect(await page.locator('[data-admin=games] .admin-chart canvas').count()).toBe(2);

    await players.locator('input[name=search]').fill(player.email);
    await players.locator('button[type=submit]').click();
    await players.locator(`[data-player="${player.id}"]`).click();
    const panel = page.locator(`[data-admin=player][data-player="${player.id}"]`);
    await panel.waitFor();
    const { balance } = (
      await call<{ balance: number }>(server.url, 'GET', '/api/user/balance', {
        token: player.token,
      })
    ).body;
    const shown = (await panel.locator('[data-admin=balance]').textContent()) ?? '';
    expect(Number(shown.replace(/\./g, '').replace(',', '.'))).toBe(balance);

    await panel.locator('input[name=action_reason]').fill('bonus abuse');
    await panel.locator('button', { hasText: 'Suspend' }).click();
    await panel.locator('.badge--danger', { hasText: 'Suspended' }).waitFor();

    const entry = page.locator(
      `[data-admin=log] li[data-action=suspend][data-target="${player.id}"]`,
    );
    await entry.waitFor();
    expect(await entry.textContent()).toContain('bonus abuse');
    // The player's open token stopped working the moment the suspension was written.
    expect((await call(server.url, 'GET', '/api/user', { token: player.token })).status).toBe(401);

    await page.locator('[data-admin=books] button', { hasText: 'Run the audit' }).click();
    const result = page.locator('.admin-books__result');
    await result.waitFor();
    expect(await result.getAttribute('data-problems')).toBe('0');
    expect(await result.textContent()).toContain('The books balance.');
    // A post written from the console, then hidden.
    const posts = page.locator('[data-admin=posts]');
    await posts.locator('input[name=title]').fill('Friday tournament');
    await posts.locator('textarea[name=body]').fill('Dice, 20:00 UTC.');
    await posts.locator('button[type=submit]').click();
    const post = posts.locator('li', { hasText: 'Friday tournament' });
    await post.waitFor();
    await post.locator('button', { hasText: 'Hide' }).click();
    await posts.locator('li[data-published=false]', { hasText: 'Friday tournament' }).waitFor();
    await page.locator('[data-admin=log] li[data-action=post_update]').waitFor();

    // No error on the console, a CSP violation included.
    expect(problems).toEqual([]);
    await context.close();
  });

  it('390 x 844: each game of the period is a row of labelled figures, its RTP whole on screen', async () => {
    const player = await newAccount(server.url);
    const bet = { amount: 1, target: 50, condition: 'over' };
    expect(
      (await call(server.url, 'POST', '/api/games/dice/bets', { token: player.token, body: bet }))
        .status,
    ).toBe(200);
    const context = await browser.browser!.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await waitForPath(page, '/');
    await page.goto(`${server.url}/admin`);
    const dice = page.locator('[data-admin=games] tr[data-game=dice]');
    await dice.waitFor();
    const rtp = dice.locator('td').last();
    expect(await rtp.textContent()).toContain('theory 99.00%');
    const box = (await rtp.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });
});

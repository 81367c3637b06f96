// /giveaways in Chromium: a player enters an open giveaway with one tap and sees they are in; an
// ended, drawn giveaway shows its winners and, under "Verify", the revealed seed, the entrants
// in order and the draw recomputed in the browser; a guest gets a sign-in link; axe finds no
// serious violation at phone and desktop widths. The giveaways are made through the admin API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { call } from '../support/testApp';
import { newAccount, signIn, waitForPath } from './shell-helpers';
import { seriousViolations } from '../support/axe';

const ADMIN = { email: 'giveaways-admin@example.test', password: 'giveaway password 1' };

let server: RunningServer;
let browser: LaunchedBrowser;
let adminToken: string;

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function createGiveaway(body: Record<string, unknown>): Promise<number> {
  const made = await call<{ id: number }>(server.url, 'POST', '/api/admin/giveaways', {
    token: adminToken,
    body,
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  browser = await launchBrowser();
  const login = await call<{ token: string }>(server.url, 'POST', '/api/login', {
    body: { email: ADMIN.email, password: ADMIN.password, remember: false },
  });
  adminToken = login.body.token;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('giveaways page', () => {
  it('lets a player enter with one tap, and shows a drawn giveaway’s winners and proof', async () => {
    const openId = await createGiveaway({
      title: 'Open weekly drop',
      prize: 250,
      winners_count: 2,
      ends_at: inHours(30),
    });
    await createGiveaway({
      title: 'Next week',
      prize: 100,
      winners_count: 1,
      starts_at: inHours(48),
      ends_at: inHours(72),
    });
    // A short one: three players enter, it ends, the draw pays.
    const entrants = await Promise.all([0, 1, 2].map(() => newAccount(server.url)));
    const shortId = await createGiveaway({
      title: 'Flash giveaway',
      prize: 10.01,
      winners_count: 2,
      ends_at: new Date(Date.now() + 8000).toISOString(),
    });
    for (const e of entrants) {
      const entered = await call(server.url, 'POST', `/api/giveaways/${shortId}/entries`, {
        token: e.token,
      });
      expect(entered.status).toBe(201);
    }

    const player = await newAccount(server.url);
    const context = await browser.browser!.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(context, server.url, player.token);
    await page.goto(`${server.url}/giveaways`);
    const card = page.locator(`[data-giveaway="${openId}"]`);
    await card.waitFor();
    expect(await card.locator('[data-testid=entrants]').textContent()).toBe('0');
    expect(await card.textContent()).toContain('250,00');
    await card.getByRole('button', { name: 'Enter giveaway' }).click();
    await card.locator('[data-testid=entered]').waitFor();
    expect(await card.locator('[data-testid=entrants]').textContent()).toBe('1');
    expect(await card.getByRole('button', { name: 'Enter giveaway' }).count()).toBe(0);
    // Reloaded, it still says so (the server kept the entry).
    await page.reload();
    await page.locator(`[data-giveaway="${openId}"] [data-testid=entered]`).waitFor();

    // The upcoming one counts down and cannot be entered yet.
    const upcoming = page.locator('[data-status=upcoming]');
    expect(await upcoming.textContent()).toContain('Starts in');

    // The flash giveaway ends while the page is open; the page reads the list again and shows it drawn.
    const ended = page.locator(`[data-giveaway="${shortId}"][data-status=ended]`);
    await ended.waitFor({ timeout: 60_000 });
    const winners = ended.locator('[data-testid=winners] li');
    expect(await winners.count()).toBe(2);
    expect(await winners.first().textContent()).toContain('5,01');
    await ended.getByText('Verify').click();
    const seed = ended.locator('[data-testid=server-seed]');
    await seed.waitFor();
    expect(await seed.textContent()).toMatch(/^[0-9a-f]{64}$/);
    const checks = ended.locator('[data-testid=verify-checks]');
    await checks.waitFor();
    expect(await checks.textContent()).toContain('The seed matches the hash');
    expect(await checks.textContent()).toContain('the same winners');
    expect(await ended.locator('.gw-verify__entrants li').count()).toBe(3);

    // Nothing scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  }, 120_000);

  it('offers a guest a sign-in link instead of the button', async () => {
    const context = await browser.browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/giveaways`);
    const link = page.locator('[data-status=open]').first().getByRole('link', {
      name: 'Sign in to enter',
    });
    await link.waitFor();
    await link.click();
    await waitForPath(page, '/login');
    await context.close();
  });

  it('lets an operator create a giveaway from the console and list it', async () => {
    const context = await browser.browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(context, server.url, adminToken);
    await page.goto(`${server.url}/admin`);
    const section = page.locator('[data-admin=giveaways]');
    await section.waitFor();
    await section.locator('input[name=title]').fill('Console giveaway');
    await section.locator('input[name=prize]').fill('42.5');
    await section.locator('input[name=winners_count]').fill('3');
    await section.locator('button[type=submit]').click();
    const listed = section.locator('li', { hasText: 'Console giveaway' });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('42,50');
    expect(await listed.getAttribute('data-status')).toBe('open');
    await page.locator('[data-admin=log] li[data-action=giveaway_create]').first().waitFor();
    await context.close();
  });

  it('has no serious axe violation on /giveaways at phone and desktop widths', async () => {
    const account = await newAccount(server.url);
    for (const width of [1440, 390]) {
      const context = await browser.browser!.newContext({
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      await signIn(context, server.url, account.token);
      await page.goto(`${server.url}/giveaways`);
      await page.locator('[data-status=ended]').first().waitFor();
      await page.locator('[data-status=ended] summary').first().click();
      await page.locator('[data-testid=server-seed]').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

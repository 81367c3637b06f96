// The earn screens and the ranking as a player uses them: a token lock created with its reward
// previewed, the referral link copied, the player's own ranking row, the bet history's words,
// and every screen in Spanish, on a phone and under axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { call, registerUser } from '../support/testApp';
import { newAccount, signIn } from './shell-helpers';
import { seriousViolations } from '../support/axe';

const env = serverAndBrowser();

const EARN_PAGES = ['/earn/referrals', '/earn/rakeback', '/earn/locks', '/ranking'] as const;
/** What each screen shows once its data is in. */
const READY: Record<(typeof EARN_PAGES)[number], string> = {
  '/earn/referrals': '[data-testid=referral-link]',
  '/earn/rakeback': '[data-testid=pot-instant]',
  '/earn/locks': '[data-testid=lock-form] input[type=radio]',
  '/ranking': '[data-testid=ranking-table] tbody tr',
};
/** Raw keys, placeholders, snake_case words and 4-decimal multipliers: none may show. */
const RAW = /\{\{|_[a-z]+_|\d[.,]\d{4}[x×]/;

async function playerPage(
  token: string,
  options: { width?: number; locale?: string; permissions?: string[] } = {},
) {
  const context = await env.browser.browser!.newContext({
    viewport: { width: options.width ?? 1440, height: options.width === 390 ? 844 : 900 },
    bypassCSP: true,
  });
  if (options.permissions) {
    await context.grantPermissions(options.permissions, { origin: env.server.url });
  }
  await signIn(context, env.server.url, token);
  if (options.locale) {
    await context.addCookies([{ name: 'locale', value: options.locale, url: env.server.url }]);
  }
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

async function open(page: Page, url: (typeof EARN_PAGES)[number]) {
  await page.goto(`${env.server.url}${url}`);
  await page.locator(READY[url]).first().waitFor();
}

const get = <T>(url: string, token: string) =>
  call<T>(env.server.url, 'GET', url, { token }).then((r) => r.body);

describe('earn screens and ranking', () => {
  it('creates a lock: the preview is the reward the server reports, the balance drops by it', async () => {
    const player = await newAccount(env.server.url);
    const { page, close } = await playerPage(player.token);
    await open(page, '/earn/locks');
    await expect.poll(() => page.locator('[data-testid=balance]').textContent()).toBe('1.000,00');

    await page.locator('.lock-option', { hasText: '30' }).click();
    await page.locator('[data-testid=lock-form] input[name=amount]').fill('123.45');
    const preview = page.locator('[data-testid=lock-preview-reward]');
    await preview.waitFor();
    const previewCents = Number(await preview.getAttribute('data-cents'));
    expect(previewCents).toBeGreaterThan(0);
    const previewText = await preview.textContent();
    await page.locator('[data-testid=lock-form] button[type=submit]').click();

    const lock = page.locator('[data-testid=lock-list] [data-testid=lock]').first();
    await lock.waitFor();
    expect(await lock.locator('[role=progressbar]').count()).toBe(1);
    expect(await lock.textContent()).toContain('123,45');
    await expect.poll(() => page.locator('[data-testid=balance]').textContent()).toBe('876,55');

    const mine = await get<{ locks: { reward: number; amount: number; days: number }[] }>(
      '/api/tokenlocks/me',
      player.token,
    );
    expect(mine.locks).toHaveLength(1);
    expect(mine.locks[0]).toMatchObject({ amount: 123.45, days: 30 });
    expect(Math.round(mine.locks[0]!.reward * 100)).toBe(previewCents);
    expect(await lock.locator('[data-testid=lock-reward]').textContent()).toBe(previewText);
    const rewards = await get<{ projected: number }>('/api/tokenlocks/rewards', player.token);
    expect(Math.round(rewards.projected * 100)).toBe(previewCents);
    await close();
  });

  it('copies the referral link to the clipboard', async () => {
    const player = await newAccount(env.server.url);
    const { page, close } = await playerPage(player.token, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await open(page, '/earn/referrals');
    const link = await page.locator('[data-testid=referral-link]').inputValue();
    const me = await get<{ referral_code: string }>('/api/user', player.token);
    expect(link).toContain(`referral_code=${me.referral_code}`);
    await page.locator('[data-testid=copy-link]').click();
    await expect.poll(() => page.locator('[data-testid=copy-link]').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await page.locator('[data-testid=commission-rate]').textContent()).toBe('0.1%');
    await close();
  });

  it("highlights the player's own ranking row", async () => {
    const player = await newAccount(env.server.url);
    const { page, close } = await playerPage(player.token);
    await open(page, '/ranking');
    const me = await get<{ name: string }>('/api/user', player.token);
    const row = page.locator('[data-testid=ranking-me]');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(me.name);
    expect(await row.getAttribute('class')).toContain('ranking-row--me');
    // Ranks 1 to 3 (ties share a rank) wear a medal; the others a plain number.
    expect(await page.locator('.ranking-table .medal').count()).toBeGreaterThan(0);
    const plain = await page.locator('.ranking-table .rank-number').allTextContents();
    expect(plain.filter((rank) => Number(rank) <= 3)).toEqual([]);
    await close();
  });

  it('in Spanish: translated labels, no raw keys, placeholders or 4-decimal multipliers', async () => {
    const player = await newAccount(env.server.url);
    // A bet, so the dice history has a row to read.
    const bet = await call<{ bet: { id: number } }>(
      env.server.url,
      'POST',
      '/api/games/dice/bets',
      {
        token: player.token,
        body: { amount: 1, target: 50, condition: 'over' },
      },
    );
    expect(bet.status).toBe(200);
    const { page, close } = await playerPage(player.token, { locale: 'es' });
    const expected: Record<(typeof EARN_PAGES)[number], string[]> = {
      '/earn/referrals': ['Tu enlace de referido', 'Comisión', 'Cobrar'],
      '/earn/rakeback': ['Instantáneo', 'Diario', 'Semanal'],
      '/earn/locks': ['Bloquear tokens', 'Duración', 'Mis bloqueos'],
      '/ranking': ['Tú'],
    };
    const english = ['Claim', 'Locked now', 'Referred players', 'Duration', 'Weekly', 'You'];
    for (const url of EARN_PAGES) {
      await open(page, url);
      const text = await page.locator('main').innerText();
      for (const label of expected[url]) expect(text, `${url}: ${label}`).toContain(label);
      for (const word of english) {
        expect(text.split(/\s+|[.:·,()]/), `${url}: ${word}`).not.toContain(word);
      }
      expect(text, url).not.toMatch(RAW);
    }

    // The dice history: the multiplier with 2 decimals, the result in words, the time formatted.
    await page.goto(`${env.server.url}/dice`);
    const row = page.locator(`[data-testid=bet-history] tr[data-bet-id="${bet.body.bet.id}"]`);
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.some((c) => /^\d+,\d{2}×$/.test(c))).toBe(true);
    expect(cells.join(' ')).toMatch(/Salió \d+,\d{2} · mayor que 50,00/);
    expect(cells.join(' ')).not.toMatch(RAW);
    expect(cells.join(' ')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await close();
  });

  it('no serious axe violation and no sideways scroll on a phone', async () => {
    const player = await newAccount(env.server.url);
    for (const width of [1440, 390]) {
      const { page, close } = await playerPage(player.token, { width });
      for (const url of EARN_PAGES) {
        await open(page, url);
        await page.waitForTimeout(300);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), `${url} at ${width}px`).toEqual([]);
      }
      await close();
    }
  });

  it('shows the player at the bottom of the ranking when outside the top 50', async () => {
    // Fifty players with the starting balance, then one a little poorer (after a lock).
    for (let i = 0; i < 5; i += 1) {
      await Promise.all(Array.from({ length: 10 }, () => registerUser(env.server.url)));
    }
    const player = await newAccount(env.server.url);
    const locked = await call(env.server.url, 'POST', '/api/tokenlocks', {
      token: player.token,
      body: { amount: 1, days: 7 },
    });
    expect(locked.status).toBe(201);
    const { page, close } = await playerPage(player.token, { width: 390 });
    await open(page, '/ranking');
    const rank = await get<{ rank: number }>('/api/ranking/me', player.token);
    expect(rank.rank).toBeGreaterThan(50);
    const row = page.locator('[data-testid=ranking-me]');
    await row.waitFor();
    expect(await row.textContent()).toContain(String(rank.rank));
    expect(await row.textContent()).toContain('999,00');
    // After the 50 rows of the top, past a gap.
    // (The top comes with its own request: it may show after the player's row.)
    await expect.poll(() => page.locator('[data-testid=ranking-table] tbody tr').count()).toBe(52);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await close();
  });
});

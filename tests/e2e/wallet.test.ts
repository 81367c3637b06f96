import { text as streamText } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { testWallet } from '../support/ethWallet';
import { call } from '../support/testApp';
import { newAccount, signIn } from './shell-helpers';
import { seriousViolations } from '../support/axe';

const env = serverAndBrowser();
/** A player with 20 settled dice bets: more ledger rows than one page of 25. */
let player: Awaited<ReturnType<typeof newAccount>>;
let betCount = 0;

const BETS = 20;

beforeAll(async () => {
  player = await newAccount(env.server.url);
  for (let i = 0; i < BETS; i++) {
    const res = await call(env.server.url, 'POST', '/api/games/dice/bets', {
      token: player.token,
      body: { amount: 1, target: 50.5, condition: 'under' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    betCount++;
  }
}, 120_000);

async function walletPage(
  width: number,
  height: number,
  token = player.token,
): Promise<{ page: Page; close: () => Promise<void> }> {
  // axe is injected as an inline script, which the server's CSP (rightly) forbids to pages.
  const context = await env.browser.browser!.newContext({
    viewport: { width, height },
    bypassCSP: true,
    acceptDownloads: true,
  });
  await signIn(context, env.server.url, token);
  const page = await context.newPage();
  await page.goto(`${env.server.url}/wallet`);
  await page.locator('[data-ledger-table] tbody tr').first().waitFor({ timeout: 30_000 });
  return { page, close: () => context.close() };
}

const rowIds = (page: Page) =>
  page
    .locator('[data-ledger-row]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-ledger-row'))));

describe('wallet page', () => {
  it('pages the ledger, filters it by reason and exports the filtered rows as CSV', async () => {
    const { page, close } = await walletPage(1440, 900);
    try {
      const total = (
        await call<{ total: number }>(env.server.url, 'GET', '/api/wallet/ledger', {
          token: player.token,
        })
      ).body.total;
      expect(total).toBeGreaterThan(25);
      await expect.poll(() => rowIds(page)).toHaveLength(25);
      const first = await rowIds(page);
      const pager = page.locator('.wallet-pager');
      await expect
        .poll(() => pager.locator('.wallet-pager__status').textContent())
        .toBe('Page 1 of 2');
      // Words and formatted numbers, not keys and ISO times.
      const text = (await page.locator('[data-ledger-table]').textContent()) ?? '';
      expect(text).toMatch(/Bet #\d+/);
      expect(text).toMatch(/−1,00/);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

      await pager.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => rowIds(page)).toHaveLength(total - 25);
      const second = await rowIds(page);
      expect(Math.max(...second)).toBeLessThan(Math.min(...first));
      const oldest = (await page.locator('[data-ledger-table]').textContent()) ?? '';
      expect(oldest).toContain('Sign-up bonus');
      expect(oldest).toContain('+1.000,00');
      expect(oldest).not.toMatch(/signup_bonus|user:\d/);

      await page.locator('select[name=reason]').selectOption('bet');
      await expect
        .poll(() => page.locator('[data-ledger-row]:not([data-reason="bet"])').count())
        .toBe(0);
      await expect.poll(() => rowIds(page)).toHaveLength(betCount);
      expect(await pager.count()).toBe(0);
      const betIds = await rowIds(page);
      await expect
        .poll(() => page.locator('[data-ledger-totals]').textContent())
        .toContain(`${betCount},00`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^ledger-.*\.csv$/);
      // A stream: the browser is the run's, connected to, where a download has no local path.
      const lines = (await streamText(await download.createReadStream())).trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,date,reason,reference,bet_id,game,change,balance_after');
      const rows = lines.slice(1).map((line) => line.split(','));
      expect(rows.map((r) => Number(r[0]))).toEqual(betIds);
      for (const row of rows) {
        expect(row[2]).toBe('bet');
        expect(row[5]).toBe('dice');
        expect(row[6]).toBe('-1.00');
      }

      // A bet row opens that bet's details (the fairness dialog on it).
      await page.locator('.wallet-table__bet-link').first().click();
      await page.locator('[role=dialog]').waitFor();
    } finally {
      await close();
    }
  });

  it.each([
    ['en', (d: string[]) => `${d[2]}/${d[1]}/${d[0]}`, '31/12/2026'],
    ['fr', (d: string[]) => `${d[2]}/${d[1]}/${d[0]}`, '31/12/2026'],
    ['zh-CN', (d: string[]) => `${d[0]}/${d[1]}/${d[2]}`, '2026/12/31'],
  ] as const)(
    '%s: the date filters read and write days in the language order',
    async (locale, write, example) => {
      const { page, close } = await walletPage(1440, 900);
      await page.context().addCookies([{ name: 'locale', value: locale, url: env.server.url }]);
      await page.reload();
      await page.locator('[data-ledger-table] tbody tr').first().waitFor({ timeout: 30_000 });
      const from = page.locator('input[name=from]');
      expect(await from.getAttribute('placeholder')).toBe(example);
      const day = (offset: number) =>
        new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).split('-');
      // From tomorrow: nothing yet. From yesterday: the bets of today.
      await from.fill(write(day(1)));
      await expect.poll(() => page.locator('[data-ledger-row]').count()).toBe(0);
      await from.fill(write(day(-1)));
      await expect.poll(() => page.locator('[data-ledger-row]').count()).toBeGreaterThan(0);
      await from.blur();
      expect(await from.inputValue()).toBe(write(day(-1)));
      await close();
    },
  );

  it('links a browser wallet by signing the server message, and refuses a bad pasted signature', async () => {
    const account = await newAccount(env.server.url);
    const wallet = testWallet('e2e-browser');
    const context = await env.browser.browser!.newContext({
      viewport: { width: 1440, height: 900 },
    });
    try {
      await signIn(context, env.server.url, account.token);
      // A stand-in for MetaMask: an EIP-1193 provider whose key signs in the test process.
      await context.exposeBinding('testPersonalSign', (_source, hex: string) =>
        wallet.personalSign(Buffer.from(hex.slice(2), 'hex').toString('utf8')),
      );
      await context.addInitScript((address: string) => {
        const sign = (window as unknown as { testPersonalSign: (hex: string) => Promise<string> })
          .testPersonalSign;
        (window as unknown as { ethereum: unknown }).ethereum = {
          request: async ({ method, params }: { method: string; params?: unknown[] }) => {
            if (method === 'eth_requestAccounts') return [address];
            if (method === 'personal_sign') return sign(String(params![0]));
            throw new Error(`unsupported ${method}`);
          },
        };
      }, wallet.address);
      const page = await context.newPage();
      await page.goto(`${env.server.url}/wallet`);

      // First the paste form, with a signature of something else: field error, nothing linked.
      await page.getByRole('button', { name: 'Link wallet' }).click();
      await page.locator('input[name=address]').fill(wallet.address);
      await page.locator('input[name=signature]').fill(wallet.personalSign('something else'));
      await page.getByRole('button', { name: 'Link address' }).click();
      await page.locator('[data-field-error=signature]').waitFor();
      await page.locator('.wallet-eth .alert--error').waitFor();
      // The spec's 422 dialog over the form lists the field's message; Escape closes it.
      await page.locator('[role=alertdialog], [role=dialog]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[role=alertdialog], [role=dialog]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Sign with browser wallet' }).click();
      const linked = page.locator('[data-eth-linked]');
      await linked.waitFor();
      const shown = await linked.getAttribute('data-eth-linked');
      expect(shown?.toLowerCase()).toBe(wallet.address);
      expect(await page.locator('.wallet-eth__address').textContent()).toBe(
        `${shown!.slice(0, 6)}…${shown!.slice(-4)}`,
      );
      const info = await call<{ eth_account: { address: string } | null }>(
        env.server.url,
        'GET',
        '/api/wallet/info',
        { token: account.token },
      );
      expect(info.body.eth_account?.address).toBe(shown);
    } finally {
      await context.close();
    }
  });

  it('has no serious axe violation, and a phone neither scrolls sideways nor grows without end', async () => {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      const { page, close } = await walletPage(width, height);
      try {
        await page.locator('.wallet-chart .uplot').waitFor();
        expect(await seriousViolations(page), `${width}px`).toEqual([]);
        await page.getByRole('button', { name: 'Link wallet' }).click();
        await page.locator('input[name=signature]').waitFor();
        expect(await seriousViolations(page), `${width}px, link form`).toEqual([]);
        const size = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
          height: document.documentElement.scrollHeight,
        }));
        expect(size.scroll, `${width}px`).toBeLessThanOrEqual(size.client);
        // 25 rows a page, whatever the ledger's length.
        expect(size.height, `${width}px`).toBeLessThan(width < 700 ? 4600 : 2600);
      } finally {
        await close();
      }
    }
  });
});

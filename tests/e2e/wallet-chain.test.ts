// The real wallet in Chromium against a real chain (anvil, mining only when told): a player links
// an address, sees where to deposit, sends POL from it and watches the deposit confirm and the
// balance rise; withdraws through the form and watches the payment confirm on chain. An operator
// sees the house covered and decides the withdrawals above the approval threshold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startAnvil, HOUSE_KEY, type Anvil } from '../support/anvil';
import { seriousViolations } from '../support/axe';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { linkedChainWallet } from '../support/chainWallet';
import { startServer, type RunningServer } from '../support/server';
import { call } from '../support/testApp';
import { loginThroughForm, newAccount, signIn, waitForPath } from './shell-helpers';

const ADMIN = { email: 'chain-admin@example.test', password: 'chain admin password 1' };
/** Withdrawals above this wait for an operator (the 1.00 of the player's test does not). */
const APPROVAL_ABOVE = 50;

let anvil: Anvil;
let server: RunningServer;
let browser: LaunchedBrowser;

type Player = Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  anvil = await startAnvil();
  server = await startServer({
    env: {
      CHAIN_RPC_URL: anvil.url,
      HOUSE_PRIVATE_KEY: HOUSE_KEY,
      CHAIN_CONFIRMATIONS: '2',
      CHAIN_POLL_MS: '200',
      WITHDRAWAL_APPROVAL_ABOVE: String(APPROVAL_ABOVE),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await anvil?.stop();
});

/**
 * The wallet page of `player`; `problems` collects what the page logs as errors. `axe`: the page
 * may run axe (injected inline, which the server's CSP rightly forbids to pages).
 */
async function openWallet(
  player: Player,
  width: number,
  height: number,
  axe = false,
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.browser!.newContext({
    viewport: { width, height },
    bypassCSP: axe,
  });
  await signIn(context, server.url, player.token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${server.url}/wallet`);
  await page.locator('[data-withdraw-card] form').waitFor();
  return { page, context, problems };
}

/** The balance the wallet page shows ('1.004,00' -> 1004). */
async function shownBalance(page: Page): Promise<number> {
  const text = (await page.locator('.wallet-page__balance .big-number').textContent()) ?? '';
  return Number(text.trim().replace(/\./g, '').replace(',', '.'));
}

describe('the on-chain wallet', () => {
  it('deposits from the linked address confirm into the balance; a withdrawal is paid on chain', async () => {
    const player = await newAccount(server.url);
    const { linked: address, account } = await linkedChainWallet(
      server.url,
      player.token,
      anvil,
      'e2e-chain-deposit',
    );
    const { page, context, problems } = await openWallet(player, 1440, 900);
    try {
      const card = page.locator('[data-deposit-card]');
      // Where to send: the house address whole (checksummed), its QR code, from which address.
      await expect
        .poll(() => card.locator('[data-address]').getAttribute('data-address'))
        .toBe(anvil.house.address);
      expect(await card.locator('[data-deposit-qr] svg').count()).toBe(1);
      expect(await card.locator('[data-send-from]').getAttribute('data-send-from')).toBe(address);
      expect(await card.textContent()).toContain('Credited after 2 confirmations.');
      const before = await shownBalance(page);

      await anvil.send(account, anvil.house.address, '5');
      await anvil.mine(1);
      // Nothing polls while nothing is pending: the player asks, and the deposit shows at 1/2.
      const deposit = card.locator('[data-deposit]');
      await expect
        .poll(async () => {
          if ((await deposit.count()) === 0) {
            // The server may not have read the block yet: ask again until it has.
            await card.getByRole('button', { name: 'Check for deposits' }).click();
            return null;
          }
          return deposit.first().getAttribute('data-status');
        })
        .toBe('pending');
      await expect
        .poll(() => deposit.first().locator('[data-confirmations]').textContent())
        .toBe('1/2 confirmations');
      expect(await shownBalance(page)).toBe(before);

      // Confirmed: the card, polling while the deposit is pending, sees it credited; the balance
      // and the ledger follow. 5 POL is 5.00 (one cent is 10^16 wei).
      await anvil.mine(2);
      await expect
        .poll(() => deposit.first().getAttribute('data-status'), { timeout: 30_000 })
        .toBe('credited');
      await expect.poll(() => shownBalance(page)).toBe(before + 5);
      await page.locator('[data-ledger-row][data-reason=deposit]').waitFor();
      expect(await page.locator('[data-ledger-row][data-reason=deposit]').textContent()).toContain(
        'Deposit',
      );

      // A withdrawal of 1.00 through the form: it leaves the balance at once, then is sent and
      // confirmed on chain.
      const withdraw = page.locator('[data-withdraw-card]');
      expect(await withdraw.textContent()).toContain(address);
      await withdraw.locator('input[name=amount]').fill('1,00');
      await withdraw.locator('button[type=submit]').click();
      const row = withdraw.locator('[data-withdrawal]').first();
      await row.waitFor();
      expect(['queued', 'sent']).toContain(await row.getAttribute('data-status'));
      await expect.poll(() => shownBalance(page)).toBe(before + 4);
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
      await anvil.mine(3);
      await expect
        .poll(() => row.getAttribute('data-status'), { timeout: 30_000 })
        .toBe('confirmed');
      const hash = await row.locator('[data-tx]').getAttribute('data-tx');
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/i);
      const receipt = await anvil.chain.getTransactionReceipt({ hash: hash as `0x${string}` });
      expect(receipt.status).toBe('success');
      expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase());
      expect(await row.textContent()).toContain('Confirmed');
      expect(await shownBalance(page)).toBe(before + 4);
      await page.locator('[data-ledger-row][data-reason=withdrawal]').waitFor();
      // No error on the console (a CSP violation by the QR code's SVG included).
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // A phone: nothing scrolls sideways, the whole address is on screen, thumbs fit the buttons,
    // and axe finds nothing serious.
    const phone = await openWallet(player, 390, 844, true);
    try {
      const { page } = phone;
      await page.locator('[data-deposit-card] [data-address]').waitFor();
      await page.locator('[data-withdrawal]').first().waitFor();
      const size = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(size.scroll).toBeLessThanOrEqual(size.client);
      const box = (await page.locator('[data-deposit-card] [data-address]').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const heights = await page
        .locator('[data-deposit-card] button, [data-withdraw-card] button')
        .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
      expect(heights.length).toBeGreaterThan(3);
      for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('an operator sees the house covered and approves or rejects withdrawals above the threshold', async () => {
    const player = await newAccount(server.url);
    await linkedChainWallet(server.url, player.token, anvil, 'e2e-chain-approval');
    const ask = (key: string) =>
      call<{ withdrawal: { id: number; status: string }; balance: number }>(
        server.url,
        'POST',
        '/api/wallet/withdrawals',
        {
          token: player.token,
          headers: { 'idempotency-key': key },
          body: { amount: APPROVAL_ABOVE + 10 },
        },
      );
    const first = await ask(crypto.randomUUID());
    const second = await ask(crypto.randomUUID());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body.withdrawal.status).toBe('awaiting_approval');

    const context = await browser.browser!.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await loginThroughForm(page, ADMIN.email, ADMIN.password);
      await waitForPath(page, '/');
      await page.goto(`${server.url}/admin`);
      const chain = page.locator('[data-admin=chain]');
      await chain.locator('[data-solvency]').waitFor();
      expect(await chain.locator('[data-solvency]').getAttribute('data-solvency')).toBe('covered');
      expect(await chain.textContent()).toContain(anvil.house.address);

      const rejected = chain.locator(`[data-approval="${first.body.withdrawal.id}"]`);
      await rejected.getByRole('button', { name: 'Reject…' }).click();
      // No reason, no rejection.
      await rejected.getByRole('button', { name: 'Reject and refund' }).click();
      await rejected.locator('[data-field-error=reason]').waitFor();
      await rejected.locator('input[name=reason]').fill('address under review');
      await rejected.getByRole('button', { name: 'Reject and refund' }).click();
      await rejected.waitFor({ state: 'detached' });

      const approved = chain.locator(`[data-approval="${second.body.withdrawal.id}"]`);
      await approved.getByRole('button', { name: 'Approve' }).click();
      await approved.waitFor({ state: 'detached' });
      await chain.getByText('No withdrawal awaits approval.').waitFor();
      await page.locator('[data-admin=log] li[data-action=withdrawal_reject]').waitFor();
    } finally {
      await context.close();
    }

    // The player's list: the rejected one refunded with the operator's reason, the other going.
    const { page, context: playerContext } = await openWallet(player, 1440, 900);
    try {
      const rejected = page.locator(`[data-withdrawal="${first.body.withdrawal.id}"]`);
      await rejected.waitFor();
      expect(await rejected.getAttribute('data-status')).toBe('rejected');
      expect(await rejected.locator('[data-note]').textContent()).toContain('address under review');
      const approved = page.locator(`[data-withdrawal="${second.body.withdrawal.id}"]`);
      expect(['queued', 'sent']).toContain(await approved.getAttribute('data-status'));
      expect(await shownBalance(page)).toBe(second.body.balance + APPROVAL_ABOVE + 10);
    } finally {
      await playerContext.close();
    }
  });
});

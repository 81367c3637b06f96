import { expect } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import type { Anvil } from './anvil';
import { HOUSE_KEY } from './anvil';
import { testWallet } from './ethWallet';
import { call } from './testApp';

/** The server's env for a wallet on `anvil`: 3 blocks to be final, a poll every 100 ms. */
export const chainEnv = (anvil: Anvil, extra: Record<string, string> = {}) => ({
  CHAIN_RPC_URL: anvil.url,
  HOUSE_PRIVATE_KEY: HOUSE_KEY,
  CHAIN_CONFIRMATIONS: '3',
  CHAIN_POLL_MS: '100',
  WITHDRAWAL_MIN: '1.00',
  WITHDRAWAL_APPROVAL_ABOVE: '50.00',
  ...extra,
});

export interface WalletDeposit {
  tx_hash: string;
  amount: number;
  status: 'pending' | 'credited' | 'held';
  confirmations: number;
}

export interface WalletWithdrawal {
  id: number;
  amount: number;
  to_address: string;
  status: string;
  tx_hash: string | null;
  confirmations: number | null;
  note: string | null;
}

/**
 * Links a test wallet (from `seed`) to the player through the API, gives it `pol` on the chain
 * and answers it with a viem account that signs its transfers.
 */
export async function linkedChainWallet(
  url: string,
  token: string,
  anvil: Anvil,
  seed: string,
  pol = '100',
) {
  const wallet = testWallet(seed);
  const info = await call<{ message: string }>(url, 'GET', '/api/eth_account/validation_info', {
    token,
  });
  const linked = await call<{ address: string }>(url, 'POST', '/api/eth_account', {
    token,
    body: { address: wallet.address, signature: wallet.personalSign(info.body.message) },
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  await anvil.fund(wallet.address as `0x${string}`, pol);
  /** `address` in lower case; `linked`, EIP-55 checksummed as the server shows it. */
  return {
    ...wallet,
    linked: linked.body.address,
    account: privateKeyToAccount(wallet.privateKey),
  };
}

export async function balanceOf(url: string, token: string): Promise<number> {
  const res = await call<{ balance: number }>(url, 'GET', '/api/wallet/info', { token });
  expect(res.status).toBe(200);
  return res.body.balance;
}

export async function depositsOf(url: string, token: string): Promise<WalletDeposit[]> {
  const res = await call<{ data: WalletDeposit[] }>(url, 'GET', '/api/wallet/deposits', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export async function withdrawalsOf(url: string, token: string): Promise<WalletWithdrawal[]> {
  const res = await call<{ data: WalletWithdrawal[] }>(url, 'GET', '/api/wallet/withdrawals', {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The deposit of `txHash` once the server shows it with `status` (polled). */
export async function depositOnceShown(
  url: string,
  token: string,
  txHash: string,
  status: WalletDeposit['status'],
): Promise<WalletDeposit> {
  let found: WalletDeposit | undefined;
  await expect
    .poll(
      async () => {
        found = (await depositsOf(url, token)).find((d) => d.tx_hash === txHash.toLowerCase());
        return found?.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(status);
  return found!;
}

/** The withdrawal `id` once the server shows it with `status` (polled). */
export async function withdrawalOnceShown(
  url: string,
  token: string,
  id: number,
  status: string,
): Promise<WalletWithdrawal> {
  let found: WalletWithdrawal | undefined;
  await expect
    .poll(
      async () => {
        found = (await withdrawalsOf(url, token)).find((w) => w.id === id);
        return found?.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(status);
  return found!;
}

export async function withdraw(
  url: string,
  token: string,
  amount: number,
  key = crypto.randomUUID(),
) {
  return call<{ withdrawal: WalletWithdrawal; balance: number }>(
    url,
    'POST',
    '/api/wallet/withdrawals',
    { token, body: { amount }, headers: { 'idempotency-key': key } },
  );
}

/** The books audit's problems (an admin's token), the chain's included when it is configured. */
export async function auditProblems(url: string, adminToken: string): Promise<unknown[]> {
  const res = await call<{ problems: unknown[] }>(url, 'GET', '/api/admin/audit', {
    token: adminToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.problems;
}

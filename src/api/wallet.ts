import { http } from './client';

/** The ledger filter as the wallet's ledger, CSV and balance calls take it (all optional). */
export interface LedgerFilter {
  /** One reason, or '' for all. */
  reason: string;
  /** ISO date-times (the client's day bounds), or '' for open. */
  from: string;
  to: string;
}

interface WalletLedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: string;
  bet: { id: number; game: string } | null;
}

export interface WalletLedgerPage {
  data: WalletLedgerEntry[];
  page: number;
  per_page: number;
  total: number;
  last_page: number;
  totals: { in: number; out: number; net: number };
  reasons: string[];
}

export interface BalanceHistory {
  points: { at: string; balance: number }[];
  total: number;
}

export interface EthAccount {
  address: string;
  linked_at: string;
}

/** GET /api/wallet/info as the wallet page reads it. */
export interface WalletInfo {
  balance: number;
  currency: string;
  demo: boolean;
  locked: number;
  eth_account: EthAccount | null;
  /** Where players send POL (the house address), or null in play money. */
  deposit_address: string | null;
  chain_id: number | null;
}

export type DepositStatus = 'pending' | 'credited' | 'held';

/** A transfer seen on chain from the player's linked address to the deposit address. */
export interface Deposit {
  tx_hash: string;
  amount: number;
  /** `held`: it would pass the player's deposit limit; credited by itself once there is room. */
  status: DepositStatus;
  confirmations: number;
  block_number: number;
  seen_at: string;
  credited_at: string | null;
}

/** GET /api/wallet/deposits (409 wallet_demo in play money). */
export interface DepositsPage {
  deposit_address: string;
  chain_id: number;
  currency: string;
  /** The EIP-681 URI as an <svg> drawn by the server from its own data. */
  qr_svg: string;
  /** The player's linked address: deposits count only from it. */
  send_from: string | null;
  confirmations_required: number;
  /** How much more the deposit limits let in now; null: no limit. */
  deposit_room: number | null;
  data: Deposit[];
}

export type WithdrawalStatus =
  'awaiting_approval' | 'queued' | 'sent' | 'confirmed' | 'failed' | 'rejected';

export interface Withdrawal {
  id: number;
  amount: number;
  to_address: string;
  status: WithdrawalStatus;
  tx_hash: string | null;
  confirmations: number | null;
  /** Why it failed or was rejected. */
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/wallet/withdrawals, newest first (409 wallet_demo in play money). */
export interface WithdrawalsPage {
  min: number;
  approval_above: number;
  confirmations_required: number;
  data: Withdrawal[];
}

export interface WithdrawalRequest {
  amount: number;
  /** The two-factor code, when the player has two-factor on. */
  code?: string;
}

export interface ValidationInfo {
  nonce: string;
  message: string;
  issued_at: string;
}

const params = (filter: LedgerFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));

export const walletApi = {
  ledger: (filter: LedgerFilter, page: number, perPage: number) =>
    http
      .get<WalletLedgerPage>('/api/wallet/ledger', {
        params: { ...params(filter), page, per_page: perPage },
      })
      .then((r) => r.data),
  ledgerCsv: (filter: LedgerFilter) =>
    http
      .get<string>('/api/wallet/ledger.csv', { params: params(filter), responseType: 'text' })
      .then((r) => r.data),
  balanceHistory: (filter: LedgerFilter) =>
    http
      .get<BalanceHistory>('/api/wallet/balance_history', { params: params(filter) })
      .then((r) => r.data),
  link: (body: { address: string; signature: string }) =>
    http.post<EthAccount>('/api/eth_account', body).then((r) => r.data),
  unlink: () => http.delete('/api/eth_account'),
  // The chain calls are polled: a failed one shows no dialog, the card keeps what it has.
  deposits: () =>
    http.get<DepositsPage>('/api/wallet/deposits', { silent: true }).then((r) => r.data),
  withdrawals: () =>
    http.get<WithdrawalsPage>('/api/wallet/withdrawals', { silent: true }).then((r) => r.data),
  /** `key`: the Idempotency-Key, the same for a retry of one request. */
  withdraw: (body: WithdrawalRequest, key: string) =>
    http
      .post<{
        withdrawal: Withdrawal;
        balance: number;
      }>('/api/wallet/withdrawals', body, { headers: { 'Idempotency-Key': key } })
      .then((r) => r.data),
};

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
};

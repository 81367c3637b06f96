import type { Answer, RequestBody } from '../../games/shared/wire/types';
import { http } from './client';

/** The ledger filter as the wallet's ledger, CSV and balance calls take it (all optional). */
export interface LedgerFilter {
  /** One reason, or '' for all. */
  reason: string;
  /** ISO date-times (the client's day bounds), or '' for open. */
  from: string;
  to: string;
}

/** GET /api/wallet/ledger: a page of the player's ledger, with the filter's totals. */
export type WalletLedgerPage = Answer<'/api/wallet/ledger', 'get'>;
export type BalanceHistory = Answer<'/api/wallet/balance_history', 'get'>;
export type EthAccount = Answer<'/api/eth_account', 'post', 201>;
/** The fields of GET /api/wallet/info the wallet page reads. */
export type WalletInfo = Pick<
  Answer<'/api/wallet/info', 'get'>,
  'balance' | 'currency' | 'demo' | 'locked' | 'eth_account' | 'deposit_address' | 'chain_id'
>;

/** GET /api/wallet/deposits (409 wallet_demo in play money). */
export type DepositsPage = Answer<'/api/wallet/deposits', 'get'>;
/**
 * A transfer seen on chain from the player's linked address to the deposit address. `held`: it
 * would pass the player's deposit limit; credited by itself once there is room.
 */
export type Deposit = DepositsPage['data'][number];
export type DepositStatus = Deposit['status'];

/** GET /api/wallet/withdrawals, newest first (409 wallet_demo in play money). */
export type WithdrawalsPage = Answer<'/api/wallet/withdrawals', 'get'>;
/** A withdrawal; `note` says why it failed or was rejected. */
export type Withdrawal = WithdrawalsPage['data'][number];
export type WithdrawalStatus = Withdrawal['status'];
/** `code`: the two-factor code, when the player has two-factor on. */
export type WithdrawalRequest = RequestBody<'/api/wallet/withdrawals', 'post'>;

export type ValidationInfo = Answer<'/api/eth_account/validation_info', 'get'>;

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
      .post<Answer<'/api/wallet/withdrawals', 'post', 201>>('/api/wallet/withdrawals', body, {
        headers: { 'Idempotency-Key': key },
      })
      .then((r) => r.data),
};

import type { TFunction } from 'i18next';
import type { EthAccount, ValidationInfo, WalletInfo } from '../../api/wallet';
import type { Json } from '../../api/endpoints';
import { formatDate } from '../../components/format';
import type { StaticKey } from '../../i18n';
import { dateTimeFormat } from '../../../games/shared/format/formats';

/** The words of each ledger reason the server writes (server/modules/wallet/reasons.ts). */
const REASON_KEYS: Record<string, StaticKey> = {
  signup_bonus: 'wallet.reasons.signup_bonus',
  bet: 'wallet.reasons.bet',
  payout: 'wallet.reasons.payout',
  admin_adjustment: 'wallet.reasons.admin_adjustment',
  tokenlock: 'wallet.reasons.tokenlock',
  tokenlock_release: 'wallet.reasons.tokenlock_release',
  tokenlock_reward: 'wallet.reasons.tokenlock_reward',
  rakeback: 'wallet.reasons.rakeback',
  referral_commission: 'wallet.reasons.referral_commission',
  giveaway: 'wallet.reasons.giveaway',
  deposit: 'wallet.reasons.deposit',
  withdrawal: 'wallet.reasons.withdrawal',
  withdrawal_refund: 'wallet.reasons.withdrawal_refund',
};

export function reasonLabel(t: TFunction, reason: string): string {
  return t(REASON_KEYS[reason] ?? 'wallet.reasons.other');
}

/** 'dd MMMM yyyy' and the local time: '05 March 2026, 14:07'. */
export function formatDateTime(value: string, locale: string): string {
  const date = new Date(value);
  const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  return `${formatDate(date, locale)}, ${time}`;
}

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** A date input's day ('2026-03-05') as the instant its local day starts, or ends (exclusive). */
export function dayBound(day: string, end: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (end ? 1 : 0));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const isRecord = (value: Json): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The fields of the stored wallet info the page shows (null until it is loaded). */
export function walletInfoOf(value: Json): WalletInfo | null {
  if (!isRecord(value) || typeof value.balance !== 'number') return null;
  const eth = value.eth_account;
  const account: EthAccount | null =
    isRecord(eth) && typeof eth.address === 'string' && typeof eth.linked_at === 'string'
      ? { address: eth.address, linked_at: eth.linked_at }
      : null;
  return {
    balance: value.balance,
    currency: String(value.currency ?? ''),
    demo: value.demo === true,
    locked: typeof value.locked === 'number' ? value.locked : 0,
    eth_account: account,
    deposit_address: typeof value.deposit_address === 'string' ? value.deposit_address : null,
    chain_id: typeof value.chain_id === 'number' ? value.chain_id : null,
  };
}

export function validationInfoOf(value: Json): ValidationInfo | null {
  if (!isRecord(value) || typeof value.message !== 'string') return null;
  return {
    nonce: String(value.nonce ?? ''),
    message: value.message,
    issued_at: String(value.issued_at ?? ''),
  };
}

/**
 * Every ledger reason the server writes (grep `reason:` and the callers of changeBalance): the
 * values the ledger filter accepts, and the words the wallet page translates.
 */
export const LEDGER_REASONS = [
  'signup_bonus',
  'bet',
  'payout',
  'admin_adjustment',
  'tokenlock',
  'tokenlock_release',
  'tokenlock_reward',
  'rakeback',
  'referral_commission',
  'giveaway',
  'deposit',
  'withdrawal',
  'withdrawal_refund',
] as const;

export type LedgerReason = (typeof LEDGER_REASONS)[number];

export function isLedgerReason(value: string): value is LedgerReason {
  return (LEDGER_REASONS as readonly string[]).includes(value);
}

import type { DepositStatus, WithdrawalStatus } from '../../api/wallet';
import type { StaticKey } from '../../i18n';

/** The words of each deposit status. */
export const DEPOSIT_STATUS: Record<DepositStatus, StaticKey> = {
  pending: 'wallet.deposit.status.pending',
  credited: 'wallet.deposit.status.credited',
  held: 'wallet.deposit.status.held',
};

/** The words of each withdrawal status. */
export const WITHDRAWAL_STATUS: Record<WithdrawalStatus, StaticKey> = {
  awaiting_approval: 'wallet.withdraw.status.awaiting_approval',
  queued: 'wallet.withdraw.status.queued',
  sent: 'wallet.withdraw.status.sent',
  confirmed: 'wallet.withdraw.status.confirmed',
  failed: 'wallet.withdraw.status.failed',
  rejected: 'wallet.withdraw.status.rejected',
};

/** A status chip's tone: done, waiting, or gone wrong (refunded). */
export type StatusTone = 'ok' | 'wait' | 'bad';

export const depositTone = (status: DepositStatus): StatusTone =>
  status === 'credited' ? 'ok' : 'wait';

export const withdrawalTone = (status: WithdrawalStatus): StatusTone =>
  status === 'confirmed' ? 'ok' : status === 'failed' || status === 'rejected' ? 'bad' : 'wait';

/** Withdrawals still on their way: the list keeps polling while one is. */
export const isMoving = (status: WithdrawalStatus): boolean =>
  status === 'awaiting_approval' || status === 'queued' || status === 'sent';

/** Withdrawals whose amount went back to the balance. */
export const isRefunded = (status: WithdrawalStatus): boolean =>
  status === 'failed' || status === 'rejected';

/** Members of `now` not in `before` (null before the first look: nothing is new yet). */
export const hasNew = <T>(before: ReadonlySet<T> | null, now: ReadonlySet<T>): boolean =>
  before !== null && [...now].some((item) => !before.has(item));

import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../api/wallet';
import { WITHDRAWAL_STATUS, isRefunded, withdrawalTone } from './chainFormat';
import { Money } from './Money';
import { ShortValue } from './ShortValue';
import { StatusChip } from './StatusChip';
import { formatDateTime } from './walletFormat';

/** The player's withdrawals, newest first: amount, status, where to, which tx, why refunded. */
export function WithdrawalList({
  withdrawals,
  required,
}: {
  withdrawals: Withdrawal[];
  required: number;
}) {
  const { t, i18n } = useTranslation();
  if (withdrawals.length === 0) return <p className="muted">{t('wallet.withdraw.none')}</p>;
  return (
    <ul className="wallet-transfers" data-withdrawals>
      {withdrawals.map((w) => (
        <li key={w.id} data-withdrawal={w.id} data-status={w.status}>
          <div className="wallet-transfers__main">
            <Money value={w.amount} />
            <StatusChip tone={withdrawalTone(w.status)} text={t(WITHDRAWAL_STATUS[w.status])} />
            {w.status === 'sent' && w.confirmations !== null ? (
              <span className="wallet-transfers__confirmations" data-confirmations>
                {t('wallet.deposit.confirming', {
                  done: Math.min(w.confirmations, required),
                  needed: required,
                })}
              </span>
            ) : null}
            <time className="wallet-transfers__when" dateTime={w.created_at}>
              {formatDateTime(w.created_at, i18n.language)}
            </time>
          </div>
          <div className="wallet-transfers__meta">
            <span className="wallet-transfers__ref">
              {t('wallet.withdraw.to')} <ShortValue value={w.to_address} />
            </span>
            {w.tx_hash ? (
              <span className="wallet-transfers__ref" data-tx={w.tx_hash}>
                {t('wallet.deposit.tx')} <ShortValue value={w.tx_hash} />
              </span>
            ) : null}
          </div>
          {isRefunded(w.status) ? (
            <p className="wallet-transfers__note" data-note>
              {w.note
                ? t('wallet.withdraw.refunded_because', { note: w.note })
                : t('wallet.withdraw.refunded')}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

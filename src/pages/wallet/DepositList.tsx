import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../api/wallet';
import { DEPOSIT_STATUS, depositTone } from './chainFormat';
import { Money } from './Money';
import { ShortValue } from './ShortValue';
import { StatusChip } from './StatusChip';
import { formatDateTime } from './walletFormat';

/** The player's recent deposits: amount, status (confirmations while pending), when, which tx. */
export function DepositList({ deposits, required }: { deposits: Deposit[]; required: number }) {
  const { t, i18n } = useTranslation();
  if (deposits.length === 0) return <p className="muted">{t('wallet.deposit.none')}</p>;
  return (
    <ul className="wallet-transfers" data-deposits>
      {deposits.map((deposit) => (
        <li key={deposit.tx_hash} data-deposit={deposit.tx_hash} data-status={deposit.status}>
          <div className="wallet-transfers__main">
            <Money value={deposit.amount} />
            <StatusChip
              tone={depositTone(deposit.status)}
              text={t(DEPOSIT_STATUS[deposit.status])}
            />
            {deposit.status === 'pending' ? (
              <span className="wallet-transfers__confirmations" data-confirmations>
                {t('wallet.deposit.confirming', {
                  done: Math.min(deposit.confirmations, required),
                  needed: required,
                })}
              </span>
            ) : null}
            <time
              className="wallet-transfers__when"
              dateTime={deposit.credited_at ?? deposit.seen_at}
            >
              {formatDateTime(deposit.credited_at ?? deposit.seen_at, i18n.language)}
            </time>
          </div>
          <div className="wallet-transfers__meta">
            <span className="wallet-transfers__ref">
              {t('wallet.deposit.tx')} <ShortValue value={deposit.tx_hash} />
            </span>
          </div>
          {deposit.status === 'held' ? (
            <p className="wallet-transfers__note wallet-transfers__note--wait">
              {t('wallet.deposit.held_note')}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

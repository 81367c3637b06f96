import { useTranslation } from 'react-i18next';
import type { ChainStatus } from '../../api/admin';
import { formatBalance } from '../../components/format';

const cents = (value: number) => Math.round(value * 100);

/** Final blocks the scan may not have credited yet before it shows as lagging. */
const LAGGING = 30;

/** Solvency (covered or not, by how much), what is owed, and the deposit scan's progress. */
export function ChainFacts({ status }: { status: ChainStatus }) {
  const { t } = useTranslation();
  const owedCents =
    cents(status.player_balances) + cents(status.in_flight) + cents(status.held_deposits);
  const gap = formatBalance(Math.abs(cents(status.house_balance) - owedCents) / 100);
  // Blocks deep enough to credit that the scan has not credited yet (the newest
  // confirmations_required - 1 blocks are not final, so the scan does not credit them).
  const finalTip = status.head_block - status.confirmations_required + 1;
  const behind =
    status.scanned_block === null ? null : Math.max(0, finalTip - status.scanned_block);
  const lagging = status.halted !== null || (behind !== null && behind > LAGGING);

  return (
    <div>
      <p
        className={`admin-chain__state admin-chain__state--${status.covered ? 'ok' : 'bad'}`}
        data-solvency={status.covered ? 'covered' : 'not-covered'}
      >
        {status.covered
          ? t('admin.chain.covered', { amount: gap })
          : t('admin.chain.not_covered', { amount: gap })}
      </p>
      {status.halted !== null ? (
        <p className="admin-chain__state admin-chain__state--bad" data-chain="halted">
          {t('admin.chain.halted', { reason: status.halted })}
        </p>
      ) : null}
      <dl className="admin-chain__facts">
        <dt>{t('admin.chain.house_balance')}</dt>
        <dd data-chain="house">{formatBalance(status.house_balance)}</dd>
        <dt>{t('admin.chain.owed')}</dt>
        <dd data-chain="owed">{formatBalance(owedCents / 100)}</dd>
        <dt>{t('admin.chain.player_balances')}</dt>
        <dd>{formatBalance(status.player_balances)}</dd>
        <dt>{t('admin.chain.in_flight')}</dt>
        <dd>{formatBalance(status.in_flight)}</dd>
        <dt>{t('admin.chain.held_deposits')}</dt>
        <dd>{formatBalance(status.held_deposits)}</dd>
        <dt>{t('admin.chain.unlinked_deposits')}</dt>
        <dd>
          {t('admin.chain.unlinked_value', {
            count: status.unlinked_deposits.count,
            amount: formatBalance(status.unlinked_deposits.amount),
          })}
        </dd>
        <dt>{t('admin.chain.scan')}</dt>
        <dd data-chain="scan" className={lagging ? 'admin-bad' : ''}>
          {status.scanned_block === null
            ? t('admin.chain.scan_none', { head: status.head_block })
            : t('admin.chain.scan_at', {
                scanned: status.scanned_block,
                head: status.head_block,
                count: behind ?? 0,
              })}
        </dd>
        <dt>{t('admin.chain.confirmations')}</dt>
        <dd>{status.confirmations_required}</dd>
      </dl>
      <p className="admin-chain__house">
        <span className="admin-muted">
          {t('admin.chain.house_address')} · {t('admin.chain.chain_id', { id: status.chain_id })}
        </span>
        <code className="admin-chain__address" title={status.house_address}>
          {status.house_address}
        </code>
      </p>
    </div>
  );
}

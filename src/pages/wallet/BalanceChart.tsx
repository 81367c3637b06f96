import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceHistory } from '../../api/wallet';
import { formatBalance } from '../../components/format';
import { LineChart } from '../admin/LineChart';

/** The balance after each ledger row over time (uPlot: loaded with this chunk only). */
export default function BalanceChart({ history }: { history: BalanceHistory }) {
  const { t } = useTranslation();
  const x = useMemo(() => history.points.map((p) => Date.parse(p.at) / 1000), [history]);
  const series = useMemo(
    () => [
      {
        label: t('wallet.chart.series'),
        values: history.points.map((p) => p.balance),
        color: '#00e701',
      },
    ],
    [history, t],
  );
  return (
    <LineChart title={t('wallet.chart.title')} x={x} time series={series} format={formatBalance} />
  );
}

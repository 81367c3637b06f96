import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameStatsPage } from '../../api/admin';
import { LineChart, type ChartSeries } from './LineChart';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const amount = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 0 });

/** Wagered and GGR per day (all games), and one game's RTP converging on its theory. */
export function GamesCharts({
  page,
  title,
}: {
  page: GameStatsPage;
  title: (id: string) => string;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const game = chosen ?? page.games[0]?.game ?? null;

  const daily = useMemo(() => {
    // Every day of the period, a quiet one at 0.
    const days: string[] = [];
    for (
      let t = Date.parse(`${page.from}T00:00:00Z`);
      t <= Date.parse(`${page.to}T00:00:00Z`);
      t += 86_400_000
    ) {
      days.push(new Date(t).toISOString().slice(0, 10));
    }
    const sum = (day: string, key: 'wagered' | 'ggr') =>
      page.daily.filter((row) => row.day === day).reduce((total, row) => total + row[key], 0);
    const series: ChartSeries[] = [
      { label: t('admin.wagered'), values: days.map((d) => sum(d, 'wagered')), color: '#1a85ff' },
      { label: t('admin.ggr'), values: days.map((d) => sum(d, 'ggr')), color: '#00e701' },
    ];
    return { x: days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), series };
  }, [page, t]);

  const curve = useMemo(() => {
    const points = page.convergence.filter((p) => p.game === game);
    const theory = page.games.find((g) => g.game === game)?.rtp?.theoretical ?? null;
    const series: ChartSeries[] = [
      { label: t('admin.observed'), values: points.map((p) => p.rtp), color: '#1a85ff' },
      {
        label: t('admin.theory'),
        values: points.map(() => theory),
        color: '#b1bad3',
        dashed: true,
      },
    ];
    return { x: points.map((p) => p.bets), series };
  }, [page, game, t]);

  if (page.games.length === 0) return null;
  return (
    <div className="admin-charts">
      <LineChart
        title={t('admin.per_day')}
        x={daily.x}
        time
        series={daily.series}
        format={amount}
      />
      <div>
        <label className="admin-charts__pick">
          {t('admin.game')}{' '}
          <select value={game ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {page.games.map((g) => (
              <option key={g.game} value={g.game}>
                {title(g.game)}
              </option>
            ))}
          </select>
        </label>
        <LineChart
          title={t('admin.converging')}
          x={curve.x}
          time={false}
          series={curve.series}
          format={percent}
        />
      </div>
    </div>
  );
}

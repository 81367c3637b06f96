import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileStats } from '../../../games/shared/wire/types';
import { CurrencyIcon } from '../../components/CurrencyIcon';
import { formatBalance } from '../../components/format';
import { formatTimes, gameName } from './format';

function Tile({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  return (
    <div className="stat-tile">
      <dt className="stat-tile__label">{label}</dt>
      <dd className="stat-tile__value">{value}</dd>
      {detail ? <dd className="stat-tile__detail muted">{detail}</dd> : null}
    </div>
  );
}

const money = (value: number) => (
  <span className="stat-tile__money">
    <CurrencyIcon />
    {formatBalance(value)}
  </span>
);

/** Bets, wagered, biggest win and favourite game as four tiles. */
export function StatTiles({ stats }: { stats: ProfileStats }) {
  const { t } = useTranslation();
  const win = stats.biggest_win;
  return (
    <dl className="stat-tiles" data-testid="profile-stats">
      <Tile label={t('profile.stat_bets')} value={stats.bets.toLocaleString('de-DE')} />
      <Tile label={t('profile.stat_wagered')} value={money(stats.wagered)} />
      <Tile
        label={t('profile.stat_biggest_win')}
        value={win ? money(win.payout) : t('profile.stat_none')}
        detail={
          win
            ? t('profile.biggest_win_detail', {
                multiplier: formatTimes(win.multiplier),
                game: gameName(t, win.game),
              })
            : undefined
        }
      />
      <Tile
        label={t('profile.stat_favourite')}
        value={stats.favourite_game ? gameName(t, stats.favourite_game) : t('profile.stat_none')}
      />
    </dl>
  );
}

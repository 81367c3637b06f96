import { useTranslation } from 'react-i18next';
import type { PublicBet } from '../../../games/shared/wire/types';
import { formatBalance, formatDate } from '../../components/format';
import { formatBetTime, formatTimes, gameName } from './format';

/**
 * The player's last settled bets. A table on wide screens; on a phone each row stacks into a
 * small card with the column names beside the values (no sideways scrolling).
 */
export function RecentBets({ bets }: { bets: readonly PublicBet[] }) {
  const { t, i18n } = useTranslation();
  if (bets.length === 0) return <p className="muted">{t('profile.no_bets')}</p>;
  const columns = {
    game: t('profile.col_game'),
    time: t('profile.col_time'),
    stake: t('profile.col_stake'),
    multiplier: t('profile.col_multiplier'),
    payout: t('profile.col_payout'),
  };
  return (
    <table className="table recent-bets" data-testid="profile-bets">
      <thead>
        <tr>
          <th scope="col">{columns.game}</th>
          <th scope="col">{columns.time}</th>
          <th scope="col" className="table__amount">
            {columns.stake}
          </th>
          <th scope="col" className="table__amount">
            {columns.multiplier}
          </th>
          <th scope="col" className="table__amount">
            {columns.payout}
          </th>
        </tr>
      </thead>
      <tbody>
        {bets.map((bet) => (
          <tr key={bet.id} className={bet.payout > 0 ? 'is-win' : 'is-loss'}>
            <td data-label={columns.game} className="recent-bets__game">
              {gameName(t, bet.game)}
            </td>
            <td data-label={columns.time}>
              <time dateTime={bet.created_at}>
                {formatBetTime(bet.created_at, i18n.language, (v) => formatDate(v, i18n.language))}
              </time>
            </td>
            <td data-label={columns.stake} className="table__amount">
              {formatBalance(bet.amount)}
            </td>
            <td data-label={columns.multiplier} className="table__amount">
              {formatTimes(bet.multiplier)}
            </td>
            <td data-label={columns.payout} className="table__amount recent-bets__payout">
              {formatBalance(bet.payout)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api, type RankingEntry } from '../api/endpoints';
import { route } from '../app/routes';
import { authState, fetchRanking } from '../state/auth';
import { Avatar } from '../components/Avatar';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { DataView, isEmptyJson } from '../components/DataView';
import { EmptyState } from '../components/EmptyState';
import { formatBalance } from '../components/format';

/** The user's ranking is fetched before the screen shows; a failure shows the error layout. */
export const prefetch = () => fetchRanking(true);

interface MyRank {
  rank: number;
  total: number;
  balance: number;
}

const isMyRank = (value: unknown): value is MyRank =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as MyRank).rank === 'number' &&
  typeof (value as MyRank).total === 'number';

export default function RankingPage() {
  const { t } = useTranslation();
  const { user_balance_ranking } = useSnapshot(authState);
  const [top, setTop] = useState<RankingEntry[]>([]);

  useEffect(() => {
    let live = true;
    api
      .ranking()
      .then((list) => live && setTop(list))
      .catch(() => live && setTop([]));
    return () => {
      live = false;
    };
  }, []);

  const mine = user_balance_ranking;
  return (
    <main className="page ranking-page" data-screen="ranking">
      <h1>{t('ranking.title')}</h1>
      <section className="card">
        <h2>{t('ranking.your_rank')}</h2>
        {isMyRank(mine) ? (
          <p className="big-number">
            #{mine.rank}{' '}
            <span className="muted">{t('ranking.of_total', { total: mine.total })}</span>
          </p>
        ) : isEmptyJson(mine) ? (
          <EmptyState title={t('ranking.empty')} text={t('ranking.empty_text')} />
        ) : (
          <DataView value={mine} />
        )}
      </section>
      <section className="card">
        <h2>{t('ranking.top')}</h2>
        {top.length === 0 ? (
          <EmptyState title={t('ranking.empty')} />
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('ranking.rank')}</th>
                <th scope="col">{t('ranking.player')}</th>
                <th scope="col">{t('ranking.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {top.map((row) => (
                <tr key={row.id}>
                  <td>#{row.rank}</td>
                  <td>
                    <Link href={route('profile', { uid: row.id })} className="table__player">
                      <Avatar imageId={row.image_id} size="navbar" alt="" />
                      {row.name}
                    </Link>
                  </td>
                  <td className="table__amount">
                    {formatBalance(row.balance)} <CurrencyIcon size={14} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}

import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api, type RankingEntry } from '../api/endpoints';
import { route } from '../app/routes';
import { authState, fetchRanking } from '../state/auth';
import { Avatar } from '../components/Avatar';
import { EmptyState } from '../components/EmptyState';
import { Amount } from './earn/parts';

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

const MEDALS = ['gold', 'silver', 'bronze'] as const;

function RankCell({ rank }: { rank: number }) {
  const { t } = useTranslation();
  const medal = MEDALS[rank - 1];
  return medal ? (
    <span className={`medal medal--${medal}`} title={t(`ranking.medal_${medal}`)}>
      <span aria-hidden="true">{rank}</span>
      <span className="visually-hidden">
        {rank} ({t(`ranking.medal_${medal}`)})
      </span>
    </span>
  ) : (
    <span className="rank-number">{rank}</span>
  );
}

function RankRow({ row, mine }: { row: RankingEntry; mine: boolean }) {
  const { t } = useTranslation();
  const medal = MEDALS[row.rank - 1];
  const classes = ['ranking-row'];
  if (medal) classes.push(`ranking-row--${medal}`);
  if (mine) classes.push('ranking-row--me');
  return (
    <tr className={classes.join(' ')} data-testid={mine ? 'ranking-me' : undefined}>
      <td className="ranking-row__rank">
        <RankCell rank={row.rank} />
      </td>
      <td className="ranking-row__player">
        <Link href={route('profile', { uid: row.id })} className="table__player">
          <Avatar imageId={row.image_id} size="navbar" alt="" />
          <span className="ranking-row__name">{row.name}</span>
          {mine ? <span className="badge ranking-row__you">{t('ranking.you')}</span> : null}
        </Link>
      </td>
      <td className="table__amount ranking-row__balance">
        <Amount value={row.balance} size={14} />
      </td>
    </tr>
  );
}

export default function RankingPage() {
  const { t } = useTranslation();
  const { user, user_balance_ranking } = useSnapshot(authState);
  const [top, setTop] = useState<RankingEntry[] | null>(null);

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

  const mine = isMyRank(user_balance_ranking) ? user_balance_ranking : null;
  const inTop = user !== null && (top ?? []).some((row) => row.id === user.id);
  const ownRow: RankingEntry | null =
    user && mine && !inTop
      ? {
          rank: mine.rank,
          id: user.id,
          name: user.name,
          image_id: user.image_id,
          balance: mine.balance,
        }
      : null;

  return (
    <main className="page ranking-page" data-screen="ranking">
      <h1>{t('ranking.title')}</h1>
      <section className="card ranking-summary" aria-labelledby="your-rank-title">
        <h2 id="your-rank-title">{t('ranking.your_rank')}</h2>
        {mine ? (
          <p className="big-number" data-testid="my-rank">
            #{mine.rank}{' '}
            <span className="muted ranking-summary__total">
              {t('ranking.of_total', { total: mine.total })}
            </span>
          </p>
        ) : (
          <EmptyState title={t('ranking.empty')} text={t('ranking.empty_text')} />
        )}
      </section>
      <section className="card" aria-labelledby="top-title">
        <h2 id="top-title">{t('ranking.top')}</h2>
        {top !== null && top.length === 0 ? (
          <EmptyState title={t('ranking.empty')} />
        ) : (
          <table className="table ranking-table" data-testid="ranking-table">
            <thead>
              <tr>
                <th scope="col">{t('ranking.rank')}</th>
                <th scope="col">{t('ranking.player')}</th>
                <th scope="col" className="ranking-row__balance">
                  {t('ranking.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {(top ?? []).map((row) => (
                <RankRow key={row.id} row={row} mine={row.id === user?.id} />
              ))}
              {ownRow ? (
                <>
                  <tr className="ranking-gap" aria-hidden="true">
                    <td colSpan={3}>⋯</td>
                  </tr>
                  <RankRow row={ownRow} mine />
                </>
              ) : null}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}

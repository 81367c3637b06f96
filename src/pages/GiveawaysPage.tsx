import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { giveawaysApi, type Giveaway, type GiveawayStatus } from '../api/giveaways';
import { EmptyState } from '../components/EmptyState';
import { authState, fetchBalance } from '../state/auth';
import { GiveawayCard } from './giveaways/GiveawayCard';
import { useClock } from './giveaways/parts';
import './giveaways/giveaways.css';

const SECTIONS: { key: 'open' | 'upcoming' | 'ended'; statuses: GiveawayStatus[] }[] = [
  { key: 'open', statuses: ['open'] },
  { key: 'upcoming', statuses: ['upcoming'] },
  { key: 'ended', statuses: ['drawing', 'ended'] },
];

/** When the list must be read again: the next start or end of a listed giveaway, or soon while one is being drawn. */
function nextChange(list: Giveaway[], now: number): number | null {
  if (list.some((g) => g.status === 'drawing')) return now + 2000;
  const moments = list
    .flatMap((g) =>
      g.status === 'upcoming' ? [g.starts_at] : g.status === 'open' ? [g.ends_at] : [],
    )
    .map((m) => Date.parse(m) + 500);
  return moments.length ? Math.min(...moments) : null;
}

/** Giveaways: open, upcoming and ended ones as cards; entering is one tap. */
export default function GiveawaysPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const signedIn = user !== null;
  const now = useClock();
  const [list, setList] = useState<Giveaway[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    () =>
      giveawaysApi.list().then(
        (data) => {
          setList(data);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load, signedIn]);

  const due = list ? nextChange(list, Date.now()) : null;
  useEffect(() => {
    if (due === null) return;
    // A draw may have paid the player: the top bar's balance is read again with the list.
    const refresh = () => void load().then(() => (signedIn ? fetchBalance() : undefined));
    const timer = setTimeout(refresh, Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [due, load, signedIn]);

  const entered = () => void load();

  return (
    <main className="page gw-page" data-screen="giveaways">
      <h1>{t('giveaways.title')}</h1>
      <p className="gw-lead muted">{t('giveaways.lead')}</p>
      {failed ? <p className="gw-error">{t('giveaways.load_failed')}</p> : null}
      {list && list.length === 0 ? (
        <EmptyState title={t('giveaways.empty')} text={t('giveaways.empty_text')} />
      ) : null}
      {list
        ? SECTIONS.map(({ key, statuses }) => {
            const shown = list.filter((g) => statuses.includes(g.status));
            if (!shown.length) return null;
            return (
              <section key={key} className="gw-section" aria-labelledby={`gw-${key}`}>
                <h2 id={`gw-${key}`}>{t(`giveaways.section.${key}`)}</h2>
                <div className="gw-grid">
                  {shown.map((g) => (
                    <GiveawayCard
                      key={g.id}
                      giveaway={g}
                      now={now}
                      signedIn={signedIn}
                      onEntered={entered}
                    />
                  ))}
                </div>
              </section>
            );
          })
        : null}
    </main>
  );
}

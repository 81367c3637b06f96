import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { errorBody } from '../../api/client';
import { giveawaysApi, type Giveaway } from '../../api/giveaways';
import { route } from '../../app/routes';
import { Button } from '../../components/Button';
import { formatDate } from '../../components/format';
import { Countdown, Money } from './parts';
import { VerifyPanel } from './VerifyPanel';

/** The first message of a refused entry (the server says why), else the generic one. */
function refusal(error: unknown, fallback: string): string {
  const body = errorBody(error);
  const errors = body?.errors as Record<string, string[]> | undefined;
  const first = errors ? Object.values(errors)[0]?.[0] : undefined;
  return first ?? (typeof body?.message === 'string' ? body.message : fallback);
}

interface Props {
  giveaway: Giveaway;
  now: number;
  signedIn: boolean;
  /** Called after an entry, to read the list again. */
  onEntered: () => void;
}

/** One giveaway: prize, figures, the player's status and action, winners and verification. */
export function GiveawayCard({ giveaway: g, now, signedIn, onEntered }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hidden = t('giveaways.hidden');

  const enter = async () => {
    setBusy(true);
    setError(null);
    try {
      await giveawaysApi.enter(g.id);
      onEntered();
    } catch (e) {
      setError(refusal(e, t('giveaways.enter_failed')));
    } finally {
      setBusy(false);
    }
  };

  const action = () => {
    if (g.status === 'ended' || g.status === 'drawing') {
      return g.entered ? <p className="gw-status gw-ok">{t('giveaways.you_entered')}</p> : null;
    }
    if (!signedIn) {
      return (
        <Link href={route('login')} className="btn btn--secondary btn--block">
          {t('giveaways.sign_in')}
        </Link>
      );
    }
    if (g.entered) {
      return (
        <p className="gw-status gw-ok" data-testid="entered">
          {t('giveaways.entered')}
        </p>
      );
    }
    if (g.status === 'upcoming') return <p className="gw-status muted">{t('giveaways.soon')}</p>;
    return (
      <>
        <Button
          block
          loading={busy}
          disabled={g.eligible === false}
          nativeType="button"
          onClick={() => void enter()}
        >
          {t('giveaways.enter')}
        </Button>
        {g.eligible === false ? (
          <p className="gw-hint muted">{t('giveaways.not_eligible')}</p>
        ) : null}
      </>
    );
  };

  const shownAction = action();
  return (
    <article
      className={`gw-card gw-card--${g.status}`}
      data-giveaway={g.id}
      data-status={g.status}
      aria-labelledby={`gw-title-${g.id}`}
    >
      <header className="gw-card__head">
        <span className={`gw-badge gw-badge--${g.status}`}>
          {t(`giveaways.status.${g.status}`)}
        </span>
        <h3 id={`gw-title-${g.id}`} className="gw-card__title">
          {g.title}
        </h3>
      </header>
      <div className="gw-card__prize">
        <Money value={g.prize} size={26} />
        <span className="muted">{t('giveaways.shared_by', { count: g.winners_count })}</span>
      </div>
      <dl className="gw-card__facts">
        <div>
          <dt>{t('giveaways.entrants')}</dt>
          <dd data-testid="entrants">{g.entrants_count}</dd>
        </div>
        {g.status === 'open' ? (
          <div>
            <dt>{t('giveaways.ends_in')}</dt>
            <dd>
              <Countdown until={g.ends_at} now={now} />
            </dd>
          </div>
        ) : g.status === 'upcoming' ? (
          <div>
            <dt>{t('giveaways.starts_in')}</dt>
            <dd>
              <Countdown until={g.starts_at} now={now} />
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('giveaways.ended_on')}</dt>
            <dd>{formatDate(g.ends_at, i18n.language)}</dd>
          </div>
        )}
        {g.min_wagered !== null ? (
          <div>
            <dt>{t('giveaways.rule')}</dt>
            <dd>
              <Money value={g.min_wagered} />
            </dd>
          </div>
        ) : null}
        {g.min_wagered !== null && g.wagered !== null && g.status !== 'ended' ? (
          <div>
            <dt>{t('giveaways.your_wagered')}</dt>
            <dd className={g.eligible ? 'gw-ok' : undefined}>
              <Money value={g.wagered} />
            </dd>
          </div>
        ) : null}
      </dl>
      {g.status === 'drawing' ? <p className="gw-status muted">{t('giveaways.drawing')}</p> : null}
      {g.status === 'ended' ? (
        <div className="gw-card__winners">
          <h4>{t('giveaways.winners')}</h4>
          {g.winners.length ? (
            <ol data-testid="winners">
              {g.winners.map((w) => (
                <li key={w.rank}>
                  <span className="gw-rank">{w.rank}</span>
                  <span className="gw-name">{w.name ?? hidden}</span>
                  <Money value={w.prize} size={14} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t('giveaways.no_entrants')}</p>
          )}
        </div>
      ) : null}
      {shownAction || error ? (
        <div className="gw-card__action">
          {shownAction}
          {error ? (
            <p className="gw-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      <VerifyPanel giveaway={g} />
    </article>
  );
}

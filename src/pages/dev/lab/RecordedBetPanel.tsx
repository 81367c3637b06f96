import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { LabBet } from '../../../../games/shared/lab/adapter';
import { errorStatus } from '../../../api/client';
import { gameRequest } from '../../../app/gameServices';
import { authState } from '../../../state/auth';
import { RecordedBet } from './RecordedBet';

interface RecordedBetPanelProps {
  gameId: string;
  search: string;
  /** The lab's adapter is loaded: a bet of this game can be replayed. */
  ready: boolean;
  onReplay: (bet: LabBet) => void;
}

/** A recorded bet loaded by its id (typed, or ?bet=<id> in the address) and replayed. */
export function RecordedBetPanel({ gameId, search, ready, onReplay }: RecordedBetPanelProps) {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const [betText, setBetText] = useState(() => new URLSearchParams(search).get('bet') ?? '');
  const [bet, setBet] = useState<LabBet | null>(null);
  const [betIssue, setBetIssue] = useState<'missing' | 'refused' | null>(null);

  const loadBet = async () => {
    const id = Number(betText.trim());
    setBetIssue(null);
    setBet(null);
    if (!Number.isInteger(id) || id <= 0) {
      setBetIssue('missing');
      return;
    }
    try {
      const loaded = await gameRequest<LabBet>('GET', `/api/bets/${id}`, undefined, {
        silent: true,
      });
      setBet(loaded);
      if (loaded.game === gameId) onReplay(loaded);
    } catch (error) {
      setBetIssue(errorStatus(error) === 403 ? 'refused' : 'missing');
    }
  };

  // A bet id in the address (?bet=12) is loaded and replayed once the adapter is there.
  const loadedFromAddress = useRef(false);
  useEffect(() => {
    if (!ready || loadedFromAddress.current || !betText || !user) return;
    loadedFromAddress.current = true;
    void loadBet();
    // Only once, when the adapter and the session are there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, user]);

  return (
    <section className="scene-lab__recorded" aria-label={t('dev.lab.recorded')}>
      <h2>{t('dev.lab.recorded')}</h2>
      {user ? (
        <form
          className="scene-lab__bet-form"
          onSubmit={(event) => {
            event.preventDefault();
            void loadBet();
          }}
        >
          <label>
            {t('dev.lab.bet_id')}
            <input
              className="input"
              name="bet"
              inputMode="numeric"
              value={betText}
              onChange={(event) => setBetText(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--secondary" data-testid="lab-load-bet">
            {t('dev.lab.load')}
          </button>
        </form>
      ) : (
        <p className="muted">
          <Link href={`/login`}>{t('dev.lab.sign_in')}</Link>
        </p>
      )}
      {betIssue ? (
        <p
          className="scene-lab__issue"
          role="alert"
          data-testid="lab-bet-issue"
          data-issue={betIssue}
        >
          {betIssue === 'refused' ? t('dev.lab.bet_refused') : t('dev.lab.bet_missing')}
        </p>
      ) : null}
      {bet ? (
        <RecordedBet bet={bet} gameId={gameId} search={search} onReplay={() => onReplay(bet)} />
      ) : null}
    </section>
  );
}

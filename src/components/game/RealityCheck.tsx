import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../games/shared/format/formats';
import { responsiblePlayApi, type PlaySummary } from '../../api/responsiblePlay';
import { goTo } from '../../state/navigation';
import { playState } from '../../state/play';
import { Dialog } from '../Dialog';

/** When this tab's session of the player began, and when they last saw a check (epoch ms). */
function sessionTimes(userId: number): { started: number; checked: number } {
  const key = `play.session.${userId}`;
  const now = Date.now();
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as {
      started?: unknown;
      checked?: unknown;
    } | null;
    if (typeof kept?.started === 'number' && typeof kept.checked === 'number') {
      return { started: kept.started, checked: kept.checked };
    }
  } catch {
    // a damaged entry: start afresh
  }
  const fresh = { started: now, checked: now };
  sessionStorage.setItem(key, JSON.stringify(fresh));
  return fresh;
}

function markChecked(userId: number): void {
  const times = sessionTimes(userId);
  sessionStorage.setItem(
    `play.session.${userId}`,
    JSON.stringify({ ...times, checked: Date.now() }),
  );
}

interface Shown {
  minutes: number;
  summary: PlaySummary | null;
}

/**
 * The reality check of the game pages: every N minutes of this tab's session (the player's
 * choice in the settings; off by default), a dialog with the time played and the net result,
 * and the choice to keep playing or stop. One timer for the next check, none while it is off.
 */
export function RealityCheck({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const minutes = useSnapshot(playState).status?.reality_check_minutes ?? null;
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!minutes || shown) return;
    const { started, checked } = sessionTimes(userId);
    const due = checked + minutes * 60_000;
    let active = true;
    const timer = window.setTimeout(
      () => {
        void responsiblePlayApi
          .summary(new Date(started))
          .catch(() => null)
          .then((summary) => {
            if (active) setShown({ minutes: Math.round((Date.now() - started) / 60_000), summary });
          });
      },
      Math.max(0, due - Date.now()),
    );
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [minutes, shown, userId]);

  if (!shown) return null;
  const close = (stop: boolean) => {
    markChecked(userId);
    setShown(null);
    if (stop) goTo('/');
  };
  const net = shown.summary?.net ?? null;
  return (
    <Dialog
      title={t('play.reality_title')}
      kind="info"
      onClose={() => close(false)}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => close(true)}>
            {t('play.reality_stop')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => close(false)}>
            {t('play.reality_continue')}
          </button>
        </>
      }
    >
      <div data-testid="reality-check">
        <p className="dialog__text">{t('play.reality_time', { count: shown.minutes })}</p>
        {shown.summary && net !== null ? (
          <p className="dialog__text" data-net={net}>
            {t('play.reality_result', {
              net: `${net > 0 ? '+' : ''}${formatAmount(net)}`,
              wagered: formatAmount(shown.summary.wagered),
              count: shown.summary.bets,
            })}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

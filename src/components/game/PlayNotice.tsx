import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { route } from '../../app/routes';
import { blockText } from '../playFormat';
import { blockInForce, noteRefusal, playState } from '../../state/play';
import './playNotice.css';

/** The longest wait setTimeout takes (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * What the player's own limits and pauses say in a game's panel: the break or self-exclusion in
 * force (until it ends), else the last bet they refused, with the reason the server gave. Never a
 * dialog: an auto-bet stops at the refusal and the reason stays here.
 */
export function PlayNotice() {
  const { t, i18n } = useTranslation();
  const { status, refusal } = useSnapshot(playState);
  const [now, setNow] = useState(() => Date.now());
  const block = blockInForce(status?.block, now);
  // Hide the block's notice when it ends, without a timer running meanwhile.
  useEffect(() => {
    if (!block?.until) return;
    const wait = Date.parse(block.until) - Date.now();
    if (wait > MAX_TIMEOUT_MS) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, wait) + 50);
    return () => window.clearTimeout(timer);
  }, [block?.until]);

  if (!block && !refusal) return null;
  return (
    <div
      className={block ? 'play-notice' : 'play-notice play-notice--refusal'}
      role="alert"
      data-testid="play-notice"
      data-code={refusal?.code}
    >
      {block ? (
        <p className="play-notice__text">{blockText(block, t, i18n.language)}</p>
      ) : (
        <>
          {refusal?.title ? <p className="play-notice__title">{refusal.title}</p> : null}
          <p className="play-notice__text">{refusal?.message}</p>
          <button
            type="button"
            className="play-notice__close"
            aria-label={t('play.dismiss')}
            onClick={() => noteRefusal(null)}
          >
            ×
          </button>
        </>
      )}
      <Link className="play-notice__link" href={route('settings.play')}>
        {t('settings.responsible_play')}
      </Link>
    </div>
  );
}

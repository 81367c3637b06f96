import { useTranslation } from 'react-i18next';
import type { BetRound } from '../round/useBetRound';

export type PanelMode = 'manual' | 'auto';

/** Manual / auto switch (a two-button toggle group, keyboard reachable), off while auto-bet runs. */
export function ModeTabs({
  round,
}: {
  round: Pick<BetRound<unknown>, 'mode' | 'setMode' | 'autoBet'>;
}) {
  const { t } = useTranslation();
  const { mode, setMode: onChange } = round;
  const disabled = round.autoBet.running;
  return (
    <div className="mode-tabs" role="group" aria-label={t('game.mode')}>
      {(['manual', 'auto'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className={`btn ${mode === m ? 'btn--primary' : 'btn--secondary'}`}
          aria-pressed={mode === m}
          disabled={disabled}
          onClick={() => onChange(m)}
        >
          {t(`game.${m}`)}
        </button>
      ))}
    </div>
  );
}

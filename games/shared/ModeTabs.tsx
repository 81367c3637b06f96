import { useTranslation } from 'react-i18next';

export type PanelMode = 'manual' | 'auto';

/** Manual / auto switch (a two-button toggle group, keyboard reachable). */
export function ModeTabs({
  mode,
  onChange,
  disabled,
}: {
  mode: PanelMode;
  onChange: (mode: PanelMode) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
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

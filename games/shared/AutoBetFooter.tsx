import { useTranslation } from 'react-i18next';
import { AutoBetControls } from './AutoBetControls';
import type { AutoBetSettings } from './autoBet';
import type { useAutoBet } from './useAutoBet';

interface Props {
  mode: 'manual' | 'auto';
  settings: AutoBetSettings;
  onChange: (settings: AutoBetSettings) => void;
  autoBet: ReturnType<typeof useAutoBet>;
  busy: boolean;
  /** The bet button is off (besides while busy). */
  disabled?: boolean;
  /** The manual bet button's text ('Roll dice', 'Spin'). */
  betLabel: string;
  testId: string;
  /** Without it the button submits the panel's form. */
  onBet?: () => void;
}

/** The end of a panel with auto-bet: its settings in auto mode, then bet / start / stop. */
export function AutoBetFooter({
  mode,
  settings,
  onChange,
  autoBet,
  busy,
  disabled,
  betLabel,
  testId,
  onBet,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      {mode === 'auto' ? (
        <AutoBetControls
          settings={settings}
          onChange={onChange}
          running={autoBet.running}
          progress={autoBet.progress}
          stopped={autoBet.stopped}
        />
      ) : null}
      {autoBet.running ? (
        <button
          type="button"
          className="btn btn--danger btn--block btn--large"
          onClick={autoBet.stop}
        >
          {t('game.stop_auto')}
        </button>
      ) : (
        <button
          type={onBet ? 'button' : 'submit'}
          className="btn btn--primary btn--block btn--large"
          disabled={busy || disabled}
          data-testid={testId}
          onClick={onBet}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {mode === 'auto' ? t('game.start_auto') : betLabel}
        </button>
      )}
    </>
  );
}

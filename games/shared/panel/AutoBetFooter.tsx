import { useTranslation } from 'react-i18next';
import { AutoBetControls } from './AutoBetControls';
import type { BetRound } from '../round/useBetRound';

interface Props {
  round: Pick<BetRound<unknown>, 'mode' | 'auto' | 'setAuto' | 'autoBet' | 'busy'>;
  /** The bet button is off (besides while busy). */
  disabled?: boolean;
  /** The manual bet button's text (e.g. 'Spin'). */
  betLabel: string;
  testId: string;
  /** Without it the button submits the panel's form. */
  onBet?: () => void;
}

/** The end of a panel with auto-bet: its settings in auto mode, then bet / start / stop. */
export function AutoBetFooter(props: Props) {
  return (
    <>
      <AutoBetFields round={props.round} />
      <BetButton {...props} />
    </>
  );
}

/** Auto-bet's settings and progress in auto mode; nothing in manual mode. */
export function AutoBetFields({ round }: Pick<Props, 'round'>) {
  const { mode, auto, setAuto, autoBet } = round;
  if (mode !== 'auto') return null;
  return (
    <AutoBetControls
      settings={auto}
      onChange={setAuto}
      running={autoBet.running}
      progress={autoBet.progress}
      stopped={autoBet.stopped}
    />
  );
}

/** The panel's main button: the bet (manual) or the start of auto-bet, and stop while it runs. */
export function BetButton({ round, disabled, betLabel, testId, onBet }: Props) {
  const { t } = useTranslation();
  const { mode, autoBet, busy } = round;
  if (autoBet.running) {
    return (
      <button
        type="button"
        className="btn btn--danger btn--block btn--large"
        onClick={autoBet.stop}
      >
        {t('game.stop_auto')}
      </button>
    );
  }
  return (
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
  );
}

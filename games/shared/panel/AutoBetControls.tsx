import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountInput, parseAmountCents } from '../format/amount';
import type { AutoBetProgress, AutoBetSettings, AutoBetStop } from '../round/autoBet';
import { formatMoney } from '../format/amount';

interface Props {
  settings: AutoBetSettings;
  onChange: (settings: AutoBetSettings) => void;
  running: boolean;
  progress: AutoBetProgress;
  stopped: AutoBetStop;
  disabled?: boolean;
}

/**
 * Count, stop on profit and stop on loss (and stop on a single win of at least an amount, when the
 * game's settings have it), and what the running session did so far.
 */
export function AutoBetControls({
  settings,
  onChange,
  running,
  progress,
  stopped,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const countId = useId();
  const off = disabled || running;
  const money = (
    key: 'stopOnProfitCents' | 'stopOnLossCents' | 'stopOnWinOverCents',
    text: string,
  ) => {
    const cents = parseAmountCents(text === '' ? '0' : text);
    if (cents !== null) onChange({ ...settings, [key]: cents });
  };
  return (
    <fieldset className="auto-bet" data-running={running || undefined}>
      <legend>{t('game.auto')}</legend>
      <div className="game-field">
        <label htmlFor={countId}>{t('game.auto_count')}</label>
        <input
          id={countId}
          name="auto_count"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={settings.count}
          disabled={off}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= 0) onChange({ ...settings, count: n });
          }}
        />
      </div>
      <StopAmount
        name="stop_profit"
        label={t('game.stop_profit')}
        cents={settings.stopOnProfitCents}
        disabled={off}
        onText={(text) => money('stopOnProfitCents', text)}
      />
      <StopAmount
        name="stop_loss"
        label={t('game.stop_loss')}
        cents={settings.stopOnLossCents}
        disabled={off}
        onText={(text) => money('stopOnLossCents', text)}
      />
      {settings.stopOnWinOverCents !== undefined ? (
        <StopAmount
          name="stop_win"
          label={t('game.stop_win')}
          cents={settings.stopOnWinOverCents}
          disabled={off}
          onText={(text) => money('stopOnWinOverCents', text)}
        />
      ) : null}
      {progress.played > 0 ? (
        <p
          className="auto-bet__progress"
          aria-live="polite"
          data-testid="auto-progress"
          data-played={progress.played}
          data-stopped={stopped ?? undefined}
        >
          {t('game.auto_progress', {
            played: progress.played,
            profit: formatMoney(progress.profitCents / 100),
          })}
          {stopped ? ` · ${t(`game.auto_stop_${stopped}`)}` : ''}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One of the stop amounts: a decimal field that starts at the setting and reports its text. */
function StopAmount(props: {
  name: string;
  label: string;
  cents: number;
  disabled: boolean;
  onText: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className="game-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        inputMode="decimal"
        defaultValue={formatAmountInput(props.cents)}
        disabled={props.disabled}
        onChange={(e) => props.onText(e.target.value)}
      />
    </div>
  );
}

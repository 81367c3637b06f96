import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountInput, parseAmountCents } from './amount';
import type { AutoBetProgress, AutoBetSettings, AutoBetStop } from './autoBet';
import { formatMoney } from './amount';

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
  const ids = { count: useId(), profit: useId(), loss: useId(), win: useId() };
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
        <label htmlFor={ids.count}>{t('game.auto_count')}</label>
        <input
          id={ids.count}
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
      <div className="game-field">
        <label htmlFor={ids.profit}>{t('game.stop_profit')}</label>
        <input
          id={ids.profit}
          name="stop_profit"
          inputMode="decimal"
          defaultValue={formatAmountInput(settings.stopOnProfitCents)}
          disabled={off}
          onChange={(e) => money('stopOnProfitCents', e.target.value)}
        />
      </div>
      <div className="game-field">
        <label htmlFor={ids.loss}>{t('game.stop_loss')}</label>
        <input
          id={ids.loss}
          name="stop_loss"
          inputMode="decimal"
          defaultValue={formatAmountInput(settings.stopOnLossCents)}
          disabled={off}
          onChange={(e) => money('stopOnLossCents', e.target.value)}
        />
      </div>
      {settings.stopOnWinOverCents !== undefined ? (
        <div className="game-field">
          <label htmlFor={ids.win}>{t('game.stop_win')}</label>
          <input
            id={ids.win}
            name="stop_win"
            inputMode="decimal"
            defaultValue={formatAmountInput(settings.stopOnWinOverCents)}
            disabled={off}
            onChange={(e) => money('stopOnWinOverCents', e.target.value)}
          />
        </div>
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

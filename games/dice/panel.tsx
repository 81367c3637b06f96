import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameApi } from '../shared/api';
import { formatMoney, unitsToCents } from '../shared/amount';
import { AutoBetFooter } from '../shared/AutoBetFooter';
import type { AutoBetSettings } from '../shared/autoBet';
import { BetAmountInput } from '../shared/BetAmountInput';
import { ModeTabs, type PanelMode } from '../shared/ModeTabs';
import type { GamePanelProps } from '../shared/services';
import { playGameSound } from '../shared/sounds';
import { settleWithAnimation } from '../shared/settle';
import { useAutoBet } from '../shared/useAutoBet';
import { useGameKeys } from '../shared/useGameKeys';
import { diceChannel } from './channel';
import { clampTarget, diceQuote, flipCondition, targetLimits } from './diceForm';
import type { DiceCondition } from './rules';

/** Dice controls: stake, target slider, under/over, multiplier and chance; manual or auto. */
export default function DicePanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const api = useMemo(() => gameApi(services.request), [services.request]);
  const ids = { slider: useId(), target: useId() };
  const [amountCents, setAmountCents] = useState(100);
  const [target, setTarget] = useState(5050);
  const [condition, setCondition] = useState<DiceCondition>('under');
  const [mode, setMode] = useState<PanelMode>('manual');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ roll: number; win: boolean } | null>(null);
  const [auto, setAuto] = useState<AutoBetSettings>({
    count: 10,
    stopOnProfitCents: 0,
    stopOnLossCents: 0,
  });
  const quote = diceQuote(target, condition, amountCents);
  const limits = targetLimits(condition);

  const config = useRef({ target, condition });
  useEffect(() => {
    config.current = { target, condition };
    diceChannel.scene?.configure(target / 100, condition);
  });
  useEffect(() => {
    // The scene may show after the panel mounted: give it the range then.
    void diceChannel
      .whenShown()
      .then((scene) => scene.configure(config.current.target / 100, config.current.condition));
  }, []);

  const round = useCallback(async () => {
    if (!services.isAuthenticated) {
      services.requireLogin();
      return null;
    }
    setBusy(true);
    try {
      const answer = await api.diceBet({
        amount: amountCents / 100,
        target: target / 100,
        condition,
      });
      playGameSound('bet');
      const roll = Number(answer.bet.result.roll);
      const win = answer.bet.result.win === true;
      await settleWithAnimation(services, answer, () =>
        diceChannel.scene ? diceChannel.scene.roll(roll, win) : Promise.resolve(),
      );
      playGameSound(win ? 'win' : 'lose');
      setLast({ roll, win });
      onSettled?.(answer.bet);
      return {
        stakeCents: unitsToCents(answer.bet.amount),
        payoutCents: unitsToCents(answer.bet.payout),
      };
    } catch {
      return null; // the shell's client showed the error dialog
    } finally {
      setBusy(false);
    }
  }, [api, services, amountCents, target, condition, onSettled]);

  const autoBet = useAutoBet(round, auto);
  const locked = busy || autoBet.running;
  const trigger = () => {
    if (locked) return;
    if (mode === 'auto') void autoBet.start();
    else void round();
  };
  useGameKeys({ Space: trigger });

  return (
    <form
      className="game-panel dice-panel"
      data-testid="dice-panel"
      data-busy={locked || undefined}
      data-last-roll={last ? last.roll.toFixed(2) : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        trigger();
      }}
    >
      <ModeTabs mode={mode} onChange={setMode} disabled={autoBet.running} />
      <BetAmountInput
        cents={amountCents}
        onChange={setAmountCents}
        balanceCents={() => unitsToCents(services.balance())}
        disabled={locked}
      />
      <div className="game-field">
        <label htmlFor={ids.slider}>
          {t('game.dice.target')}:{' '}
          <strong data-testid="dice-target">{(target / 100).toFixed(2)}</strong>
        </label>
        <input
          id={ids.slider}
          className="dice-panel__slider"
          type="range"
          min={limits.min}
          max={limits.max}
          step={1}
          value={target}
          disabled={locked}
          aria-valuetext={(target / 100).toFixed(2)}
          onChange={(e) => setTarget(clampTarget(Number(e.target.value), condition))}
        />
      </div>
      <div className="game-field">
        <label htmlFor={ids.target}>{t('game.dice.target_exact')}</label>
        <input
          id={ids.target}
          name="target"
          type="number"
          min={limits.min / 100}
          max={limits.max / 100}
          step={0.01}
          value={(target / 100).toFixed(2)}
          disabled={locked}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isFinite(value)) setTarget(clampTarget(value * 100, condition));
          }}
        />
      </div>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        data-testid="dice-condition"
        data-condition={condition}
        aria-pressed={condition === 'over'}
        disabled={locked}
        onClick={() => {
          const next = flipCondition(target, condition);
          setTarget(next.targetHundredths);
          setCondition(next.condition);
        }}
      >
        {condition === 'under' ? t('game.dice.roll_under') : t('game.dice.roll_over')} ⇄
      </button>
      <dl className="game-stats">
        <div>
          <dt>{t('game.dice.multiplier')}</dt>
          <dd data-testid="dice-multiplier">{quote.multiplier.toFixed(4)}x</dd>
        </div>
        <div>
          <dt>{t('game.dice.win_chance')}</dt>
          <dd data-testid="dice-chance">{quote.winChance.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>{t('game.payout_on_win')}</dt>
          <dd>{formatMoney(quote.payoutCents / 100)}</dd>
        </div>
      </dl>
      <AutoBetFooter
        mode={mode}
        settings={auto}
        onChange={setAuto}
        autoBet={autoBet}
        busy={busy}
        betLabel={t('game.dice.roll')}
        testId="dice-bet"
      />
      <p className="game-panel__result" aria-live="polite" data-testid="dice-result">
        {last
          ? t(last.win ? 'game.dice.won' : 'game.dice.lost', { roll: last.roll.toFixed(2) })
          : ''}
      </p>
      <p className="muted game-panel__hint">{t('game.dice.keys')}</p>
    </form>
  );
}

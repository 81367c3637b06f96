import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney } from '../shared/amount';
import { AutoBetFooter } from '../shared/AutoBetFooter';
import type { GamePanelProps } from '../shared/services';
import { StakeControls } from '../shared/StakeControls';
import { useBetRound } from '../shared/useBetRound';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/useSceneChannel';
import { diceChannel } from './channel';
import { clampTarget, diceQuote, flipCondition, targetLimits } from './diceForm';
import type { DiceCondition } from './rules';
import game from './game';

/** Dice controls: stake, target slider, under/over, multiplier and chance; manual or auto. */
export default function DicePanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const ids = { slider: useId(), target: useId() };
  const [target, setTarget] = useState(5050);
  const [condition, setCondition] = useState<DiceCondition>('under');
  const limits = targetLimits(condition);

  useSceneConfig(
    diceChannel,
    useMemo(() => ({ target: target / 100, condition }), [target, condition]),
  );
  const round = useBetRound({
    services,
    onSettled,
    bet: (stakeCents) => ({
      path: game.paths.bet,
      body: { amount: stakeCents / 100, target: target / 100, condition },
    }),
    animate: async (answer) => {
      const roll = Number(answer.bet.result.roll);
      const win = answer.bet.result.win === true;
      await diceChannel.scene?.roll(roll, win);
      return { roll, win };
    },
  });
  const { locked, last } = round;
  const quote = diceQuote(target, condition, round.stakeCents);
  useSceneActions(diceChannel, { bet: round.trigger });
  // Dragging or tapping the scene's track sets the target, as the slider does.
  useSceneEvents(diceChannel, {
    target: (value: number) => {
      if (!locked) setTarget(clampTarget(value * 100, condition));
    },
  });

  return (
    <form
      className="game-panel dice-panel"
      data-testid="dice-panel"
      data-busy={locked || undefined}
      data-last-roll={last ? last.roll.toFixed(2) : undefined}
      onSubmit={round.submit}
    >
      <StakeControls round={round} services={services} />
      <div className="game-field">
        <label htmlFor={ids.slider}>
          {t('games.dice.target')}:{' '}
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
        <label htmlFor={ids.target}>{t('games.dice.target_exact')}</label>
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
        {condition === 'under' ? t('games.dice.roll_under') : t('games.dice.roll_over')} ⇄
      </button>
      <dl className="game-stats">
        <div>
          <dt>{t('games.dice.multiplier')}</dt>
          <dd data-testid="dice-multiplier">{quote.multiplier.toFixed(4)}x</dd>
        </div>
        <div>
          <dt>{t('games.dice.win_chance')}</dt>
          <dd data-testid="dice-chance">{quote.winChance.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>{t('game.payout_on_win')}</dt>
          <dd>{formatMoney(quote.payoutCents / 100)}</dd>
        </div>
      </dl>
      <AutoBetFooter round={round} betLabel={t('games.dice.roll')} testId="dice-bet" />
      <p className="game-panel__result" aria-live="polite" data-testid="dice-result">
        {last
          ? t(last.win ? 'games.dice.won' : 'games.dice.lost', { roll: last.roll.toFixed(2) })
          : ''}
      </p>
      <p className="muted game-panel__hint">{t('games.dice.keys')}</p>
    </form>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import {
  formatDecimal,
  formatMoney,
  formatMultiplier,
  parseDecimal,
} from '../shared/format/amount';
import { AutoBetFooter } from '../shared/panel/AutoBetFooter';
import { BetPanel } from '../shared/panel/BetPanel';
import { GameField } from '../shared/panel/GameField';
import { GameStats } from '../shared/panel/GameStats';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import { useBetRound } from '../shared/round/useBetRound';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/scene/useSceneChannel';
import { diceChannel } from './channel';
import { clampTarget, diceQuote, flipCondition, targetLimits } from './diceForm';
import type { DiceCondition } from './rules';
import game from './game';

/** Dice controls: stake, target slider, under/over, multiplier and chance; manual or auto. */
export default function DicePanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState(5050);
  /** The exact target as typed, while the field is being edited (null: the target formatted). */
  const [targetText, setTargetText] = useState<string | null>(null);
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
    <BetPanel
      game={game.id}
      round={round}
      services={services}
      data-last-roll={last ? last.roll.toFixed(2) : undefined}
    >
      <GameField
        label={
          <>
            {t('games.dice.target')}:{' '}
            <strong data-testid="dice-target">{formatDecimal(target / 100)}</strong>
          </>
        }
      >
        {(id) => (
          <input
            id={id}
            className="dice-panel__slider"
            type="range"
            min={limits.min}
            max={limits.max}
            step={1}
            value={target}
            disabled={locked}
            aria-valuetext={formatDecimal(target / 100)}
            onChange={(e) => setTarget(clampTarget(Number(e.target.value), condition))}
          />
        )}
      </GameField>
      <GameField label={t('games.dice.target_exact')}>
        {(id) => (
          <input
            id={id}
            name="target"
            className="input"
            inputMode="decimal"
            value={targetText ?? formatDecimal(target / 100)}
            disabled={locked}
            onChange={(e) => {
              setTargetText(e.target.value);
              const value = parseDecimal(e.target.value);
              if (value !== null) setTarget(clampTarget(value * 100, condition));
            }}
            onBlur={() => setTargetText(null)}
          />
        )}
      </GameField>
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
      <GameStats
        stats={[
          {
            label: t('games.dice.multiplier'),
            value: formatMultiplier(quote.multiplier, 4),
            testId: 'dice-multiplier',
          },
          {
            label: t('games.dice.win_chance'),
            value: `${formatDecimal(quote.winChance)}%`,
            testId: 'dice-chance',
          },
          { label: t('game.payout_on_win'), value: formatMoney(quote.payoutCents / 100) },
        ]}
      />
      <AutoBetFooter round={round} betLabel={t('games.dice.roll')} testId="dice-bet" />
      <RoundResult testId="dice-result">
        {last
          ? t(last.win ? 'games.dice.won' : 'games.dice.lost', { roll: formatDecimal(last.roll) })
          : ''}
      </RoundResult>
      <p className="muted game-panel__hint">{t('games.dice.keys')}</p>
    </BetPanel>
  );
}

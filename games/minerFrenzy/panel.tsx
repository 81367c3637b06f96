import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoBetFooter } from '../shared/AutoBetFooter';
import type { GamePanelProps } from '../shared/services';
import { StakeControls } from '../shared/StakeControls';
import { useLiveRound } from '../shared/useLiveRound';
import { useSceneActions, useSceneEvents } from '../shared/useSceneChannel';
import { minerFrenzyChannel } from './channel';
import game from './game';

const paths = game.paths;
const scene = () => minerFrenzyChannel.scene;

/** Miner Frenzy controls: stake, auto cash-out target, Bet / Cash out (Space); manual or auto. */
export default function MinerFrenzyPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('2.00');
  const autoCashout = Number(target) >= 1.01 ? Math.round(Number(target) * 100) / 100 : null;
  const body = useCallback(
    (stakeCents: number) => ({ amount: stakeCents / 100, auto_cashout: autoCashout }),
    [autoCashout],
  );
  const { round, roundId, live, cashOut, action, resync } = useLiveRound({
    services,
    onSettled,
    paths,
    scene,
    body,
  });
  useEffect(() => {
    void minerFrenzyChannel.whenShown().then(resync);
  }, [resync]);
  useSceneEvents(minerFrenzyChannel, { resumed: resync });
  useSceneActions(minerFrenzyChannel, { bet: action });

  const { last, locked } = round;
  const stake = round.stakeCents / 100;
  return (
    <form
      className="game-panel"
      data-testid="minerFrenzy-panel"
      data-busy={locked || undefined}
      onSubmit={round.submit}
    >
      <StakeControls round={round} services={services} />
      <label className="game-field">
        <span>{t('games.minerFrenzy.auto_cashout')}</span>
        <input
          className="input"
          inputMode="decimal"
          value={target}
          disabled={locked}
          data-testid="minerFrenzy-auto"
          onChange={(event) => setTarget(event.target.value)}
        />
      </label>
      {roundId !== null ? (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="minerFrenzy-cashout"
          onClick={cashOut}
        >
          {t('games.minerFrenzy.cash_out', { amount: (stake * Math.max(1, live)).toFixed(2) })}
        </button>
      ) : (
        <AutoBetFooter
          round={round}
          betLabel={t('games.minerFrenzy.bet')}
          testId="minerFrenzy-bet"
        />
      )}
      <p className="game-panel__result" aria-live="polite" data-testid="minerFrenzy-result">
        {last
          ? last.status === 'cashed_out'
            ? t('games.minerFrenzy.won', { multiplier: (last.multiplier ?? 0).toFixed(2) })
            : t('games.minerFrenzy.lost', { crash: last.crashPoint.toFixed(2) })
          : ''}
      </p>
      <p className="game-panel__hint">{t('games.minerFrenzy.keys')}</p>
    </form>
  );
}

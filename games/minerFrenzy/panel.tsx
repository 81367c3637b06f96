import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoBetControls } from '../shared/AutoBetControls';
import { BetButton } from '../shared/AutoBetFooter';
import type { BetJson, GamePanelProps } from '../shared/services';
import { StakeControls } from '../shared/StakeControls';
import { useLiveRound } from '../shared/useLiveRound';
import { useSceneActions, useSceneEvents } from '../shared/useSceneChannel';
import {
  minerFrenzyChannel,
  minerFrenzyStore,
  RECENT_CRASHES,
  type MinerFrenzyCrash as Crash,
} from './channel';
import game from './game';

const paths = game.paths;
const scene = () => minerFrenzyChannel.scene;

/** The crash point of an ended round (a running one has none). */
function crashOf(bet: BetJson): Crash | null {
  const point = bet.result.crash_point;
  return typeof point === 'number' ? { betId: bet.id, crashPoint: point } : null;
}

/** Newest first by bet id, each round once, at most the strip's length. */
function mergeCrashes(a: readonly Crash[], b: readonly Crash[]): Crash[] {
  const byId = new Map([...a, ...b].map((crash) => [crash.betId, crash]));
  return [...byId.values()].sort((x, y) => y.betId - x.betId).slice(0, RECENT_CRASHES);
}

/** Miner Frenzy controls: stake, auto cash-out target, Bet / Cash out (Space); manual or auto. */
export default function MinerFrenzyPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('2.00');
  const autoCashout = Number(target) >= 1.01 ? Math.round(Number(target) * 100) / 100 : null;
  const body = useCallback(
    (stakeCents: number) => ({ amount: stakeCents / 100, auto_cashout: autoCashout }),
    [autoCashout],
  );
  // The scene's strip of recent crash points (in the store its layer draws): the player's last
  // rounds, then each one that ends. Emptied when the panel goes.
  const addCrashes = useCallback((crashes: readonly Crash[]) => {
    minerFrenzyStore.set({ recent: mergeCrashes(minerFrenzyStore.get().recent, crashes) });
  }, []);
  useEffect(() => () => minerFrenzyStore.set({ recent: [] }), []);
  const onEnded = useCallback(
    (bet: BetJson) => {
      const crash = crashOf(bet);
      if (crash) addCrashes([crash]);
    },
    [addCrashes],
  );
  const { round, roundId, live, cashOut, action, resync } = useLiveRound({
    services,
    onSettled,
    paths,
    scene,
    body,
    onEnded,
  });
  const { request, isAuthenticated } = services;
  useEffect(() => {
    if (!isAuthenticated) return;
    let gone = false;
    void request<{ data: BetJson[] }>(
      'GET',
      `/api/bets?game=${game.id}&limit=${RECENT_CRASHES}`,
      undefined,
      { silent: true },
    )
      .then(({ data }) => {
        if (!gone) addCrashes(data.flatMap((bet) => crashOf(bet) ?? []));
      })
      .catch(() => undefined);
    return () => void (gone = true);
  }, [request, isAuthenticated, addCrashes]);
  useEffect(() => {
    void minerFrenzyChannel.whenShown().then(resync);
  }, [resync]);
  useSceneEvents(minerFrenzyChannel, { resumed: resync });
  useSceneActions(minerFrenzyChannel, { bet: action });

  const { last, locked, mode, auto, setAuto, autoBet } = round;
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
      {mode === 'auto' ? (
        <AutoBetControls
          settings={auto}
          onChange={setAuto}
          running={autoBet.running}
          progress={autoBet.progress}
          stopped={autoBet.stopped}
        />
      ) : null}
      {roundId !== null ? (
        <button
          type="button"
          className="btn btn--primary btn--block btn--large"
          data-testid="minerFrenzy-cashout"
          onClick={cashOut}
        >
          {t('games.minerFrenzy.cash_out', { amount: (stake * Math.max(1, live)).toFixed(2) })}
        </button>
      ) : null}
      {/* While auto-bet runs its Stop stays next to Cash out; a manual round shows Cash out alone. */}
      {roundId === null || autoBet.running ? (
        <BetButton round={round} betLabel={t('games.minerFrenzy.bet')} testId="minerFrenzy-bet" />
      ) : null}
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

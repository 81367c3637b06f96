import { useCallback, useEffect } from 'react';
import { formatMultiplier } from '../fairness/index';
import { useTranslation } from 'react-i18next';
import { AutoBetFields, BetButton } from '../shared/panel/AutoBetFooter';
import { AutoCashoutField, useAutoCashout } from '../shared/panel/AutoCashoutField';
import { gameApi } from '../shared/round/api';
import { BetPanel } from '../shared/panel/BetPanel';
import { CashOutLabel } from '../shared/panel/CashOutLabel';
import { MainButton } from '../shared/panel/MainButton';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import type { BetJson } from '../shared/wire/types';
import { useLiveRound } from '../shared/round/useLiveRound';
import {
  minerFrenzyChannel,
  minerFrenzyStore,
  RECENT_CRASHES,
  type MinerFrenzyCrash as Crash,
} from './channel';
import game from './game';
import { rules } from './rules';

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
  const autoCashout = useAutoCashout(rules);
  const target = autoCashout.target;
  const body = useCallback(
    (stakeCents: number) => ({ amount: stakeCents / 100, auto_cashout: target }),
    [target],
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
  const { round, roundId, tooLate, cashOut } = useLiveRound({
    services,
    onSettled,
    paths: game.paths,
    channel: minerFrenzyChannel,
    body,
    onEnded,
  });
  const { request, isAuthenticated } = services;
  useEffect(() => {
    if (!isAuthenticated) return;
    let gone = false;
    void gameApi(request)
      .bets(game.id, { limit: RECENT_CRASHES }, { silent: true })
      .then(({ data }) => {
        if (!gone) addCrashes(data.flatMap((bet) => crashOf(bet) ?? []));
      })
      .catch(() => undefined);
    return () => void (gone = true);
  }, [request, isAuthenticated, addCrashes]);

  const { last, locked, autoBet } = round;
  return (
    <BetPanel game={game.id} round={round} services={services}>
      <AutoCashoutField
        cashout={autoCashout}
        label={t('games.minerFrenzy.auto_cashout')}
        testId="minerFrenzy-auto"
        disabled={locked}
      />
      <AutoBetFields round={round} />
      {roundId !== null ? (
        <MainButton testId="minerFrenzy-cashout" onClick={cashOut} actOnPress>
          <CashOutLabel
            store={minerFrenzyStore}
            stakeCents={round.stakeCents}
            label={(amount) => t('games.minerFrenzy.cash_out', { amount })}
          />
        </MainButton>
      ) : null}
      {/* While auto-bet runs its Stop stays next to Cash out; a manual round shows Cash out alone. */}
      {roundId === null || autoBet.running ? (
        <BetButton round={round} betLabel={t('games.minerFrenzy.bet')} testId="minerFrenzy-bet" />
      ) : null}
      <RoundResult testId="minerFrenzy-result">
        {last
          ? last.status === 'cashed_out'
            ? t('games.minerFrenzy.won', { multiplier: formatMultiplier(last.multiplier ?? 0) })
            : t(tooLate ? 'games.minerFrenzy.too_late' : 'games.minerFrenzy.lost', {
                crash: formatMultiplier(last.crashPoint),
              })
          : ''}
      </RoundResult>
      <p className="game-panel__hint">{t('games.minerFrenzy.keys')}</p>
    </BetPanel>
  );
}

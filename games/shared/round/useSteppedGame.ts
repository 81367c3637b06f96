import { useCallback, useEffect, useRef, useState } from 'react';
import type { SteppedRules } from '../../fairness/contract';
import { unitsToCents, type StakeIssue } from '../format/amount';
import { postBet } from './api';
import type { GamePaths } from '../registry/definition';
import type { GameServices } from '../wire/services';
import type { BetAnswer, BetJson } from '../wire/types';
import { playGameSound, type GameSound } from '../scene/sounds';
import { signedIn, useBetCall, useKeptStake } from './useBetCall';
import { hapticPulse, skipStepAnimation } from './feel';
import { celebrateSettled } from '../celebration/cue';
import { cutCelebrationShort } from '../celebration/celebrations';

export interface SteppedGameOptions {
  services: GameServices;
  paths: Extract<GamePaths, { kind: 'stepped' }>;
  rules: SteppedRules;
  /** The page's hook after a start and after every end (it refreshes the history). */
  onSettled?: (bet: BetJson) => void;
  /** The sound of a move that keeps the game going (default 'reveal'); a loss plays 'lose'. */
  stepSound?: GameSound;
  lossSound?: GameSound;
  /** Told once when the fetch finds a game in progress (a reload, another tab): not on start. */
  onResume?: (bet: BetJson) => void;
}

/**
 * A stepped game's round as a panel plays it, the same for every such game: the stake (a game
 * that comes back brings its own), the game in progress fetched once (a reload or another device
 * comes back to it), start with a fresh Idempotency-Key, one call at a time for moves and the
 * cash-out, the top bar set from every answer, sounds, and the page told when a game starts and
 * ends.
 */
export function useSteppedGame(o: SteppedGameOptions) {
  const { services, paths, rules, onSettled } = o;
  const { busy, run } = useBetCall();
  const [stakeCents, setStakeCents] = useState(100);
  useKeptStake(services, setStakeCents);
  // The stake a start sends: the latest, also for a start an auto-play loop makes between renders.
  const stake = useRef(stakeCents);
  useEffect(() => {
    stake.current = stakeCents;
  });
  const stakeRefused = useRef(false);
  /** The bet of the game on the table: running, or the last one finished. */
  const [bet, setShownBet] = useState<BetJson | null>(null);
  // The same bet for calls made between renders (an auto-play loop awaits one answer, then
  // moves at once): they read the latest answer, never a render's stale copy.
  const latest = useRef<BetJson | null>(null);
  const setBet = useCallback((next: BetJson | null) => {
    latest.current = next;
    setShownBet(next);
  }, []);
  const [loaded, setLoaded] = useState(!services.isAuthenticated);
  const running = bet !== null && rules.running(bet.result);
  const runningNow = () => latest.current !== null && rules.running(latest.current.result);
  const onResume = useRef(o.onResume);
  useEffect(() => {
    onResume.current = o.onResume;
  });

  useEffect(() => {
    if (!services.isAuthenticated) return;
    let active = true;
    services
      .request<{ bet: BetJson | null; balance?: number }>('GET', paths.active, undefined, {
        silent: true,
      })
      .then((answer) => {
        if (!active) return;
        // The answer's balance is the server's now: the top bar takes it too.
        if (typeof answer.balance === 'number') services.setBalance(answer.balance);
        setBet(answer.bet);
        if (!answer.bet) return;
        setStakeCents(unitsToCents(answer.bet.amount));
        onResume.current?.(answer.bet);
      })
      .catch(() => undefined)
      .finally(() => active && setLoaded(true));
    return () => {
      active = false;
    };
  }, [services, paths.active, setBet]);

  const settle = useCallback(
    (answer: BetAnswer) => {
      setBet(answer.bet);
      services.setBalance(answer.balance);
      if (services.feel.get().instant) skipStepAnimation();
      if (rules.running(answer.bet.result)) {
        playGameSound(o.stepSound ?? 'reveal');
        return answer.bet;
      }
      // A win worth it is celebrated (its own sound); anything else plays the quick loss sound.
      const instant = services.feel.get().instant;
      if (!celebrateSettled(answer.bet, instant)) {
        playGameSound(answer.bet.payout > 0 ? 'reveal' : (o.lossSound ?? 'lose'));
      }
      onSettled?.(answer.bet);
      return answer.bet;
    },
    [services, rules, onSettled, o.stepSound, o.lossSound, setBet],
  );

  /**
   * Each call resolves with the bet after it, or null when it was not made or failed. A start
   * sends the stake and the game's parameters.
   */
  const start = (params: Record<string, unknown>): Promise<BetJson | null> => {
    // A stake the field refuses (BetAmountInput's onIssue) sends nothing.
    if (stakeRefused.current || !signedIn(services, stake.current) || runningNow()) {
      return Promise.resolve(null);
    }
    const body = { amount: stake.current / 100, ...params };
    cutCelebrationShort();
    return run(async () => {
      const answer = await postBet<BetAnswer>(services.request, paths.games, body);
      playGameSound('bet');
      setBet(answer.bet);
      services.setBalance(answer.balance);
      onSettled?.(answer.bet);
      return answer.bet;
    });
  };

  /** A move; `at` (when the rules take one) is where it is meant to land, e.g. the level dug. */
  const step = (move: number, at?: number): Promise<BetJson | null> => {
    const current = latest.current;
    if (!current || !runningNow()) return Promise.resolve(null);
    const path = `${paths.games}/${current.id}/${paths.step}`;
    const body: Record<string, number> = { [rules.move.field]: move };
    if (rules.move.at && at !== undefined) body[rules.move.at.field] = at;
    return run(async () => settle(await services.request<BetAnswer>('POST', path, body)));
  };

  const cashOut = (): Promise<BetJson | null> => {
    const current = latest.current;
    if (!current || !runningNow()) return Promise.resolve(null);
    const path = `${paths.games}/${current.id}/cashout`;
    return run(async () => {
      const bet = settle(await services.request<BetAnswer>('POST', path, {}));
      if (bet.payout > 0) hapticPulse(services, 40);
      return bet;
    });
  };

  /** The stake field's issue: while the stake cannot be bet, start sends nothing. */
  const setStakeIssue = useCallback((issue: StakeIssue | null) => {
    stakeRefused.current = issue !== null;
  }, []);

  /** The next move's multiplier (null when none), and what a cash-out pays now. */
  const next = bet?.result.next_multiplier;
  const nextMultiplier = running && typeof next === 'number' ? next : null;
  const cashoutAmount =
    running && bet ? Math.floor(unitsToCents(bet.amount) * bet.multiplier) / 100 : 0;

  return {
    bet,
    running,
    loaded,
    busy,
    start,
    step,
    cashOut,
    stakeCents,
    setStakeCents,
    setStakeIssue,
    nextMultiplier,
    cashoutAmount,
  };
}

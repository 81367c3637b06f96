import { useCallback, useEffect, useRef, useState } from 'react';
import { unitsToCents, type StakeIssue } from '../format/amount';
import { postBet } from './api';
import type { AutoBetSettings } from './autoBet';
import type { PanelMode } from '../panel/ModeTabs';
import type { GameServices } from '../wire/services';
import type { BetAnswer, BetJson } from '../wire/types';
import { balanceTracker, settleWithAnimation, type BalanceTracker, type EndedWith } from './settle';
import { playGameSound, type GameSound } from '../scene/sounds';
import { useAutoBet, type AutoBetOutcome } from './useAutoBet';
import { fastForwarded, hapticPulse } from './feel';
import { celebrateSettled, isBigWin } from '../celebration/cue';
import { cutCelebrationShort } from '../celebration/celebrations';
import { signedIn, useBetCall, useKeptStake } from './useBetCall';

/** A bet as the panel places it: the game's bet route and the request body. */
export interface BetRequest {
  path: string;
  body: unknown;
}

export interface BetRoundSounds {
  /** When the server has answered (default 'bet'). */
  placed: GameSound | null;
  /**
   * When the animation rests with a round that won nothing to celebrate (default 'lose' for
   * nothing back, 'reveal' for a push or part of the stake back). A win plays its celebration's
   * sound instead (games/shared/celebration).
   */
  settled: (answer: BetAnswer) => GameSound | null;
}

export interface BetRoundOptions<Shown> {
  services: GameServices;
  /** The page's hook after every settled bet (it refreshes the history). */
  onSettled?: (bet: BetJson) => void;
  /** The bet to place now with this stake, read as each round starts. */
  bet: (stakeCents: number) => BetRequest;
  /** Whether a bet can be placed (e.g. chips are on the table); default true. */
  ready?: boolean;
  /**
   * Plays the answer on the scene; resolves with what the panel shows once it rests, or, for a
   * round that ends with a later answer (a live round), EndedWith that answer. In instant mode
   * the scene is fast-forwarded through it; a scene that can show the outcome without playing
   * the round through (plinko's ball, landed unflown) does so when told `instant`.
   */
  animate: (answer: BetAnswer, how: { instant: boolean }) => Promise<Shown | EndedWith<Shown>>;
  /**
   * Bets animate side by side (balls in flight): a round ends once the server has answered and
   * the panel is never busy. Otherwise a round ends when its animation rests.
   */
  overlapping?: boolean;
  /**
   * In instant mode the scene is fast-forwarded to the animation's end (default). A live round,
   * which runs on the server's clock, says false.
   */
  instant?: boolean;
  sounds?: Partial<BetRoundSounds>;
  /** Auto-bet's settings until the player changes them (default 10 bets, no stop amounts). */
  initialAuto?: Partial<AutoBetSettings>;
  /** Auto-bet places at most this many bets a second (default: no limit). */
  autoBetsPerSecond?: number;
}

/** What a panel gets from useBetRound. */
export interface BetRound<Shown> {
  /** The stake field (or the chip value of a table game). */
  stakeCents: number;
  setStakeCents(cents: number): void;
  /** Why the typed stake cannot be bet (the field shows it); no bet is sent while there is one. */
  stakeIssue: StakeIssue | null;
  setStakeIssue(issue: StakeIssue | null): void;
  mode: PanelMode;
  setMode(mode: PanelMode): void;
  auto: AutoBetSettings;
  setAuto(settings: AutoBetSettings): void;
  autoBet: ReturnType<typeof useAutoBet>;
  /** A bet waits for its answer or its animation. */
  busy: boolean;
  /** Busy, or auto-bet runs: the bet's settings are locked. */
  locked: boolean;
  /** What the last settled bet showed (the animation's answer). */
  last: Shown | null;
  /** The bet button and the bet key: one bet, or the start of auto-bet in auto mode. */
  trigger(): void;
  /** The panel form's submit handler: trigger() instead of a page load. */
  submit(event: { preventDefault(): void }): void;
}

const settledSound = (answer: BetAnswer): GameSound => (answer.bet.payout > 0 ? 'reveal' : 'lose');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One bet, from the POST (a fresh Idempotency-Key) to the rest of its animation, with its sounds
 * and the top bar settled on `tracker`; `show` gets what the animation resolved with. Resolves
 * with the stake and payout once the animation rests, or once the server answered when bets
 * overlap. Rejects when the POST fails (or, not overlapping, the animation).
 */
export async function placeBet<Shown>(
  o: Pick<
    BetRoundOptions<Shown>,
    'services' | 'onSettled' | 'animate' | 'overlapping' | 'sounds' | 'instant'
  > & {
    bet: () => BetRequest;
  },
  tracker: BalanceTracker,
  show: (shown: Shown) => void,
  play: (sound: GameSound) => void = playGameSound,
): Promise<AutoBetOutcome> {
  const sounds = { placed: 'bet' as const, settled: settledSound, ...o.sounds };
  const { path, body } = o.bet();
  // The next bet cuts the last win's celebration short.
  cutCelebrationShort();
  const placed = await postBet<BetAnswer>(o.services.request, path, body);
  if (sounds.placed) play(sounds.placed);
  const instant = o.instant !== false && o.services.feel.get().instant;
  const settle = async () => {
    const { shown, answer } = await settleWithAnimation(
      o.services,
      placed,
      () =>
        instant
          ? fastForwarded(() => o.animate(placed, { instant }))
          : o.animate(placed, { instant }),
      tracker,
    );
    const tier = celebrateSettled(answer.bet, instant);
    const sound = tier ? null : sounds.settled(answer);
    if (sound) play(sound);
    if (isBigWin(tier)) hapticPulse(o.services, [60, 40, 60]);
    show(shown);
    o.onSettled?.(answer.bet);
    return answer;
  };
  // Overlapping bets settle as they land; the outcome is the placed answer's (an instant bet's
  // payout is known when it is placed).
  const ended = o.overlapping ? (void settle().catch(() => undefined), placed) : await settle();
  return {
    stakeCents: unitsToCents(ended.bet.amount),
    payoutCents: unitsToCents(ended.bet.payout),
  };
}

/**
 * The bet round of a panel, the same in every game: the sign-in gate, the POST with a fresh
 * Idempotency-Key, the sounds, the top bar settled with the scene's animation (the stake leaves
 * at once, the payout arrives when it rests), the page told, and manual or auto mode.
 */
export function useBetRound<Shown>(options: BetRoundOptions<Shown>): BetRound<Shown> {
  const [stakeCents, setStakeCents] = useState(100);
  useKeptStake(options.services, setStakeCents);
  const [stakeIssue, setStakeIssue] = useState<StakeIssue | null>(null);
  const [mode, setMode] = useState<PanelMode>('manual');
  const [auto, setAuto] = useState<AutoBetSettings>({
    count: 10,
    stopOnProfitCents: 0,
    stopOnLossCents: 0,
    ...options.initialAuto,
  });
  const [last, setLast] = useState<Shown | null>(null);
  const [tracker] = useState(balanceTracker);
  const { busy, run } = useBetCall();
  const latest = useRef({ ...options, stakeCents });
  useEffect(() => {
    latest.current = { ...options, stakeCents };
  });

  /** One bet; its stake and payout for auto-bet, or null when none was placed. */
  const play = useCallback(async (): Promise<AutoBetOutcome | null> => {
    const o = latest.current;
    if (!signedIn(o.services, o.stakeCents) || o.ready === false) return null;
    const bet = () => o.bet(o.stakeCents);
    const place = () => placeBet({ ...o, bet }, tracker, (shown) => setLast(() => shown));
    // A failed bet answers null: the shell's HTTP client has shown its error dialog.
    return o.overlapping ? place().catch(() => null) : run(place);
  }, [run, tracker]);

  const autoRound = useCallback(async () => {
    const started = performance.now();
    const outcome = await play();
    const perSecond = latest.current.autoBetsPerSecond;
    const wait = perSecond ? 1000 / perSecond - (performance.now() - started) : 0;
    if (outcome && wait > 0) await sleep(wait);
    return outcome;
  }, [play]);

  const autoBet = useAutoBet(autoRound, auto);
  const locked = busy || autoBet.running;

  const trigger = () => {
    if (locked || options.ready === false || stakeIssue) return;
    if (mode === 'auto') void autoBet.start();
    else void play();
  };

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    trigger();
  };

  return {
    stakeCents,
    setStakeCents,
    stakeIssue,
    setStakeIssue,
    mode,
    setMode,
    auto,
    setAuto,
    autoBet,
    busy,
    locked,
    last,
    trigger,
    submit,
  };
}

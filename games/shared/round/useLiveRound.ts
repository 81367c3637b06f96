import { useCallback, useEffect, useRef, useState } from 'react';
import { answerStatus } from './api';
import type { GamePaths } from '../registry/definition';
import type { SceneChannel } from '../scene/SceneChannel';
import type { GamePanelProps, GameServices } from '../wire/services';
import type { BetAnswer, BetJson } from '../wire/types';
import { EndedWith } from './settle';
import { useBetRound, type BetRound } from './useBetRound';
import { useSceneActions, useSceneEvents } from '../scene/useSceneChannel';
import { hapticPulse } from './feel';
import { celebrateSettled } from '../celebration/cue';

type LivePaths = Extract<GamePaths, { kind: 'live' }>;

/** What a live game's scene offers its panel (through the game's channel). */
export interface LiveRoundScene {
  /** A round runs from `startedAt` (server clock); `offsetMs` = server clock - local clock. */
  run(round: { startedAt: number; offsetMs: number; autoCashout: number | null }): void;
  /** The player (or the auto cash-out) took `multiplier`. */
  cashedOut(multiplier: number, crashPoint: number): void;
  crashed(crashPoint: number): void;
}

/** What a live game's scene tells its panel: the player came back (tab shown), resync. */
export interface LiveSceneEvents {
  resumed(): void;
}

/** A live game's channel (games/<id>/channel.ts). */
export type LiveChannel = SceneChannel<LiveRoundScene, LiveSceneEvents>;

/** How a live round ended, as the panel shows it. */
export interface LiveShown {
  status: string;
  multiplier: number | null;
  crashPoint: number;
}

/** Ends the round followed: its final bet, and the balance after it when the answer had it. */
type Finish = (final: BetJson, balance?: number) => void;

/**
 * Follows one round: the scene draws m(t) from the server's start and the clock offset, the
 * event stream says when it ended (or the cash-out answer does). Resolves with the final bet
 * and the balance after it.
 */
export function followLiveRound(
  services: GameServices,
  paths: LivePaths,
  bet: BetJson,
  scene: () => LiveRoundScene | null,
  finishing: { current: Finish | null },
  onEnded?: (bet: BetJson) => void,
): Promise<BetAnswer> {
  const startedAt = Number(bet.result.started_at);
  const autoCashout = typeof bet.result.auto_cashout === 'number' ? bet.result.auto_cashout : null;
  // Until the stream tells the server's clock, the start answer's time is the best guess.
  scene()?.run({ startedAt, offsetMs: startedAt - Date.now(), autoCashout });
  return new Promise<BetAnswer>((resolve) => {
    let done = false;
    const finish: Finish = (final, balance) => {
      if (done) return;
      done = true;
      close();
      finishing.current = null;
      const crashPoint = Number(final.result.crash_point);
      if (final.result.status === 'cashed_out') {
        scene()?.cashedOut(Number(final.result.multiplier), crashPoint);
      } else {
        scene()?.crashed(crashPoint);
      }
      onEnded?.(final);
      if (balance !== undefined) {
        resolve({ bet: final, balance });
        return;
      }
      // The stream's end carries no balance: read it once.
      void services
        .request<{ balance: number }>('GET', paths.active, undefined, { silent: true })
        .then((active) => resolve({ bet: final, balance: active.balance }))
        .catch(() => resolve({ bet: final, balance: services.balance() }));
    };
    finishing.current = finish;
    const close = services.events(`${paths.rounds}/${bet.id}/events`, ({ event, data }) => {
      const body = data as { server_now?: number; bet?: BetJson };
      if (event === 'state' && typeof body.server_now === 'number') {
        scene()?.run({ startedAt, offsetMs: body.server_now - Date.now(), autoCashout });
      } else if ((event === 'cashed_out' || event === 'crashed') && body.bet) {
        finish(body.bet);
      }
    });
  });
}

export interface LiveRound {
  round: BetRound<LiveShown>;
  /** The running round's id, or null. */
  roundId: number | null;
  /** The last cash-out asked for arrived after the round had ended (shown in the panel). */
  tooLate: boolean;
  cashOut(): void;
}

/**
 * A live game's panel round: the kit's bet round (stake, auto-bet, top bar) whose animation is
 * the round itself, the cash-out, Space on the scene (bet, or cash out while a round runs), and
 * a round left running followed again (the scene shown after a reload, the player back).
 */
export function useLiveRound(options: {
  services: GameServices;
  onSettled?: GamePanelProps['onSettled'];
  paths: LivePaths;
  channel: LiveChannel;
  /** The start body of a round with this stake. */
  body: (stakeCents: number) => Record<string, unknown>;
  /** Every round that ends while followed here (its final bet), as soon as it is known. */
  onEnded?: (bet: BetJson) => void;
}): LiveRound {
  const { services, onSettled, paths, channel } = options;
  const scene = useCallback(() => channel.scene, [channel]);
  const ended = useRef(options.onEnded);
  useEffect(() => {
    ended.current = options.onEnded;
  });
  const onEnded = useCallback((bet: BetJson) => ended.current?.(bet), []);
  const [roundId, setRoundId] = useState<number | null>(null);
  const [tooLate, setTooLate] = useState(false);
  /** The round whose cash-out has been asked for: a second press sends nothing. */
  const cashingOut = useRef<number | null>(null);
  const finishing = useRef<Finish | null>(null);

  const round = useBetRound<LiveShown>({
    services,
    onSettled,
    bet: (stakeCents) => ({ path: paths.rounds, body: options.body(stakeCents) }),
    // The round runs on the server's clock: instant mode cannot skip it.
    instant: false,
    animate: async (answer) => {
      setRoundId(answer.bet.id);
      setTooLate(false);
      let final: BetAnswer;
      try {
        final = await followLiveRound(services, paths, answer.bet, scene, finishing, onEnded);
      } finally {
        setRoundId(null);
      }
      // The round's end, not its start, settles the top bar and auto-bet.
      const { result } = final.bet;
      return new EndedWith<LiveShown>(
        {
          status: String(result.status),
          multiplier: typeof result.multiplier === 'number' ? result.multiplier : null,
          crashPoint: Number(result.crash_point),
        },
        final,
      );
    },
  });

  // A cash-out after the crash is an outcome, not an error: 422 shows no dialog, the panel says
  // it came too late, and the round's stream ends it as crashed.
  const cashOut = useCallback(() => {
    if (roundId === null || cashingOut.current === roundId) return;
    cashingOut.current = roundId;
    void services
      .request<BetAnswer>('POST', `${paths.rounds}/${roundId}/cashout`, undefined, {
        quietStatuses: [422],
      })
      .then((answer) => {
        hapticPulse(services, 40);
        finishing.current?.(answer.bet, answer.balance);
      })
      .catch((error: unknown) => {
        if (answerStatus(error) === 422) setTooLate(true);
        // Not sent (the network): the player may press again.
        else if (answerStatus(error) === null) cashingOut.current = null;
      });
  }, [roundId, services, paths]);

  const resync = useCallback(() => {
    if (!services.isAuthenticated || finishing.current) return;
    void services
      .request<{ bet: BetJson | null }>('GET', paths.active, undefined, { silent: true })
      .then(({ bet }) => {
        if (!bet || finishing.current) return;
        setRoundId(bet.id);
        void followLiveRound(services, paths, bet, scene, finishing, onEnded).then((final) => {
          setRoundId(null);
          // A round followed again is celebrated as one followed from its start.
          celebrateSettled(final.bet, false);
          services.setBalance(final.balance);
          onSettled?.(final.bet);
        });
      })
      .catch(() => undefined);
  }, [services, paths, scene, onSettled, onEnded]);

  useEffect(() => {
    void channel.whenShown().then(resync);
  }, [channel, resync]);
  useSceneEvents(channel, { resumed: resync });
  useSceneActions(channel, {
    bet: () => (roundId !== null ? cashOut() : round.trigger()),
  });
  return { round, roundId, tooLate, cashOut };
}

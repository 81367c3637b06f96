import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getEngine, type Engine } from '../../../../engine';
import {
  fitPick,
  roundOfBet,
  type LabBet,
  type LabGame,
  type LabPick,
  type LabRound,
} from '../../../../games/shared/lab/adapter';
import { labOf } from '../../../../games/shared/lab/labModules';
import type { PlayableGame } from '../../../../games/shared/registry/definition';
import { registerGameScene } from '../../../../games/shared/scene/registerScene';
import type { StaticKey } from '../../../i18n';
import { startStage, type RunningStage } from './labStage';

export type LabState = 'loading' | 'ready' | 'playing' | 'ended' | 'failed';

/** One play of a round: a fresh visit of the scene (the GameView's key). */
interface LabRun {
  n: number;
  round: LabRound;
  /** The recorded bet it replays, if any. */
  betId: number | null;
}

type LabAction = NonNullable<LabGame['actions']>[number];

export type LabRunner = ReturnType<typeof useLabRun>;

/**
 * A lab's runs of its game's scene: the lab adapter, the outcome picked, and each play of a round
 * in a fresh visit of the scene until the adapter reads back what it ended in.
 */
export function useLabRun(game: PlayableGame) {
  const { t } = useTranslation();
  const tr = useCallback((key: string): string => t(key as StaticKey), [t]);
  const [adapter, setAdapter] = useState<LabGame | null>(null);
  const [pick, setPick] = useState<LabPick>({});
  const [run, setRun] = useState<LabRun | null>(null);
  const [state, setState] = useState<LabState>('loading');
  /** The run whose play has begun in the shown scene (its actions apply from then on). */
  const [begun, setBegun] = useState(0);
  const [shown, setShown] = useState<Record<string, unknown> | null>(null);
  const stage = useRef<RunningStage | null>(null);
  const runRef = useRef<LabRun | null>(null);
  runRef.current = run;

  registerGameScene(game); // idempotent

  useEffect(() => {
    let active = true;
    labOf(game.id).then(
      (lab) => {
        if (!active) return;
        setAdapter(lab);
        setPick(fitPick(lab.controls(lab.initial), lab.initial));
      },
      () => active && setState('failed'),
    );
    // The tuning panel: the engine's debug overlay (?debug opens it too).
    void getEngine().openDebug();
    return () => {
      active = false;
    };
  }, [game.id]);

  useEffect(() => () => stage.current?.stop(), []);

  const controls = useMemo(() => (adapter ? adapter.controls(pick) : []), [adapter, pick]);
  const change = (name: string, value: LabPick[string]) => {
    if (!adapter) return;
    const next = { ...pick, [name]: value };
    setPick(fitPick(adapter.controls(next), next));
  };

  const start = (round: LabRound, betId: number | null) => {
    stage.current?.stop();
    stage.current = null;
    setShown(null);
    setState('playing');
    setRun((last) => ({ n: (last?.n ?? 0) + 1, round, betId }));
  };

  const play = () => {
    if (adapter) start(adapter.round(pick), null);
  };

  const replay = () => {
    if (run) start(run.round, run.betId);
  };

  const replayBet = (recorded: LabBet) => {
    if (!adapter) return;
    start(adapter.recorded ? adapter.recorded(recorded) : roundOfBet(recorded), recorded.id);
  };

  /** The GameView showed a fresh visit of the scene: the current run plays in it. */
  const sceneShown = (engine: Engine) => {
    const current = runRef.current;
    if (!adapter || !current) {
      setState('ready');
      return;
    }
    const running = startStage(engine, pick, tr);
    stage.current = running;
    setBegun(current.n);
    adapter.play(current.round, running.stage).then(
      () => {
        if (stage.current !== running) return;
        setShown(adapter.shown(running.stage));
        setState('ended');
      },
      (error: unknown) => {
        if (stage.current !== running) return;
        console.error('The lab could not play the round', error);
        setState('failed');
      },
    );
  };

  const act = (action: LabAction) => {
    if (stage.current) action.run(stage.current.stage);
  };

  return {
    adapter,
    pick,
    controls,
    change,
    run,
    begun,
    state,
    shown,
    expected: run && adapter ? adapter.expected(run.round) : null,
    /** The adapter's extra buttons, while the current run plays. */
    actions:
      adapter?.actions?.length && state === 'playing' && begun === run?.n ? adapter.actions : null,
    play,
    replay,
    replayBet,
    sceneShown,
    sceneFailed: () => setState('failed'),
    act,
  };
}

import type { Engine } from '../../../../engine';
import { LabStopped, type LabPick, type LabStage } from '../../../../games/shared/lab/adapter';

/** A play's stage while it lasts; `stop` ends its frames and its waits (a newer play began). */
export interface RunningStage {
  stage: LabStage;
  stop(): void;
}

interface Wait {
  done: () => boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The stage of one play in the shown scene: its simulation, its params, a clock of the engine's
 * fixed steps (so the lab's speed, pause and single steps drive it), and waits checked every frame.
 */
export function startStage(
  engine: Engine,
  pick: LabPick,
  t: (key: string) => string,
): RunningStage {
  const sim = engine.scenes.simulation;
  if (!sim) throw new Error('The lab plays in a shown scene');
  const loop = engine.scenes.loop;
  let steps = 0;
  let lastSteps = loop.steps;
  const frames = new Set<() => void>();
  const waits = new Set<Wait>();
  let stopped = false;
  let frame = 0;

  const count = () => {
    const now = loop.steps;
    // The loop's count starts again when a scene shows: only whole steps forward count.
    if (now > lastSteps) steps += now - lastSteps;
    lastSteps = now;
  };
  const tick = () => {
    count();
    for (const each of frames) each();
    for (const wait of [...waits]) {
      if (!wait.done()) continue;
      waits.delete(wait);
      wait.resolve();
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);

  const stage: LabStage = {
    pick,
    sim,
    values: () => engine.scenes.params()?.values ?? {},
    clockMs: () => {
      count();
      return steps * loop.stepMs;
    },
    until: (done) =>
      stopped
        ? Promise.reject(new LabStopped())
        : new Promise<void>((resolve, reject) => {
            if (done()) resolve();
            else waits.add({ done, resolve, reject });
          }),
    everyFrame: (each) => void frames.add(each),
    t,
  };
  return {
    stage,
    stop() {
      stopped = true;
      cancelAnimationFrame(frame);
      frames.clear();
      for (const wait of waits) wait.reject(new LabStopped());
      waits.clear();
    },
  };
}

import type { Simulation } from '../core/scene';
import { defaultValues, coerceParam, type ParamsSpec, type ParamValues } from '../params/params';

/** The part of a scene the headless runner needs: its simulation factory and params (no view). */
export interface HeadlessScene<Data, Sim extends Simulation, P extends ParamsSpec> {
  params?: P;
  simulation(data: Data, values: ParamValues<P>): Sim;
}

export interface HeadlessOptions<Data, Sim> {
  data: Data;
  /** Simulated time to run. */
  seconds: number;
  /** Fixed step in seconds (default 1/60, the engine's step). */
  dt?: number;
  /** Param overrides (clamped to their ranges), e.g. tuned values under test. */
  values?: Record<string, number>;
  /** Called once before the first step (drop a ball, start a spin: what the view would ask). */
  start?: (sim: Sim) => void;
  /** Called after every step; return true to stop early. */
  onStep?: (sim: Sim, step: number) => boolean | void;
}

export interface HeadlessRun<Sim> {
  sim: Sim;
  steps: number;
  simulatedMs: number;
  /** Real time the run took: far less than simulatedMs, as nothing waits for frames. */
  wallMs: number;
}

/**
 * Runs a scene's simulation (logic and physics, no renderer, no DOM) at fixed dt as fast as the
 * CPU allows. The same code the browser steps in its 60 Hz loop. It runs in plain Node: this
 * file, like the rest of engine/headless/, loads no pixi.js.
 */
export function runHeadless<Data, Sim extends Simulation, P extends ParamsSpec>(
  scene: HeadlessScene<Data, Sim, P>,
  options: HeadlessOptions<Data, Sim>,
): HeadlessRun<Sim> {
  const dt = options.dt ?? 1 / 60;
  const values = (scene.params ? defaultValues(scene.params) : {}) as Record<string, number>;
  for (const [key, value] of Object.entries(options.values ?? {})) {
    const param = scene.params?.[key];
    if (!param) throw new Error(`unknown param '${key}'`);
    values[key] = coerceParam(param, value);
  }
  const started = performance.now();
  const sim = scene.simulation(options.data, values as ParamValues<P>);
  options.start?.(sim);
  const total = Math.round(options.seconds / dt);
  let steps = 0;
  while (steps < total) {
    sim.update(dt);
    steps += 1;
    if (options.onStep?.(sim, steps) === true) break;
  }
  const wallMs = performance.now() - started;
  return { sim, steps, simulatedMs: steps * dt * 1000, wallMs };
}

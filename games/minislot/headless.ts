// Mini slot headless (games/shared/headless/adapter.ts): the three reels spin and brake one by one onto
// the server's stops; the stops and the payline are read from where the reels came to rest.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { minislotParams } from './params';
import { symbolAt } from './rules';
import { MinislotSimulation } from './simulation';

const scene = {
  params: minislotParams,
  simulation: (data: unknown, values: Record<keyof typeof minislotParams, number>) =>
    new MinislotSimulation(data, values),
};

export const headless = defineHeadlessGame({
  params: minislotParams,
  expected: ({ outcome }) => ({ stops: outcome.stops, line: outcome.line }),
  play(round, values) {
    const { sim, steps } = runHeadless(scene, {
      data: undefined,
      seconds: 30,
      values,
      start: (sim) => sim.spin(round.outcome.stops as number[], false),
      onStep: (sim) => !sim.spinning,
    });
    const stops = sim.spinning ? null : sim.stops;
    sim.dispose();
    return { shown: { stops, line: stops?.map(symbolAt) ?? null }, steps };
  },
});

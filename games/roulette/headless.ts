// Roulette headless (games/shared/headless/adapter.ts): the wheel turns and slows, the ball runs the
// other way and drops; the pocket is read from where the ball came to rest on the wheel.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { rouletteParams } from './params';
import { RouletteSimulation } from './simulation';

const scene = {
  params: rouletteParams,
  simulation: (data: unknown, values: Record<keyof typeof rouletteParams, number>) =>
    new RouletteSimulation(data, values),
};

export const headless = defineHeadlessGame({
  params: rouletteParams,
  play(round, values) {
    const { sim, steps } = runHeadless(scene, {
      data: undefined,
      seconds: values.spinSeconds + 1,
      values,
      start: (sim) => sim.spin(Number(round.outcome.pocket)),
      onStep: (sim) => !sim.spinning,
    });
    sim.dispose();
    return { shown: { pocket: sim.settledPocket }, steps };
  },
});

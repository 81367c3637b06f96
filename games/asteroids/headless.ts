// Asteroids headless (games/shared/headless/adapter.ts): the round's nine rocks drift and bounce on
// matter-js while a scripted pilot shoots them; the gems are read from what the rocks revealed.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { asteroidsParams } from './params';
import { tripleOf } from './rules';
import { autopilot } from './autopilot';
import { AsteroidsSimulation, type AsteroidsRoundData } from './simulation';

const scene = {
  params: asteroidsParams,
  simulation: (data: AsteroidsRoundData, values: Record<keyof typeof asteroidsParams, number>) =>
    new AsteroidsSimulation(data, values),
};

export const headless = defineHeadlessGame({
  params: asteroidsParams,
  play(round, values) {
    const { sim, steps } = runHeadless(scene, {
      data: { gems: round.outcome.gems as number[], seed: round.seed },
      // The round's clock ends it at the latest (every rock left breaks then).
      seconds: values.roundSeconds + 1,
      values,
      onStep: (sim) => {
        sim.events = [];
        if (sim.over) return true;
        autopilot(sim);
      },
    });
    const gems = [...sim.revealed];
    sim.dispose();
    return { shown: { tier: tripleOf(gems), gems }, steps };
  },
});

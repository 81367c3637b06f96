// Plinko headless (games/shared/headless/adapter.ts): the round's ball falls through the matter-js board,
// steered along the server's path, and the bucket is read from where the physics put it.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { bucketUnder } from './board';
import { plinkoParams } from './params';
import type { PlinkoBet } from './rules';
import { PlinkoSimulation, type PlinkoData, type PlinkoLanding } from './simulation';

/** The scene's simulation in this thread, for headless runs (the page may run it in a worker). */
export const headlessScene = {
  params: plinkoParams,
  simulation: (data: PlinkoData, values: Record<keyof typeof plinkoParams, number>) =>
    new PlinkoSimulation(data, values),
};

/** A ball lands within a few seconds; one still in flight after 30 s is a miss. */
const SECONDS = 30;

export const headless = defineHeadlessGame({
  params: plinkoParams,
  expected: (round) => ({ bucket: round.outcome.bucket }),
  play(round, values) {
    const bet = round.bet as PlinkoBet;
    let landing: PlinkoLanding | null = null;
    const { sim, steps } = runHeadless(headlessScene, {
      data: { rows: bet.rows, risk: bet.risk, seed: round.seed },
      seconds: SECONDS,
      values,
      start: (sim) => {
        sim.onLanding((landed) => (landing = landed));
        sim.drop({ path: String(round.outcome.path) });
      },
      onStep: () => landing !== null,
    });
    sim.dispose();
    const landed = landing as PlinkoLanding | null;
    // The landing reports the server's bucket whatever happened: the bucket under the ball's
    // centre as it crossed the landing line is what the physics did.
    const bucket =
      landed && !landed.forced ? bucketUnder(landed.x, bet.rows, values.pegSpacing) : null;
    return { shown: { bucket }, steps };
  },
});

// Miner Frenzy headless (games/shared/headless/adapter.ts): the cart runs down the shaft on a simulated
// clock from the round's start, m(t) read from the simulation every step; the round ends at the
// first step whose m(t) reaches the auto cash-out target (when it is at or below the crash
// point) or the crash point, as the server would end it, and the crash's dust settles. The end
// is read from the simulation's readout.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { minerFrenzyParams } from './params';
import { MinerFrenzySimulation } from './simulation';

const scene = {
  params: minerFrenzyParams,
  simulation: (data: unknown, values: Record<keyof typeof minerFrenzyParams, number>) =>
    new MinerFrenzySimulation(data, values),
};

const STEP_MS = 1000 / 60;
/** The crash's dust runs this long (the view draws it for 2 s). */
const DUST_SECONDS = 2;

export const headless = defineHeadlessGame({
  params: minerFrenzyParams,
  expected: ({ results }) => {
    const end = results.at(-1)!;
    return {
      status: end.status,
      multiplier: end.status === 'cashed_out' ? end.multiplier : end.crash_point,
    };
  },
  play(round, values) {
    const end = round.results.at(-1)!;
    const crash = Number(end.crash_point);
    const auto = typeof end.auto_cashout === 'number' ? end.auto_cashout : null;
    // m(t) grows by e^(0.00006 t): about 230 s from 1x to the 1,000,000x cap.
    const seconds = Math.log(Math.max(crash, 1)) / 0.00006 / 1000 + DUST_SECONDS + 1;
    const { sim, steps } = runHeadless(scene, {
      data: undefined,
      seconds,
      values,
      start: (sim) => {
        sim.round = { startedAt: 0, offsetMs: 0, autoCashout: auto };
      },
      onStep: (sim, step) => {
        if (sim.ended) return !sim.ended.crashed || sim.sinceCrash >= DUST_SECONDS;
        const now = step * STEP_MS;
        const m = sim.multiplier(now);
        if (auto !== null && auto <= crash && m >= auto) {
          // An auto cash-out pays its target exactly.
          sim.cashedOutAt = auto;
          sim.ended = { multiplier: auto, crashed: false, at: now };
        } else if (m >= crash) {
          sim.ended = { multiplier: crash, crashed: true, at: now };
          sim.sinceCrash = 0;
        }
        return false;
      },
    });
    const status = !sim.ended ? 'running' : sim.ended.crashed ? 'crashed' : 'cashed_out';
    return { shown: { status, multiplier: sim.multiplier() }, steps };
  },
});

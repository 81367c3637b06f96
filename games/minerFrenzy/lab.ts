// Miner Frenzy in the scene lab (games/shared/lab/adapter.ts): pick the crash point and an auto
// cash-out; the rules end the round as the server would, and the cart runs on the lab's clock
// (the engine's steps, so speed, pause and single steps apply) until it cashes out or crashes.
// The end is read from the simulation's readout, as the headless run reads it.
import { liveEnding, liveRound, endedResult, endingMultiplierE4 } from '../fairness/live';
import { MULTIPLIER_SCALE } from '../fairness/money';
import { defineLabGame } from '../shared/lab/adapter';
import { minerFrenzyChannel } from './channel';
import { MINER_FRENZY, rules } from './rules';
import type { MinerFrenzySimulation } from './simulation';

/** The crash's dust runs this long (the view draws it for 2 s). */
const DUST_MS = 2000;
/** The highest crash point the lab offers (the rules go to 1,000,000x: about 4 minutes). */
const MAX_CRASH = 1000;

export const lab = defineLabGame({
  initial: { crash: 2.5, cashout: 0 },
  controls: () => [
    { kind: 'number', name: 'crash', label: 'dev.lab.crash', min: 1, max: MAX_CRASH, step: 0.01 },
    {
      kind: 'number',
      name: 'cashout',
      label: 'dev.lab.auto_cashout',
      min: 0,
      max: MAX_CRASH,
      step: 0.01,
    },
  ],
  round: (pick) => {
    const crash = Math.round(Number(pick.crash) * 100);
    // floor(99 / f0) in hundredths is the crash point: the middle of the floats that give it.
    const f0 = 99 / (crash + 0.5);
    const target = Math.round(Number(pick.cashout) * 100);
    const autoE4 =
      target >= MINER_FRENZY.minAutoHundredths ? target * (MULTIPLIER_SCALE / 100) : null;
    const state = liveRound(rules, [f0], autoE4, 0);
    const ending = liveEnding(rules, state, null);
    return {
      params: { auto_cashout: autoE4 === null ? null : autoE4 / MULTIPLIER_SCALE },
      result: endedResult(state, ending),
      multiplier: endingMultiplierE4(ending) / MULTIPLIER_SCALE,
    };
  },
  async play({ result }, stage) {
    const scene = await minerFrenzyChannel.whenShown();
    const sim = stage.sim as MinerFrenzySimulation;
    const auto = typeof result.auto_cashout === 'number' ? result.auto_cashout : null;
    const round = { startedAt: 0, offsetMs: stage.clockMs() - Date.now(), autoCashout: auto };
    scene.run(round);
    // m(t) follows the lab's clock, not the wall clock: slow motion slows the cart.
    stage.everyFrame(() => {
      if (sim.round) sim.round.offsetMs = stage.clockMs() - Date.now();
    });
    if (result.status === 'running') return;
    const crash = Number(result.crash_point);
    const endMs = Number(result.ended_at) - Number(result.started_at);
    await stage.until(() => stage.clockMs() >= endMs);
    if (result.status === 'cashed_out') {
      scene.cashedOut(Number(result.multiplier), crash);
      return;
    }
    scene.crashed(crash);
    const crashedAt = stage.clockMs();
    await stage.until(() => stage.clockMs() - crashedAt >= DUST_MS);
  },
  shown: ({ sim }) => {
    const round = sim as MinerFrenzySimulation;
    if (!round.ended) return null;
    return {
      status: round.ended.crashed ? 'crashed' : 'cashed_out',
      multiplier: round.multiplier(),
    };
  },
  expected: ({ result }) => ({
    status: result.status,
    multiplier: result.status === 'cashed_out' ? result.multiplier : result.crash_point,
  }),
});

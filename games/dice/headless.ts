// Dice headless (games/shared/headless/adapter.ts): the marker's roll animation runs from where it rests
// to the server's roll; the roll is read from where the marker came to rest.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { diceParams } from './params';
import type { DiceBet } from './rules';
import { DiceSimulation, type DiceData } from './simulation';

const scene = {
  params: diceParams,
  simulation: (data: DiceData, values: Record<keyof typeof diceParams, number>) =>
    new DiceSimulation(data, values),
};

export const headless = defineHeadlessGame({
  params: diceParams,
  play(round, values) {
    const bet = round.bet as DiceBet;
    const result = round.results.at(-1)!;
    const { sim, steps } = runHeadless(scene, {
      data: { target: bet.target, condition: bet.condition },
      seconds: values.rollSeconds + 1,
      values,
      start: (sim) => sim.startRoll(Number(result.roll), result.win === true),
      onStep: (sim) => !sim.rolling,
    });
    sim.dispose();
    return { shown: { roll: sim.settled ? sim.value : null }, steps };
  },
});

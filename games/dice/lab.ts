// Dice in the scene lab (games/shared/lab/adapter.ts): pick the roll, the target and the
// condition; the rules settle the bet and the marker rolls to the roll as after a real bet.
import { defineLabGame, floatPicking, playInstant } from '../shared/lab/adapter';
import { diceChannel } from './channel';
import { DICE, DICE_CONDITIONS, rules, type DiceCondition } from './rules';
import type { DiceSimulation } from './simulation';

export const lab = defineLabGame({
  initial: { roll: 25, target: 50.5, condition: 'under' },
  controls: () => [
    { kind: 'number', name: 'roll', label: 'dev.lab.roll', min: 0, max: 100, step: 0.01 },
    {
      kind: 'number',
      name: 'target',
      label: 'games.dice.target',
      min: 0.01,
      max: 99.99,
      step: 0.01,
    },
    {
      kind: 'choice',
      name: 'condition',
      label: 'dev.lab.condition',
      choices: DICE_CONDITIONS.map((value) => ({
        value,
        key: value === 'under' ? 'games.dice.roll_under' : 'games.dice.roll_over',
      })),
    },
  ],
  round: (pick) => {
    const hundredths = Math.round(Number(pick.roll) * 100);
    // A target the rules refuse (a chance over 98%) is pulled into range.
    const condition = pick.condition as DiceCondition;
    const lowest = condition === 'under' ? 0.01 : 2;
    const highest = condition === 'under' ? 98 : 99.99;
    const target = Math.min(highest, Math.max(lowest, Math.round(Number(pick.target) * 100) / 100));
    return playInstant(rules, { target, condition }, [floatPicking(hundredths, DICE.outcomes)]);
  },
  async play(round) {
    const scene = await diceChannel.whenShown();
    scene.configure({
      target: Number(round.params.target),
      condition: round.params.condition as DiceCondition,
    });
    await scene.roll(Number(round.result.roll), round.result.win === true);
  },
  shown: ({ sim }) => {
    const dice = sim as DiceSimulation;
    return dice.rolling || !dice.settled ? null : { roll: Math.round(dice.value * 100) / 100 };
  },
  expected: (round) => ({ roll: Number(round.result.roll) }),
});

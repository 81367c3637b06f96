import { defineParams } from '../../engine/headless/index';

/** Roulette wheel tuning (debug overlay; `npm run params:apply -- roulette <file>`). */
export const rouletteParams = defineParams({
  spinSeconds: { value: 4, min: 0.5, max: 10, step: 0.1, label: 'spin duration (s)' },
  wheelTurns: { value: 1.5, min: 0, max: 6, step: 0.25, label: 'wheel turns per spin' },
  ballTurns: { value: 4, min: 1, max: 10, step: 0.5, label: 'ball turns (against the wheel)' },
  dropAt: { value: 0.7, min: 0.3, max: 0.95, step: 0.05, label: 'ball drops into the pockets at' },
});

import { defineParams } from '../../engine/headless/index';

/** Dice scene tuning (debug overlay; `npm run params:apply -- dice <file>`). */
export const diceParams = defineParams({
  rollSeconds: { value: 0.9, min: 0.1, max: 3, step: 0.05, label: 'roll animation (s)' },
  overshoot: { value: 1.2, min: 0, max: 3, step: 0.1, label: 'ease overshoot' },
  tickEverySteps: { value: 4, min: 1, max: 20, step: 1, label: 'tick sound every n steps' },
  markerScale: { value: 1, min: 0.5, max: 2, step: 0.05, label: 'roll marker scale' },
});

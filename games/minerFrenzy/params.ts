import { defineParams } from '../../engine/headless/index';

/** Miner Frenzy scene tuning (debug overlay; `npm run params:apply -- minerFrenzy <file>`). */
export const minerFrenzyParams = defineParams({
  baseSpeed: { value: 180, min: 20, max: 800, step: 10, label: 'shaft speed at 1x (px/s)' },
  speedGrowth: { value: 0.6, min: 0, max: 3, step: 0.05, label: 'speed growth per ln(m)' },
  dust: { value: 40, min: 0, max: 200, step: 5, label: 'crash dust particles' },
});

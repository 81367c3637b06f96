import { defineParams } from '../../engine/headless/index';

/** Asteroids scene tuning (debug overlay; `npm run params:apply -- asteroids <file>`). */
export const asteroidsParams = defineParams({
  roundSeconds: { value: 60, min: 5, max: 120, step: 1, label: 'round length (s)' },
  drift: { value: 60, min: 10, max: 200, step: 5, label: 'rock drift (units/s)' },
  shake: { value: 8, min: 0, max: 20, step: 1, label: 'screen shake (px)' },
  particles: { value: 14, min: 0, max: 40, step: 1, label: 'particles per blast' },
});

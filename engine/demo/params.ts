import { defineParams } from '../params/params';

/** Tunables of the engine demo (sprites bouncing in the design area). */
export const demoParams = defineParams({
  count: { value: 2000, min: 1, max: 20000, step: 1, label: 'sprites' },
  speed: { value: 120, min: 0, max: 1000, step: 10, label: 'speed (px/s)' },
});

/** Tunables of the physics demo (balls falling through pegs). */
export const physicsDemoParams = defineParams({
  balls: { value: 40, min: 1, max: 200, step: 1 },
  gravity: { value: 1, min: 0, max: 3, step: 0.05 },
  restitution: { value: 0.5, min: 0, max: 1, step: 0.05 },
});

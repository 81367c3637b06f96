import { defineParams } from '../../engine/headless/index';

/** Mini slot scene tuning (debug overlay; `npm run params:apply -- minislot <file>`). */
export const minislotParams = defineParams({
  speed: { value: 22, min: 10, max: 40, step: 1, label: 'reel speed (stops/s)' },
  spinSeconds: {
    value: 0.9,
    min: 0.3,
    max: 3,
    step: 0.05,
    label: 'spin before the first stop (s)',
  },
  staggerSeconds: { value: 0.35, min: 0.05, max: 1, step: 0.05, label: 'between reel stops (s)' },
  turboFactor: { value: 0.35, min: 0.1, max: 1, step: 0.05, label: 'turbo: share of the times' },
  stopStops: { value: 3, min: 1, max: 8, step: 1, label: 'stops run while braking' },
  overshoot: { value: 1.7, min: 0, max: 3, step: 0.1, label: 'bounce (ease-out-back c1)' },
  teaseSeconds: {
    value: 0.8,
    min: 0,
    max: 3,
    step: 0.05,
    label: 'tease: third reel spins on (s, 0 = off)',
  },
  teaseSpeed: { value: 0.45, min: 0.1, max: 1, step: 0.05, label: 'tease: share of reel speed' },
  teasePays: {
    value: 40,
    min: 15,
    max: 1000,
    step: 5,
    label: 'tease: two alike whose three pay at least (x)',
  },
  blur: { value: 0.55, min: 0, max: 1, step: 0.05, label: 'motion blur strength' },
});

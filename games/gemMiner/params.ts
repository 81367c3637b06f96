import { defineParams } from '../../engine/headless/index';
import { REVEAL_STAGGER } from '../shared/scene/boardParams';

/** Gem Miner scene tuning (debug overlay; `npm run params:apply -- gemMiner <file>`). */
export const gemMinerParams = defineParams({
  swingSeconds: { value: 0.28, min: 0.05, max: 1, step: 0.01, label: 'pickaxe swing (s)' },
  revealSeconds: { value: 0.55, min: 0.1, max: 2, step: 0.05, label: 'gem rise / rock crack (s)' },
  revealAllStagger: { ...REVEAL_STAGGER, value: 0.04, label: 'shaft reveal stagger (s)' },
  minerSpeed: { value: 9, min: 2, max: 30, step: 0.5, label: 'miner walk (tiles/s)' },
  particles: { value: 18, min: 0, max: 60, step: 1, label: 'dust and sparks per dig' },
});

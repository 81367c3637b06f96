import { defineParams } from '../../engine/headless/index';
import { REVEAL_STAGGER } from '../shared/scene/boardParams';

/** Mines scene tuning (debug overlay; `npm run params:apply -- mines <file>`). */
export const minesParams = defineParams({
  flipSeconds: { value: 0.25, min: 0.05, max: 1.5, step: 0.05, label: 'tile flip (s)' },
  revealAllStagger: { ...REVEAL_STAGGER, value: 0.03, label: 'board reveal stagger (s)' },
  tileGap: { value: 12, min: 0, max: 40, step: 1, label: 'gap between tiles' },
  hoverLift: { value: 1.05, min: 1, max: 1.3, step: 0.01, label: 'hover scale' },
});

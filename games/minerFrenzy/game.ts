import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'minerFrenzy',
  kind: 'live',
  status: 'live',
  tile: ['#f7931e', '#5a2a00'],
  order: 2,
  paths: {
    kind: 'live',
    rounds: '/api/games/minerFrenzy/rounds',
    active: '/api/games/minerFrenzy/active',
  },
  rules,
  scene: async () => (await import('./scene')).minerFrenzyScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

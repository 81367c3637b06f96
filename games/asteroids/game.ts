import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'asteroids',
  kind: 'instant',
  status: 'new',
  tile: ['#5b6cff', '#151a4d'],
  order: 7,
  paths: { kind: 'instant', bet: '/api/games/asteroids/rounds' },
  rules,
  scene: async () => (await import('./scene')).asteroidsScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

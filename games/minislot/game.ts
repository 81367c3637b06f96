import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'minislot',
  kind: 'instant',
  status: 'new',
  tile: ['#00a99d', '#003d39'],
  order: 4,
  paths: { kind: 'instant', bet: '/api/games/minislot/spins' },
  rules,
  scene: async () => (await import('./scene')).minislotScene,
  panel: () => import('./panel'),
  bundles: async () => [(await import('./bundle')).minislotBundle, ...(await tableSounds())],
} satisfies PlayableGame;

export default game;

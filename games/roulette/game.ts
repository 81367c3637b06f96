import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'roulette',
  kind: 'instant',
  status: 'open',
  tile: ['#d4145a', '#4a0520'],
  order: 3,
  paths: { kind: 'instant', bet: '/api/games/roulette/spins' },
  rules,
  scene: async () => (await import('./scene')).rouletteScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

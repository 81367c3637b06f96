import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'plinko',
  kind: 'instant',
  status: 'open',
  tile: ['#ff4eb8', '#4d0a36'],
  order: 5,
  paths: { kind: 'instant', bet: '/api/games/plinko/bets' },
  rules,
  scene: async () => (await import('./scene')).plinkoScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

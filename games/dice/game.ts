import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'dice',
  kind: 'instant',
  status: 'open',
  tile: ['#1475e1', '#0a2d55'],
  order: 6,
  paths: { kind: 'instant', bet: '/api/games/dice/bets' },
  rules,
  scene: async () => (await import('./scene')).diceScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

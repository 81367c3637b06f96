import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'gemMiner',
  kind: 'stepped',
  status: 'new',
  tile: ['#7b2ff7', '#2b1055'],
  order: 1,
  paths: {
    kind: 'stepped',
    games: '/api/games/gemMiner/games',
    step: 'dig',
    active: '/api/games/gemMiner/active',
  },
  rules,
  scene: async () => (await import('./scene')).gemMinerScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

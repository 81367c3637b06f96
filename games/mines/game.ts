import { tableSounds, type PlayableGame } from '../shared/definition';
import { rules } from './rules';

const game = {
  id: 'mines',
  kind: 'stepped',
  status: 'open',
  tile: ['#1fbf3a', '#0b4015'],
  order: 8,
  paths: {
    kind: 'stepped',
    games: '/api/games/mines/games',
    step: 'reveal',
    active: '/api/games/mines/active',
  },
  rules,
  scene: async () => (await import('./scene')).minesScene,
  panel: () => import('./panel'),
  bundles: tableSounds,
} satisfies PlayableGame;

export default game;

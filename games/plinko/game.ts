import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'plinko',
  kind: 'instant',
  lobby: { status: 'open', order: 5, tile: ['#ff4eb8', '#4d0a36'] },
  bundles: async () => [(await import('./bundle')).plinkoArtBundle],
});

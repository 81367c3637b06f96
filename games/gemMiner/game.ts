import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'gemMiner',
  kind: 'stepped',
  lobby: { status: 'new', order: 1, tile: ['#7b2ff7', '#2b1055'] },
  paths: { step: 'dig' },
  bundles: async () => [(await import('./bundle')).gemMinerArtBundle],
});

import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'roulette',
  kind: 'instant',
  lobby: { status: 'open', order: 3, tile: ['#d4145a', '#4a0520'] },
  paths: { bet: 'spins' },
  bundles: async () => [(await import('./bundle')).rouletteArtBundle],
});

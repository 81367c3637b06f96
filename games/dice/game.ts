import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'dice',
  kind: 'instant',
  lobby: { status: 'open', order: 6, tile: ['#1475e1', '#0a2d55'] },
  bundles: async () => [(await import('./bundle')).diceArtBundle],
});

import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'minerFrenzy',
  kind: 'live',
  lobby: { status: 'live', order: 2, tile: ['#f7931e', '#5a2a00'] },
  bundles: async () => [(await import('./bundle')).minerFrenzyArtBundle],
});

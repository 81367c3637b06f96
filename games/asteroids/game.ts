import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'asteroids',
  kind: 'instant',
  lobby: { status: 'new', order: 7, tile: ['#5b6cff', '#151a4d'] },
  paths: { bet: 'rounds' },
  bundles: async () => [(await import('./bundle')).asteroidsArtBundle],
});

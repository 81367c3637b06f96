import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'minislot',
  kind: 'instant',
  lobby: { status: 'new', order: 4, tile: ['#00a99d', '#003d39'] },
  paths: { bet: 'spins' },
  bundles: async () => [(await import('./bundle')).minislotArtBundle],
  sounds: async () => [(await import('./bundle')).minislotSoundsBundle],
});

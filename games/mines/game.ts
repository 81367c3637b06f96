import { defineGame } from '../shared/registry/definition';

export default defineGame({
  id: 'mines',
  kind: 'stepped',
  lobby: { status: 'open', order: 8, tile: ['#1fbf3a', '#0b4015'] },
  paths: { step: 'reveal' },
  bundles: async () => [(await import('./bundle')).minesArtBundle],
});

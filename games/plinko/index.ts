import { getEngine } from '../../engine/index';
import type { GameManifest } from '../shared/manifest';
import { registerGameSounds } from '../shared/sounds';

export const plinkoGame: GameManifest = {
  id: 'plinko',
  route: '/plinko',
  titleKey: 'games.plinko',
  registerScene() {
    const engine = getEngine();
    engine.register('plinko', async () => {
      registerGameSounds(engine);
      return (await import('./scene')).plinkoScene;
    });
  },
  loadPanel: () => import('./panel'),
};

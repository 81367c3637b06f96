import { getEngine } from '../../engine/index';
import type { GameManifest } from '../shared/manifest';
import { registerGameSounds } from '../shared/sounds';

export const minesGame: GameManifest = {
  id: 'mines',
  route: '/mines',
  titleKey: 'games.mines',
  registerScene() {
    const engine = getEngine();
    engine.register('mines', async () => {
      registerGameSounds(engine);
      return (await import('./scene')).minesScene;
    });
  },
  loadPanel: () => import('./panel'),
};

import { getEngine } from '../../engine/index';
import type { GameManifest } from '../shared/manifest';
import { registerGameSounds } from '../shared/sounds';

export const diceGame: GameManifest = {
  id: 'dice',
  route: '/dice',
  titleKey: 'games.dice',
  registerScene() {
    const engine = getEngine();
    engine.register('dice', async () => {
      registerGameSounds(engine);
      return (await import('./scene')).diceScene;
    });
  },
  loadPanel: () => import('./panel'),
};

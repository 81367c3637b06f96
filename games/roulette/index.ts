import { getEngine } from '../../engine/index';
import type { GameManifest } from '../shared/manifest';
import { registerGameSounds } from '../shared/sounds';

export const rouletteGame: GameManifest = {
  id: 'roulette',
  route: '/roulette',
  titleKey: 'games.roulette',
  registerScene() {
    const engine = getEngine();
    engine.register('roulette', async () => {
      registerGameSounds(engine);
      return (await import('./scene')).rouletteScene;
    });
  },
  loadPanel: () => import('./panel'),
};

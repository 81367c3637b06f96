import { getEngine } from '../../engine/index';
import type { PlayableGame } from './definition';

/**
 * Registers a game's scene with the app's engine (idempotent: the engine keeps the first
 * registration). The scene's code and its bundles load on its first show.
 */
export function registerGameScene(game: PlayableGame): void {
  const engine = getEngine();
  engine.register(game.id, async () => {
    const [scene, bundles] = await Promise.all([game.scene(), game.bundles()]);
    for (const bundle of bundles) {
      if (!engine.assets.manifest.has(bundle.name)) engine.assets.add(bundle);
    }
    return scene;
  });
}

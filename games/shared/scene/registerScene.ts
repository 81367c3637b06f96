import { getEngine, type AssetBundle, type Engine } from '../../../engine/index';
import type { PlayableGame } from '../registry/definition';
import { onSceneCalls } from './SceneChannel';

/**
 * Registers a game's scene with the app's engine (idempotent: the engine keeps the first
 * registration). The scene's code, the game's bundles and its sounds load on its first show; the
 * scene is registered under the game's id and waits for all of them before it is created.
 */
export function registerGameScene(game: PlayableGame): void {
  const engine = getEngine();
  onSceneCalls(() => engine.wake());
  engine.register(game.id, async () => {
    const [scene, bundles, sounds] = await Promise.all([
      game.scene(),
      game.bundles(),
      game.sounds(),
    ]);
    const assets = [...bundles, ...sounds];
    addBundles(engine, assets);
    const names = new Set([...(scene.bundles ?? []), ...assets.map((bundle) => bundle.name)]);
    return { ...scene, id: game.id, bundles: [...names] };
  });
}

/**
 * Starts loading a game's art (its bundles, not its sounds) without waiting for it: asked when the
 * player shows intent in the lobby, so that a tap finds the pictures loaded and decoded.
 */
export async function prefetchGameArt(game: PlayableGame): Promise<void> {
  const engine = getEngine();
  const bundles = await game.bundles();
  addBundles(engine, bundles);
  engine.assets.background(bundles.map((bundle) => bundle.name));
}

function addBundles(engine: Engine, bundles: readonly AssetBundle[]): void {
  for (const bundle of bundles) {
    if (!engine.assets.manifest.has(bundle.name)) engine.assets.add(bundle);
  }
}

// The engine's public API: the only module src/ and games/ may import (eslint layer rule), with
// its renderer-free part engine/headless/index.ts (what a simulation and a params.ts import).
import type { SceneContext } from './core/Engine';
import { Engine } from './core/Engine';
import type { SceneModule, Simulation } from './core/scene';
import type { ParamsSpec } from './params/params';

export { Engine } from './core/Engine';
export type { SceneContext, EngineOptions } from './core/Engine';
export { chooseRenderer, isSoftwareRendererName } from './core/rendererChoice';
export type { RendererChoice, RendererKind } from './core/rendererChoice';
export type { EngineStats, Percentiles } from './core/FrameStats';
export { AdaptiveResolution, ADAPTIVE_RESOLUTION } from './core/AdaptiveResolution';
export { FixedLoop } from './core/FixedLoop';
export type { FixedLoopOptions, FrameAdvance } from './core/FixedLoop';
export { SceneManager } from './core/SceneManager';
export type {
  SceneHost,
  SceneLayoutState,
  SceneManagerEvents,
  SceneState,
} from './core/SceneManager';
export type { ActionPhase, KeyAction, LayoutReport, SceneModule, SceneView } from './core/scene';
export { fitDesign, fitInto, layoutSpace, renderResolution } from './core/fit';
export type { Fit, LayoutSpace, Rect, Size } from './core/fit';
// The renderer-free part (simulations, params, physics, the headless runner): a simulation, a
// params.ts and a headless run import it from engine/headless/index.ts, which loads no pixi.js.
export * from './headless/index';
export { SoundManager } from './sound/SoundManager';
export { Motion } from './core/motion';
export { NUMBER_GLYPHS, prepareGlyphs } from './core/glyphs';
export { SpriteText, spriteTextWidth } from './core/spriteText';
export type { SpriteTextOptions } from './core/spriteText';
export type { MotionEffect } from './core/motion';
export type { SoundChannel, SoundSettings, SoundSpriteDefinition } from './sound/SoundManager';
export type { AssetBundle, AssetEntry } from './assets/manifest';
export { focusOwnsKey } from './input/KeyboardInput';

/** A game scene as the engine hosts it (views get a SceneContext with a Pixi root). */
export type GameScene<
  Data = unknown,
  Sim extends Simulation = Simulation,
  P extends ParamsSpec = ParamsSpec,
> = SceneModule<Data, Sim, SceneContext, P>;

let engine: Engine | null = null;

/**
 * The app's one engine. Creating it costs nothing; the Pixi Application (and its WebGL context)
 * is created on the first attach() or show() and lives as long as the page.
 */
export function getEngine(): Engine {
  if (!engine) {
    engine = new Engine();
    registerDemoScenes(engine);
  }
  return engine;
}

/** The engine's own demo scenes (for its tests, the /dev/engine page and the benchmark). */
function registerDemoScenes(target: Engine): void {
  const addDemoBundle = async () => {
    const { demoBundle } = await import('./demo/bundle');
    if (!target.assets.manifest.has(demoBundle.name)) target.assets.add(demoBundle);
  };
  target.register('demo', async () => {
    const [{ demoScene }] = await Promise.all([import('./demo/DemoScene'), addDemoBundle()]);
    return demoScene;
  });
  target.register('physics', async () => {
    const [{ physicsDemoScene }] = await Promise.all([
      import('./demo/PhysicsDemoScene'),
      addDemoBundle(),
    ]);
    return physicsDemoScene;
  });
}

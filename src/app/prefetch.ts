// Loading ahead: the code of what the player will most likely open next is fetched while they
// look at the current page, so the tap that opens it waits for nothing (or for less).
import { startRendererProbe } from '../../engine/preflight';
import { playableGame } from '../../games/shared/registry/catalog';
import { resolvePath, type RouteDef } from './routes';

type Idle = (callback: () => void, options?: { timeout: number }) => number;

/** Runs `task` when the browser is idle (Safari before 18 has no requestIdleCallback). */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  const requestIdle = (window as { requestIdleCallback?: Idle }).requestIdleCallback;
  if (requestIdle) {
    const id = requestIdle(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/** Runs `task` once the browser has painted the current frame; answers a cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

type SceneSlotModule = typeof import('../components/game/GameSceneSlot');
let sceneSlot: Promise<SceneSlotModule> | null = null;
let sceneSlotLoaded: SceneSlotModule | null = null;

/** The game scene's slot and what it runs (the engine, Pixi), fetched once. */
export function loadSceneSlot(): Promise<SceneSlotModule> {
  sceneSlot ??= import('../components/game/GameSceneSlot').then(
    (module) => (sceneSlotLoaded = module),
    (error: unknown) => {
      sceneSlot = null;
      throw error;
    },
  );
  return sceneSlot;
}

/** The scene slot's component once loadSceneSlot() has fetched it, else null. */
export function loadedSceneSlot(): SceneSlotModule['default'] | null {
  return sceneSlotLoaded?.default ?? null;
}

const started = new Set<string>();

/** Fetches a route's screen chunk once. */
function loadScreenOnce(def: RouteDef): void {
  const key = `screen:${def.name}`;
  if (started.has(key)) return;
  started.add(key);
  // A failed prefetch changes nothing: the navigation loads it again and reports the failure.
  def.load().catch(() => started.delete(key));
}

/** Fetches the screen chunk of a path (the game page's for a game route) once. */
export function prefetchScreen(path: string): void {
  const resolved = resolvePath(path);
  if (resolved.kind === 'route') loadScreenOnce(resolved.def);
}

/**
 * The first screen's code, and the rest of the messages unless it shows only their first part
 * (`loadMessages`), asked for while the app boots: beside the first part of the messages, which
 * the app waits for before its first render, instead of after it (a round trip less before a
 * game page's first paint on a phone's network). The navigation then finds them loading.
 */
export function prefetchFirstScreen(def: RouteDef, loadMessages: () => Promise<void>): void {
  loadScreenOnce(def);
  // A failure shows when the navigation asks again.
  if (!def.firstPartOnly) loadMessages().catch(() => undefined);
}

/**
 * Fetches a game's scene and panel code and its art once, and asks which renderer its engine
 * will draw with (the player showed intent: hover, touch, focus). The lobby's idle time does not
 * ask: on a first visit the question starts the GPU's driver (SwiftShader's, where WebGL runs on
 * the CPU) beside the lobby's own start.
 */
export function prefetchGame(id: string): void {
  const game = playableGame(id);
  if (!game || started.has(`game:${id}`)) return;
  started.add(`game:${id}`);
  startRendererProbe();
  const art = import('../../games/shared/scene/registerScene').then((scene) =>
    scene.prefetchGameArt(game),
  );
  Promise.all([game.scene(), game.panel(), loadSceneSlot(), art]).catch(() =>
    started.delete(`game:${id}`),
  );
}

import type { ActionPhase } from '../../../engine/index';

/** The config a scene API takes in `configure(config)`, or never when it takes none. */
export type SceneConfigOf<SceneApi> = SceneApi extends { configure(config: infer C): void }
  ? C
  : never;

let sceneCalled: () => void = () => undefined;

/**
 * Called before every call the panel makes into a shown scene's API: the engine's loop, asleep
 * while nothing is drawn, wakes to run the steps the call starts (registerScene.ts sets it).
 */
export function onSceneCalls(listener: () => void): void {
  sceneCalled = listener;
}

/** `api` as the panel sees it: each of its methods wakes the engine first (onSceneCalls). */
function waking<SceneApi extends object>(api: SceneApi): SceneApi {
  return new Proxy(api, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        sceneCalled();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The panel's handlers for the key actions its scene passes on, by action name. */
export type PanelActions = Partial<Record<string, () => void>>;

/**
 * The link between a game's React panel and its Pixi scene (they live in different trees and
 * chunks), one per game (games/<id>/channel.ts):
 * - the scene's view attaches its API while shown; the panel calls it when present;
 * - the panel's config for the scene (rows, a target, a board) is kept here: the scene gets it in
 *   its API's `configure(config)` when it attaches (shows) and on every change after;
 * - key actions the scene declares for the panel (`bet` on Space) come through `action`;
 * - the scene reports its own events (a tile tapped on the canvas) to the panel's listeners.
 */
export class SceneChannel<SceneApi extends object, Events extends object = Record<never, never>> {
  private api: SceneApi | null = null;
  /** The API the scene attached (`api` is it as the panel calls it). */
  private attached: SceneApi | null = null;
  private kept: { config: SceneConfigOf<SceneApi> } | null = null;
  private readonly listeners = new Set<Partial<Events>>();
  private readonly actionHandlers = new Set<PanelActions>();
  private readonly waiting = new Set<(api: SceneApi) => void>();

  /** The shown scene's API, or null while the scene is not shown. */
  get scene(): SceneApi | null {
    return this.api;
  }

  /** The panel's config for the scene, or null while no panel has given one. */
  get config(): SceneConfigOf<SceneApi> | null {
    return this.kept ? this.kept.config : null;
  }

  /** Called by the scene's view when it shows: it gets the kept config at once. */
  attach(api: SceneApi): void {
    this.attached = api;
    this.api = waking(api);
    if (this.kept) this.configureScene(this.kept.config);
    for (const resolve of [...this.waiting]) resolve(this.api);
    this.waiting.clear();
  }

  /** Called by the scene's view when it hides. */
  detach(api: SceneApi): void {
    if (this.attached !== api) return;
    this.attached = null;
    this.api = null;
  }

  /** The panel's config: kept for the next show and handed to the shown scene now. */
  configure(config: SceneConfigOf<SceneApi>): void {
    this.kept = { config };
    this.configureScene(config);
  }

  /** The panel is gone: a scene shown later starts from its own defaults. */
  forgetConfig(): void {
    this.kept = null;
  }

  /** Resolves with the scene's API once it is shown. */
  whenShown(): Promise<SceneApi> {
    if (this.api) return Promise.resolve(this.api);
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  /** The panel's handlers for the scene's events; returns the unsubscribe function. */
  listen(listener: Partial<Events>): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Called by the scene. */
  emit<K extends keyof Events>(
    name: K,
    ...args: Events[K] extends (...a: infer A) => unknown ? A : never
  ): void {
    for (const listener of this.listeners) {
      const handler = listener[name];
      if (typeof handler === 'function') (handler as (...a: unknown[]) => unknown)(...args);
    }
  }

  /** The panel's handlers for key actions (see `action`); returns the unsubscribe function. */
  onAction(handlers: PanelActions): () => void {
    this.actionHandlers.add(handlers);
    return () => void this.actionHandlers.delete(handlers);
  }

  /**
   * A scene view's `action` hook for the actions its panel handles: a key press (down) runs the
   * panel's handler. False when no panel takes it, so the engine leaves the key to the browser.
   */
  readonly action = (name: string, phase: ActionPhase): boolean => {
    const handlers = [...this.actionHandlers].flatMap((h) => h[name] ?? []);
    if (phase === 'down') for (const handler of handlers) handler();
    return handlers.length > 0;
  };

  private configureScene(config: SceneConfigOf<SceneApi>): void {
    const api = this.api as { configure?: (config: SceneConfigOf<SceneApi>) => void } | null;
    api?.configure?.(config);
  }
}

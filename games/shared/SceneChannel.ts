/**
 * The link between a game's React panel and its Pixi scene (they live in different trees and
 * chunks): the scene's view attaches its API while shown; the panel calls it when present, and
 * listens to what the scene reports (a tile tapped on the canvas).
 */
export class SceneChannel<SceneApi extends object, Events extends object = Record<never, never>> {
  private api: SceneApi | null = null;
  private readonly listeners = new Set<Partial<Events>>();
  private readonly waiting = new Set<(api: SceneApi) => void>();

  /** The shown scene's API, or null while the scene is not shown. */
  get scene(): SceneApi | null {
    return this.api;
  }

  attach(api: SceneApi): void {
    this.api = api;
    for (const resolve of [...this.waiting]) resolve(api);
    this.waiting.clear();
  }

  detach(api: SceneApi): void {
    if (this.api === api) this.api = null;
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
}

import { coerceParam, defaultValues, type ParamsSpec, type ParamValues } from '../params/params';
import { Emitter } from './emitter';
import { FixedLoop, type FixedLoopOptions } from './FixedLoop';
import { fitDesign, layoutSpace, type Fit, type LayoutSpace, type Size } from './fit';
import type {
  ActionPhase,
  KeyAction,
  LayoutReport,
  SceneModule,
  SceneView,
  Simulation,
} from './scene';

/** What the manager needs from its surroundings: the Pixi engine in a page, fakes in unit tests. */
export interface SceneHost<Ctx> {
  /** A context (with its own root container) for a new pooled instance. */
  createContext(module: AnyScene<Ctx>): Ctx;
  /** Adds the instance's root to the stage. */
  mount(ctx: Ctx): void;
  unmount(ctx: Ctx): void;
  /** Frees the root for good (eviction). */
  dispose(ctx: Ctx): void;
  loadBundles(bundles: readonly string[], onProgress: (progress: number) => void): Promise<void>;
  prefetch(bundles: readonly string[]): void;
  setInputEnabled(enabled: boolean): void;
  /** The size scenes without a layout() hook draw in (letterboxed into the screen). */
  designSize(): Size;
  /** The canvas in CSS pixels (the design size when absent). */
  screenSize?(): Size;
  /** Scales and moves the instance's root: 1:1 for a scene with layout(), else the letterbox. */
  place?(ctx: Ctx, fit: Fit): void;
  /** Ends the current task (a page's engine: a scene's start runs as a few short tasks). */
  yieldTask?(): Promise<void>;
}

/** The current scene's layout as the engine gave it and as the scene describes it. */
export interface SceneLayoutState {
  sceneId: string;
  space: LayoutSpace;
  /** The scene's own describeLayout(); empty for a scene without one. */
  report: LayoutReport;
}

export type AnyScene<Ctx> = SceneModule<unknown, Simulation, Ctx, ParamsSpec>;
type SceneSource<Ctx> = AnyScene<Ctx> | (() => Promise<AnyScene<Ctx>>);

export interface SceneManagerEvents {
  progress: { sceneId: string; progress: number };
  shown: { sceneId: string };
  hidden: { sceneId: string };
  error: { sceneId: string; error: unknown };
}

export interface SceneManagerOptions extends FixedLoopOptions {
  /** Hidden instances kept for reuse; the least recently used beyond this are destroyed. */
  poolSize?: number;
}

interface Instance<Ctx> {
  module: AnyScene<Ctx>;
  view: SceneView<unknown, Simulation, Ctx>;
  ctx: Ctx;
  created: boolean;
  sim: Simulation | null;
  /** show() resolved and hide() has not begun: pause() and resume() apply. */
  shown: boolean;
  /** The view's pause() ran and its resume() has not. */
  paused: boolean;
  /** The space its layout() last ran for (null: due on the next resize). */
  laidOut: LayoutSpace | null;
}

export type SceneState = 'idle' | 'transition' | 'running';

export class SceneManager<Ctx> {
  readonly events = new Emitter<SceneManagerEvents>();
  readonly loop: FixedLoop;
  private readonly sources = new Map<string, SceneSource<Ctx>>();
  /** Hidden instances, least recently used first. */
  private readonly pool = new Map<string, Instance<Ctx>>();
  private readonly values = new Map<string, Record<string, number>>();
  private current: Instance<Ctx> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private transitioning = 0;
  private readonly poolSize: number;
  /** One token per pause() not yet ended (the tab hidden, each open dialog). */
  private readonly pauses = new Set<object>();

  constructor(
    private readonly host: SceneHost<Ctx>,
    options: SceneManagerOptions = {},
  ) {
    this.poolSize = options.poolSize ?? 3;
    this.loop = new FixedLoop((dt) => this.fixedUpdate(dt), options);
  }

  /** Registers a scene, or a loader that imports it on first use (keeps its code out of other chunks). */
  register(id: string, source: SceneSource<Ctx>): void {
    this.sources.set(id, source);
  }

  has(id: string): boolean {
    return this.sources.has(id);
  }

  get currentId(): string | null {
    return this.current?.module.id ?? null;
  }

  get state(): SceneState {
    if (this.transitioning > 0) return 'transition';
    return this.current ? 'running' : 'idle';
  }

  get inputEnabled(): boolean {
    return this.state === 'running' && !this.paused;
  }

  /** Someone has paused the scenes (see pause()). */
  get paused(): boolean {
    return this.pauses.size > 0;
  }

  /**
   * Pauses the shown scene, and any scene shown later, until the returned function is called:
   * the tab is hidden, a modal dialog is open. Pauses nest; the view's pause() runs when the
   * first begins and resume() when the last ends, and input is off in between.
   */
  pause(): () => void {
    const token = {};
    this.pauses.add(token);
    this.host.setInputEnabled(this.inputEnabled);
    this.syncPause();
    return () => {
      if (!this.pauses.delete(token)) return;
      this.host.setInputEnabled(this.inputEnabled);
      this.syncPause();
    };
  }

  /** The running simulation (for the debug overlay's wireframe and for tests). */
  get simulation(): Simulation | null {
    return this.current?.sim ?? null;
  }

  /** The shown scene's context (its root), for what the engine draws over it. */
  get context(): Ctx | null {
    return this.current?.ctx ?? null;
  }

  get pooledIds(): string[] {
    return [...this.pool.keys()];
  }

  /** Hides the current scene (if any) and shows `id`; transitions run one after another. */
  show(id: string, data?: unknown): Promise<void> {
    return this.enqueue(async () => {
      await this.hideCurrent();
      await this.showNow(id, data);
    });
  }

  /** Hides the current scene into the pool; nothing is shown afterwards. */
  hide(): Promise<void> {
    return this.enqueue(() => this.hideCurrent());
  }

  /** Destroys a pooled instance now (explicit eviction); the shown one is left alone. */
  evict(id: string): void {
    const instance = this.pool.get(id);
    if (!instance) return;
    this.pool.delete(id);
    this.destroyInstance(instance);
  }

  /** Runs one frame: fixed steps for the elapsed time, then render with interpolation. */
  frame(elapsedMs: number): { steps: number; alpha: number } {
    const { steps, alpha } = this.loop.advance(elapsedMs);
    this.render(alpha);
    return { steps, alpha };
  }

  /** Lets the current scene draw its state, `alpha` of the way to the next step. */
  render(alpha: number): void {
    this.current?.view.render?.(alpha);
  }

  /**
   * The shown scene says nothing it draws outside the scene graph's knowledge changed since it was
   * last asked (SceneView.still; a scene without it has nothing of the kind). False while a scene
   * is being shown or hidden (a transition is drawn every frame). True while none is there (the
   * next one loading): the empty stage changes only as the scene graph knows.
   */
  still(): boolean {
    const instance = this.current;
    if (instance === null) return true;
    return instance.shown && (instance.view.still?.() ?? true);
  }

  /** Keyboard actions the current scene declares (none while nothing is shown). */
  get actions(): readonly KeyAction[] {
    return this.current?.module.actions ?? [];
  }

  /** Routes a keyboard (or pointer) action to the current scene; dropped during transitions. */
  dispatchAction(name: string, phase: ActionPhase = 'down'): boolean {
    if (!this.inputEnabled || !this.current?.view.action) return false;
    return this.current.view.action(name, phase) !== false;
  }

  /** The current scene's params spec and live values. */
  params(): { sceneId: string; spec: ParamsSpec; values: Record<string, number> } | null {
    const module = this.current?.module;
    if (!module?.params) return null;
    return { sceneId: module.id, spec: module.params, values: this.valuesOf(module) };
  }

  /** Changes params of the running scene live (clamped to range and step). */
  setParams(partial: Record<string, number>): void {
    const instance = this.current;
    const spec = instance?.module.params;
    if (!instance || !spec) return;
    const values = this.valuesOf(instance.module);
    for (const [key, value] of Object.entries(partial)) {
      const param = spec[key];
      if (param && Number.isFinite(value)) values[key] = coerceParam(param, value);
    }
    instance.sim?.paramsChanged?.(values as ParamValues);
    instance.view.paramsChanged?.(values as ParamValues);
  }

  /**
   * The screen changed size: the current scene lays itself out again (a scene with layout())
   * or is letterboxed into its design size (resize()). A layout scene is not asked again for
   * the same size (a change of render resolution alone moves nothing).
   */
  resize(): void {
    const instance = this.current;
    if (instance) this.layOut(instance);
  }

  /** The current scene's last layout (null while nothing is shown or it has no layout()). */
  describeLayout(): SceneLayoutState | null {
    const instance = this.current;
    if (!instance?.laidOut) return null;
    return {
      sceneId: instance.module.id,
      space: instance.laidOut,
      report: instance.view.describeLayout?.() ?? {},
    };
  }

  /** Destroys everything (the engine's own teardown). */
  destroyAll(): Promise<void> {
    return this.enqueue(async () => {
      await this.hideCurrent();
      for (const id of [...this.pool.keys()]) this.evict(id);
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    // Input goes off the moment a transition is asked for, not when its turn in the queue comes.
    this.transitioning += 1;
    this.host.setInputEnabled(false);
    const run = this.queue.then(task).finally(() => {
      this.transitioning -= 1;
      this.host.setInputEnabled(this.inputEnabled);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async showNow(id: string, data: unknown): Promise<void> {
    const module = await this.resolve(id);
    const instance = this.pool.get(id) ?? this.newInstance(module);
    this.pool.delete(id);
    try {
      const sim = module.simulation(data, this.valuesOf(module) as ParamValues);
      instance.sim = sim;
      instance.view.init?.(data, sim);
      const bundles = module.bundles ?? [];
      this.events.emit('progress', { sceneId: id, progress: 0 });
      if (bundles.length) {
        await this.host.loadBundles(bundles, (progress) =>
          this.events.emit('progress', { sceneId: id, progress }),
        );
      }
      this.events.emit('progress', { sceneId: id, progress: 1 });
      if (!instance.created) {
        // Building a scene is its start's largest piece: a task of its own, apart from the
        // assets' arrival and from the layout and show that follow.
        await this.host.yieldTask?.();
        await instance.view.create?.(instance.ctx);
        instance.created = true;
        await this.host.yieldTask?.();
      }
      this.host.mount(instance.ctx);
      this.current = instance;
      this.loop.reset();
      instance.laidOut = null;
      this.layOut(instance);
      await instance.view.show?.();
      instance.shown = true;
      this.syncPause();
    } catch (error) {
      this.events.emit('error', { sceneId: id, error });
      if (this.current === instance) this.current = null;
      this.host.unmount(instance.ctx);
      instance.sim?.dispose?.();
      instance.sim = null;
      this.destroyInstance(instance);
      throw error;
    }
    this.events.emit('shown', { sceneId: id });
    if (module.prefetch?.length) this.host.prefetch(module.prefetch);
  }

  private async hideCurrent(): Promise<void> {
    const instance = this.current;
    if (!instance) return;
    instance.shown = false;
    instance.paused = false;
    await instance.view.hide?.();
    this.current = null;
    this.host.unmount(instance.ctx);
    instance.view.shutdown?.();
    instance.sim?.dispose?.();
    instance.sim = null;
    this.pool.set(instance.module.id, instance);
    this.events.emit('hidden', { sceneId: instance.module.id });
    while (this.pool.size > this.poolSize) {
      const oldest = this.pool.keys().next().value as string;
      this.evict(oldest);
    }
  }

  private newInstance(module: AnyScene<Ctx>): Instance<Ctx> {
    return {
      module,
      view: module.view(),
      ctx: this.host.createContext(module),
      created: false,
      sim: null,
      shown: false,
      paused: false,
      laidOut: null,
    };
  }

  private layOut(instance: Instance<Ctx>): void {
    const design = this.host.designSize();
    const screen = this.host.screenSize?.() ?? design;
    const view = instance.view;
    if (!view.layout) {
      this.host.place?.(instance.ctx, fitDesign(screen, design));
      view.resize?.(design.width, design.height);
      return;
    }
    const last = instance.laidOut;
    if (last && last.width === screen.width && last.height === screen.height) return;
    instance.laidOut = layoutSpace(screen.width, screen.height);
    this.host.place?.(instance.ctx, { scale: 1, x: 0, y: 0 });
    view.layout(instance.laidOut);
  }

  private destroyInstance(instance: Instance<Ctx>): void {
    if (instance.created) instance.view.destroy?.();
    this.host.dispose(instance.ctx);
  }

  private async resolve(id: string): Promise<AnyScene<Ctx>> {
    const source = this.sources.get(id);
    if (!source) throw new Error(`unknown scene '${id}'`);
    if (typeof source !== 'function') return source;
    const module = await source();
    this.sources.set(id, module);
    return module;
  }

  private valuesOf(module: AnyScene<Ctx>): Record<string, number> {
    let values = this.values.get(module.id);
    if (!values) {
      values = module.params ? { ...defaultValues(module.params) } : {};
      this.values.set(module.id, values);
    }
    return values;
  }

  /** Brings the shown view's pause state to the manager's: pause() or resume(), once each. */
  private syncPause(): void {
    const instance = this.current;
    if (!instance?.shown || instance.paused === this.paused) return;
    instance.paused = this.paused;
    if (instance.paused) instance.view.pause?.();
    else instance.view.resume?.();
  }

  private fixedUpdate(dt: number): void {
    const instance = this.current;
    if (!instance) return;
    instance.sim?.update(dt);
    instance.view.update?.(dt);
  }
}

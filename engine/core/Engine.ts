import { Application, Container, Graphics, RendererType, type Renderer } from 'pixi.js';
import './pixiExtensions';
import { AssetLoader } from '../assets/AssetLoader';
import { TextureCache } from '../assets/TextureCache';
import { KeyboardInput } from '../input/KeyboardInput';
import { drawWireframe } from '../physics/wireframe';
import { SoundManager, type KeyValueStore } from '../sound/SoundManager';
import { Motion } from './motion';
import { renderResolution, type Size } from './fit';
import { loseProbeContexts, trackProbeContexts } from './probeContexts';
import { AdaptiveResolution } from './AdaptiveResolution';
import { yieldTask } from './yieldTask';
import { FrameStats, type EngineStats } from './FrameStats';
import { chooseRenderer, type RendererChoice, type RendererKind } from './rendererChoice';
import { softwareWebGL } from './webglProbe';
import { SceneManager, type AnyScene, type SceneHost } from './SceneManager';
import { LoopScheduler } from './LoopScheduler';
import { hasPendingChanges, sceneGraphAlarm } from './sceneGraph';
import { SystemTicker } from './systemTicker';

/** What a scene's view gets in create(): its own root and the engine's services. */
export interface SceneContext {
  /**
   * The scene's container; added to the stage while the scene is shown. In CSS pixels of the
   * canvas for a scene with layout(); in design units (letterboxed) for one without.
   */
  root: Container;
  /** The logical size a scene without layout() draws in. */
  design: Size;
  engine: Engine;
}

export interface EngineOptions {
  design?: Size;
  background?: number;
  /** Render fewer pixels while frames run late (AdaptiveResolution); on by default. */
  adaptiveResolution?: boolean;
  /** WebGL, Canvas 2D, or 'auto' (the default: Canvas 2D only where WebGL runs on the CPU). */
  renderer?: RendererChoice;
}

/** Something the debug overlay hands back so the engine can close it. */
export interface DebugHandle {
  dispose(): void;
}

/** Steps fastForward() runs between two looks at whether the animation ended (half a second). */
const FAST_FORWARD_BATCH = 30;

// Frames longer than this (tab switch, breakpoint) are treated as this long.
const MAX_FRAME_MS = 250;

/**
 * One Pixi Application for the whole app, created lazily on first use and never per page.
 * Pages attach its canvas into their container and detach it when they leave.
 */
export class Engine {
  readonly design: Size;
  readonly sound: SoundManager;
  readonly assets: AssetLoader;
  readonly textures: TextureCache;
  readonly scenes: SceneManager<SceneContext>;
  readonly frameStats = new FrameStats();
  /** Frames drawn since the engine started (a frame whose scene did not change is not drawn). */
  drawnFrames = 0;
  /** Dynamic resolution: the scale of the render resolution, lowered while frames run late. */
  readonly resolution: AdaptiveResolution;
  /** Draw physics bodies of the running simulation (debug overlay toggle). */
  wireframe = false;
  /** The player's motion wishes scenes read (reduced motion) and the effects they counted. */
  readonly motion = new Motion();
  /** Keyboard actions reach the scenes (the player's hotkeys setting); on by default. */
  keysEnabled = true;
  /**
   * When the loop runs: while the canvas is shown and something is drawn; asleep (no animation
   * frame asked for) once nothing was drawn for a while, until wake().
   */
  readonly schedule = new LoopScheduler((now) => this.tick(now), {
    waking: (now) => {
      this.sceneGraphChanges.disarm();
      // The first frame after a wake runs the step that became due at once.
      this.lastTime = now - this.scenes.loop.stepMs;
    },
    sleeping: () => this.sceneGraphChanges.arm(),
  });
  /** A change in the scene graph wakes the sleeping loop (armed only while it sleeps). */
  private readonly sceneGraphChanges = sceneGraphAlarm(() => this.schedule.wake());

  private app: Application | null = null;
  private ready: Promise<Application> | null = null;
  private container: HTMLElement | null = null;
  private readonly world = new Container({ label: 'world' });
  private readonly sceneLayer = new Container({ label: 'scenes' });
  private wireframeGraphics: Graphics | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private systemTicker: SystemTicker | null = null;
  private lastTime: number | null = null;
  /** The interpolation of the last frame drawn (a redraw after a resize reuses it). */
  private lastAlpha = 0;
  /** The canvas in CSS pixels, as last measured. */
  private screenSize: Size;
  /** The canvas size the last drawn frame was laid out for. */
  private drawnSize: Size = { width: 0, height: 0 };
  private drawCalls = 0;
  /** The scene context the last drawn frame showed (a newly shown scene is always drawn). */
  private drawnContext: SceneContext | null = null;
  /** The canvas was resized or cleared since the last frame drawn: draw the next one. */
  private canvasStale = true;
  /** Whether the last frame was drawn (only drawn frames judge the render resolution). */
  private drewLastFrame = false;
  private showTicket = 0;
  private debug: DebugHandle | null = null;
  private debugLoading: Promise<void> | null = null;
  private readonly background: number;
  private readonly rendererChoice: RendererChoice;
  private readonly disposers: (() => void)[] = [];

  constructor(options: EngineOptions = {}) {
    this.design = options.design ?? { width: 1280, height: 720 };
    this.screenSize = this.design;
    this.background = options.background ?? 0x0b1020;
    this.rendererChoice = options.renderer ?? 'auto';
    this.resolution = new AdaptiveResolution(options.adaptiveResolution ?? true);
    this.sound = new SoundManager(safeLocalStorage());
    this.assets = new AssetLoader(this.sound);
    this.textures = new TextureCache(() => this.requireApp().renderer);
    this.scenes = new SceneManager<SceneContext>(this.host());
    this.world.addChild(this.sceneLayer);
    this.listenToPage();
  }

  get initialized(): boolean {
    return this.app !== null;
  }

  get renderer(): Renderer | null {
    return this.app?.renderer ?? null;
  }

  /** The one Pixi Application (null before init): for layers that render into the scenes' tree. */
  get application(): Application | null {
    return this.app;
  }

  get canvas(): HTMLCanvasElement | null {
    return this.app?.canvas ?? null;
  }

  get attachedTo(): HTMLElement | null {
    return this.container;
  }

  /** The renderer drawing the scenes (null before init). */
  get rendererKind(): RendererKind | null {
    if (!this.app) return null;
    return this.app.renderer.type === RendererType.CANVAS ? 'canvas' : 'webgl';
  }

  /**
   * Creates the Application once (WebGL, or Canvas 2D where WebGL would run on the CPU: see
   * chooseRenderer); later calls return the same promise.
   */
  init(): Promise<Application> {
    this.ready ??= (async () => {
      const search = typeof location === 'undefined' ? '' : location.search;
      const kind = await chooseRenderer(this.rendererChoice, search, () => softwareWebGL());
      trackProbeContexts(kind);
      const app = new Application();
      await app.init({
        // WebGL falls back to Canvas 2D when the browser has no WebGL at all.
        preference: kind === 'webgl' ? ['webgl', 'canvas'] : ['canvas'],
        background: this.background,
        antialias: false,
        resolution: renderResolution(globalThis.devicePixelRatio),
        autoDensity: true,
        autoStart: false,
        sharedTicker: false,
        width: this.design.width,
        height: this.design.height,
      });
      this.systemTicker = new SystemTicker();
      // Pixi's DOM pipe (for DOMContainer, which no scene uses) takes its overlay element out of
      // the page after every frame drawn: a DOM call in every frame, for nothing.
      const domPipe = (app.renderer.renderPipes as { dom?: object }).dom;
      if (domPipe) app.renderer.runners.postrender.remove(domPipe);
      app.stage.addChild(this.world);
      app.canvas.style.display = 'block';
      app.canvas.style.touchAction = 'none';
      this.countDrawCalls(app.renderer);
      this.wakeOnChanges(app.canvas);
      this.app = app;
      if (this.container) this.mountCanvas(this.container);
      return app;
    })();
    return this.ready;
  }

  /** Puts the canvas into `container` (creating the Application on first use) and runs the loop. */
  attach(container: HTMLElement): void {
    if (this.container === container) return;
    if (this.container) this.unmountCanvas();
    this.container = container;
    if (this.app) this.mountCanvas(container);
    // A failure (no WebGL) reaches the page through show()'s promise.
    else this.init().catch(() => undefined);
    if (/[?&]debug(=|&|$)/.test(location.search)) void this.openDebug();
  }

  /** Takes the canvas out of `container` (only if it is still there); the GL context stays alive. */
  detach(container?: HTMLElement): void {
    if (container && this.container !== container) return;
    this.unmountCanvas();
    this.container = null;
  }

  /**
   * Shows a scene (hiding the current one). Returns a ticket for release(): a page that leaves
   * hides only the scene it asked for, never one that a newer page already asked for.
   */
  show(id: string, data?: unknown): { ticket: number; done: Promise<void> } {
    const ticket = ++this.showTicket;
    this.wake();
    const done = this.init()
      .then(() => this.scenes.show(id, data))
      .finally(() => this.wake());
    return { ticket, done };
  }

  release(ticket: number): Promise<void> {
    if (ticket !== this.showTicket) return Promise.resolve();
    this.wake();
    return this.scenes.hide();
  }

  register(scene: AnyScene<SceneContext>): void;
  register(id: string, loader: () => Promise<AnyScene<SceneContext>>): void;
  register(
    sceneOrId: AnyScene<SceneContext> | string,
    loader?: () => Promise<AnyScene<SceneContext>>,
  ): void {
    if (typeof sceneOrId === 'string') {
      if (loader && !this.scenes.has(sceneOrId)) this.scenes.register(sceneOrId, loader);
    } else if (!this.scenes.has(sceneOrId.id)) {
      this.scenes.register(sceneOrId.id, sceneOrId);
    }
  }

  /**
   * Something may change what the shown scene draws: the loop runs frames again if it slept. The
   * engine calls it for a change in the scene graph, input on the canvas, a key action, a resize
   * and a scene shown; a game's panel's calls into its scene wake it through the scene's channel.
   */
  wake(): void {
    this.schedule.wake();
  }

  /** Frame figures, the render resolution's scale and the canvas size of the last frame drawn. */
  stats(): EngineStats & { resolutionScale: number; drawnSize: Size } {
    return {
      ...this.frameStats.snapshot(),
      resolutionScale: this.resolution.scale,
      drawnSize: { ...this.drawnSize },
    };
  }

  /** Switches dynamic resolution on or off (off renders at full resolution again). */
  setAdaptiveResolution(enabled: boolean): void {
    this.resolution.enabled = enabled;
    if (!enabled && this.resolution.scale !== 1) {
      this.resolution.reset();
      this.resize(true);
    }
  }

  /** Freezes the loop (the debug overlay's pause; see pauseScene() for the player looking away). */
  pause(paused = true): void {
    this.scenes.loop.paused = paused;
    this.wake();
  }

  /**
   * Pauses the shown scene while something covers it: the shell calls it when a modal dialog
   * opens and calls the returned function when it closes (a hidden tab pauses it by itself).
   * The scene's pause() and resume() hooks run; input is off in between.
   */
  pauseScene(): () => void {
    const resume = this.scenes.pause();
    return () => {
      resume();
      this.wake();
    };
  }

  step(): void {
    this.scenes.loop.stepOnce();
    this.wake();
  }

  setTimeScale(scale: number): void {
    if (Number.isFinite(scale) && scale >= 0) this.scenes.loop.timeScale = scale;
    this.wake();
  }

  /** Live WebGL contexts this engine holds (0 before init, 1 after). */
  liveContexts(): number {
    const gl = this.gl();
    return gl && !gl.isContextLost() ? 1 : 0;
  }

  private gl(): WebGLRenderingContext | undefined {
    return (this.app?.renderer as { gl?: WebGLRenderingContext } | undefined)?.gl;
  }

  /** Loads the debug overlay on demand (its own chunk with tweakpane) and opens it. */
  openDebug(): Promise<void> {
    if (this.debug) return Promise.resolve();
    this.debugLoading ??= import('../debug/overlay')
      .then(({ openDebugOverlay }) => {
        this.debug = openDebugOverlay(this);
        exposeEngine(this, true);
      })
      .finally(() => (this.debugLoading = null));
    return this.debugLoading;
  }

  closeDebug(): void {
    this.debug?.dispose();
    this.debug = null;
    this.wireframe = false;
  }

  toggleDebug(): Promise<void> {
    if (this.debug) {
      this.closeDebug();
      return Promise.resolve();
    }
    return this.openDebug();
  }

  get debugOpen(): boolean {
    return this.debug !== null;
  }

  /**
   * Runs the shown scene's fixed steps as fast as the processor allows, without drawing a frame
   * or playing a sound, until `done()` says so or `maxSeconds` of scene time have passed: instant
   * mode's way to the end of an animation. Between batches of steps it yields to the event loop,
   * so that promises the scene resolved (an animation's end) are seen by `done()`.
   */
  async fastForward(done: () => boolean, maxSeconds = 30): Promise<void> {
    const loop = this.scenes.loop;
    const steps = Math.ceil(maxSeconds / loop.stepSeconds);
    this.sound.suppress(true);
    try {
      for (let run = 0, batch = 0; run < steps && !done(); batch++) {
        const count = Math.min(steps - run, FAST_FORWARD_BATCH);
        for (let i = 0; i < count; i++) loop.stepOnce();
        run += count;
        // An animation's end reaches done() through a few promise callbacks; now and then a
        // timer's turn too (a panel may act on the scene from a timer).
        for (let hop = 0; hop < 16 && !done(); hop++) await Promise.resolve();
        if (batch % 4 === 3 && !done()) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      this.sound.suppress(false);
      this.wake();
    }
  }

  /** Final teardown (tests, hot reload): only after init resolved, and only once. */
  async destroy(): Promise<void> {
    const ready = this.ready;
    if (!ready) return;
    const app = await ready;
    this.detach();
    this.closeDebug();
    await this.scenes.destroyAll();
    this.disposers.splice(0).forEach((dispose) => dispose());
    this.textures.clear();
    this.sound.unloadAll();
    this.ready = null;
    this.app = null;
    app.destroy(true, { children: true });
  }

  private host(): SceneHost<SceneContext> {
    return {
      createContext: (module) => ({
        root: new Container({ label: `scene:${module.id}` }),
        design: this.design,
        engine: this,
      }),
      mount: (ctx) => this.sceneLayer.addChild(ctx.root),
      unmount: (ctx) => void ctx.root.removeFromParent(),
      dispose: (ctx) => ctx.root.destroy({ children: true }),
      loadBundles: (bundles, onProgress) => this.assets.load(bundles, onProgress),
      prefetch: (bundles) => this.assets.background(bundles),
      setInputEnabled: (enabled) => {
        this.sceneLayer.interactiveChildren = enabled;
      },
      designSize: () => this.design,
      screenSize: () => this.screenSize,
      place: (ctx, fit) => {
        ctx.root.scale.set(fit.scale);
        ctx.root.position.set(fit.x, fit.y);
      },
      yieldTask,
    };
  }

  private listenToPage(): void {
    if (typeof document === 'undefined') return;
    let endHiddenPause: (() => void) | null = null;
    const onVisibility = () => {
      const hidden = document.visibilityState === 'hidden';
      this.sound.setHidden(hidden);
      if (hidden) endHiddenPause ??= this.scenes.pause();
      else {
        endHiddenPause?.();
        endHiddenPause = null;
      }
      this.updateRunning();
    };
    if (document.visibilityState === 'hidden') onVisibility();
    const onKey = (event: KeyboardEvent) => {
      if (event.code === 'KeyD' && event.ctrlKey && event.shiftKey) {
        event.preventDefault();
        void this.toggleDebug();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('keydown', onKey);
    const keyboard = new KeyboardInput(
      window,
      () => (this.container && this.keysEnabled ? this.scenes.actions : []),
      (name, phase) => {
        this.wake();
        return this.scenes.dispatchAction(name, phase);
      },
    );
    const unlock = this.sound.unlockOnFirstGesture(window);
    this.disposers.push(
      () => document.removeEventListener('visibilitychange', onVisibility),
      () => window.removeEventListener('keydown', onKey),
      () => keyboard.dispose(),
      unlock,
    );
  }

  private mountCanvas(container: HTMLElement): void {
    const app = this.requireApp();
    container.appendChild(app.canvas);
    // Observers run after layout and before paint: laying out and drawing here means the frame
    // the browser paints at the new size already shows the new layout (no stretched or blank one).
    this.resizeObserver = new ResizeObserver(() => this.resize(true));
    this.resizeObserver.observe(container);
    this.resize(true);
    exposeEngine(this, false);
    this.updateRunning();
  }

  private unmountCanvas(): void {
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    this.app?.canvas.remove();
    this.updateRunning(false);
  }

  /**
   * Sizes the canvas to its container at min(devicePixelRatio, 2) times the dynamic resolution's
   * scale, and lets the current scene lay itself out for it. `redraw` draws a frame at once
   * (outside the loop's own frames, since resizing clears the canvas).
   */
  private resize(redraw: boolean): void {
    const app = this.app;
    const container = this.container;
    if (!app || !container) return;
    const width = Math.max(1, Math.floor(container.clientWidth));
    const height = Math.max(1, Math.floor(container.clientHeight));
    const resolution = renderResolution(globalThis.devicePixelRatio) * this.resolution.scale;
    app.renderer.resize(width, height, resolution);
    this.canvasStale = true;
    if (width !== this.screenSize.width || height !== this.screenSize.height) {
      this.screenSize = { width, height };
    }
    this.scenes.resize();
    if (redraw) this.draw(app, this.lastAlpha);
    this.wake();
  }

  /** The loop runs while the canvas is attached and the page is visible (asleep when idle). */
  private updateRunning(allowed = true): void {
    const run =
      allowed &&
      this.app !== null &&
      this.container !== null &&
      !(typeof document !== 'undefined' && document.hidden);
    if (run === this.schedule.running) return;
    this.lastTime = null;
    if (run) this.schedule.start();
    else this.schedule.stop();
  }

  /**
   * Input on the canvas (Pixi's own pointer handling runs from these events) wakes the loop, as
   * does any change Pixi marks in the scene graph while it sleeps (sceneGraphChanges).
   */
  private wakeOnChanges(canvas: HTMLCanvasElement): void {
    const wake = () => this.wake();
    const events = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'wheel'] as const;
    for (const name of events) canvas.addEventListener(name, wake, { passive: true });
  }

  /** One frame of the loop: the scene's steps and render, and a draw if anything changed. */
  private tick(now: number): boolean {
    const app = this.app;
    if (!app) return false;
    const frameMs = this.lastTime === null ? 0 : Math.min(MAX_FRAME_MS, now - this.lastTime);
    this.lastTime = now;
    // A new render resolution applies before this frame is drawn, not after (which would clear it).
    // A frame not drawn says nothing about the cost of pixels, so only drawn frames are judged.
    if (frameMs > 0 && this.drewLastFrame && this.resolution.record(frameMs)) this.resize(false);
    const t0 = performance.now();
    const { alpha } = this.scenes.loop.advance(frameMs);
    const t1 = performance.now();
    this.drewLastFrame = this.draw(app, alpha, false);
    if (this.drewLastFrame) this.systemTicker?.advance(now);
    const t2 = performance.now();
    // Pixi may open a GPU probe context while compiling its first shaders: close it at once.
    loseProbeContexts(this.gl());
    if (frameMs > 0) this.frameStats.record(frameMs, t1 - t0, t2 - t1, this.drawCalls);
    return this.drewLastFrame;
  }

  /**
   * Lets the scene update its display objects and draws them, unless `always` is false and the
   * shown scene says nothing changed since the last frame drawn (SceneView.still): then the
   * canvas keeps that frame; nothing is drawn without a scene. Answers whether it drew.
   */
  private draw(app: Application, alpha: number, always = true): boolean {
    this.lastAlpha = alpha;
    // Without a scene the cleared canvas shows the page's frame under it: an empty stage drawn
    // over a phone-sized canvas is a long task while the scene loads, and shows nothing more.
    if (this.scenes.currentId === null) return false;
    this.scenes.render(alpha);
    this.drawWireframe();
    this.drawCalls = 0;
    const context = this.scenes.context;
    const unchanged =
      !always &&
      !this.canvasStale &&
      !this.wireframe &&
      !this.debug &&
      context === this.drawnContext &&
      this.scenes.still() &&
      !hasPendingChanges(app.stage.renderGroup);
    if (unchanged) return false;
    app.renderer.render(app.stage);
    this.drawnFrames += 1;
    this.drawnSize = this.screenSize;
    this.drawnContext = context;
    this.canvasStale = false;
    return true;
  }

  private drawWireframe(): void {
    const physics = this.wireframe ? this.scenes.simulation?.physics : undefined;
    if (!physics) {
      if (this.wireframeGraphics) this.wireframeGraphics.visible = false;
      return;
    }
    if (!this.wireframeGraphics) {
      this.wireframeGraphics = new Graphics({ label: 'physics-wireframe' });
      this.world.addChild(this.wireframeGraphics);
    }
    this.wireframeGraphics.visible = true;
    // Drawn in the scene root's units (a letterboxed scene's design units).
    const root = this.scenes.context?.root;
    if (root) {
      this.wireframeGraphics.scale.copyFrom(root.scale);
      this.wireframeGraphics.position.copyFrom(root.position);
    }
    drawWireframe(physics, this.wireframeGraphics);
  }

  /** Counts WebGL draw calls by wrapping the context's draw functions once. */
  private countDrawCalls(renderer: Renderer): void {
    const gl = (renderer as { gl?: WebGL2RenderingContext }).gl;
    if (!gl) return;
    const names = [
      'drawElements',
      'drawArrays',
      'drawElementsInstanced',
      'drawArraysInstanced',
    ] as const;
    for (const name of names) {
      const original = gl[name] as ((...args: unknown[]) => void) | undefined;
      if (typeof original !== 'function') continue;
      (gl as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        this.drawCalls += 1;
        original.apply(gl, args);
      };
    }
  }

  private requireApp(): Application {
    if (!this.app) throw new Error('the engine is not initialized yet');
    return this.app;
  }
}

declare global {
  interface Window {
    /** The engine, for tests and the console: development, debug (?debug) and test (?test or VITE_EXPOSE_ENGINE=1) builds. */
    __engine?: Engine;
  }
}

function exposeEngine(engine: Engine, force: boolean): void {
  if (typeof window === 'undefined') return;
  const wanted =
    force ||
    import.meta.env.DEV ||
    import.meta.env.VITE_EXPOSE_ENGINE === '1' ||
    /[?&](debug|test)(=|&|$)/.test(location.search);
  if (wanted) window.__engine = engine;
}

function safeLocalStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

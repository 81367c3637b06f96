import type { ParamsSpec, ParamValues } from '../params/params';
import type { PhysicsWorld } from '../physics/PhysicsWorld';
import type { LayoutSpace, Rect } from './fit';

/** What a scene's layout() placed, in CSS pixels of the canvas (read by tests and the console). */
export type LayoutReport = Readonly<Record<string, number | string | boolean | Rect>>;

/**
 * The logic of a scene: state and rules over time, plus its physics world if it has one.
 * No Pixi and no DOM, so the headless runner can step it in Node at fixed dt.
 */
export interface Simulation<P extends ParamsSpec = ParamsSpec> {
  /** One fixed step of `dt` seconds (1/60 by default). */
  update(dt: number): void;
  /** The scene's matter-js world, if it has one (drawn by the debug overlay's wireframe). */
  readonly physics?: PhysicsWorld;
  /** Live tweaks from the debug overlay (values already validated against the ranges). */
  paramsChanged?(values: ParamValues<P>): void;
  /** Frees what the simulation holds (physics bodies back to their pool, listeners). */
  dispose?(): void;
}

/** A keyboard action a scene declares, e.g. `{ name: 'bet', keys: ['Space'] }` (KeyboardEvent.code). */
export interface KeyAction {
  name: string;
  keys: readonly string[];
  /** Shown in help/overlay; not translated by the engine. */
  label?: string;
}

export type ActionPhase = 'down' | 'up';

/**
 * The view of a scene, pooled and reused. Every hook is optional. Order per visit:
 * init(data, sim) -> (bundles load) -> create(ctx) only the first time -> layout(space) -> show()
 * -> update(dt) / render(alpha) every frame (layout(space) again when the canvas changes size),
 * with pause() ... resume() around each time the player looks away
 * -> hide() -> shutdown(). destroy() only when the pool evicts it.
 */
export interface SceneView<Data = unknown, Sim extends Simulation = Simulation, Ctx = unknown> {
  /** Every visit, before assets load: keep the data and the fresh simulation. */
  init?(data: Data, sim: Sim): void;
  /** Once per instance, after its bundles loaded: build display objects into ctx.root. */
  create?(ctx: Ctx): void | Promise<void>;
  /** Transition in; input stays off until it resolves. */
  show?(): void | Promise<void>;
  /** Fixed step for view-only logic (tweens), after the simulation's step. */
  update?(dt: number): void;
  /** Every frame: draw the simulation, interpolating by alpha (0..1) between its last two steps. */
  render?(alpha: number): void;
  /**
   * Asked after render() each frame: true when nothing the scene shows changed since it was last
   * asked in a way the scene graph does not record (a particle moved in place, a shader's uniform
   * written). The engine skips drawing a frame (no GPU work, no canvas handed to the compositor)
   * when this is true and Pixi has no change pending either (engine/core/sceneGraph.ts): a scene
   * that only moves, adds and redraws display objects needs no still() at all.
   */
  still?(): boolean;
  /**
   * The player looks away from the shown scene: the tab is hidden or a modal dialog covers it.
   * Input is off until resume(); the loop keeps running while a dialog is open (it stops with a
   * hidden tab). An arcade round stops here; a live round notes that it may miss events.
   */
  pause?(): void;
  /** The player is back (after pause()): a live round resyncs with the server here. */
  resume?(): void;
  /** Transition out; input is off. A paused scene is hidden without resume(). */
  hide?(): void | Promise<void>;
  /** Back to the pool: reset per-visit state, keep textures and display objects. */
  shutdown?(): void;
  /** Evicted from the pool: free display objects and GPU resources for good. */
  destroy?(): void;
  /**
   * Lays the scene out for the space it gets: the canvas in CSS pixels, with ctx.root unscaled
   * (1 unit = 1 CSS pixel). Called on every visit before show(), and again whenever the canvas
   * changes size (window, orientation, on-screen keyboard) before the next frame is drawn. A
   * scene without it draws in the engine's design size, letterboxed into the canvas.
   */
  layout?(space: LayoutSpace): void;
  /** What the last layout() placed (sizes and rectangles in CSS pixels), for tests. */
  describeLayout?(): LayoutReport;
  /** Scenes without layout(): the logical (design) size they draw in, on every resize. */
  resize?(width: number, height: number): void;
  /**
   * A declared keyboard action, or a pointer action the engine routes (input on only). Returning
   * false says nothing took it: the key is left to the browser (not prevented).
   */
  action?(name: string, phase: ActionPhase): void | boolean;
  paramsChanged?(values: ParamValues): void;
}

/** Everything the engine needs to know about a scene: static metadata and two factories. */
export interface SceneModule<
  Data = unknown,
  Sim extends Simulation = Simulation,
  Ctx = unknown,
  P extends ParamsSpec = ParamsSpec,
> {
  id: string;
  /** Asset bundles loaded before create() (see engine/assets). */
  bundles?: readonly string[];
  /** Bundles likely needed next, loaded in the background once the scene shows. */
  prefetch?: readonly string[];
  /** The scene's params.ts: designer-tunable values with ranges and steps. */
  params?: P;
  actions?: readonly KeyAction[];
  /** A fresh simulation per visit (also what the headless runner runs). */
  simulation(data: Data, values: ParamValues<P>): Sim;
  /** A new view; called once per pooled instance. */
  view(): SceneView<Data, Sim, Ctx>;
}

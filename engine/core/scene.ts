import type { ParamsSpec, ParamValues } from '../params/params';
import type { PhysicsWorld } from '../physics/PhysicsWorld';

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
 * init(data, sim) -> (bundles load) -> create(ctx) only the first time -> show() -> update(dt) /
 * render(alpha) every frame -> hide() -> shutdown(). destroy() only when the pool evicts it.
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
  /** Transition out; input is off. */
  hide?(): void | Promise<void>;
  /** Back to the pool: reset per-visit state, keep textures and display objects. */
  shutdown?(): void;
  /** Evicted from the pool: free display objects and GPU resources for good. */
  destroy?(): void;
  /** The logical (design) size the scene draws in. */
  resize?(width: number, height: number): void;
  /** A declared keyboard action, or a pointer action the engine routes (input on only). */
  action?(name: string, phase: ActionPhase): void;
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

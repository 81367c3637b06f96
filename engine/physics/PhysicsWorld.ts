import Matter from 'matter-js';
import { installGridBroadphase } from './gridBroadphase';

/**
 * matter-js steps at exactly this length; outcomes never depend on physics
 * (docs/developers/engine.md).
 */
export const PHYSICS_STEP_MS = 1000 / 60;

export interface CollisionPair {
  a: Matter.Body;
  b: Matter.Body;
}

export type CollisionPhase = 'start' | 'active' | 'end';

export type CollisionListener = (pairs: CollisionPair[], phase: CollisionPhase) => void;

const MATTER_EVENTS = {
  start: 'collisionStart',
  active: 'collisionActive',
  end: 'collisionEnd',
} as const;

export interface PhysicsWorldOptions {
  gravity?: { x: number; y: number; scale?: number };
  /** Iterations of matter-js's solver (more = stiffer stacks, slower). */
  positionIterations?: number;
  velocityIterations?: number;
  /**
   * Find collision pairs with a grid of this many px (at least the largest static body) instead
   * of matter's sort and sweep: for many moving bodies among many static ones that never move
   * (a board of pegs). See gridBroadphase.ts.
   */
  gridCell?: number;
}

export interface CircleOptions {
  restitution?: number;
  friction?: number;
  frictionAir?: number;
  density?: number;
  isStatic?: boolean;
  isSensor?: boolean;
  label?: string;
}

/** One matter-js world for one scene, stepped only in fixed 1000/60 ms steps, with pooled bodies. */
export class PhysicsWorld {
  readonly engine: Matter.Engine;
  private readonly pool = new Map<string, Matter.Body[]>();
  private readonly listeners = new Map<CollisionListener, readonly CollisionPhase[]>();
  /** Phases whose matter-js event this world listens to (only those someone asked for). */
  private readonly forwarded = new Set<CollisionPhase>();
  private steps = 0;

  constructor(options: PhysicsWorldOptions = {}) {
    this.engine = Matter.Engine.create({
      gravity: { x: 0, y: 1, scale: 0.001, ...options.gravity },
      positionIterations: options.positionIterations ?? 6,
      velocityIterations: options.velocityIterations ?? 4,
    });
    if (options.gridCell) installGridBroadphase(this.engine, options.gridCell);
  }

  /** Steps taken so far; the world's time is always steps * PHYSICS_STEP_MS. */
  get stepCount(): number {
    return this.steps;
  }

  get timeMs(): number {
    return this.engine.timing.timestamp;
  }

  get bodies(): Matter.Body[] {
    return Matter.Composite.allBodies(this.engine.world);
  }

  /** One fixed step. Call it from a simulation's update(dt) with dt = 1/60. */
  step(): void {
    Matter.Engine.update(this.engine, PHYSICS_STEP_MS);
    this.steps += 1;
  }

  /**
   * Calls `listener` with the pairs that start, stay in or end contact in a step, for the phases
   * asked for (all by default). Only phases someone listens to are forwarded from matter-js: each
   * costs an event and an array of pairs per step.
   */
  onCollision(
    listener: CollisionListener,
    phases: readonly CollisionPhase[] = ['start', 'active', 'end'],
  ): () => void {
    this.listeners.set(listener, phases);
    for (const phase of phases) this.forward(phase);
    return () => this.listeners.delete(listener);
  }

  private forward(phase: CollisionPhase): void {
    if (this.forwarded.has(phase)) return;
    this.forwarded.add(phase);
    // The three events carry the same payload; matter's typings overload them one name at a time.
    const event = MATTER_EVENTS[phase] as 'collisionStart';
    Matter.Events.on(this.engine, event, (payload: Matter.IEventCollision<Matter.Engine>) => {
      let pairs: CollisionPair[] | null = null;
      for (const [listener, phases] of this.listeners) {
        if (!phases.includes(phase)) continue;
        pairs ??= payload.pairs.map((pair) => ({ a: pair.bodyA, b: pair.bodyB }));
        listener(pairs, phase);
      }
    });
  }

  /** A circle from the pool (or a new one), reset and added to the world. */
  acquireCircle(x: number, y: number, radius: number, options: CircleOptions = {}): Matter.Body {
    const key = `circle:${radius}`;
    const body = this.pool.get(key)?.pop() ?? Matter.Bodies.circle(x, y, radius);
    body.plugin = { ...(body.plugin as object), poolKey: key };
    this.reset(body, x, y, options);
    Matter.Composite.add(this.engine.world, body);
    return body;
  }

  /** A rectangle, not pooled (walls and floors live as long as the world). */
  addRectangle(
    x: number,
    y: number,
    width: number,
    height: number,
    options: CircleOptions = {},
  ): Matter.Body {
    const body = Matter.Bodies.rectangle(x, y, width, height, { isStatic: true, ...options });
    Matter.Composite.add(this.engine.world, body);
    return body;
  }

  /** Takes a body out of the world; pooled shapes wait for the next acquire. */
  release(body: Matter.Body): void {
    Matter.Composite.remove(this.engine.world, body);
    const key = (body.plugin as { poolKey?: string } | undefined)?.poolKey;
    if (!key) return;
    let list = this.pool.get(key);
    if (!list) this.pool.set(key, (list = []));
    if (!list.includes(body)) list.push(body);
  }

  pooledCount(): number {
    let count = 0;
    for (const list of this.pool.values()) count += list.length;
    return count;
  }

  /** Removes every body and listener; the world is empty afterwards. */
  clear(): void {
    Matter.Composite.clear(this.engine.world, false, true);
    Matter.Engine.clear(this.engine);
    this.pool.clear();
    this.listeners.clear();
  }

  private reset(body: Matter.Body, x: number, y: number, options: CircleOptions): void {
    Matter.Body.setStatic(body, options.isStatic ?? false);
    Matter.Body.setPosition(body, { x, y });
    Matter.Body.setAngle(body, 0);
    Matter.Body.setVelocity(body, { x: 0, y: 0 });
    Matter.Body.setAngularVelocity(body, 0);
    if (options.density !== undefined) Matter.Body.setDensity(body, options.density);
    body.restitution = options.restitution ?? 0;
    body.friction = options.friction ?? 0.1;
    body.frictionAir = options.frictionAir ?? 0.01;
    body.isSensor = options.isSensor ?? false;
    body.label = options.label ?? 'Circle Body';
    Matter.Sleeping.set(body, false);
  }
}

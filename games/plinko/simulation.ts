import Matter from 'matter-js';
import {
  markExactCircle,
  PhysicsWorld,
  PHYSICS_STEP_MS,
  seededRandom,
  type ParamValues,
  type Simulation,
} from '../../engine/headless/index';
import { PLINKO, PLINKO_RISKS, type PlinkoRisk } from './rules';
import { boardGeometry, bucketUnder, type BoardGeometry } from './board';
import { GuidancePlanner, updateLane, type GuidancePlan, type LaneState } from './guidance';
import type { PlinkoParams } from './params';
import { noContact, type ContactCache } from './prediction';

export interface PlinkoData {
  rows?: number;
  risk?: PlinkoRisk;
  /** Seed of the cosmetic jitter of drop points (repeatable runs). */
  seed?: number;
}

/** A ball to animate: the server's path ('L'/'R' per row) and, when known, its bucket. */
export interface PlinkoDrop {
  path: string;
  bucket?: number;
  /** Anything the caller wants back on landing (e.g. the bet id and payout). */
  tag?: unknown;
  /** The ball's id, when the caller numbers the balls (a mirror of this simulation does). */
  id?: number;
  /** Instant mode: the ball lands in its bucket at the next step, without a flight. */
  instant?: boolean;
}

export interface PlinkoBall {
  id: number;
  path: string;
  bucket: number;
  tag: unknown;
  radius: number;
  body: Matter.Body;
  /** Position before the last step (the view interpolates from it). */
  prevX: number;
  prevY: number;
  /** Guidance applied in the last step, as a fraction of gravity (y is always 0: never upward). */
  guidance: { x: number; y: number };
  /** Largest |guidance| this ball received, as a fraction of gravity. */
  maxGuidance: number;
  steps: number;
  /** Its progress read from the physics: next row to cross, rights taken so far. */
  lane: LaneState;
  /** The guidance chosen for its next row. */
  plan: GuidancePlan;
}

export interface PlinkoLanding {
  id: number;
  /** The server's bucket: what is reported, whatever the physics did. */
  bucket: number;
  tag: unknown;
  /** Where the ball's centre crossed the landing line (for checks and effects). */
  x: number;
  steps: number;
  /** True when the ball ran out of time and was settled without reaching its bucket. */
  forced: boolean;
}

/** A drop in instant mode, waiting for the next step to land (it never flies). */
interface InstantDrop {
  id: number;
  bucket: number;
  tag: unknown;
}

export interface PegHit {
  x: number;
  y: number;
}

/** What the scene shows of a ball: where it is and was a step ago, its size and its bucket. */
export interface ShownBall {
  readonly id: number;
  readonly radius: number;
  readonly bucket: number;
  readonly prevX: number;
  readonly prevY: number;
  readonly body: { readonly position: { readonly x: number; readonly y: number } };
}

/**
 * What the scene and the tests use of a plinko simulation: this one, in the page's thread, or
 * its mirror of one running in a worker (remoteSimulation.ts).
 */
export interface PlinkoWorld extends Simulation<PlinkoParams> {
  readonly balls: readonly ShownBall[];
  /** The last landed buckets, newest first. */
  readonly history: readonly number[];
  readonly rows: number;
  readonly risk: PlinkoRisk;
  readonly board: BoardGeometry;
  readonly inFlight: number;
  /** Landings whose ball was not over its (server's) bucket: a check for tests, never seen. */
  readonly offTarget: number;
  /** Largest guidance any ball received so far, as a fraction of gravity. */
  readonly maxGuidance: number;
  setBoard(rows: number, risk: PlinkoRisk): boolean;
  drop(drop: PlinkoDrop): number;
  onLanding(listener: LandingListener): () => void;
  onPegHit(listener: PegListener): () => void;
  dispose(): void;
}

type LandingListener = (landing: PlinkoLanding) => void;
type PegListener = (hit: PegHit) => void;

/** A ball in flight after this long is settled anyway (never seen in the tests). */
const MAX_FLIGHT_STEPS = 60 * 20;
/** Landed buckets the history keeps. */
export const HISTORY_LENGTH = 12;
const BALL_GROUP = -1;
// Balls and pegs collide as exact circles (markExactCircle); their polygons only feed the
// broadphase: squares drawn around the circle, edges on the axes (balls never turn), whose
// bounds are the circle's exactly, with the fewest vertices for matter to move each step.
const BALL_SIDES = 4;
const PEG_SIDES = 4;
/**
 * No static friction: matter's would hold a ball still on a peg's top whenever the sideways push
 * is small (a ball that balances, then creeps). Dynamic friction (the `friction` param) stays.
 */
const FRICTION_STATIC = 0;
/** The broadphase grid's cell, px: about a peg spacing (a peg in one or two cells). */
const BROADPHASE_CELL = 36;

/** matter-js's pair table and the fields of a pair the guidance reads (missing from its types). */
interface PairsTable {
  table: Record<string, MatterPair | undefined>;
}
interface MatterPair {
  isActive: boolean;
  contacts: { normalImpulse: number; tangentImpulse: number }[];
}
/** Body fields matter-js has but its type definitions lack. */
type VerletBody = Matter.Body & { positionPrev: Matter.Vector; positionImpulse: Matter.Vector };

/**
 * The plinko board on matter-js: static pegs, balls that pass through each other, each ball
 * steered within a bounded horizontal force along the server's path. The outcome is the
 * server's bucket; the physics only animates it (landings report the server's bucket).
 */
export class PlinkoSimulation implements PlinkoWorld {
  // Pegs never move: a grid finds each ball's pegs (matter's sweep would carry a whole column of
  // pegs along with every ball).
  readonly physics = new PhysicsWorld({ gridCell: BROADPHASE_CELL });
  readonly balls: PlinkoBall[] = [];
  private readonly instantDrops: InstantDrop[] = [];
  /** The last landed buckets, newest first. */
  readonly history: number[] = [];
  /** Largest guidance any ball received so far, as a fraction of gravity. */
  maxGuidance = 0;
  /** Landings whose ball was not over its (server's) bucket: a check for tests, never seen. */
  offTarget = 0;
  rows: number;
  risk: PlinkoRisk;
  board: BoardGeometry;
  private values: ParamValues<PlinkoParams>;
  private pegs: Matter.Body[] = [];
  /** Guidance planners by ball radius (balls dropped before a radius change keep theirs). */
  private planners = new Map<number, GuidancePlanner>();
  private readonly contact: ContactCache = noContact();
  private nextId = 1;
  private readonly spareBalls = new Map<number, Matter.Body[]>();
  private geometryPending = false;
  private readonly random: () => number;
  private readonly landingListeners = new Set<LandingListener>();
  private readonly pegListeners = new Set<PegListener>();
  /** Unsubscribes from matter's collision starts (subscribed only while someone hears peg hits). */
  private stopCollisions: (() => void) | null = null;
  /** The ball state handed to the guidance planner (reused). */
  private readonly planState = { x: 0, y: 0, prevX: 0, prevY: 0, impulseX: 0, impulseY: 0 };

  constructor(data: PlinkoData | undefined, values: ParamValues<PlinkoParams>) {
    this.rows = validRows(data?.rows) ? data.rows : PLINKO.maxRows;
    this.risk = data?.risk && PLINKO_RISKS.includes(data.risk) ? data.risk : 'medium';
    this.values = { ...values };
    this.random = seededRandom(data?.seed ?? 1);
    this.board = this.buildBoard();
    this.applyGravity();
  }

  /** Balls in flight; rows and risk are locked while it is above 0. */
  get inFlight(): number {
    return this.balls.length + this.instantDrops.length;
  }

  /** Changes rows and risk; refused (false) while balls are in flight. */
  setBoard(rows: number, risk: PlinkoRisk): boolean {
    if (this.inFlight > 0 || !validRows(rows) || !PLINKO_RISKS.includes(risk)) return false;
    this.risk = risk;
    if (rows !== this.rows) {
      this.rows = rows;
      this.board = this.buildBoard();
    }
    return true;
  }

  /** Drops a ball that will land in the path's bucket. Returns its id. */
  drop(drop: PlinkoDrop): number {
    const bucket = checkedBucket(drop, this.rows);
    if (drop.instant) {
      const id = drop.id ?? this.nextId++;
      this.instantDrops.push({ id, bucket, tag: drop.tag });
      return id;
    }
    const radius = this.values.ballRadius;
    const reach = radius + this.values.pegRadius;
    const side = drop.path[0] === 'R' ? 1 : -1;
    // A little variety in where the ball starts; guidance brings it onto its side of the first peg.
    const x = this.board.drop.x + side * this.random() * 0.3 * reach;
    const y = this.board.drop.y;
    const body = this.acquireBall(x, y, radius);
    const ball: PlinkoBall = {
      id: drop.id ?? this.nextId++,
      path: drop.path,
      bucket,
      tag: drop.tag,
      radius,
      body,
      prevX: x,
      prevY: y,
      guidance: { x: 0, y: 0 },
      maxGuidance: 0,
      steps: 0,
      lane: { nextRow: 0, rights: 0 },
      plan: { row: -1, accel: 0 },
    };
    this.balls.push(ball);
    return ball.id;
  }

  onLanding(listener: LandingListener): () => void {
    this.landingListeners.add(listener);
    return () => this.landingListeners.delete(listener);
  }

  onPegHit(listener: PegListener): () => void {
    this.pegListeners.add(listener);
    this.stopCollisions ??= this.physics.onCollision(
      (pairs) => {
        for (const { a, b } of pairs) {
          const peg = a.label === 'plinko-peg' ? a : b.label === 'plinko-peg' ? b : null;
          if (!peg) continue;
          for (const hear of this.pegListeners) hear({ x: peg.position.x, y: peg.position.y });
        }
      },
      ['start'],
    );
    return () => {
      this.pegListeners.delete(listener);
      if (this.pegListeners.size) return;
      this.stopCollisions?.();
      this.stopCollisions = null;
    };
  }

  update(_dt: number): void {
    if (this.geometryPending && this.inFlight === 0) {
      this.geometryPending = false;
      this.board = this.buildBoard();
    }
    if (this.instantDrops.length > 0) this.landInstantDrops();
    const gStep = this.gravityPerStep();
    for (const ball of this.balls) this.steer(ball, gStep);
    this.physics.step();
    for (let i = this.balls.length - 1; i >= 0; i--) {
      const ball = this.balls[i]!;
      ball.steps += 1;
      const { x, y } = ball.body.position;
      if (y >= this.board.landingY) this.land(i, x, false);
      else if (ball.steps > MAX_FLIGHT_STEPS) this.land(i, x, true);
    }
  }

  /**
   * Live tweaks. Gravity, restitution and frictions apply at once (to balls in flight too, which
   * plan again); a new ball radius applies to the next balls; peg radius and spacing rebuild the
   * board as soon as no ball is in flight.
   */
  paramsChanged(values: ParamValues<PlinkoParams>): void {
    const geometry =
      values.pegRadius !== this.values.pegRadius || values.pegSpacing !== this.values.pegSpacing;
    this.values = { ...values };
    this.applyGravity();
    for (const ball of this.balls) {
      ball.body.restitution = values.restitution;
      ball.body.friction = values.friction;
      ball.body.frictionAir = values.airFriction;
      ball.plan.row = -1;
    }
    this.planners.clear();
    if (geometry) this.geometryPending = true;
  }

  dispose(): void {
    this.stopCollisions?.();
    this.stopCollisions = null;
    this.landingListeners.clear();
    this.pegListeners.clear();
    this.physics.clear();
    this.balls.length = 0;
    this.instantDrops.length = 0;
    this.pegs = [];
    this.spareBalls.clear();
  }

  /** Applies the ball's guidance for this step, planning it first when its lane moved on. */
  private steer(ball: PlinkoBall, gStep: number): void {
    const body = ball.body as VerletBody;
    ball.prevX = body.position.x;
    ball.prevY = body.position.y;
    updateLane(this.board, ball.lane, ball.radius, body.position.x, body.position.y);
    const planner = this.planner(ball, gStep);
    if (ball.plan.row !== ball.lane.nextRow) {
      ball.plan.row = ball.lane.nextRow;
      const state = this.planState;
      state.x = body.position.x;
      state.y = body.position.y;
      state.prevX = body.positionPrev.x;
      state.prevY = body.positionPrev.y;
      state.impulseX = body.positionImpulse.x;
      state.impulseY = body.positionImpulse.y;
      ball.plan.accel = planner.plan(
        ball.path,
        ball.bucket,
        ball.lane,
        state,
        this.contactOf(ball),
      );
    }
    const ax = ball.plan.accel;
    // matter-js: velocity += force / mass * dt², so this force adds exactly ax px/step².
    body.force.x += (body.mass * ax) / (PHYSICS_STEP_MS * PHYSICS_STEP_MS);
    const ratio = ax / gStep;
    ball.guidance.x = ratio;
    ball.guidance.y = 0;
    const magnitude = Math.abs(ratio);
    if (magnitude > ball.maxGuidance) ball.maxGuidance = magnitude;
    if (magnitude > this.maxGuidance) this.maxGuidance = magnitude;
  }

  /** The planner for this ball's radius on the current board and materials. */
  private planner(ball: PlinkoBall, gStep: number): GuidancePlanner {
    let planner = this.planners.get(ball.radius);
    if (!planner) {
      planner = new GuidancePlanner(this.board, {
        radius: ball.radius,
        restitution: this.values.restitution,
        friction: this.values.friction,
        frictionStatic: FRICTION_STATIC,
        airFriction: this.values.airFriction,
        inverseMass: ball.body.inverseMass,
        gStep,
      });
      this.planners.set(ball.radius, planner);
    }
    return planner;
  }

  /**
   * matter's cached impulses of the ball's contact with a peg, if it touches one (what the
   * guidance's prediction starts from). The answer is reused by the next call.
   */
  contactOf(ball: PlinkoBall): ContactCache {
    const contact = this.contact;
    contact.peg = -1;
    contact.normal0 = contact.tangent0 = contact.normal1 = contact.tangent1 = 0;
    const { x, y } = ball.body.position;
    const reach = ball.radius + this.board.pegRadius + 1;
    const row = Math.round(y / this.board.spacing) - 1;
    if (row < 0 || row >= this.board.rows) return contact;
    const index = Math.round(x / this.board.spacing + (row + 2) / 2);
    if (index < 0 || index > row + 2) return contact;
    const pegIndex = (row * (row + 5)) / 2 + index;
    const peg = this.pegs[pegIndex];
    if (!peg || Math.hypot(peg.position.x - x, peg.position.y - y) > reach) return contact;
    const pairs = this.physics.engine.pairs as PairsTable;
    const pair = pairs.table[Matter.Pair.id(peg, ball.body)];
    if (!pair?.isActive) return contact;
    contact.peg = pegIndex;
    contact.normal0 = pair.contacts[0]!.normalImpulse;
    contact.tangent0 = pair.contacts[0]!.tangentImpulse;
    contact.normal1 = pair.contacts[1]!.normalImpulse;
    contact.tangent1 = pair.contacts[1]!.tangentImpulse;
    return contact;
  }

  private land(index: number, x: number, forced: boolean): void {
    const ball = this.balls[index]!;
    this.balls.splice(index, 1);
    Matter.Composite.remove(this.physics.engine.world, ball.body);
    const spare = this.spareBalls.get(ball.radius) ?? [];
    spare.push(ball.body);
    this.spareBalls.set(ball.radius, spare);
    if (forced || bucketUnder(x, this.rows, this.board.spacing) !== ball.bucket)
      this.offTarget += 1;
    this.report({ id: ball.id, bucket: ball.bucket, tag: ball.tag, x, steps: ball.steps, forced });
  }

  /** The instant drops land in their buckets, unflown. */
  private landInstantDrops(): void {
    for (const { id, bucket, tag } of this.instantDrops.splice(0)) {
      const x = this.board.bucketX[bucket] ?? 0;
      this.report({ id, bucket, tag, x, steps: 0, forced: false });
    }
  }

  /** A landing into the history and to the listeners. */
  private report(landing: PlinkoLanding): void {
    this.history.unshift(landing.bucket);
    if (this.history.length > HISTORY_LENGTH) this.history.length = HISTORY_LENGTH;
    for (const listener of this.landingListeners) listener(landing);
  }

  private buildBoard(): BoardGeometry {
    if (this.pegs.length) Matter.Composite.remove(this.physics.engine.world, this.pegs);
    const board = boardGeometry(this.rows, this.values.pegSpacing, this.values.pegRadius);
    this.planners.clear();
    this.pegs = board.pegs.map((p) =>
      markExactCircle(
        Matter.Bodies.polygon(p.x, p.y, PEG_SIDES, circumscribed(board.pegRadius, PEG_SIDES), {
          isStatic: true,
          // matter-js takes the larger restitution and static friction and the smaller friction
          // of a pair: these leave restitution and friction to the ball's params.
          restitution: 0,
          friction: 1,
          frictionStatic: FRICTION_STATIC,
          label: 'plinko-peg',
        }),
        board.pegRadius,
      ),
    );
    Matter.Composite.add(this.physics.engine.world, this.pegs);
    return board;
  }

  /** A ball body from this simulation's pool (per radius), reset and added to the world. */
  private acquireBall(x: number, y: number, radius: number): Matter.Body {
    const body =
      this.spareBalls.get(radius)?.pop() ??
      markExactCircle(
        Matter.Bodies.polygon(x, y, BALL_SIDES, circumscribed(radius, BALL_SIDES), {
          label: 'plinko-ball',
        }),
        radius,
      );
    Matter.Body.setPosition(body, { x, y });
    Matter.Body.setVelocity(body, { x: 0, y: 0 });
    // A pooled body may still carry matter's warm position impulse from its last landing.
    const impulse = (body as VerletBody).positionImpulse;
    impulse.x = 0;
    impulse.y = 0;
    Matter.Body.setAngle(body, 0);
    Matter.Body.setAngularVelocity(body, 0);
    body.restitution = this.values.restitution;
    body.friction = this.values.friction;
    body.frictionAir = this.values.airFriction;
    body.frictionStatic = FRICTION_STATIC;
    body.collisionFilter.group = BALL_GROUP;
    // It never spins (the view draws no spin): matter skips rotating its vertices, and the
    // guidance's prediction has no spin to follow.
    Matter.Body.setInertia(body, Infinity);
    Matter.Composite.add(this.physics.engine.world, body);
    return body;
  }

  private gravityPerStep(): number {
    const gravity = this.physics.engine.gravity;
    return gravity.y * gravity.scale * PHYSICS_STEP_MS * PHYSICS_STEP_MS;
  }

  private applyGravity(): void {
    this.physics.engine.gravity.y = this.values.gravity;
  }
}

/** The radius of an n-gon whose edges touch a circle of radius r (its bounds contain the circle). */
function circumscribed(radius: number, sides: number): number {
  return radius / Math.cos(Math.PI / sides);
}

export function validRows(rows: unknown): rows is number {
  return (
    typeof rows === 'number' &&
    Number.isInteger(rows) &&
    rows >= PLINKO.minRows &&
    rows <= PLINKO.maxRows
  );
}

export function checkedBucket(drop: PlinkoDrop, rows: number): number {
  if (drop.path.length !== rows || !/^[LR]+$/.test(drop.path)) {
    throw new RangeError(`plinko path '${drop.path}' is not ${rows} rows of L/R`);
  }
  const bucket = [...drop.path].filter((d) => d === 'R').length;
  if (drop.bucket !== undefined && drop.bucket !== bucket) {
    throw new RangeError(`plinko path '${drop.path}' ends in bucket ${bucket}, not ${drop.bucket}`);
  }
  return bucket;
}

// A ball's next steps on the board, computed the way matter-js 0.20 computes them: Verlet
// integration with air friction, the exact-circle contact of engine/physics/exactCircles.ts (two
// supports at one point), matter's position solver (6 iterations, its slop, damping and warming)
// and velocity solver (4 iterations, restitution, resting contacts, its friction), for a ball that
// never spins (its inertia is infinite) against static pegs that have no restitution and no
// static friction. For the same state and forces it lands where matter-js does, to float rounding
// (games/plinko/tests/prediction.test.ts compares them step by step), so the guidance can try a
// few forces ahead of time and keep the one whose future it likes.
//
// A ball touches at most one peg at a time: rows are a spacing apart (more than the two radii
// reach, twice), and so are the pegs of a row. Each step looks up the one peg near the ball.
import type { BoardGeometry } from './board';

/** matter-js constants the solver uses (Resolver._positionDampen, _positionWarming, …). */
const POSITION_ITERATIONS = 6;
const VELOCITY_ITERATIONS = 4;
const POSITION_DAMPEN = 0.9;
const POSITION_WARMING = 0.8;
const RESTING_NORMAL = 2;
const RESTING_TANGENT = Math.sqrt(6);
const FRICTION_NORMAL_MULTIPLIER = 5;
const SLOP = 0.05;

/** What the prediction needs of the ball and the world (per-step units: px, px/step, px/step²). */
export interface PredictionModel {
  radius: number;
  restitution: number;
  friction: number;
  /** The pair's static friction (the larger of ball and peg). */
  frictionStatic: number;
  airFriction: number;
  inverseMass: number;
  gStep: number;
}

/** matter-js's state of a ball: position, previous position (Verlet) and position impulse. */
export interface BallState {
  x: number;
  y: number;
  prevX: number;
  prevY: number;
  impulseX: number;
  impulseY: number;
}

/** The cached impulses of the ball's contact with a peg (matter keeps them per pair). */
export interface ContactCache {
  /** Index of the peg in board.pegs, or -1 for none. */
  peg: number;
  normal0: number;
  tangent0: number;
  normal1: number;
  tangent1: number;
}

export function noContact(): ContactCache {
  return { peg: -1, normal0: 0, tangent0: 0, normal1: 0, tangent1: 0 };
}

/** A ball stepped ahead of time; reusable (load() a state, then step()). */
export class BallPrediction implements BallState {
  x = 0;
  y = 0;
  prevX = 0;
  prevY = 0;
  impulseX = 0;
  impulseY = 0;
  /** The peg in contact after the last step (-1: none), with matter's cached impulses. */
  readonly contact: ContactCache = noContact();
  /** The horizontal acceleration on the ball, px/step². */
  accel = 0;
  /** Steps that ended in contact with a peg since load(). */
  touching = 0;
  /** Deepest a peg was inside the ball after a step, in px. */
  deepest = 0;
  /** The contact's normal and separation, from the position solver to the velocity solver. */
  private normalX = 0;
  private normalY = 0;
  private separation = 0;
  private readonly reach: number;
  private readonly keep: number;
  private readonly frictionLimit: number;
  private readonly perSpacing: number;
  private readonly rows: number;
  private readonly rowY: Float64Array;
  /** Peg centres, x and y, in board.pegs order. */
  private readonly pegX: Float64Array;
  private readonly pegY: Float64Array;
  /** First peg index of each row in board.pegs. */
  private readonly rowStart: Int32Array;

  constructor(
    board: BoardGeometry,
    private readonly model: PredictionModel,
  ) {
    this.reach = model.radius + board.pegRadius;
    this.keep = 1 - model.airFriction;
    this.frictionLimit = model.friction * model.frictionStatic * FRICTION_NORMAL_MULTIPLIER;
    this.perSpacing = 1 / board.spacing;
    this.rows = board.rows;
    this.rowY = Float64Array.from(board.rowY);
    this.pegX = Float64Array.from(board.pegs, (p) => p.x);
    this.pegY = Float64Array.from(board.pegs, (p) => p.y);
    this.rowStart = new Int32Array(board.rows);
    for (let row = 0, start = 0; row < board.rows; row++) {
      this.rowStart[row] = start;
      start += row + 3;
    }
  }

  load(state: BallState, contact: ContactCache): void {
    this.x = state.x;
    this.y = state.y;
    this.prevX = state.prevX;
    this.prevY = state.prevY;
    this.impulseX = state.impulseX;
    this.impulseY = state.impulseY;
    copyContact(contact, this.contact);
    this.touching = 0;
    this.deepest = 0;
  }

  copyFrom(other: BallPrediction): void {
    this.load(other, other.contact);
    this.touching = other.touching;
    this.deepest = other.deepest;
  }

  /** The peg a ball at (x, y) overlaps, or -1. */
  pegAt(x: number, y: number): number {
    // `| 0`: integers, so the peg index never needs a boxed number.
    const row = (Math.round(y * this.perSpacing) - 1) | 0;
    if (row < 0 || row >= this.rows) return -1;
    const dy = this.rowY[row]! - y;
    const reach = this.reach;
    if (dy >= reach || dy <= -reach) return -1;
    const index = Math.round(x * this.perSpacing + (row + 2) / 2) | 0;
    if (index < 0 || index > row + 2) return -1;
    const peg = (this.rowStart[row]! + index) | 0;
    const dx = this.pegX[peg]! - x;
    return dx * dx + dy * dy < reach * reach ? peg : -1;
  }

  /**
   * One matter-js step with `accel` on the ball. (A field, not an argument: a double passed to a
   * call that is not inlined is boxed, and the planner takes thousands of steps a frame.)
   */
  step(): void {
    const m = this.model;
    const vx = (this.x - this.prevX) * this.keep + this.accel;
    const vy = (this.y - this.prevY) * this.keep + m.gStep;
    this.prevX = this.x;
    this.prevY = this.y;
    this.x += vx;
    this.y += vy;

    const peg = this.pegAt(this.x, this.y);
    const contact = this.contact;
    if (peg !== contact.peg) {
      contact.peg = peg;
      contact.normal0 = contact.tangent0 = contact.normal1 = contact.tangent1 = 0;
    }
    let nx = 0;
    let ny = 0;
    let separation = 0;
    if (peg >= 0) {
      // The normal points from the ball to the peg (matter's: from bodyB, the later body, to bodyA).
      const dx = this.pegX[peg]! - this.x;
      const dy = this.pegY[peg]! - this.y;
      const distance = Math.sqrt(dx * dx + dy * dy);
      nx = distance > 1e-9 ? dx / distance : 0;
      ny = distance > 1e-9 ? dy / distance : 1;
      const depth = this.reach - distance;
      // Position solver: one pair, two contacts, a static peg (its impulse doubled): each of its
      // iterations moves the impulse along the normal by DAMPEN · (separation - slop).
      let along = nx * this.impulseX + ny * this.impulseY;
      let moved = 0;
      for (let i = 0; i < POSITION_ITERATIONS; i++) {
        separation = depth + along;
        const step = (separation - SLOP) * POSITION_DAMPEN;
        along -= step;
        moved += step;
      }
      this.impulseX -= nx * moved;
      this.impulseY -= ny * moved;
    }
    if (this.impulseX !== 0 || this.impulseY !== 0) {
      this.x += this.impulseX;
      this.y += this.impulseY;
      this.prevX += this.impulseX;
      this.prevY += this.impulseY;
      if (this.impulseX * vx + this.impulseY * vy < 0) {
        this.impulseX = 0;
        this.impulseY = 0;
      } else {
        this.impulseX *= POSITION_WARMING;
        this.impulseY *= POSITION_WARMING;
      }
    }
    if (peg < 0) return;
    this.touching += 1;
    const dx = this.pegX[peg]! - this.x;
    const dy = this.pegY[peg]! - this.y;
    const inside = this.reach - Math.sqrt(dx * dx + dy * dy);
    if (inside > this.deepest) this.deepest = inside;
    // Handed over in fields: doubles passed as arguments would be boxed on every call.
    this.normalX = nx;
    this.normalY = ny;
    this.separation = separation;
    this.solveVelocity();
  }

  private solveVelocity(): void {
    const nx = this.normalX;
    const ny = this.normalY;
    const separation = this.separation;
    const inverseMass = this.model.inverseMass;
    const contact = this.contact;
    const tx = -ny;
    const ty = nx;
    // matter caches each of the pair's two contacts' impulses; both see the same velocities in an
    // iteration (read once per pair) and differ only by their caches.
    let normal0 = contact.normal0;
    let tangent0 = contact.tangent0;
    let normal1 = contact.normal1;
    let tangent1 = contact.tangent1;
    // Warm start with the cached impulses (applied to the ball, matter's bodyB: subtracted).
    const warmNormal = normal0 + normal1;
    const warmTangent = tangent0 + tangent1;
    let prevX = this.prevX;
    let prevY = this.prevY;
    if (warmNormal !== 0 || warmTangent !== 0) {
      prevX -= (nx * warmNormal + tx * warmTangent) * inverseMass;
      prevY -= (ny * warmNormal + ty * warmTangent) * inverseMass;
    }
    const friction = this.model.friction;
    const share = 0.5 / inverseMass;
    const restitution = 1 + this.model.restitution;
    const x = this.x;
    const y = this.y;
    for (let i = 0; i < VELOCITY_ITERATIONS; i++) {
      // Relative velocity of the peg (bodyA) to the ball (bodyB).
      const rvx = prevX - x;
      const rvy = prevY - y;
      const normalVelocity = nx * rvx + ny * rvy;
      const tangentVelocity = tx * rvx + ty * rvy;
      const overlap = separation + normalVelocity;
      const normalForce = overlap < 0 ? 0 : overlap > 1 ? 1 : overlap;
      const limit = normalForce * this.frictionLimit;
      let tangentRaw: number;
      let maxFriction: number;
      if (tangentVelocity < -limit || tangentVelocity > limit) {
        maxFriction = tangentVelocity < 0 ? -tangentVelocity : tangentVelocity;
        tangentRaw = tangentVelocity > 0 ? friction : -friction;
        if (tangentRaw > maxFriction) tangentRaw = maxFriction;
        else if (tangentRaw < -maxFriction) tangentRaw = -maxFriction;
      } else {
        tangentRaw = tangentVelocity;
        maxFriction = Number.MAX_VALUE;
      }
      const normalRaw = restitution * normalVelocity * share;
      tangentRaw *= share;
      const fast = normalVelocity < -RESTING_NORMAL;
      const sliding = tangentVelocity < -RESTING_TANGENT || tangentVelocity > RESTING_TANGENT;
      // matter's two contact points of a circle pair, one after the other (unrolled: the solver's
      // state stays in locals on the planner's hottest path). Contact 0.
      let normalImpulse = normalRaw;
      let tangentImpulse = tangentRaw;
      if (fast) normal0 = 0;
      else {
        const next = Math.min(normal0 + normalRaw, 0);
        normalImpulse = next - normal0;
        normal0 = next;
      }
      if (sliding) tangent0 = 0;
      else {
        const next = Math.max(-maxFriction, Math.min(maxFriction, tangent0 + tangentRaw));
        tangentImpulse = next - tangent0;
        tangent0 = next;
      }
      prevX -= (nx * normalImpulse + tx * tangentImpulse) * inverseMass;
      prevY -= (ny * normalImpulse + ty * tangentImpulse) * inverseMass;
      // Contact 1.
      normalImpulse = normalRaw;
      tangentImpulse = tangentRaw;
      if (fast) normal1 = 0;
      else {
        const next = Math.min(normal1 + normalRaw, 0);
        normalImpulse = next - normal1;
        normal1 = next;
      }
      if (sliding) tangent1 = 0;
      else {
        const next = Math.max(-maxFriction, Math.min(maxFriction, tangent1 + tangentRaw));
        tangentImpulse = next - tangent1;
        tangent1 = next;
      }
      prevX -= (nx * normalImpulse + tx * tangentImpulse) * inverseMass;
      prevY -= (ny * normalImpulse + ty * tangentImpulse) * inverseMass;
    }
    this.prevX = prevX;
    this.prevY = prevY;
    contact.normal0 = normal0;
    contact.tangent0 = tangent0;
    contact.normal1 = normal1;
    contact.tangent1 = tangent1;
  }
}

function copyContact(from: ContactCache, to: ContactCache): void {
  to.peg = from.peg;
  to.normal0 = from.normal0;
  to.tangent0 = from.tangent0;
  to.normal1 = from.normal1;
  to.tangent1 = from.tangent1;
}

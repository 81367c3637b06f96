import Matter from 'matter-js';

// matter-js has no circle shape: Bodies.circle is a polygon, and every pair is tested with the
// separating axis theorem over all its vertices and axes (about 1,100 projections for two
// 24-gons). Bodies marked here collide as the exact circles they stand for: the contact normal
// runs centre to centre, the depth is the radii minus the distance, and the support point lies
// on the second body's surface. Cheaper by far, and a bounce off a peg no longer depends on
// which polygon face it struck. Everything else (broadphase, solver, events) stays matter-js's.

interface CircleBody extends Matter.Body {
  plugin: { exactCircleRadius?: number };
}

/** matter-js's collision record: the fields that its Pair.update and Resolver read. */
interface CollisionRecord {
  collided: boolean;
  bodyA: Matter.Body;
  bodyB: Matter.Body;
  parentA: Matter.Body;
  parentB: Matter.Body;
  depth: number;
  normal: Matter.Vector;
  tangent: Matter.Vector;
  penetration: Matter.Vector;
  supports: (Matter.Vector | null)[];
  supportCount: number;
  /** The support points of a circle pair, kept for the record's life (contacts match by them). */
  circleSupports?: [Matter.Vector, Matter.Vector];
}

interface PairsTable {
  table: Record<string, { collision: CollisionRecord } | undefined>;
}

type Collides = (a: Matter.Body, b: Matter.Body, pairs?: PairsTable) => CollisionRecord | null;

interface CollisionModule {
  collides: Collides;
  create: (a: Matter.Body, b: Matter.Body) => CollisionRecord;
}

interface PairModule {
  id: (a: Matter.Body, b: Matter.Body) => string;
}

let installed = false;

/**
 * Makes `body` (a circle or fine polygon of that radius) collide as an exact circle with other
 * exact circles; against anything else it stays a polygon. The radius must match the body's.
 */
export function markExactCircle(body: Matter.Body, radius: number): Matter.Body {
  installExactCircles();
  (body as CircleBody).plugin.exactCircleRadius = radius;
  return body;
}

function radiusOf(body: Matter.Body): number | undefined {
  return (body as CircleBody).plugin?.exactCircleRadius;
}

/**
 * Routes matter-js's narrowphase through collideCircles for pairs of exact circles. Its Detector
 * reads Collision.collides on every call, so this takes effect for every world, once.
 */
function installExactCircles(): void {
  if (installed) return;
  installed = true;
  const collision = Matter.Collision as unknown as CollisionModule;
  const polygons = collision.collides;
  collision.collides = (a, b, pairs) => {
    const radiusA = radiusOf(a);
    const radiusB = radiusOf(b);
    return radiusA !== undefined && radiusB !== undefined
      ? collideCircles(a, b, radiusA, radiusB, pairs)
      : polygons(a, b, pairs);
  };
}

function collideCircles(
  a: Matter.Body,
  b: Matter.Body,
  radiusA: number,
  radiusB: number,
  pairs: PairsTable | undefined,
): CollisionRecord | null {
  const reach = radiusA + radiusB;
  const dx = b.position.x - a.position.x;
  const dy = b.position.y - a.position.y;
  const distanceSquared = dx * dx + dy * dy;
  if (distanceSquared >= reach * reach) return null;

  const pair = pairs?.table[(Matter.Pair as unknown as PairModule).id(a, b)];
  let record: CollisionRecord;
  if (pair) {
    record = pair.collision;
  } else {
    record = (Matter.Collision as unknown as CollisionModule).create(a, b);
    record.collided = true;
    record.bodyA = a.id < b.id ? a : b;
    record.bodyB = a.id < b.id ? b : a;
    record.parentA = record.bodyA.parent;
    record.parentB = record.bodyB.parent;
  }
  // matter-js's convention (its SAT flips the axis to match): the normal points from the
  // record's bodyB towards its bodyA.
  const sign = record.bodyA === a ? -1 : 1;
  const distance = Math.sqrt(distanceSquared);
  const nx = distance > 1e-9 ? (sign * dx) / distance : 0;
  const ny = distance > 1e-9 ? (sign * dy) / distance : 1;
  const depth = reach - distance;
  record.normal.x = nx;
  record.normal.y = ny;
  record.tangent.x = -ny;
  record.tangent.y = nx;
  record.penetration.x = nx * depth;
  record.penetration.y = ny * depth;
  record.depth = depth;
  // The point of bodyB deepest inside bodyA: on B's surface, towards A (along the normal). It is
  // reported twice: matter-js's position solver shares its correction by contact count and is
  // tuned for the two supports a polygon pair usually has; with one it overshoots (balls ended a
  // pixel inside pegs).
  const radiusOfB = record.bodyB === b ? radiusB : radiusA;
  const supports = (record.circleSupports ??= [
    { x: 0, y: 0 },
    { x: 0, y: 0 },
  ]);
  const x = record.bodyB.position.x + nx * radiusOfB;
  const y = record.bodyB.position.y + ny * radiusOfB;
  for (const support of supports) {
    support.x = x;
    support.y = y;
  }
  record.supports[0] = supports[0];
  record.supports[1] = supports[1];
  record.supportCount = 2;
  return record;
}

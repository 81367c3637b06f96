import Matter from 'matter-js';

// matter-js's broadphase sorts every body by its left edge each step and sweeps along x; a
// board of pegs keeps a whole column of static bodies in every moving body's sweep, and sorting
// 250 bodies costs as much again. A world that opts in here finds its pairs with a uniform grid
// instead: static bodies are binned once (again whenever the set of static bodies changes), each
// moving body looks up the cells its bounds cover, and moving bodies are paired with each other by
// matter's own sort and sweep (skipped when their collision filters keep them all apart, as balls
// that pass through each other). The narrowphase (Collision.collides, exactCircles.ts), pairs,
// solver and events stay matter's; the pairs found are the same, in another order. Compound
// bodies fall back to matter's broadphase.

interface GridState {
  cell: number;
  /** Static bodies by cell key; rebuilt when the static bodies' count or ids change. */
  cells: Map<number, StampedBody[]>;
  signature: [number, number, number];
  /** Bumped for every moving body; a static body already tried with it carries the value. */
  stamp: number;
  moving: Matter.Body[];
  statics: StampedBody[];
}

/** A static body, marked when it was last tried against the moving body in hand. */
type StampedBody = Matter.Body & { gridStamp?: number };

interface DetectorState {
  bodies: Matter.Body[];
  collisions: CollisionRecord[];
  pairs: unknown;
}

interface CollisionRecord {
  collided: boolean;
}

type Collides = (a: Matter.Body, b: Matter.Body, pairs: unknown) => CollisionRecord | null;
type Collisions = (detector: DetectorState) => CollisionRecord[];

const grids = new WeakMap<DetectorState, GridState>();
let installed = false;

/**
 * Makes `engine` find its collision pairs with a grid of `cell` px (at least the size of its
 * largest static body). Static bodies must not move while they are in the world.
 */
export function installGridBroadphase(engine: Matter.Engine, cell: number): void {
  install();
  grids.set(engine.detector as unknown as DetectorState, {
    cell,
    cells: new Map(),
    signature: [-1, 0, 0],
    stamp: 0,
    moving: [],
    statics: [],
  });
}

function install(): void {
  if (installed) return;
  installed = true;
  const detector = Matter.Detector as unknown as { collisions: Collisions };
  const sweep = detector.collisions;
  detector.collisions = (state) => {
    const grid = grids.get(state);
    return grid && state.bodies.every((body) => body.parts.length === 1)
      ? gridCollisions(state, grid, sweep)
      : sweep(state);
  };
}

/** One small integer per cell (columns and rows within ±2^14 cells): no boxed number to look up. */
function key(column: number, row: number): number {
  return ((row + 0x4000) * 0x8000 + (column + 0x4000)) | 0;
}

function rebuild(grid: GridState, statics: StampedBody[]): void {
  grid.cells.clear();
  for (const body of statics) {
    const { min, max } = body.bounds;
    for (let row = Math.floor(min.y / grid.cell); row <= Math.floor(max.y / grid.cell); row++) {
      for (let col = Math.floor(min.x / grid.cell); col <= Math.floor(max.x / grid.cell); col++) {
        const k = key(col, row);
        const list = grid.cells.get(k);
        if (list) list.push(body);
        else grid.cells.set(k, [body]);
      }
    }
  }
}

function gridCollisions(
  state: DetectorState,
  grid: GridState,
  sweep: Collisions,
): CollisionRecord[] {
  const collides = (Matter.Collision as unknown as { collides: Collides }).collides;
  const canCollide = Matter.Detector.canCollide;
  const statics = grid.statics;
  const moving = grid.moving;
  statics.length = 0;
  moving.length = 0;
  // The static set's count, sum and sum of squares of ids: a change rebuilds the grid.
  let sum = 0;
  let squares = 0;
  for (const body of state.bodies) {
    if (body.isStatic) {
      statics.push(body);
      sum += body.id;
      squares += body.id * body.id;
    } else moving.push(body);
  }
  const signature = grid.signature;
  if (signature[0] !== statics.length || signature[1] !== sum || signature[2] !== squares) {
    grid.signature = [statics.length, sum, squares];
    rebuild(grid, statics);
  }
  const collisions = state.collisions;
  let count = 0;
  for (const body of moving) {
    if (body.isSleeping) continue;
    grid.stamp += 1;
    const { min, max } = body.bounds;
    for (let row = Math.floor(min.y / grid.cell); row <= Math.floor(max.y / grid.cell); row++) {
      for (let col = Math.floor(min.x / grid.cell); col <= Math.floor(max.x / grid.cell); col++) {
        const cell = grid.cells.get(key(col, row));
        if (!cell) continue;
        for (const other of cell) {
          if (other.gridStamp === grid.stamp) continue;
          other.gridStamp = grid.stamp;
          const bounds = other.bounds;
          if (
            bounds.min.x > max.x ||
            bounds.max.x < min.x ||
            bounds.min.y > max.y ||
            bounds.max.y < min.y ||
            !canCollide(body.collisionFilter, other.collisionFilter)
          ) {
            continue;
          }
          const collision = collides(body, other, state.pairs);
          if (collision) collisions[count++] = collision;
        }
      }
    }
  }
  collisions.length = count;
  if (moving.length > 1 && !allApart(moving)) {
    // Moving bodies that may collide with each other: matter's sort and sweep over them alone.
    const found = sweep({ bodies: moving.slice(), collisions: [], pairs: state.pairs });
    for (const collision of found) collisions.push(collision);
  }
  return collisions;
}

/** True when every moving body has the same negative group (matter: never collide). */
function allApart(moving: Matter.Body[]): boolean {
  const group = moving[0]!.collisionFilter.group ?? 0;
  if (group >= 0) return false;
  return moving.every((body) => body.collisionFilter.group === group);
}

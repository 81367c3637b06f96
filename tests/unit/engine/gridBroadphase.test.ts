import Matter from 'matter-js';
import { describe, expect, it } from 'vitest';
import { markExactCircle } from '../../../engine/physics/exactCircles';
import { PhysicsWorld } from '../../../engine/physics/PhysicsWorld';
import { prng } from '../../support/prng';

/** A board of static pegs and `balls` falling circles, the same in a world with either broadphase. */
function scene(gridCell: number | undefined, balls: number, group: number, seed: number) {
  const world = new PhysicsWorld(gridCell ? { gridCell } : {});
  const random = prng(seed);
  const pegs: Matter.Body[] = [];
  for (let row = 0; row < 10; row++) {
    for (let i = 0; i < row + 3; i++) {
      const peg = Matter.Bodies.polygon((i - (row + 2) / 2) * 36, (row + 1) * 36, 8, 5.5, {
        isStatic: true,
        label: `peg ${row}:${i}`,
      });
      pegs.push(markExactCircle(peg, 5));
    }
  }
  // A static bar wider than a cell, not a circle: binned in several cells, tested as a polygon.
  pegs.push(Matter.Bodies.rectangle(0, 420, 200, 10, { isStatic: true, label: 'floor' }));
  Matter.Composite.add(world.engine.world, pegs);
  const moving: Matter.Body[] = [];
  for (let n = 0; n < balls; n++) {
    const ball = markExactCircle(
      Matter.Bodies.polygon((random() - 0.5) * 60, -40 * random(), 8, 9.8, { label: `ball ${n}` }),
      9,
    );
    ball.collisionFilter.group = group;
    ball.restitution = 0.35;
    moving.push(ball);
  }
  Matter.Composite.add(world.engine.world, moving);
  return { world, moving };
}

/** The pairs each step found (by label), sorted: the broadphases may order them differently. */
function pairsOfSteps(
  gridCell: number | undefined,
  balls: number,
  group: number,
  seed: number,
  count = 240,
) {
  const { world, moving } = scene(gridCell, balls, group, seed);
  const steps: string[][] = [];
  const nudge = prng(seed + 1);
  for (let step = 0; step < count; step++) {
    for (const ball of moving) ball.force.x += (nudge() - 0.5) * 1e-5;
    world.step();
    const pairs = (world.engine.pairs as { list: Matter.Pair[] }).list
      .filter((pair) => pair.isActive)
      .map((pair) => [pair.bodyA.label, pair.bodyB.label].sort().join(' / '));
    steps.push(pairs.sort());
  }
  return { steps, positions: moving.map((ball) => [ball.position.x, ball.position.y]) };
}

describe('grid broadphase', () => {
  it('finds the same pairs as matter-js, so balls through pegs move exactly as before', () => {
    // Balls that pass through each other (one negative group): only ball-peg pairs.
    const sweep = pairsOfSteps(undefined, 30, -1, 5);
    const grid = pairsOfSteps(36, 30, -1, 5);
    expect(sweep.steps.flat().length).toBeGreaterThan(500);
    expect(grid.steps).toEqual(sweep.steps);
    expect(grid.positions).toEqual(sweep.positions);
  });

  it('still pairs moving bodies that collide with each other', () => {
    // Balls that collide: pairs found in one step from the same crowded start (later the solver
    // sees them in another order, and the worlds part by rounding).
    let ballPairs = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const sweep = pairsOfSteps(undefined, 40, 0, seed, 1);
      const grid = pairsOfSteps(36, 40, 0, seed, 1);
      expect(grid.steps).toEqual(sweep.steps);
      ballPairs += sweep.steps[0]!.filter((pair) => /^ball .* \/ ball/.test(pair)).length;
    }
    expect(ballPairs).toBeGreaterThan(20);
  });
});

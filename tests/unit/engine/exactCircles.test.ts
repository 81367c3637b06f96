import Matter from 'matter-js';
import { describe, expect, it } from 'vitest';
import { markExactCircle } from '../../../engine/physics/exactCircles';
import { PhysicsWorld } from '../../../engine/physics/PhysicsWorld';

type Collides = (
  a: Matter.Body,
  b: Matter.Body,
) => {
  depth: number;
  normal: Matter.Vector;
  bodyA: Matter.Body;
  bodyB: Matter.Body;
  supportCount: number;
  supports: Matter.Vector[];
} | null;
const collides = (a: Matter.Body, b: Matter.Body) =>
  (Matter.Collision as unknown as { collides: Collides }).collides(a, b);

const circle = (x: number, y: number, radius: number, sides: number) =>
  markExactCircle(Matter.Bodies.polygon(x, y, sides, radius), radius);

describe('exact circle collisions', () => {
  it('measures depth and normal between the centres, whatever the polygons', () => {
    // 6-gons: as polygons these would be far from the circle's true outline.
    const peg = circle(0, 0, 5, 6);
    const ball = circle(3, -12, 9, 6);
    const hit = collides(peg, ball)!;
    const distance = Math.hypot(3, 12);
    expect(hit.depth).toBeCloseTo(14 - distance, 12);
    // matter-js's convention: the normal points from bodyB to bodyA (here the ball to the peg).
    expect(hit.bodyA).toBe(peg);
    expect(hit.normal.x).toBeCloseTo(-3 / distance, 12);
    expect(hit.normal.y).toBeCloseTo(12 / distance, 12);
    // The support lies on the ball's surface, on the line between the centres.
    const support = hit.supports[0]!;
    expect(Math.hypot(support.x - 3, support.y + 12)).toBeCloseTo(9, 12);
    expect(support.x / support.y).toBeCloseTo(3 / -12, 12);
  });

  it('finds no contact a hair beyond the radii, and one a hair within', () => {
    const peg = circle(0, 0, 5, 24);
    expect(collides(peg, circle(0, -14.001, 9, 24))).toBeNull();
    expect(
      collides(peg, circle(14 * Math.SQRT1_2 - 0.001, -14 * Math.SQRT1_2, 9, 24)),
    ).not.toBeNull();
  });

  it('leaves pairs with an unmarked body to the polygon test', () => {
    // 4-gons of circumradius 10 are squares of half-width 7.07: 19 apart, they do not touch,
    // though circles of radius 10 would.
    const square = Matter.Bodies.polygon(0, 0, 4, 10);
    const marked = circle(19, 0, 10, 4);
    expect(collides(square, marked)).toBeNull();
    expect(collides(circle(0, 0, 10, 4), marked)).not.toBeNull();
    // Turned 45°, their corners point at each other and overlap by 1 on x: the polygon test sees
    // it, measured along the faces' normals (1 · cos 45°).
    Matter.Body.setAngle(square, Math.PI / 4);
    Matter.Body.setAngle(marked, Math.PI / 4);
    expect(collides(square, marked)?.depth).toBeCloseTo(Math.SQRT1_2, 3);
  });

  it('keeps a ball that strikes a peg at the solver slop, not inside it', () => {
    // matter-js shares its position correction by contact count, tuned for polygon pairs with
    // two supports; a circle pair reporting one overshot and left balls a pixel inside pegs.
    const world = new PhysicsWorld();
    const peg = markExactCircle(
      Matter.Bodies.polygon(0, 0, 24, 5, { isStatic: true, restitution: 0, friction: 1 }),
      5,
    );
    const ball = markExactCircle(
      Matter.Bodies.polygon(2, -120, 24, 9, { restitution: 0.2, friction: 0.05 }),
      9,
    );
    Matter.Composite.add(world.engine.world, [peg, ball]);
    let deepest = Infinity;
    for (let step = 0; step < 120; step++) {
      world.step();
      const gap = Math.hypot(ball.position.x, ball.position.y) - 14;
      deepest = Math.min(deepest, gap);
    }
    expect(ball.position.x).toBeGreaterThan(14); // deflected to its side and gone
    expect(deepest).toBeGreaterThan(-0.2);
  });
});

import Matter from 'matter-js';
import { describe, expect, it } from 'vitest';
import {
  PHYSICS_STEP_MS,
  PhysicsWorld,
  type CollisionPair,
} from '../../../engine/physics/PhysicsWorld';
import { runHeadless } from '../../../engine/headless/runHeadless';
import { physicsDemoScene } from '../../../engine/demo/PhysicsDemoScene';
import { demoScene } from '../../../engine/demo/DemoScene';

describe('physics world', () => {
  it('steps in fixed 1000/60 ms steps', () => {
    const world = new PhysicsWorld();
    for (let i = 0; i < 90; i++) world.step();
    expect(world.stepCount).toBe(90);
    expect(world.timeMs).toBeCloseTo(90 * PHYSICS_STEP_MS, 9);
    expect(world.engine.timing.lastDelta).toBeCloseTo(1000 / 60, 9);
  });

  it('reports a collision when a falling ball reaches the floor, and when it ends', () => {
    const world = new PhysicsWorld();
    const floor = world.addRectangle(100, 300, 400, 20, { label: 'floor' });
    const ball = world.acquireCircle(100, 100, 10, { restitution: 0.8, label: 'ball' });
    const events: { phase: string; pair: CollisionPair; step: number }[] = [];
    world.onCollision((pairs, phase) => {
      for (const pair of pairs) events.push({ phase, pair, step: world.stepCount + 1 });
    });
    for (let i = 0; i < 120; i++) world.step();

    const start = events.find((e) => e.phase === 'start');
    expect(start).toBeDefined();
    expect([start!.pair.a, start!.pair.b]).toEqual(expect.arrayContaining([floor, ball]));
    // Free fall of ~180 px under matter's default gravity takes about 30 steps (0.5 s).
    expect(start!.step).toBeGreaterThan(15);
    expect(start!.step).toBeLessThan(60);
    expect(events.some((e) => e.phase === 'end')).toBe(true); // it bounced off again
  });

  it('pools circle bodies: a released body comes back reset', () => {
    const world = new PhysicsWorld();
    const first = world.acquireCircle(0, 0, 8);
    Matter.Body.setVelocity(first, { x: 5, y: 5 });
    for (let i = 0; i < 10; i++) world.step();
    world.release(first);
    expect(world.bodies).not.toContain(first);
    expect(world.pooledCount()).toBe(1);

    const again = world.acquireCircle(50, 60, 8, { restitution: 0.3 });
    expect(again).toBe(first);
    expect(again.position).toEqual({ x: 50, y: 60 });
    expect(again.velocity).toEqual({ x: 0, y: 0 });
    expect(again.restitution).toBe(0.3);
    expect(world.pooledCount()).toBe(0);
    // A different radius is a different shape: a new body.
    expect(world.acquireCircle(0, 0, 9)).not.toBe(first);
  });
});

describe('headless runner', () => {
  it('runs a scene simulation with physics at fixed dt, without a renderer', () => {
    const run = runHeadless(physicsDemoScene, { data: { seed: 5 }, seconds: 20 });
    expect(run.steps).toBe(1200);
    expect(run.simulatedMs).toBeCloseTo(20_000, 6);
    expect(run.sim.physics.stepCount).toBe(1200);
    expect(run.sim.collisions).toBeGreaterThan(100);
    // Balls that fell out were recycled through the pool, so bodies are reused, not leaked.
    expect(run.sim.recycled).toBeGreaterThan(0);
    expect(run.sim.balls.length).toBeLessThanOrEqual(40);
  });

  it('is deterministic and takes param overrides clamped to their ranges', () => {
    const a = runHeadless(demoScene, {
      data: { count: 50, seed: 1 },
      seconds: 3,
      values: { speed: 300 },
    });
    const b = runHeadless(demoScene, {
      data: { count: 50, seed: 1 },
      seconds: 3,
      values: { speed: 300 },
    });
    const slow = runHeadless(demoScene, {
      data: { count: 50, seed: 1 },
      seconds: 3,
      values: { speed: 0 },
    });
    expect(Array.from(a.sim.x)).toEqual(Array.from(b.sim.x));
    expect(Array.from(slow.sim.x)).not.toEqual(Array.from(a.sim.x));
    expect(() => runHeadless(demoScene, { data: {}, seconds: 1, values: { nope: 1 } })).toThrow(
      /unknown param/,
    );
  });

  it('stops early when onStep says so', () => {
    const run = runHeadless(physicsDemoScene, {
      data: {},
      seconds: 60,
      onStep: (sim) => sim.collisions > 0,
    });
    expect(run.steps).toBeLessThan(3600);
    expect(run.sim.collisions).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { FixedLoop } from '../../../engine/core/FixedLoop';
import { FrameStats } from '../../../engine/core/FrameStats';
import { fitDesign, renderResolution } from '../../../engine/core/fit';
import { SceneManager, type SceneHost } from '../../../engine/core/SceneManager';
import { DemoSimulation } from '../../../engine/demo/DemoSimulation';
import { demoScene } from '../../../engine/demo/DemoScene';
import { PhysicsDemoSimulation } from '../../../engine/demo/PhysicsDemoSimulation';
import { defaultValues } from '../../../engine/params/params';
import { demoParams, physicsDemoParams } from '../../../engine/demo/params';

/** Feeds `seconds` of frames at `hz` through a loop, the way requestAnimationFrame would. */
function runAt(hz: number, seconds: number, loop: FixedLoop): void {
  const frames = Math.round(seconds * hz);
  for (let i = 0; i < frames; i++) loop.advance(1000 / hz);
}

describe('fixed-step loop', () => {
  it('gives the same demo simulation after 10 s whether frames come at 30, 60 or 144 Hz', () => {
    const finals = [30, 60, 144].map((hz) => {
      const sim = new DemoSimulation({ count: 300, seed: 42 }, defaultValues(demoParams));
      const loop = new FixedLoop((dt) => sim.update(dt));
      runAt(hz, 10, loop);
      return { hz, steps: loop.steps, x: Array.from(sim.x), y: Array.from(sim.y) };
    });
    for (const run of finals) expect(run.steps, `${run.hz} Hz`).toBe(600);
    expect(finals[1]!.x).toEqual(finals[0]!.x);
    expect(finals[2]!.x).toEqual(finals[0]!.x);
    expect(finals[2]!.y).toEqual(finals[0]!.y);
  });

  it('gives the same physics after 5 s at 30, 60 and 144 Hz (matter-js in fixed 1000/60 ms steps)', () => {
    const finals = [30, 60, 144].map((hz) => {
      const sim = new PhysicsDemoSimulation({ seed: 3 }, defaultValues(physicsDemoParams));
      const loop = new FixedLoop((dt) => sim.update(dt));
      runAt(hz, 5, loop);
      const positions = sim.balls.map((b) => [b.body.position.x, b.body.position.y]);
      sim.dispose();
      return { positions, collisions: sim.collisions, time: sim.physics.timeMs };
    });
    expect(finals[0]!.positions.length).toBeGreaterThan(10);
    expect(finals[1]).toEqual(finals[0]);
    expect(finals[2]).toEqual(finals[0]);
  });

  it('caps the steps of one long frame and drops the backlog instead of spiralling', () => {
    let steps = 0;
    const loop = new FixedLoop(() => (steps += 1), { maxStepsPerFrame: 5 });
    const frame = loop.advance(1000); // a one-second hitch would be 60 steps
    expect(frame.steps).toBe(5);
    expect(steps).toBe(5);
    expect(frame.droppedMs).toBeGreaterThan(900);
    // The next normal frame runs one step, not the 55 that were dropped.
    expect(loop.advance(1000 / 60).steps).toBe(1);
  });

  it('interpolates: alpha is the fraction of a step left over', () => {
    const loop = new FixedLoop(() => undefined);
    const frame = loop.advance(1000 / 60 + 1000 / 120);
    expect(frame.steps).toBe(1);
    expect(frame.alpha).toBeCloseTo(0.5, 6);
  });

  it('scales time, pauses and single-steps', () => {
    let steps = 0;
    const loop = new FixedLoop(() => (steps += 1));
    loop.timeScale = 0.5;
    runAt(60, 1, loop);
    expect(steps).toBe(30);

    loop.timeScale = 2;
    runAt(60, 1, loop);
    expect(steps).toBe(150);

    loop.paused = true;
    runAt(60, 1, loop);
    expect(steps).toBe(150);
    loop.stepOnce();
    expect(steps).toBe(151);
  });

  it('drives the current scene through the SceneManager with a fake clock (no renderer)', async () => {
    const host: SceneHost<{ id: string }> = {
      createContext: (m) => ({ id: m.id }),
      mount: () => undefined,
      unmount: () => undefined,
      dispose: () => undefined,
      loadBundles: async () => undefined,
      prefetch: () => undefined,
      setInputEnabled: () => undefined,
      designSize: () => ({ width: 1280, height: 720 }),
    };
    const manager = new SceneManager(host);
    // The demo scene's view needs Pixi; here only its simulation runs, with an empty view.
    manager.register('demo', { ...demoScene, bundles: [], view: () => ({}) });
    await manager.show('demo', { count: 10, seed: 9 });
    for (let i = 0; i < 144; i++) manager.frame(1000 / 144);
    const sim = manager.simulation as DemoSimulation;
    const reference = new DemoSimulation({ count: 10, seed: 9 }, defaultValues(demoParams));
    for (let i = 0; i < 60; i++) reference.update(1 / 60);
    expect(Array.from(sim.x)).toEqual(Array.from(reference.x));
  });
});

describe('frame stats and viewport fitting', () => {
  it('summarises frame times as percentiles and fps', () => {
    const stats = new FrameStats(100);
    for (let i = 1; i <= 100; i++) stats.record(i, 1, 2, 3);
    const snapshot = stats.snapshot();
    expect(snapshot.frameMs).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 });
    expect(snapshot.cpuMs.p95).toBe(3);
    expect(snapshot.drawCalls).toBe(3);
    expect(snapshot.fps).toBeCloseTo(1000 / 50.5, 2);
  });

  it('letterboxes the design size and renders at min(devicePixelRatio, 2)', () => {
    expect(fitDesign({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toEqual({
      scale: 1.5,
      x: 0,
      y: 0,
    });
    expect(fitDesign({ width: 1280, height: 1000 }, { width: 1280, height: 720 })).toEqual({
      scale: 1,
      x: 0,
      y: 140,
    });
    expect(renderResolution(3)).toBe(2);
    expect(renderResolution(1.5)).toBe(1.5);
    expect(renderResolution(undefined)).toBe(1);
  });
});

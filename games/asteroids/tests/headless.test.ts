import { describe, expect, it } from 'vitest';
import { defaultValues, runHeadless, seededRandom } from '../../../engine/index';
import { asteroidsParams } from '../params';
import { ASTEROIDS, playAsteroids } from '../rules';
import { AsteroidsSimulation, FIELD, type AsteroidsRoundData } from '../simulation';
import { autopilot } from '../autopilot';

const scene = {
  params: asteroidsParams,
  simulation: (data: AsteroidsRoundData, values: Parameters<typeof runHeadless>[1]['values']) =>
    new AsteroidsSimulation(data, values as never),
};

const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= FIELD.width && y <= FIELD.height;

describe('Asteroids simulation (headless)', () => {
  it('plays 1,000 scripted rounds: every rock shot, gems in the server order, nothing escapes', () => {
    const random = seededRandom(2024);
    const problems: string[] = [];
    let slowest = 0;
    for (let round = 0; round < 1_000; round++) {
      const floats = Array.from({ length: ASTEROIDS.floatsNeeded }, random);
      const { gems } = playAsteroids(floats);
      let order: number[] = [];
      let escaped = 0;
      const run = runHeadless(scene, {
        data: { gems, seed: round + 1 },
        seconds: 60,
        onStep: (sim) => {
          for (const event of sim.events) if (event.gem) order.push(event.gem.order);
          sim.events = [];
          for (const { body } of sim.rocks) {
            if (!inside(body.position.x, body.position.y)) escaped += 1;
          }
          if (!inside(sim.ship.x, sim.ship.y)) escaped += 1;
          for (const b of sim.bullets) if (!inside(b.x, b.y)) escaped += 1;
          if (sim.over) return true;
          autopilot(sim);
        },
      });
      const { sim } = run;
      slowest = Math.max(slowest, run.simulatedMs);
      // Shot down before the clock ran out: the round did not end by itself.
      if (!sim.over || sim.timeLeft <= 0) problems.push(`round ${round}: not cleared in time`);
      if (sim.rocks.length !== 0) problems.push(`round ${round}: ${sim.rocks.length} rocks left`);
      if (JSON.stringify(sim.revealed) !== JSON.stringify(gems)) {
        problems.push(`round ${round}: revealed ${sim.revealed.join()} for ${gems.join()}`);
      }
      if (order.join() !== '0,1,2,3,4,5,6,7,8')
        problems.push(`round ${round}: order ${order.join()}`);
      if (escaped) problems.push(`round ${round}: ${escaped} bodies outside the field`);
      sim.dispose();
      order = [];
    }
    expect(problems).toEqual([]);
    expect(slowest).toBeLessThan(60_000);
  }, 600_000);

  it('ends by itself when the clock runs out, revealing the rest in order', () => {
    const gems = [1, 2, 5, 10, 50, 100, 200, 1000, 10000];
    const { sim, simulatedMs } = runHeadless(scene, {
      data: { gems, seed: 5 },
      seconds: 120,
      onStep: (s) => s.over,
    });
    expect(sim.revealed).toEqual(gems);
    expect(simulatedMs).toBeCloseTo(60_000, -2);
  });

  it("keeps its pooled bullets apart under the bench's load (18 rocks, 30 bullets, refilled)", () => {
    const random = seededRandom(17);
    const sim = new AsteroidsSimulation(undefined, defaultValues(asteroidsParams));
    const gems = [1, 2, 5, 10, 50, 1, 2, 5, 10];
    const problems: string[] = [];
    for (let step = 0; step < 3_000; step++) {
      if (!sim.active || sim.rocks.length < 18) {
        sim.start({ gems, seed: step });
        sim.splitAll();
      }
      while (sim.bullets.length < 30) sim.fire(random() * Math.PI * 2);
      const fired = sim.bullets.map((b) => ({ ...b }));
      sim.update(1 / 60);
      // A reused bullet shared by two slots would show up twice, or fly where no bullet went.
      if (new Set(sim.bullets).size !== sim.bullets.length) problems.push(`step ${step}: shared`);
      for (const b of sim.bullets) {
        if (!inside(b.x, b.y) || b.life <= 0)
          problems.push(`step ${step}: bullet at ${b.x},${b.y}`);
      }
      const moved = sim.bullets.every((b) =>
        fired.some(
          (f) => Math.abs(f.x + f.vx / 60 - b.x) < 1e-9 && Math.abs(f.y + f.vy / 60 - b.y) < 1e-9,
        ),
      );
      if (!moved) problems.push(`step ${step}: a bullet is not one that was fired`);
    }
    sim.dispose();
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('"Reveal all" breaks every rock at once', () => {
    const gems = [5, 5, 5, 1, 2, 1, 2, 10, 10];
    const sim = new AsteroidsSimulation(undefined, {
      roundSeconds: 60,
      drift: 60,
      shake: 0,
      particles: 0,
    });
    let done = false;
    sim.start({ gems, seed: 1 }, () => (done = true));
    for (let i = 0; i < 30; i++) sim.update(1 / 60);
    sim.splitAll();
    expect(sim.rocks).toHaveLength(18);
    sim.revealAll();
    expect(done).toBe(true);
    expect(sim.revealed).toEqual(gems);
    expect(sim.rocks).toHaveLength(0);
    sim.dispose();
  });
});

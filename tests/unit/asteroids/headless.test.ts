import { describe, expect, it } from 'vitest';
import { runHeadless, seededRandom } from '../../../engine/index';
import { asteroidsParams } from '../../../games/asteroids/params';
import { ASTEROIDS, playAsteroids } from '../../../games/asteroids/rules';
import {
  AsteroidsSimulation,
  FIELD,
  type AsteroidsRoundData,
} from '../../../games/asteroids/simulation';
import { autopilot } from './autopilot';

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

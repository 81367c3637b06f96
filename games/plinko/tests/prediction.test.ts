import Matter from 'matter-js';
import { describe, expect, it } from 'vitest';
import { boardGeometry } from '../board';
import { plinkoParams } from '../params';
import { BallPrediction } from '../prediction';
import { PlinkoSimulation } from '../simulation';
import { prng } from '../../../tests/support/prng';
import { paramSet, randomPath } from './harness';

type Verlet = Matter.Body & { positionPrev: Matter.Vector; positionImpulse: Matter.Vector };

/**
 * Drops `balls` on a 16-row board and, from `from` steps on, steps a prediction of each beside
 * matter-js with the same guidance: the largest distance between them (px) at any step.
 */
function divergence(
  values: Record<keyof typeof plinkoParams, number>,
  balls: number,
  from: number,
) {
  const random = prng(11);
  let worst = 0;
  let contactSteps = 0;
  for (let n = 0; n < balls; n++) {
    const sim = new PlinkoSimulation({ rows: 16, seed: n + 1 }, values);
    sim.drop({ path: randomPath(16, Math.floor(random() * 17), random) });
    const ball = sim.balls[0]!;
    const body = ball.body as Verlet;
    const gStep = values.gravity * 0.001 * (1000 / 60) ** 2;
    const prediction = new BallPrediction(sim.board, {
      radius: ball.radius,
      restitution: values.restitution,
      friction: values.friction,
      frictionStatic: 0,
      airFriction: values.airFriction,
      inverseMass: body.inverseMass,
      gStep,
    });
    for (let step = 0; step < 400 && sim.inFlight; step++) {
      if (step === from) {
        // Mid-flight, quite possibly on a peg: matter's cached contact impulses are read too.
        prediction.load(
          {
            x: body.position.x,
            y: body.position.y,
            prevX: body.positionPrev.x,
            prevY: body.positionPrev.y,
            impulseX: body.positionImpulse.x,
            impulseY: body.positionImpulse.y,
          },
          sim.contactOf(ball),
        );
      }
      sim.update(1 / 60);
      if (step < from || !sim.inFlight) continue;
      prediction.accel = ball.guidance.x * gStep;
      prediction.step();
      worst = Math.max(
        worst,
        Math.hypot(prediction.x - body.position.x, prediction.y - body.position.y),
      );
    }
    contactSteps += prediction.touching;
    sim.dispose();
  }
  return { worst, contactSteps };
}

describe('plinko ball prediction', () => {
  it('steps a ball through pegs exactly as matter-js does, bounces included', () => {
    for (const which of ['value', 'min', 'max'] as const) {
      const { worst, contactSteps } = divergence(paramSet(which), 12, 25);
      // Hundreds of steps in contact with pegs, yet within float rounding of matter-js.
      expect(contactSteps).toBeGreaterThan(100);
      expect(worst).toBeLessThan(1e-3);
    }
  });

  it('finds the one peg a ball overlaps, from the board geometry', () => {
    const board = boardGeometry(8, 36, 5);
    const prediction = new BallPrediction(board, {
      radius: 9,
      restitution: 0.35,
      friction: 0.01,
      frictionStatic: 0,
      airFriction: 0.065,
      inverseMass: 4,
      gStep: 0.833,
    });
    const peg = board.pegs.findIndex((p) => p.x === 18 && p.y === 72);
    expect(prediction.pegAt(18 + 13.9, 72)).toBe(peg);
    expect(prediction.pegAt(18 + 14.1, 72)).toBe(-1);
    expect(prediction.pegAt(18, 72 - 13.9)).toBe(peg);
    expect(prediction.pegAt(0, 54)).toBe(-1);
  });
});

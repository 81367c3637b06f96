// Asteroids headless (games/shared/headless/adapter.ts): the round's nine rocks drift and bounce on
// matter-js while a scripted pilot shoots them; the gems are read from what the rocks revealed.
import { runHeadless } from '../../engine/headless/index';
import { defineHeadlessGame } from '../shared/headless/adapter';
import { asteroidsParams } from './params';
import { tripleOf } from './rules';
import { AsteroidsSimulation, type AsteroidsRoundData } from './simulation';

const scene = {
  params: asteroidsParams,
  simulation: (data: AsteroidsRoundData, values: Record<keyof typeof asteroidsParams, number>) =>
    new AsteroidsSimulation(data, values),
};

/**
 * A scripted player for headless rounds: faces the nearest rock (leading its drift) through the
 * touch stick's aim, and fires once the nose points at it.
 */
export function autopilot(sim: AsteroidsSimulation): void {
  const { ship, controls } = sim;
  let best: { angle: number; distance: number } | null = null;
  for (const rock of sim.rocks) {
    const { x, y } = rock.body.position;
    const distance = Math.hypot(x - ship.x, y - ship.y);
    // matter velocities are per step; a bullet covers the distance in distance / 720 s.
    const lead = (distance / 720) * 60;
    const aimX = x + rock.body.velocity.x * lead;
    const aimY = y + rock.body.velocity.y * lead;
    if (!best || distance < best.distance) {
      best = { angle: Math.atan2(aimY - ship.y, aimX - ship.x), distance };
    }
  }
  controls.aim = best?.angle ?? null;
  const off = best
    ? Math.abs(Math.atan2(Math.sin(best.angle - ship.angle), Math.cos(best.angle - ship.angle)))
    : 1;
  controls.fire = off < 0.06;
}

export const headless = defineHeadlessGame({
  params: asteroidsParams,
  play(round, values) {
    const { sim, steps } = runHeadless(scene, {
      data: { gems: round.outcome.gems as number[], seed: round.seed },
      // The round's clock ends it at the latest (every rock left breaks then).
      seconds: values.roundSeconds + 1,
      values,
      onStep: (sim) => {
        sim.events = [];
        if (sim.over) return true;
        autopilot(sim);
      },
    });
    const gems = [...sim.revealed];
    sim.dispose();
    return { shown: { tier: tripleOf(gems), gems }, steps };
  },
});

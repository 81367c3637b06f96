// The scripted pilot of headless rounds and the scene lab: no view, so it runs in plain Node.
import type { AsteroidsSimulation } from './simulation';

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

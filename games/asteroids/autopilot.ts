// The scripted pilot of headless rounds and the scene lab: no view, so it runs in plain Node.
import type { AsteroidsSimulation } from './simulation';

interface Vector {
  x: number;
  y: number;
}

/** What aiming needs of a rock: its position and velocity (per step, as matter-js has them). */
export interface AimedRock {
  body: { position: Vector; velocity: Vector };
}

/**
 * Where the ship should face to hit the nearest rock, leading its drift, and how far its nose is
 * off that (radians, -π to π: positive turns it right); null without a rock.
 */
export function aimAtNearest(
  ship: Vector & { angle: number },
  rocks: readonly AimedRock[],
): { angle: number; off: number } | null {
  let best: { angle: number; distance: number } | null = null;
  for (const rock of rocks) {
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
  if (!best) return null;
  const off = Math.atan2(Math.sin(best.angle - ship.angle), Math.cos(best.angle - ship.angle));
  return { angle: best.angle, off };
}

/**
 * A scripted player for headless rounds: faces the nearest rock (leading its drift) through the
 * touch stick's aim, and fires once the nose points at it.
 */
export function autopilot(sim: AsteroidsSimulation): void {
  const aim = aimAtNearest(sim.ship, sim.rocks);
  sim.controls.aim = aim?.angle ?? null;
  sim.controls.fire = (aim ? Math.abs(aim.off) : 1) < 0.06;
}

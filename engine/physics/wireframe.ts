import type { Graphics } from 'pixi.js';
import type { PhysicsWorld } from './PhysicsWorld';

/** Draws every body's outline (debug overlay's physics toggle); call once per rendered frame. */
export function drawWireframe(world: PhysicsWorld, graphics: Graphics): void {
  graphics.clear();
  for (const body of world.bodies) {
    const parts = body.parts.length > 1 ? body.parts.slice(1) : body.parts;
    for (const part of parts) {
      const points = part.vertices.flatMap((v) => [v.x, v.y]);
      graphics.poly(points, true);
      graphics.stroke({
        width: 1,
        color: part.isSensor ? 0xffcc00 : part.isStatic ? 0x66aaff : 0x44ff88,
        alpha: 0.9,
      });
    }
    const { x, y } = body.position;
    graphics.moveTo(x, y);
    graphics.lineTo(x + Math.cos(body.angle) * 8, y + Math.sin(body.angle) * 8);
    graphics.stroke({ width: 1, color: 0xff4466 });
  }
}

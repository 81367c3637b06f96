import type { Simulation } from '../core/scene';
import { seededRandom } from '../core/random';
import type { ParamValues } from '../params/params';
import type { demoParams } from './params';

export interface DemoData {
  /** Sprites at the start (defaults to the count param). */
  count?: number;
  seed?: number;
}

export const DEMO_AREA = { width: 1280, height: 720 };

/** N points moving in straight lines and bouncing off the edges; keeps the previous step for interpolation. */
export class DemoSimulation implements Simulation<typeof demoParams> {
  count = 0;
  x = new Float64Array(0);
  y = new Float64Array(0);
  prevX = new Float64Array(0);
  prevY = new Float64Array(0);
  private dirX = new Float64Array(0);
  private dirY = new Float64Array(0);
  private speed: number;
  private readonly random: () => number;

  constructor(data: DemoData, values: ParamValues<typeof demoParams>) {
    this.random = seededRandom(data.seed ?? 1);
    this.speed = values.speed;
    this.setCount(data.count ?? values.count);
  }

  update(dt: number): void {
    const { width, height } = DEMO_AREA;
    const distance = this.speed * dt;
    for (let i = 0; i < this.count; i++) {
      let x = (this.prevX[i] = this.x[i] ?? 0);
      let y = (this.prevY[i] = this.y[i] ?? 0);
      x += (this.dirX[i] ?? 0) * distance;
      y += (this.dirY[i] ?? 0) * distance;
      if (x < 0 || x > width) {
        this.dirX[i] = -(this.dirX[i] ?? 0);
        x = x < 0 ? -x : 2 * width - x;
      }
      if (y < 0 || y > height) {
        this.dirY[i] = -(this.dirY[i] ?? 0);
        y = y < 0 ? -y : 2 * height - y;
      }
      this.x[i] = x;
      this.y[i] = y;
    }
  }

  paramsChanged(values: ParamValues<typeof demoParams>): void {
    this.speed = values.speed;
    if (values.count !== this.count) this.setCount(values.count);
  }

  /** Grows or shrinks the set; new points continue the same seeded sequence. */
  setCount(count: number): void {
    const n = Math.max(0, Math.floor(count));
    if (n > this.x.length) {
      const size = Math.max(n, this.x.length * 2);
      for (const key of ['x', 'y', 'prevX', 'prevY', 'dirX', 'dirY'] as const) {
        const grown = new Float64Array(size);
        grown.set(this[key]);
        this[key] = grown;
      }
    }
    for (let i = this.count; i < n; i++) {
      const angle = this.random() * Math.PI * 2;
      this.x[i] = this.prevX[i] = this.random() * DEMO_AREA.width;
      this.y[i] = this.prevY[i] = this.random() * DEMO_AREA.height;
      this.dirX[i] = Math.cos(angle);
      this.dirY[i] = Math.sin(angle);
    }
    this.count = n;
  }
}

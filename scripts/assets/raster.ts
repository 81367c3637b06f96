// A tiny RGBA raster with anti-aliased shapes, for icons drawn by code (no downloads, no canvas).
import { polygon as polygonShape } from './shapes';

export type Rgba = readonly [number, number, number, number];
export type Rgb = readonly [number, number, number];

/** `a` to `b` by `t` (clamped to 0..1), opaque. */
export const mix = (a: Rgb | Rgba, b: Rgb | Rgba, t: number): Rgba => {
  const k = Math.max(0, Math.min(1, t));
  return [
    Math.round(a[0] + (b[0] - a[0]) * k),
    Math.round(a[1] + (b[1] - a[1]) * k),
    Math.round(a[2] + (b[2] - a[2]) * k),
    255,
  ];
};

export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }

  /** Blends `color` over a pixel with coverage 0..1. */
  blend(x: number, y: number, color: Rgba, coverage: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || coverage <= 0) return;
    const i = (y * this.width + x) * 4;
    const a = (color[3] / 255) * Math.min(1, coverage);
    const dstA = (this.pixels[i + 3] ?? 0) / 255;
    const outA = a + dstA * (1 - a);
    for (let c = 0; c < 3; c++) {
      const dst = this.pixels[i + c] ?? 0;
      this.pixels[i + c] = outA ? Math.round((color[c]! * a + dst * dstA * (1 - a)) / outA) : 0;
    }
    this.pixels[i + 3] = Math.round(outA * 255);
  }

  /** Fills every pixel whose signed distance (negative inside) is below 0, anti-aliased over 1 px. */
  fillShape(distance: (x: number, y: number) => number, color: Rgba): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        this.blend(x, y, color, 0.5 - distance(x + 0.5, y + 0.5));
      }
    }
  }

  /**
   * Fills a shape whose colour changes across it (a gradient, a bevel): `colorAt` gets the pixel's
   * centre and its signed distance to the shape's edge (negative inside, so -d is how deep).
   */
  shade(
    distance: (x: number, y: number) => number,
    colorAt: (x: number, y: number, d: number) => Rgba,
  ): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const d = distance(x + 0.5, y + 0.5);
        if (d < 0.5) this.blend(x, y, colorAt(x + 0.5, y + 0.5, d), 0.5 - d);
      }
    }
  }

  /** A soft light or shadow around a shape: `color` inside, fading to nothing `spread` px out. */
  glow(distance: (x: number, y: number) => number, color: Rgba, spread: number): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const d = distance(x + 0.5, y + 0.5);
        if (d >= spread) continue;
        const t = Math.max(0, d) / spread;
        this.blend(x, y, color, (1 - t) * (1 - t));
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: Rgba): void {
    this.fillShape((x, y) => Math.hypot(x - cx, y - cy) - r, color);
  }

  /** A convex polygon (points clockwise in screen space). */
  polygon(points: readonly (readonly [number, number])[], color: Rgba): void {
    this.fillShape(polygonShape(points), color);
  }
}

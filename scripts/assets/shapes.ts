// Shapes as signed distance functions (negative inside, in px) for art drawn by code on a Raster:
// what Raster.fillShape, shade and glow take.

export type Sdf = (x: number, y: number) => number;

export const circle =
  (cx: number, cy: number, r: number): Sdf =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;
export const ellipse =
  (cx: number, cy: number, rx: number, ry: number): Sdf =>
  (x, y) =>
    (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);
/** A segment with round ends (a thick stroke). */
export const capsule =
  (ax: number, ay: number, bx: number, by: number, r: number): Sdf =>
  (x, y) => {
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) - r;
  };
export const roundRect =
  (cx: number, cy: number, hw: number, hh: number, r: number): Sdf =>
  (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
/** A convex polygon, points clockwise on screen. */
export const polygon =
  (points: readonly (readonly [number, number])[]): Sdf =>
  (x, y) => {
    let d = -Infinity;
    for (let i = 0; i < points.length; i++) {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[(i + 1) % points.length]!;
      const len = Math.hypot(bx - ax, by - ay) || 1;
      d = Math.max(d, ((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / len);
    }
    return d;
  };
/** Any simple polygon, convex or not (an even-odd test for inside). */
export const outline =
  (points: readonly (readonly [number, number])[]): Sdf =>
  (x, y) => {
    let nearest = Infinity;
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[j]!;
      const [dx, dy] = [bx - ax, by - ay];
      const t = Math.max(
        0,
        Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)),
      );
      nearest = Math.min(nearest, Math.hypot(x - ax - t * dx, y - ay - t * dy));
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
    }
    return inside ? -nearest : nearest;
  };
export const union =
  (...shapes: Sdf[]): Sdf =>
  (x, y) =>
    Math.min(...shapes.map((s) => s(x, y)));

/** A shape moved `ox` px to the right (into a sheet's cell). */
export const shifted =
  (ox: number, shape: Sdf): Sdf =>
  (x, y) =>
    shape(x - ox, y);

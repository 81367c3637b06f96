// What the baked art (./art.ts) and the scene that shows it agree on (pure): the rocks' and the
// ship's outlines and the frames' sizes, one px per field unit. A rock shows one of
// OUTLINE_VARIANTS outlines per size.
import { seededRandom } from '../../engine/headless/index';
import { LARGE_RADIUS, SMALL_RADIUS } from './simulation';

export interface OutlineSize {
  radius: number;
  corners: number;
  /** The frame's side, px (one px per field unit). */
  cell: number;
}

export const LARGE_OUTLINE: OutlineSize = { radius: LARGE_RADIUS, corners: 11, cell: 112 };
export const SMALL_OUTLINE: OutlineSize = { radius: SMALL_RADIUS, corners: 8, cell: 64 };
export const OUTLINE_VARIANTS = 6;

/** A rock's outline around (cx, cy): `corners` points at a seeded radius each. */
export function rockOutline(
  size: OutlineSize,
  variant: number,
  cx: number,
  cy: number,
): [number, number][] {
  const random = seededRandom(variant + 1);
  const points: [number, number][] = [];
  for (let i = 0; i < size.corners; i++) {
    const angle = (i / size.corners) * Math.PI * 2;
    const r = size.radius * (0.82 + random() * 0.3);
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  return points;
}

/** The ship's frame (nose at +18, its wings to -12) and the flame's (to -26) share a size. */
export const SHIP_FRAME = { width: 64, height: 36 } as const;
export const SHIP_OUTLINE: [number, number][] = [
  [18, 0],
  [-12, 12],
  [-6, 0],
  [-12, -12],
];
export const FLAME_OUTLINE: [number, number][] = [
  [-12, 6],
  [-26, 0],
  [-12, -6],
];
/** The star dot's frame side, px: the scene scales it down for stars, shots and sparks. */
export const DOT_SIZE = 16;
/** The field's picture, px: the field's shape (1000 x 700 units) at an eighth of its size. */
export const FIELD_FRAME = { width: 125, height: 88 } as const;

// The asteroids field's art, drawn once into one texture (the engine keeps it as
// 'asteroids:atlas'): six outlines per rock size, the star dot, a white square for rectangles,
// the ship and its flame, each in a cell of its own; and the backdrop made of its particles.
import { Graphics, Particle, Rectangle, Texture } from 'pixi.js';
import { seededRandom } from '../../engine/index';
import { FIELD, LARGE_RADIUS, SMALL_RADIUS } from './simulation';

export const INK = 0xe8edf7;
export const ROCK = 0x8b93a8;
const SHIP = 0x7cf0ff;
const LARGE_OUTLINE = { radius: LARGE_RADIUS, corners: 11, width: 3 };
const SMALL_OUTLINE = { radius: SMALL_RADIUS, corners: 8, width: 2.5 };
/** Outline variants per rock size: a rock shows variant `shape % OUTLINE_VARIANTS`. */
const OUTLINE_VARIANTS = 6;

interface OutlineSize {
  radius: number;
  corners: number;
  width: number;
}

/**
 * The atlas: a row of large outlines; below it the small ones, the dot (and under it a white
 * square), the ship and its flame, each in its own cell with the shape's origin at its centre.
 */
const LARGE_CELL = { width: 112, height: 112 };
const SMALL_CELL = { width: 64, height: 64 };
const DOT_CELL = { width: 16, height: 16 };
/** A white square; the backdrop samples its middle only (no blending with the empty border). */
const WHITE_CELL = { width: 8, height: 8 };
/** The ship (nose at +18, stroke corners to about -15) and the flame (to -26) share a size. */
const SHIP_CELL = { width: 64, height: 36 };
/** Empty space between cells, so that no cell's filtering reads its neighbour. */
const GAP = 4;
const ROW2 = LARGE_CELL.height + GAP;
const ROW2_START = OUTLINE_VARIANTS * (SMALL_CELL.width + GAP);
const CELLS = {
  large: (variant: number) =>
    new Rectangle(variant * (LARGE_CELL.width + GAP), 0, LARGE_CELL.width, LARGE_CELL.height),
  small: (variant: number) =>
    new Rectangle(variant * (SMALL_CELL.width + GAP), ROW2, SMALL_CELL.width, SMALL_CELL.height),
  dot: new Rectangle(ROW2_START, ROW2, DOT_CELL.width, DOT_CELL.height),
  ship: new Rectangle(ROW2_START + DOT_CELL.width + GAP, ROW2, SHIP_CELL.width, SHIP_CELL.height),
  flame: new Rectangle(
    ROW2_START + DOT_CELL.width + SHIP_CELL.width + 2 * GAP,
    ROW2,
    SHIP_CELL.width,
    SHIP_CELL.height,
  ),
  white: new Rectangle(
    ROW2_START,
    ROW2 + DOT_CELL.height + GAP,
    WHITE_CELL.width,
    WHITE_CELL.height,
  ),
};
const ATLAS = {
  width: OUTLINE_VARIANTS * (LARGE_CELL.width + GAP),
  height: ROW2 + SMALL_CELL.height,
};

export interface Atlas {
  large: Texture[];
  small: Texture[];
  dot: Texture;
  ship: Texture;
  flame: Texture;
  /** The white cell's middle: 1x1 units, scaled and tinted into rectangles. */
  white: Texture;
}

const centre = (cell: Rectangle) => ({ x: cell.x + cell.width / 2, y: cell.y + cell.height / 2 });

/** Draws every rock outline, the dot, the white square, the ship and its flame in their cells. */
export function drawAtlas(g: Graphics): void {
  // The texture covers exactly the atlas, whatever the shapes' own bounds.
  g.boundsArea = new Rectangle(0, 0, ATLAS.width, ATLAS.height);
  for (const [cell, size] of [
    [CELLS.large, LARGE_OUTLINE],
    [CELLS.small, SMALL_OUTLINE],
  ] as const) {
    for (let variant = 0; variant < OUTLINE_VARIANTS; variant++) {
      const { x, y } = centre(cell(variant));
      g.poly(rockOutline(size, variant, x, y))
        .fill({ color: 0x2a3046 })
        .stroke({ color: ROCK, width: size.width });
    }
  }
  const dot = centre(CELLS.dot);
  g.circle(dot.x, dot.y, DOT_CELL.width / 2).fill(0xffffff);
  const { x, y, width, height } = CELLS.white;
  g.rect(x, y, width, height).fill(0xffffff);
  const flame = centre(CELLS.flame);
  g.poly(shifted([-12, -6, -26, 0, -12, 6], flame)).fill(0xff9f2e);
  const ship = centre(CELLS.ship);
  g.poly(shifted([18, 0, -12, -12, -6, 0, -12, 12], ship))
    .fill({ color: SHIP, alpha: 0.25 })
    .stroke({ color: SHIP, width: 2.5 });
}

const shifted = (points: number[], by: { x: number; y: number }) =>
  points.map((v, i) => v + (i % 2 ? by.y : by.x));

export function atlasTextures(atlas: Texture): Atlas {
  const sub = (frame: Rectangle) => new Texture({ source: atlas.source, frame });
  const variants = (cell: (variant: number) => Rectangle) =>
    Array.from({ length: OUTLINE_VARIANTS }, (_, variant) => sub(cell(variant)));
  return {
    large: variants(CELLS.large),
    small: variants(CELLS.small),
    dot: sub(CELLS.dot),
    ship: sub(CELLS.ship),
    flame: sub(CELLS.flame),
    white: sub(new Rectangle(centre(CELLS.white).x - 0.5, centre(CELLS.white).y - 0.5, 1, 1)),
  };
}

/**
 * The field's backdrop as particles: the dark field, 90 stars (the same seeded ones as ever) and
 * the border (a 3-unit line on each edge).
 */
export function backdropParticles(atlas: Atlas): Particle[] {
  const rectangle = (x: number, y: number, width: number, height: number, tint: number) =>
    new Particle({ texture: atlas.white, x, y, scaleX: width, scaleY: height, tint });
  const particles = [rectangle(0, 0, FIELD.width, FIELD.height, 0x070b1a)];
  const random = seededRandom(3);
  for (let i = 0; i < 90; i++) {
    const x = random() * FIELD.width;
    const y = random() * FIELD.height;
    const scale = (random() * 1.6 + 0.4) / (DOT_CELL.width / 2);
    const alpha = 0.2 + random() * 0.5;
    particles.push(
      new Particle({
        texture: atlas.dot,
        x,
        y,
        anchorX: 0.5,
        anchorY: 0.5,
        scaleX: scale,
        scaleY: scale,
        tint: INK,
        alpha,
      }),
    );
  }
  const { width: w, height: h } = FIELD;
  const border = 0x34406a;
  particles.push(
    rectangle(-1.5, -1.5, w + 3, 3, border),
    rectangle(-1.5, h - 1.5, w + 3, 3, border),
    rectangle(-1.5, 1.5, 3, h - 3, border),
    rectangle(w - 1.5, 1.5, 3, h - 3, border),
  );
  return particles;
}

/** A rock's outline around (cx, cy): `corners` points at a seeded radius each. */
function rockOutline(size: OutlineSize, variant: number, cx: number, cy: number): number[] {
  const random = seededRandom(variant + 1);
  const points: number[] = [];
  for (let i = 0; i < size.corners; i++) {
    const angle = (i / size.corners) * Math.PI * 2;
    const r = size.radius * (0.82 + random() * 0.3);
    points.push(cx + Math.cos(angle) * r, cy + Math.sin(angle) * r);
  }
  return points;
}

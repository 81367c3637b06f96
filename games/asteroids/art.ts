// The asteroids field's art, drawn by code with light and depth: six rocks per size (shaded from
// the top left, mottled, with craters and a lit rim), the ship (a glowing hull) and its flame,
// the dot (a soft star, also every shot and spark), a white square for the backdrop's
// rectangles, and the field with its nebula (a small frame scaled up to the field). One sheet, so
// that the field stays one ParticleContainer of one texture. `npx tsx scripts/assets/game-art.ts`
// writes it to assets/generated/asteroids-art.{png,json}. Node only.
import { seededRandom } from '../../engine/headless/index';
import type { GameArt } from '../../scripts/assets/game-art';
import { tileNoise } from '../../scripts/assets/noise';
import { mix, type Rgb, type Rgba } from '../../scripts/assets/raster';
import type { SizedFrame } from '../../scripts/assets/sheet';
import { circle, outline, type Sdf } from '../../scripts/assets/shapes';
import { FIELD } from './simulation';
import {
  DOT_SIZE,
  FIELD_FRAME,
  FLAME_OUTLINE,
  LARGE_OUTLINE,
  OUTLINE_VARIANTS,
  rockOutline,
  SHIP_FRAME,
  SHIP_OUTLINE,
  SMALL_OUTLINE,
  type OutlineSize,
} from './artGeometry';

/** The nebula's clouds: centre and radii in field units, colour, strength at the centre. */
const NEBULA: readonly {
  x: number;
  y: number;
  rx: number;
  ry: number;
  tint: Rgb;
  alpha: number;
}[] = [
  { x: 300, y: 260, rx: 260, ry: 230, tint: [59, 42, 122], alpha: 0.45 },
  { x: 740, y: 470, rx: 250, ry: 220, tint: [18, 63, 110], alpha: 0.5 },
  { x: 640, y: 170, rx: 140, ry: 140, tint: [106, 42, 94], alpha: 0.3 },
];
const LIT: Rgb = [186, 194, 218];
const SHADE: Rgb = [26, 30, 48];
const RIM_LINE: Rgb = [206, 214, 236];

const withAlpha = (c: Rgb | Rgba, a: number): Rgba => [c[0], c[1], c[2], Math.round(a)];

/** Light from the top left: 1 facing it, -1 facing away, for (u, v) from the shape's centre. */
const toward = (u: number, v: number) => -(u * 0.6 + v * 0.8);

function rock(size: OutlineSize, variant: number): SizedFrame {
  const c = size.cell / 2;
  const R = size.radius;
  return {
    width: size.cell,
    height: size.cell,
    draw(r, ox) {
      const shape = outline(rockOutline(size, variant, ox + c, c));
      const random = seededRandom(1000 + variant * 31 + size.corners);
      const count = size === LARGE_OUTLINE ? 4 : 2;
      const start = random() * Math.PI * 2;
      const craters = Array.from({ length: count }, (_, i) => {
        const angle = start + (i * 2 * Math.PI) / count + (random() - 0.5) * 0.8;
        const out = (0.2 + random() * 0.4) * R;
        return {
          x: ox + c + Math.cos(angle) * out,
          y: c + Math.sin(angle) * out,
          r: R * (0.14 + random() * 0.12),
        };
      });
      const coarse = tileNoise(variant + 1, 64, 9);
      const fine = tileNoise(variant + 101, 64, 3);
      r.shade(shape, (x, y, d) => {
        const facing = toward((x - ox - c) / R, (y - c) / R);
        const mottle = 0.7 * coarse(x, y) + 0.3 * fine(x, y);
        let k = 0.46 + 0.36 * facing + 0.1 * mottle;
        for (const crater of craters) {
          const dx = (x - crater.x) / crater.r;
          const dy = (y - crater.y) / crater.r;
          const from = Math.hypot(dx, dy);
          // The wall away from the light catches it, the wall toward it is in shade.
          const wall = dx * 0.6 + dy * 0.8;
          if (from < 1) k = k * 0.72 + 0.16 * wall * from;
          else if (from < 1.3) k += 0.12 * -wall * (1.3 - from) * 3;
        }
        // A rim of light along the edge facing the light.
        const edge = Math.max(0, 1 + d / 3);
        k += edge * 0.3 * Math.max(0, facing);
        const body = mix(SHADE, LIT, k);
        return -d < 1.6 ? mix(body, RIM_LINE, 0.55) : body;
      });
    },
  };
}

/** A shape at a frame's centre from points around (0, 0). */
const centred = (points: [number, number][], cx: number, cy: number): Sdf =>
  outline(points.map(([x, y]) => [x + cx, y + cy] as [number, number]));

const ship: SizedFrame = {
  ...SHIP_FRAME,
  draw(r, ox) {
    const [cx, cy] = [ox + SHIP_FRAME.width / 2, SHIP_FRAME.height / 2];
    const hull = centred(SHIP_OUTLINE, cx, cy);
    r.glow(hull, [124, 240, 255, 120], 6);
    r.shade(hull, (x, y, d) => {
      const body = mix(
        [16, 52, 70],
        [70, 170, 200],
        0.5 + 0.5 * toward((x - cx) / 18, (y - cy) / 12),
      );
      return -d < 1.5 ? mix(body, [190, 252, 255], 0.9) : body;
    });
  },
};

const flame: SizedFrame = {
  ...SHIP_FRAME,
  draw(r, ox) {
    const [cx, cy] = [ox + SHIP_FRAME.width / 2, SHIP_FRAME.height / 2];
    const fire = centred(FLAME_OUTLINE, cx, cy);
    r.glow(fire, [255, 132, 36, 150], 6);
    r.shade(fire, (_x, _y, d) => mix([255, 120, 30], [255, 244, 170], -d / 3));
  },
};

/** A soft round light: opaque white at its centre, fading out to its frame's edge. */
function softDot(size: number, falloff: (t: number) => number): SizedFrame {
  const c = size / 2;
  return {
    width: size,
    height: size,
    draw(r, ox) {
      r.shade(circle(ox + c, c, c), (x, y) => {
        const t = Math.min(1, Math.hypot(x - ox - c, y - c) / c);
        return withAlpha([255, 255, 255], 255 * falloff(t));
      });
    },
  };
}

/**
 * The field behind the stars: deep blue-black with a nebula of three tinted clouds, opaque. A
 * smooth picture, so a small frame scaled up to the whole field stays smooth, and it costs what
 * the flat field did: one opaque quad.
 */
const field: SizedFrame = {
  ...FIELD_FRAME,
  draw(r, ox) {
    const { width, height } = FIELD_FRAME;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // The pixel's centre in field units.
        const [fx, fy] = [((x + 0.5) / width) * FIELD.width, ((y + 0.5) / height) * FIELD.height];
        const colour = [7, 11, 26];
        for (const cloud of NEBULA) {
          const t = Math.hypot((fx - cloud.x) / cloud.rx, (fy - cloud.y) / cloud.ry);
          const a = cloud.alpha * Math.exp(-3 * t * t);
          for (let c = 0; c < 3; c++) colour[c] = colour[c]! + (cloud.tint[c]! - colour[c]!) * a;
        }
        r.blend(ox + x, y, withAlpha(colour as unknown as Rgb, 255), 1);
      }
    }
  },
};

const rocks = (size: OutlineSize, name: string) =>
  Object.fromEntries(
    Array.from({ length: OUTLINE_VARIANTS }, (_, v) => [`${name}${v}`, rock(size, v)]),
  );

export const art: GameArt = {
  cell: LARGE_OUTLINE.cell,
  frames: {
    ...rocks(LARGE_OUTLINE, 'large'),
    ...rocks(SMALL_OUTLINE, 'small'),
    // A bright core with a glow around it.
    dot: softDot(DOT_SIZE, (t) => (t < 0.35 ? 1 : Math.pow((1 - t) / 0.65, 2))),
    white: {
      width: 8,
      height: 8,
      draw(r, ox) {
        r.fillShape(
          (x, y) => Math.max(Math.abs(x - ox - 4), Math.abs(y - 4)) - 4,
          [255, 255, 255, 255],
        );
      },
    },
    ship,
    flame,
    field,
  },
};

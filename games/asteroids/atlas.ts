// The asteroids field's textures, all from one baked sheet (./art.ts, loaded by ./bundle.ts) so
// that the field stays one ParticleContainer of one texture source; and the backdrop made of
// its particles.
import { Particle, Rectangle, Texture, type Spritesheet } from 'pixi.js';
import { seededRandom } from '../../engine/index';
import type { AsteroidsFrame } from './bundle';
import { DOT_SIZE, FIELD_FRAME, OUTLINE_VARIANTS } from './artGeometry';
import { FIELD } from './simulation';

export const INK = 0xe8edf7;
export const ROCK = 0x8b93a8;

export interface Atlas {
  large: Texture[];
  small: Texture[];
  dot: Texture;
  ship: Texture;
  flame: Texture;
  /** The white frame's middle texel: 1x1 units, scaled and tinted into rectangles. */
  white: Texture;
  /** The field with its nebula, scaled up to the field. */
  field: Texture;
}

export function atlasTextures(sheet: Spritesheet): Atlas {
  const frame = (name: AsteroidsFrame) => sheet.textures[name]!;
  const variants = (size: 'large' | 'small') =>
    Array.from({ length: OUTLINE_VARIANTS }, (_, v) => frame(`${size}${v}` as AsteroidsFrame));
  /** A frame's texels `by` in from its edges, so that filtering never reads past them. */
  const inset = (name: AsteroidsFrame, by: number) => {
    const { frame: f, source } = frame(name);
    return new Texture({
      source,
      frame: new Rectangle(f.x + by, f.y + by, f.width - 2 * by, f.height - 2 * by),
    });
  };
  return {
    large: variants('large'),
    small: variants('small'),
    dot: frame('dot'),
    ship: frame('ship'),
    flame: frame('flame'),
    // The white frame's middle texel.
    white: inset('white', 3.5),
    field: inset('field', 1),
  };
}

/**
 * The field's backdrop as particles: the field with its nebula, 90 stars (the same seeded ones as ever) and
 * the border (a 3-unit line on each edge).
 */
export function backdropParticles(atlas: Atlas): Particle[] {
  const rectangle = (x: number, y: number, width: number, height: number, tint: number) =>
    new Particle({ texture: atlas.white, x, y, scaleX: width, scaleY: height, tint });
  const { width, height } = FIELD_FRAME;
  // The field's picture: one texel in from each edge of its frame, so scaled by (size - 2).
  const particles = [
    new Particle({
      texture: atlas.field,
      scaleX: FIELD.width / (width - 2),
      scaleY: FIELD.height / (height - 2),
    }),
  ];
  const random = seededRandom(3);
  for (let i = 0; i < 90; i++) {
    const x = random() * FIELD.width;
    const y = random() * FIELD.height;
    // Soft dots look smaller than solid ones of the same size: 1.5 times the size they had.
    const scale = (1.5 * (random() * 1.6 + 0.4)) / (DOT_SIZE / 2);
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

// Sparks, dust, shards and glints: hundreds of small tinted shapes that move every frame. As
// sprites, each one showed, hidden or retextured rebuilt its layer's draw instructions, and each
// was a scene-graph node to transform: most of a burst's frame at 4x throttling. Here they are
// particles of one ParticleContainer (their attributes packed into one buffer, one draw call).
import { bgr2rgb, Particle, ParticleContainer, Rectangle, Texture } from 'pixi.js';
import type { SceneContext } from '../../../engine/index';

type TextureCache = SceneContext['engine']['textures'];

/** The layer's two shapes, cut from one baked texture (a particle layer draws one source). */
export interface DotFrames {
  /** A white disc. */
  dot: Texture;
  /** A solid white square (from the disc's middle): stretched into lines, bars and shards. */
  square: Texture;
}

const DOT_RADIUS = 16;
const SQUARE = 8;

/** The shared disc, baked once per engine, and the square cut from its middle. */
export function dotFrames(textures: TextureCache): DotFrames {
  const side = DOT_RADIUS * 2;
  const dot = textures.canvas('shared:dot', { width: side, height: side }, (disc) => {
    disc.fillStyle = '#ffffff';
    disc.beginPath();
    disc.arc(DOT_RADIUS, DOT_RADIUS, DOT_RADIUS, 0, Math.PI * 2);
    disc.fill();
  });
  const inset = DOT_RADIUS - SQUARE / 2;
  return { dot, square: cutFrame(dot, { x: inset, y: inset, width: SQUARE, height: SQUARE }) };
}

/** A frame of `baked` (its own frame's coordinates): another shape from the same source. */
export function cutFrame(
  baked: Texture,
  box: { x: number; y: number; width: number; height: number },
): Texture {
  const { frame } = baked;
  return new Texture({
    source: baked.source,
    frame: new Rectangle(frame.x + box.x, frame.y + box.y, box.width, box.height),
  });
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * A pool of particles filled again every frame (or whenever what it shows changes): begin(), one
 * put() per shape, end(). Fewer shapes than last time drop the rest from the container (kept for
 * later). Its shapes are DotFrames, or any named frames of one texture source.
 */
export class DotLayer<Frames extends Record<keyof Frames, Texture> = DotFrames> {
  readonly view: ParticleContainer;
  private readonly pool: Particle[] = [];
  private used = 0;
  /** Shapes were shown since still() was last asked (a particle moved is no scene-graph change). */
  private shown = false;

  constructor(
    label: string,
    private readonly frames: Frames,
  ) {
    this.view = new ParticleContainer({
      label,
      texture: Object.values<Texture>(frames)[0],
      dynamicProperties: { position: true, vertex: true, rotation: true, uvs: true, color: true },
    });
  }

  begin(): void {
    this.used = 0;
  }

  /**
   * One shape this frame: centred on x, y (anchorX 0: from its left end, a line drawn from a
   * point), `rotation` in radians. Positional, not a look object: a burst's hundreds of shapes a
   * frame allocate nothing (gem miner's were 12 KB of garbage a frame, a minor GC every few dozen).
   */
  put(
    shape: keyof Frames,
    x: number,
    y: number,
    width: number,
    height: number,
    tint: number,
    alpha: number,
    rotation = 0,
    anchorX = 0.5,
  ): void {
    const texture = this.frames[shape];
    let particle = this.pool[this.used];
    if (!particle) {
      particle = new Particle({ texture, anchorY: 0.5 });
      this.pool.push(particle);
    }
    this.used += 1;
    particle.texture = texture;
    particle.x = x;
    particle.y = y;
    particle.scaleX = width / texture.frame.width;
    particle.scaleY = height / texture.frame.height;
    particle.rotation = rotation;
    particle.anchorX = anchorX;
    // The packed colour the shader reads (0xAABBGGRR; bgr2rgb swaps red and blue either way),
    // written directly: Particle's tint setter parses its value through Pixi's Color (a CSS
    // string, an array...), most of a burst frame's work.
    particle.color = bgr2rgb(tint) + (((clamp01(alpha) * 255) | 0) << 24);
  }

  /** Shows the shapes put since begin(). */
  end(): void {
    const children = this.view.particleChildren;
    if (this.used > 0 || children.length > 0) this.shown = true;
    if (children.length === this.used) return;
    children.length = 0;
    for (let i = 0; i < this.used; i++) children.push(this.pool[i]!);
    this.view.update();
  }

  /** True when nothing was shown since it was last asked (see SceneView.still). */
  still(): boolean {
    const still = !this.shown;
    this.shown = false;
    return still;
  }
}

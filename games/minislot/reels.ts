import { Container, Rectangle, Sprite, Texture, type TextureSource } from 'pixi.js';

/**
 * A sprite that shows only the rows of a frame inside a reel window (0 .. `limit` from the top of
 * the reel): the window clips by the texture's frame rather than a stencil mask, so the reels
 * draw in the same batch as everything else. The sprite owns one dynamic texture over `source`
 * (the sheet, or the trail atlas) whose frame it moves, so nothing is allocated per frame. The
 * texture holds no GPU memory of its own (the source does): the sprite goes with the scene's root.
 */
export class WindowSprite {
  readonly sprite: Sprite;
  private readonly texture: Texture;

  constructor(source: TextureSource) {
    this.texture = new Texture({ source, frame: new Rectangle(0, 0, 0, 0), dynamic: true });
    this.sprite = new Sprite(this.texture);
  }

  /**
   * Draws `frame` (a frame of the same source) into the box x, top, width x height of the reel,
   * cut to the window's rows 0 .. limit.
   */
  show(
    frame: Rectangle,
    x: number,
    top: number,
    width: number,
    height: number,
    limit: number,
  ): void {
    const from = Math.max(0, top);
    const to = Math.min(limit, top + height);
    if (to <= from) {
      this.clear();
      return;
    }
    // Frame units per reel unit, down the frame.
    const k = frame.height / height;
    const f = this.texture.frame;
    const y = frame.y + (from - top) * k;
    const h = (to - from) * k;
    if (f.x !== frame.x || f.y !== y || f.width !== frame.width || f.height !== h) {
      f.x = frame.x;
      f.y = y;
      f.width = frame.width;
      f.height = h;
      // frame is also the texture's orig (the sprite's size): new uvs and size in one update.
      this.texture.update();
    }
    this.sprite.position.set(x, from);
    this.sprite.scale.set(width / frame.width, 1 / k);
  }

  /** Nothing of it in the window: a zero-size quad (no fill, and no change to the scene graph). */
  clear(): void {
    const f = this.texture.frame;
    if (f.height === 0) return;
    f.height = 0;
    this.texture.update();
  }
}

/** Copies in a symbol's trail: offsets evenly up to the full length, fading with distance. */
const TRAIL_COPIES = 8;
const trailAlpha = (k: number) => 0.26 - (0.16 * (k - 1)) / (TRAIL_COPIES - 1);

/**
 * The motion blur, drawn once: for each symbol a column of `cell` x (`cell` + `trail`) texture
 * units holding fading copies of it above where it sits (the strip moves down, so the blur
 * trails above). Returns the container to bake (one texture) and each symbol's column in it.
 */
export function trailAtlas<S extends string>(
  frames: ReadonlyMap<S, Texture>,
  cell: number,
  trail: number,
): { build: () => Container; columns: Map<S, Rectangle> } {
  const columns = new Map<S, Rectangle>();
  [...frames.keys()].forEach((symbol, c) =>
    columns.set(symbol, new Rectangle(c * cell, 0, cell, cell + trail)),
  );
  const build = () => {
    const atlas = new Container();
    for (const [symbol, column] of columns) {
      for (let k = TRAIL_COPIES; k >= 1; k--) {
        const copy = new Sprite(frames.get(symbol));
        copy.setSize(cell, cell);
        copy.position.set(column.x, trail - (trail * k) / TRAIL_COPIES);
        copy.alpha = trailAlpha(k);
        atlas.addChild(copy);
      }
    }
    // The baked texture spans every column whole, whatever the copies' own bounds.
    atlas.boundsArea = new Rectangle(0, 0, columns.size * cell, cell + trail);
    return atlas;
  };
  return { build, columns };
}

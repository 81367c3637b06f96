import {
  CanvasSource,
  DOMAdapter,
  Graphics,
  Texture,
  type Container,
  type Renderer,
} from 'pixi.js';

/**
 * Procedural art: a Graphics drawing (or any display object, text included) rendered once to a
 * texture and kept by key, so a thousand sprites share one texture (and batch into one draw
 * call), and showing another one is a texture swap instead of new text and geometry.
 */
export class TextureCache {
  private readonly textures = new Map<string, Texture>();

  constructor(private readonly renderer: () => Renderer) {}

  get(key: string, draw: (graphics: Graphics) => void, resolution = 2): Texture {
    return this.render(
      key,
      () => {
        const graphics = new Graphics();
        draw(graphics);
        return graphics;
      },
      resolution,
    );
  }

  /** The texture of what `build` makes (destroyed afterwards), rendered on first use of `key`. */
  render(key: string, build: () => Container, resolution = 2): Texture {
    return this.kept(key, () => {
      const target = build();
      const texture = this.renderer().generateTexture({ target, resolution, antialias: true });
      target.destroy({ children: true });
      return texture;
    });
  }

  /**
   * A small shape drawn straight onto a 2D canvas (`width` x `height` in texture units, at
   * `resolution`), kept by key. For a plain shape (a disc, a square) this is far cheaper than
   * get(): rendering a Graphics to a texture sets up a render target and a pass, on a phone at
   * scene start.
   */
  canvas(
    key: string,
    size: { width: number; height: number },
    draw: (context: CanvasRenderingContext2D) => void,
    resolution = 2,
  ): Texture {
    return this.kept(key, () => {
      const canvas = DOMAdapter.get().createCanvas(
        Math.ceil(size.width * resolution),
        Math.ceil(size.height * resolution),
      );
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.scale(resolution, resolution);
      draw(context);
      return new Texture({ source: new CanvasSource({ resource: canvas, resolution }) });
    });
  }

  /** The texture kept under `key`, made by `make` on first use. */
  private kept(key: string, make: () => Texture): Texture {
    let texture = this.textures.get(key);
    if (!texture) {
      texture = make();
      this.textures.set(key, texture);
    }
    return texture;
  }

  has(key: string): boolean {
    return this.textures.has(key);
  }

  clear(): void {
    for (const texture of this.textures.values()) texture.destroy(true);
    this.textures.clear();
  }
}

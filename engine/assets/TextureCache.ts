import { Graphics, type Container, type Renderer, type Texture } from 'pixi.js';

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
    const cached = this.textures.get(key);
    if (cached) return cached;
    const target = build();
    const texture = this.renderer().generateTexture({ target, resolution, antialias: true });
    target.destroy({ children: true });
    this.textures.set(key, texture);
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

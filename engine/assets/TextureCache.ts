import { Graphics, type Renderer, type Texture } from 'pixi.js';

/**
 * Procedural art: a Graphics drawing rendered once to a texture and kept by key, so a thousand
 * sprites share one texture (and batch into one draw call).
 */
export class TextureCache {
  private readonly textures = new Map<string, Texture>();

  constructor(private readonly renderer: () => Renderer) {}

  get(key: string, draw: (graphics: Graphics) => void, resolution = 2): Texture {
    const cached = this.textures.get(key);
    if (cached) return cached;
    const graphics = new Graphics();
    draw(graphics);
    const texture = this.renderer().generateTexture({
      target: graphics,
      resolution,
      antialias: true,
    });
    graphics.destroy();
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

import { extensions, ExtensionType, GlLimitsSystem } from 'pixi.js';

/**
 * The most textures one batch may draw from. Pixi's batch shader picks each pixel's texture with
 * one `if` per texture unit the GPU has (32 here, 16 on most phones), and a GPU that runs every
 * branch (software WebGL does; Pixi v4 capped every phone at 4 for the same reason) pays for all
 * of them in every pixel. The scenes draw from atlases: a batch rarely needs more than a few.
 */
export const MAX_BATCH_TEXTURES = 8;

/**
 * Pixi's WebGL limits with the batch's textures capped at MAX_BATCH_TEXTURES. Reading the cap
 * also skips Pixi's probe of how many `if`s a shader may hold (a shader compiled and its status
 * read back, a wait on the GPU at the engine's start): WebGL guarantees 8 texture units.
 */
class CappedLimitsSystem extends GlLimitsSystem {
  static override extension = {
    type: [ExtensionType.WebGLSystem] as const,
    name: 'limits' as const,
  };

  constructor(private readonly renderer: ConstructorParameters<typeof GlLimitsSystem>[0]) {
    super(renderer);
  }

  override contextChange(): void {
    const { gl } = this.renderer;
    this.maxTextures = gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS) as number;
    this.maxBatchableTextures = Math.min(this.maxTextures, MAX_BATCH_TEXTURES);
    this.maxUniformBindings =
      this.renderer.context.webGLVersion === 2
        ? (gl.getParameter(gl.MAX_UNIFORM_BUFFER_BINDINGS) as number)
        : 0;
  }
}

/** Swaps Pixi's WebGL limits for the capped ones (before the renderer is created). */
export function installBatchTextureCap(): void {
  extensions.remove(GlLimitsSystem);
  extensions.add(CappedLimitsSystem);
}

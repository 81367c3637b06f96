import {
  bgr2rgb,
  CanvasParticleContainerPipe,
  canvasUtils,
  extensions,
  ExtensionType,
  type CanvasRenderer,
  type InstructionPipe,
  type InstructionSet,
  type ParticleContainer,
  type RenderPipe,
} from 'pixi.js';

/**
 * Draws a ParticleContainer with Canvas 2D. Pixi's own canvas pipe (8.22) tints a particle into
 * a canvas that holds only the texture's frame, then reads that canvas at the frame's place in the
 * atlas, so every tinted particle cut from an atlas draws nothing (asteroids' stars and field).
 * This one reads the tinted canvas whole. It is a pipe of its own, not a ParticleContainerPipe:
 * that one builds a WebGL particle shader when the renderer is made and fills the particles' GPU
 * buffers at every frame, neither of which Canvas 2D uses.
 */
class TintedCanvasParticlePipe
  implements RenderPipe<ParticleContainer>, InstructionPipe<ParticleContainer>
{
  static extension = { type: [ExtensionType.CanvasPipes], name: 'particle' as const };

  constructor(private readonly renderer: CanvasRenderer) {}

  validateRenderable(): boolean {
    return false;
  }

  addRenderable(container: ParticleContainer, instructionSet: InstructionSet): void {
    this.renderer.renderPipes.batch.break(instructionSet);
    instructionSet.add(container);
  }

  updateRenderable(): void {}

  execute(container: ParticleContainer): void {
    if (container.particleChildren.length === 0) return;
    const renderer = this.renderer;
    const canvasContext = renderer.canvasContext;
    const context = canvasContext.activeContext;
    const groupAlpha = ((container.groupColorAlpha >>> 24) & 255) / 255;
    context.save();
    canvasContext.setContextTransform(container.worldTransform, container.roundPixels);
    canvasContext.setBlendMode(container.groupBlendMode);
    for (const particle of container.particleChildren) {
      const texture = particle.texture ?? container.texture;
      const source = texture?.source?.resource as CanvasImageSource | undefined;
      if (!texture || !source) continue;
      const alpha = (((particle.color >>> 24) & 255) / 255) * groupAlpha;
      if (alpha <= 0) continue;
      // particle.color is 0xAABBGGRR; a tint is 0xRRGGBB.
      const tint = bgr2rgb(particle.color & 0xffffff);
      const frame = texture.frame;
      const resolution = texture.source.resolution;
      let image = source;
      let sx = frame.x * resolution;
      let sy = frame.y * resolution;
      if (tint !== 0xffffff) {
        image = canvasUtils.getTintedCanvas({ texture }, tint) as CanvasImageSource;
        sx = 0;
        sy = 0;
      }
      const sw = frame.width * resolution;
      const sh = frame.height * resolution;
      context.globalAlpha = alpha;
      context.save();
      context.translate(particle.x, particle.y);
      if (particle.rotation !== 0) context.rotate(particle.rotation);
      if (particle.scaleX !== 1 || particle.scaleY !== 1) {
        context.scale(particle.scaleX, particle.scaleY);
      }
      const dx = -particle.anchorX * frame.width;
      const dy = -particle.anchorY * frame.height;
      context.drawImage(image, sx, sy, sw, sh, dx, dy, frame.width, frame.height);
      context.restore();
    }
    context.restore();
  }
}

/** Swaps Pixi's canvas particle pipe for the one above (before the renderer is created). */
export function installTintedCanvasParticles(): void {
  extensions.remove(CanvasParticleContainerPipe);
  extensions.add(TintedCanvasParticlePipe);
}

import {
  extensions,
  ExtensionType,
  GlParticleContainerPipe,
  ParticleShader,
  type ParticleContainer,
} from 'pixi.js';

/**
 * Pixi's WebGL particle pipe draws every ParticleContainer without a shader of its own with one
 * shared shader, and points that shader at the container's texture before each draw. Two
 * containers on different textures (Miner Frenzy's walls and its sparks) swap it back and forth
 * every frame, and each swap moves the texture's listeners and syncs the shader's resources again
 * (0.8 ms of a slow frame at 4x). Each container drawn here gets a shader of its own, whose
 * texture stays put; they share one compiled program.
 */
class OwnShaderParticlePipe extends GlParticleContainerPipe {
  static override extension = { type: [ExtensionType.WebGLPipes], name: 'particle' as const };

  override execute(container: ParticleContainer): void {
    container.shader ??= new ParticleShader();
    super.execute(container);
  }
}

/** Swaps Pixi's WebGL particle pipe for the one above (before the renderer is created). */
export function installOwnParticleShaders(): void {
  extensions.remove(GlParticleContainerPipe);
  extensions.add(OwnShaderParticlePipe);
}

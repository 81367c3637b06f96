// What a page starts before the engine (and Pixi) has loaded, so that the engine finds it done.
// Imports nothing of Pixi: the shell may import it beside engine/index.ts (eslint layer rule).
import { softwareWebGL } from './core/webglProbe';

/**
 * Asks, off the main thread, whether this browser's WebGL runs on the CPU (the engine's renderer
 * choice waits for the answer). Call it as soon as a scene will be drawn; later calls do nothing.
 */
export function startRendererProbe(): void {
  void softwareWebGL();
}

import { BrowserAdapter, DOMAdapter, type ICanvas } from 'pixi.js';
import type { RendererKind } from './rendererChoice';

/**
 * Pixi probes the GPU with throwaway WebGL contexts on canvases of its own (shader precision,
 * compressed texture formats) and keeps some of them alive after caching the answer. The app
 * must hold one live context (the renderer's), so the engine routes Pixi's canvas creation
 * through here and loses every probe context once the renderer and assets are set up.
 *
 * A page drawn with Canvas 2D needs no answer from the GPU, yet Pixi's batcher still builds its
 * WebGL shader and asks a probe context for the fragment precision: where Canvas 2D was chosen
 * because WebGL runs on the CPU, that is SwiftShader starting up on the way to the first frame.
 * Until an engine of the page asks for WebGL, Pixi's canvases give it no WebGL context (the
 * precision falls back to mediump, Pixi's default, unused by Canvas 2D).
 */
const probes = new Set<WebGLRenderingContext | WebGL2RenderingContext>();
let installed = false;
let webglWanted = false;

export function trackProbeContexts(renderer: RendererKind): void {
  if (renderer === 'webgl') webglWanted = true;
  if (installed || typeof document === 'undefined') return;
  installed = true;
  DOMAdapter.set({
    ...BrowserAdapter,
    createCanvas: (width?: number, height?: number): ICanvas => {
      const canvas = BrowserAdapter.createCanvas(width, height) as HTMLCanvasElement;
      const getContext = canvas.getContext.bind(canvas) as (
        type: string,
        options?: unknown,
      ) => RenderingContext | null;
      (canvas as { getContext: unknown }).getContext = (type: string, options?: unknown) => {
        if (!webglWanted && /webgl/.test(type)) return null;
        const context = getContext(type, options);
        if (context && /webgl/.test(type)) {
          probes.add(context as WebGLRenderingContext | WebGL2RenderingContext);
        }
        return context;
      };
      return canvas as unknown as ICanvas;
    },
  });
}

/** Loses every probe context except `keep` (the renderer's own). */
export function loseProbeContexts(keep: unknown): void {
  for (const context of probes) {
    if (context === keep) continue;
    if (!context.isContextLost()) context.getExtension('WEBGL_lose_context')?.loseContext();
    probes.delete(context);
  }
}

import { BrowserAdapter, DOMAdapter, type ICanvas } from 'pixi.js';

/**
 * Pixi probes the GPU with throwaway WebGL contexts on canvases of its own (shader precision,
 * compressed texture formats) and keeps some of them alive after caching the answer. The app
 * must hold one live context (the renderer's), so the engine routes Pixi's canvas creation
 * through here and loses every probe context once the renderer and assets are set up.
 */
const probes = new Set<WebGLRenderingContext | WebGL2RenderingContext>();
let installed = false;

export function trackProbeContexts(): void {
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

/** The renderers the engine can draw with. */
export type RendererKind = 'webgl' | 'canvas';
/** What the engine is asked for: a renderer, or 'auto' to pick one for this device. */
export type RendererChoice = RendererKind | 'auto';

// Renderer strings of WebGL implementations that rasterise on the CPU: Chromium's SwiftShader
// (blocklisted GPUs, VMs, headless), Mesa's llvmpipe/softpipe, Windows' Basic Render Driver.
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer string names an implementation that rasterises on the CPU. */
export const isSoftwareRendererName = (name: string): boolean => SOFTWARE_GL.test(name);

/** The renderer string of a canvas's WebGL (a worker's OffscreenCanvas too), or null without. */
export function webglRendererName(canvas: HTMLCanvasElement | OffscreenCanvas): string | null {
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as
    WebGLRenderingContext | WebGL2RenderingContext | null;
  if (!gl) return null;
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/**
 * The renderer to use: `?renderer=webgl|canvas` in the page's address wins (designers compare the
 * two, tests and benchmarks pin one), then the engine's option; 'auto' is WebGL on a GPU and
 * Canvas 2D where WebGL would run on the CPU (`softwareWebGL`, asked only then). There every
 * WebGL frame is rasterised by an emulated GPU and read back for the page's compositor, which
 * blocks the main thread for tens of milliseconds a frame; Canvas 2D draws the same 2D scenes
 * natively for a fraction of that.
 */
export async function chooseRenderer(
  choice: RendererChoice,
  search: string,
  softwareWebGL: () => boolean | Promise<boolean>,
): Promise<RendererKind> {
  const asked = new URLSearchParams(search).get('renderer');
  if (asked === 'webgl' || asked === 'canvas') return asked;
  if (choice !== 'auto') return choice;
  return (await softwareWebGL()) ? 'canvas' : 'webgl';
}

/** The renderers the engine can draw with. */
export type RendererKind = 'webgl' | 'canvas';
/** What the engine is asked for: a renderer, or 'auto' to pick one for this device. */
export type RendererChoice = RendererKind | 'auto';

// Renderer strings of WebGL implementations that rasterise on the CPU: Chromium's SwiftShader
// (blocklisted GPUs, VMs, headless), Mesa's llvmpipe/softpipe, Windows' Basic Render Driver.
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * Whether this browser's WebGL runs on the CPU. There every WebGL frame is rasterised by an
 * emulated GPU and then read back for the page's compositor, which blocks the main thread for tens
 * of milliseconds a frame (and close to a second for the first one, while shaders compile); Canvas
 * 2D draws the same 2D scenes natively for a fraction of that.
 */
export function isSoftwareWebGL(): boolean {
  if (typeof document === 'undefined') return false;
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return false;
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    return SOFTWARE_GL.test(name);
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

const VERDICT_KEY = 'casino.softwareWebGL';

/**
 * isSoftwareWebGL, remembered per browser version: the probe costs a WebGL context (tens of
 * milliseconds on a phone) on the way to a game's first frame. A new browser version (a new user
 * agent) asks again, since GPU blocklists change with it.
 */
export function rememberedSoftwareWebGL(): boolean {
  const key = navigator.userAgent;
  try {
    const saved = JSON.parse(localStorage.getItem(VERDICT_KEY) ?? 'null') as unknown;
    if (isVerdict(saved) && saved.agent === key) return saved.software;
  } catch {
    // unreadable or blocked storage: probe
  }
  const software = isSoftwareWebGL();
  try {
    localStorage.setItem(VERDICT_KEY, JSON.stringify({ agent: key, software }));
  } catch {
    // storage full or blocked: probe again next time
  }
  return software;
}

const isVerdict = (value: unknown): value is { agent: string; software: boolean } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { agent?: unknown }).agent === 'string' &&
  typeof (value as { software?: unknown }).software === 'boolean';

/**
 * The renderer to use: `?renderer=webgl|canvas` in the page's address wins (designers compare the
 * two, tests and benchmarks pin one), then the engine's option; 'auto' is WebGL on a GPU and
 * Canvas 2D where WebGL would run on the CPU.
 */
export function chooseRenderer(
  choice: RendererChoice,
  search: string = typeof location === 'undefined' ? '' : location.search,
  softwareWebGL: () => boolean = rememberedSoftwareWebGL,
): RendererKind {
  const asked = new URLSearchParams(search).get('renderer');
  if (asked === 'webgl' || asked === 'canvas') return asked;
  if (choice !== 'auto') return choice;
  return softwareWebGL() ? 'canvas' : 'webgl';
}

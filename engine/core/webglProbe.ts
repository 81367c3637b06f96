// Whether this browser's WebGL runs on the CPU (see chooseRenderer), asked once per browser
// version and remembered. The question costs a WebGL context: on a first visit tens of
// milliseconds of the main thread on a phone (SwiftShader starting up, where it answers yes), so
// it is asked in a worker, as early as the page knows a scene will be drawn (startRendererProbe
// in engine/preflight.ts), and only where a worker cannot answer on the main thread.
import { isSoftwareRendererName, webglRendererName } from './rendererChoice';

/** The page's own thread: the renderer's name, or null without WebGL. */
export function probeOnMainThread(): string | null {
  if (typeof document === 'undefined') return null;
  return webglRendererName(document.createElement('canvas'));
}

/** How long the worker may take before the page asks on its own thread. */
export const WORKER_PROBE_TIMEOUT_MS = 3000;

/** A worker's answer: the renderer's name, or null where it has no WebGL or could not run. */
export function probeInWorker(timeoutMs = WORKER_PROBE_TIMEOUT_MS): Promise<string | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    const done = (name: string | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(name);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    try {
      worker = new Worker(new URL('./webglProbe.worker.ts', import.meta.url), {
        type: 'module',
        name: 'webgl-probe',
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
      return;
    }
    worker.onmessage = (event: MessageEvent<unknown>) =>
      done(typeof event.data === 'string' ? event.data : null);
    worker.onerror = () => done(null);
  });
}

const VERDICT_KEY = 'casino.softwareWebGL';

const isVerdict = (value: unknown): value is { agent: string; software: boolean } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { agent?: unknown }).agent === 'string' &&
  typeof (value as { software?: unknown }).software === 'boolean';

function remembered(agent: string): boolean | null {
  try {
    const saved = JSON.parse(localStorage.getItem(VERDICT_KEY) ?? 'null') as unknown;
    if (isVerdict(saved) && saved.agent === agent) return saved.software;
  } catch {
    // unreadable or blocked storage: probe
  }
  return null;
}

function remember(agent: string, software: boolean): void {
  try {
    localStorage.setItem(VERDICT_KEY, JSON.stringify({ agent, software }));
  } catch {
    // storage full or blocked: probe again next time
  }
}

/** The ways to ask; tests give their own. */
export interface WebGLProbes {
  inWorker: () => Promise<string | null>;
  onMainThread: () => string | null;
}

const BROWSER_PROBES: WebGLProbes = { inWorker: probeInWorker, onMainThread: probeOnMainThread };

let verdict: Promise<boolean> | null = null;

/**
 * Whether WebGL runs on the CPU here: remembered per user agent (a new browser version asks
 * again, since GPU blocklists change with it), else asked in a worker, else on the main thread.
 * The first call asks; later calls answer the same promise.
 */
export function softwareWebGL(probes: WebGLProbes = BROWSER_PROBES): Promise<boolean> {
  verdict ??= (async () => {
    const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
    const known = remembered(agent);
    if (known !== null) return known;
    const name = (await probes.inWorker()) ?? probes.onMainThread();
    const software = name !== null && isSoftwareRendererName(name);
    remember(agent, software);
    return software;
  })();
  return verdict;
}

/** Forgets the answer of this page (tests). */
export function forgetSoftwareWebGL(): void {
  verdict = null;
}

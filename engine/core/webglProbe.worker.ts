// The WebGL renderer's name, asked off the page's main thread (see webglProbe.ts). Answers null
// where a worker has no WebGL (the page then asks on its own thread).
import { webglRendererName } from './rendererChoice';

postMessage(
  typeof OffscreenCanvas === 'undefined' ? null : webglRendererName(new OffscreenCanvas(1, 1)),
);

// The engine asks Pixi for WebGL or Canvas 2D, never WebGPU (engine/core/Engine.ts), but Pixi's
// renderer detection imports its WebGPU renderer behind a dynamic import that the build kept
// in the Pixi chunk: 53 KB of minified code every game page downloaded and evaluated for
// nothing. The client build gives that import a renderer that refuses to start instead.
import type { Plugin } from 'vite';

const STUB_ID = '\0pixi-webgpu-renderer-unused';
const DETECTOR = /[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]autoDetectRenderer\.mjs$/;

export function noWebGpu(): Plugin {
  return {
    name: 'casino:no-webgpu',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './gpu/WebGPURenderer.mjs' && importer && DETECTOR.test(importer)
        ? STUB_ID
        : null;
    },
    load(id) {
      return id === STUB_ID
        ? 'export class WebGPURenderer {\n' +
            "  constructor() { throw new Error('this build draws with WebGL or Canvas 2D only'); }\n" +
            '}\n'
        : null;
    },
  };
}

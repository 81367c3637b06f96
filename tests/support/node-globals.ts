// pixi.js reads `navigator` at import time; Node 20 has none (docs/developers/architecture.md,
// "Known traps"). Only the unit tests that load pixi.js still need this: those importing the
// engine's index (engine/index.ts: the Engine, the scene manager, e.g. tests/unit/engine/scene-*)
// or a game's scene (games/<id>/scene.ts, e.g. games/plinko/tests/ and the layout tests). The
// headless path needs nothing: the simulations, params, headless adapters and the runner import
// engine/headless/index.ts and load no pixi.js (tests/unit/headless/plain-node.test.ts runs them
// in a plain Node process without this file).
if (typeof globalThis.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: 'node', language: 'en' },
    configurable: true,
  });
}
